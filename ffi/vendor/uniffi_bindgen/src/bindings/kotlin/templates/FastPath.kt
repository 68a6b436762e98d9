// wallet-sdk patch: the direct call path of the async methods of `fast_path_objects`.
// A call writes its object handle and arguments (uniffi's buffer format) into a reused direct
// buffer and starts with one direct-mapped native call (the handle is lent: the component
// clones it before returning); a single daemon thread takes finished
// calls from the component in batches and resumes their coroutines with the lifted results, or
// completes their futures (the `…Future` twins of the methods, which the Java API uses) through
// the executor each call names. No JNA Structure, callback or poll per call.
// Each class loader of this code opens a channel of its own in the library: the library issues
// its call ids, starts only calls under ids it issued to that channel, and hands its completion
// thread only its own calls.
internal object UniffiFastPath {
    // call id (8), result address (8), result length (4), success flag (1), padding (3)
    private const val RECORD = 24
    private const val BATCH = 256

    /** A started call: how to read its result and whom to give it to. */
    private abstract class Pending(
        val lift: (ByteBuffer) -> Any?,
        val liftError: ((ByteBuffer) -> Throwable)?,
    ) {
        abstract fun deliver(outcome: Result<Any?>)
    }

    private class Resume(
        val continuation: kotlinx.coroutines.CancellableContinuation<Any?>,
        lift: (ByteBuffer) -> Any?,
        liftError: ((ByteBuffer) -> Throwable)?,
    ) : Pending(lift, liftError) {
        override fun deliver(outcome: Result<Any?>) = continuation.resumeWith(outcome)
    }

    // The future is completed on `completions`, never on the completion thread: a caller's
    // callbacks (`whenComplete`, `thenApply`, …) run where the future completes.
    private class Complete(
        val future: UniffiFastFuture<Any?>,
        val completions: java.util.concurrent.Executor,
        lift: (ByteBuffer) -> Any?,
        liftError: ((ByteBuffer) -> Throwable)?,
    ) : Pending(lift, liftError) {
        override fun deliver(outcome: Result<Any?>) {
            try {
                completions.execute {
                    outcome.fold({ future.complete(it) }, { future.completeExceptionally(it) })
                }
            } catch (e: Throwable) { // a rejecting executor must not stop the completion thread
                future.completeExceptionally(e)
            }
        }
    }

    private val pending = ConcurrentHashMap<Long, Pending>()
    private val channel: Long
    private val methods = ConcurrentHashMap<String, Int>()
    private val argumentBuffers = ThreadLocal.withInitial { ByteBuffer.allocateDirect(4096) }

    init {
        Native.register(UniffiFastPath::class.java, findLibraryName(componentName = "{{ ci.namespace() }}"))
        channel = {{ ci.namespace() }}_fast_open()
        check(channel > 0) { "the native library serves no more class loaders" }
        val completions = Thread(::complete, "{{ ci.namespace() }}-completions")
        completions.isDaemon = true
        completions.start()
    }

    external fun {{ ci.namespace() }}_fast_open(): Long
    external fun {{ ci.namespace() }}_fast_method(name: ByteArray, len: Int): Int
    external fun {{ ci.namespace() }}_fast_next_call(channel: Long): Long
    external fun {{ ci.namespace() }}_fast_call(channel: Long, method: Int, args: ByteBuffer, len: Int, call: Long): Int
    external fun {{ ci.namespace() }}_fast_cancel(call: Long): Int
    external fun {{ ci.namespace() }}_fast_cancelled_error(out: ByteBuffer, capacity: Int): Int
    external fun {{ ci.namespace() }}_fast_unread(call: Long)
    external fun {{ ci.namespace() }}_fast_wait(channel: Long, out: ByteBuffer, capacity: Int): Int
    external fun {{ ci.namespace() }}_fast_blocking_call(method: Int, args: ByteBuffer, len: Int, out: ByteBuffer, outCapacity: Int): Int
    external fun {{ ci.namespace() }}_fast_blocking_wait(out: ByteBuffer, outCapacity: Int): Int
    external fun {{ ci.namespace() }}_fast_blocking_cancel(): Int

    fun method(name: String): Int = methods.getOrPut(name) {
        val bytes = name.toByteArray(Charsets.UTF_8)
        val index = {{ ci.namespace() }}_fast_method(bytes, bytes.size)
        check(index >= 0) { "the native library has no direct call path for $name" }
        index
    }

    fun argumentBuffer(size: Long): ByteBuffer {
        var buffer = argumentBuffers.get()
        if (buffer.capacity() < size) {
            check(size <= Int.MAX_VALUE) { "arguments of $size bytes" }
            buffer = ByteBuffer.allocateDirect(maxOf(size.toInt(), buffer.capacity() * 2))
            argumentBuffers.set(buffer)
        }
        buffer.clear()
        return buffer
    }

    fun register(
        continuation: kotlinx.coroutines.CancellableContinuation<Any?>,
        lift: (ByteBuffer) -> Any?,
        liftError: ((ByteBuffer) -> Throwable)?,
    ): Long {
        val call = nextCall()
        pending[call] = Resume(continuation, lift, liftError)
        return call
    }

    fun register(
        future: UniffiFastFuture<Any?>,
        completions: java.util.concurrent.Executor,
        lift: (ByteBuffer) -> Any?,
        liftError: ((ByteBuffer) -> Throwable)?,
    ): Long {
        val call = nextCall()
        future.call = call
        pending[call] = Complete(future, completions, lift, liftError)
        return call
    }

    private fun nextCall(): Long {
        val call = {{ ci.namespace() }}_fast_next_call(channel)
        check(call > 0) { "the native library issues no more call ids to this class loader" }
        return call
    }

    /** Starts [call] (an id from [register]); the library refuses an id it did not issue here. */
    fun start(index: Int, arguments: ByteBuffer, length: Int, call: Long) {
        val started = {{ ci.namespace() }}_fast_call(channel, index, arguments, length, call)
        check(started == 0) { "the native library refused call id $call" }
    }

    fun forget(call: Long) {
        pending.remove(call)
    }

    /**
     * Stops waiting for [call] and aborts it in the component, pending or not: a future may be
     * cancelled while its call is still starting, and the abort is then sent again once it has
     * started. Aborting a call that has finished does nothing. Returns the `OutcomeUnknown`
     * error (lifted with [liftError]) of a create, send or broadcast whose request may have
     * left, `null` when nothing was sent (the component makes sure nothing will be).
     */
    fun cancel(call: Long, liftError: ((ByteBuffer) -> Throwable)?): Throwable? {
        pending.remove(call)
        return abort(call, liftError)
    }

    /**
     * Takes [call] back from the completion thread: `false` when that thread has already taken
     * its result (it delivers it), `true` when the call is the caller's to [abort].
     */
    fun takeBack(call: Long): Boolean = pending.remove(call) != null

    /** Aborts [call] in the component, as [cancel] does, once it has been taken back. */
    fun abort(call: Long, liftError: ((ByteBuffer) -> Throwable)?): Throwable? =
        cancelledError({{ ci.namespace() }}_fast_cancel(call), liftError)

    /** The error of [length] bytes that the component kept for this thread's last cancel. */
    fun cancelledError(length: Int, liftError: ((ByteBuffer) -> Throwable)?): Throwable? {
        if (length <= 0 || liftError == null) return null
        // its own buffer: a cancel may come from a thread in the middle of starting a call
        val buffer = ByteBuffer.allocateDirect(length)
        if ({{ ci.namespace() }}_fast_cancelled_error(buffer, length) != length) return null
        return try { liftError(buffer) } catch (e: Throwable) { null }
    }

    /** Cancels the futures of the calls started for [owner] that are still running. */
    fun cancelFutures(owner: Any) {
        for (waiting in pending.values) {
            if (waiting is Complete && waiting.future.owner === owner) {
                waiting.future.cancel(false)
            }
        }
    }

    // Never ends: a record that cannot be read or delivered (a dispatcher that throws, say) is
    // that record's failure, and every later call is still served.
    private fun complete() {
        val records = ByteBuffer.allocateDirect(RECORD * BATCH).order(ByteOrder.nativeOrder())
        while (true) {
            val n = try {
                {{ ci.namespace() }}_fast_wait(channel, records, BATCH)
            } catch (e: Throwable) {
                -1
            }
            if (n < 0) {
                // refused (cannot happen with one thread per channel): not a busy loop
                try {
                    Thread.sleep(10)
                } catch (e: InterruptedException) {
                }
                continue
            }
            for (i in 0 until n) try {
                val at = i * RECORD
                val call = records.getLong(at)
                val address = records.getLong(at + 8)
                val length = records.getInt(at + 16)
                val ok = records.get(at + 20) != 0.toByte()
                val waiting = pending.remove(call)
                if (waiting == null) {
                    // cancelled meanwhile: the component releases the result and reports a create
                    // or send that succeeded, instead of the result being dropped unread
                    {{ ci.namespace() }}_fast_unread(call)
                    continue
                }
                // uniffi's format is big-endian; JNA's buffers start in native order
                val result = Pointer(address).getByteBuffer(0, length.toLong()).order(ByteOrder.BIG_ENDIAN)
                val outcome = try {
                    if (ok) {
                        Result.success(waiting.lift(result))
                    } else {
                        Result.failure(
                            waiting.liftError?.invoke(result)
                                ?: IllegalStateException("Rust returned an error for a call that cannot fail")
                        )
                    }
                } catch (e: Throwable) {
                    Result.failure(e)
                }
                waiting.deliver(outcome)
            } catch (e: Throwable) {
                // the coroutine's own dispatcher refused it: nothing else to hand it to
            }
        }
    }
}

/** Writes the handle and arguments of call [call] and starts it. */
private fun uniffiFastStart(
    index: Int,
    size: Long,
    writeArguments: (ByteBuffer) -> Unit,
    withHandle: ((Long) -> Unit) -> Unit,
    call: Long,
) {
    withHandle { handle ->
        val arguments = UniffiFastPath.argumentBuffer(size)
        arguments.putLong(handle)
        writeArguments(arguments)
        val length = arguments.position()
        // JNA passes a direct buffer's address at its position
        arguments.position(0)
        UniffiFastPath.start(index, arguments, length, call)
    }
}

@Suppress("UNCHECKED_CAST")
internal suspend fun <T> uniffiFastCall(
    method: String,
    argumentsSize: () -> Long,
    writeArguments: (ByteBuffer) -> Unit,
    withHandle: ((Long) -> Unit) -> Unit,
    lift: (ByteBuffer) -> T,
    liftError: ((ByteBuffer) -> Throwable)?,
): T {
    val index = UniffiFastPath.method(method)
    val size = argumentsSize()
    return kotlinx.coroutines.suspendCancellableCoroutine<Any?> { continuation ->
        val call = UniffiFastPath.register(continuation, lift, liftError)
        try {
            uniffiFastStart(index, size, writeArguments, withHandle, call)
        } catch (e: Throwable) {
            UniffiFastPath.forget(call)
            throw e
        }
        // the coroutine's CancellationException carries the OutcomeUnknown error of a request
        // that may have left, with the outcome token that resolves it (`cancelledOutcomes`)
        continuation.invokeOnCancellation { cause ->
            UniffiFastPath.cancel(call, liftError)?.let { cause?.addSuppressed(it) }
        }
    } as T
}

/** Where the blocking methods wait: in the component, unless the thread must not block in native code. */
internal object UniffiFastBlocking {
    // Thread.isVirtual() exists from Java 21 on
    private val isVirtual: java.lang.reflect.Method? =
        try { Thread::class.java.getMethod("isVirtual") } catch (e: NoSuchMethodException) { null }

    /** The owner of the futures of blocking calls: not a client, so that `close()` leaves them alone. */
    val owner = Any()

    /**
     * Whether [thread] waits inside the component. A virtual thread does not: in native code it
     * would hold its carrier thread for the whole call, where waiting on a future unmounts it.
     * Tests replace this to take the future's way on platform threads too.
     */
    @Volatile
    var waitsInComponent: (Thread) -> Boolean = { thread -> isVirtual?.invoke(thread) != true }
}

/**
 * A call on the direct path that the calling thread waits for (the Java API's blocking methods):
 * it waits in the component, which wakes the threads whose calls ended together at once, and
 * comes back every 20 ms to see whether it was interrupted (a virtual thread waits on the call's
 * future instead). Interrupting it cancels the call, as cancelling its future would, and throws
 * `InterruptedException`, or, when a create, send or broadcast may have sent its request, the
 * `OutcomeUnknownException` that says so (with its outcome token), the thread's interrupt
 * status set again; a thread interrupted before the call starts nothing.
 */
internal fun <T> uniffiFastBlocking(
    method: String,
    argumentsSize: () -> Long,
    writeArguments: (ByteBuffer) -> Unit,
    withHandle: ((Long) -> Unit) -> Unit,
    lift: (ByteBuffer) -> T,
    liftError: ((ByteBuffer) -> Throwable)?,
): T {
    if (Thread.interrupted()) {
        throw InterruptedException()
    }
    if (!UniffiFastBlocking.waitsInComponent(Thread.currentThread())) {
        // completed by the completion thread itself, which only wakes this thread: the future
        // never leaves this function, so no callback of the caller's can run there
        val future = uniffiFastFuture(
            UniffiFastBlocking.owner, java.util.concurrent.Executor(Runnable::run),
            method, argumentsSize, writeArguments, withHandle, lift, liftError,
        ) as UniffiFastFuture<T>
        try {
            return future.get()
        } catch (e: java.util.concurrent.ExecutionException) {
            throw e.cause ?: e
        } catch (e: InterruptedException) {
            if (!future.cancel(true)) {
                // its result is on its way: delivered, not lost to the interrupt
                Thread.currentThread().interrupt()
                try {
                    return future.join()
                } catch (c: java.util.concurrent.CompletionException) {
                    throw c.cause ?: c
                }
            }
            throw uniffiInterrupted(future.cancelledOutcome)
        }
    }
    val index = UniffiFastPath.method(method)
    val size = argumentsSize()
    var record: ByteBuffer? = null
    var finished = 0
    withHandle { handle ->
        val arguments = UniffiFastPath.argumentBuffer(size)
        arguments.putLong(handle)
        writeArguments(arguments)
        val length = arguments.position()
        arguments.position(0)
        // the result comes back in the arguments' buffer, read by then
        finished = UniffiFastPath.{{ ci.namespace() }}_fast_blocking_call(index, arguments, length, arguments, arguments.capacity())
        record = arguments
    }
    val out = record!!
    while (finished == 0) {
        if (Thread.interrupted()) {
            val length = UniffiFastPath.{{ ci.namespace() }}_fast_blocking_cancel()
            throw uniffiInterrupted(UniffiFastPath.cancelledError(length, liftError))
        }
        finished = UniffiFastPath.{{ ci.namespace() }}_fast_blocking_wait(out, out.capacity())
    }
    check(finished == 1) { "the direct call path lost the call of $method" }
    // record: result address (8; 0 when the result follows the record), length (4), success
    // flag (1), padding (3), big-endian like the buffer
    val address = out.getLong(0)
    val length = out.getInt(8)
    val ok = out.get(12) != 0.toByte()
    val result = if (address == 0L) {
        out.limit(16 + length).position(16)
        out
    } else {
        Pointer(address).getByteBuffer(0, length.toLong()).order(ByteOrder.BIG_ENDIAN)
    }
    if (ok) {
        return lift(result)
    }
    throw liftError?.invoke(result) ?: IllegalStateException("Rust returned an error for a call that cannot fail")
}

/**
 * What an interrupted blocking call throws: [outcome], the `OutcomeUnknownException` of a
 * request that may have left, with the thread's interrupt status set again (as NIO's
 * `ClosedByInterruptException` does), or `InterruptedException` when nothing was sent.
 */
private fun uniffiInterrupted(outcome: Throwable?): Throwable {
    if (outcome == null) return InterruptedException()
    Thread.currentThread().interrupt()
    return outcome
}

/**
 * The future of a call on the direct path. Cancelling it cancels the call as cancelling a
 * coroutine does: a read's request is aborted; a create, send or broadcast under way runs on in
 * the component and reports to its abandoned-call listener, and the `CancellationException`
 * the future then gives carries the `OutcomeUnknownException` that says so (suppressed).
 */
internal class UniffiFastFuture<T>(
    /** Whose call this is ([UniffiFastPath.cancelFutures]). */
    val owner: Any,
    private val liftError: ((ByteBuffer) -> Throwable)?,
) : java.util.concurrent.CompletableFuture<T>() {
    @Volatile
    var call = 0L

    /** The `OutcomeUnknownException` of a cancelled call whose request may have left. */
    @Volatile
    var cancelledOutcome: Throwable? = null

    override fun cancel(mayInterruptIfRunning: Boolean): Boolean {
        // too late when the completion thread has taken the result: it completes the future
        if (isDone || !UniffiFastPath.takeBack(call)) return isCancelled
        // the Rust call first, so that the cancellation the caller sees says whether its
        // request may have left
        val outcome = UniffiFastPath.abort(call, liftError)
        val cancellation = java.util.concurrent.CancellationException()
        if (outcome != null) {
            cancelledOutcome = outcome
            cancellation.addSuppressed(outcome)
        }
        return completeExceptionally(cancellation) || isCancelled
    }

    /** Cancelled while its call was starting: the abort is sent now that it has started. */
    fun cancelStarted() {
        val outcome = UniffiFastPath.abort(call, liftError) ?: return
        cancelledOutcome = outcome
        try {
            getNow(null)
        } catch (cancellation: java.util.concurrent.CancellationException) {
            cancellation.addSuppressed(outcome)
        }
    }

    // Futures derived from this one (`thenApply`, …) are plain ones: cancelling them does not
    // reach the call, as with any CompletableFuture.
    override fun <U> newIncompleteFuture(): java.util.concurrent.CompletableFuture<U> =
        java.util.concurrent.CompletableFuture()
}

/**
 * A call on the direct path as a future, completed on [completions]. A call that cannot start
 * (a destroyed object, unwritable arguments) gives a failed future rather than throwing.
 */
@Suppress("UNCHECKED_CAST")
internal fun <T> uniffiFastFuture(
    owner: Any,
    completions: java.util.concurrent.Executor,
    method: String,
    argumentsSize: () -> Long,
    writeArguments: (ByteBuffer) -> Unit,
    withHandle: ((Long) -> Unit) -> Unit,
    lift: (ByteBuffer) -> T,
    liftError: ((ByteBuffer) -> Throwable)?,
): java.util.concurrent.CompletableFuture<T> {
    val future = UniffiFastFuture<Any?>(owner, liftError)
    var call = 0L
    try {
        val index = UniffiFastPath.method(method)
        val size = argumentsSize()
        call = UniffiFastPath.register(future, completions, lift, liftError)
        uniffiFastStart(index, size, writeArguments, withHandle, call)
    } catch (e: Throwable) {
        if (call != 0L) {
            UniffiFastPath.forget(call)
        }
        future.completeExceptionally(e)
        return future as java.util.concurrent.CompletableFuture<T>
    }
    // Cancelled while it was starting: the abort then reached nothing, so it is sent now.
    if (future.isCancelled) {
        future.cancelStarted()
    }
    return future as java.util.concurrent.CompletableFuture<T>
}
