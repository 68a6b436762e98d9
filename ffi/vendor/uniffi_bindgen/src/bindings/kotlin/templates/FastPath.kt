// wallet-sdk patch: the direct call path of the async methods of `fast_path_objects`.
// A call writes its object handle and arguments (uniffi's buffer format) into a reused direct
// buffer and starts with one direct-mapped native call (the handle is lent: the component
// clones it before returning); a single daemon thread takes finished
// calls from the component in batches and resumes their coroutines with the lifted results.
// No JNA Structure, callback or poll per call.
internal object UniffiFastPath {
    // call id (8), result address (8), result length (4), success flag (1), padding (3)
    private const val RECORD = 24
    private const val BATCH = 256

    private class Pending(
        val continuation: kotlinx.coroutines.CancellableContinuation<Any?>,
        val lift: (ByteBuffer) -> Any?,
        val liftError: ((ByteBuffer) -> Throwable)?,
    )

    private val pending = ConcurrentHashMap<Long, Pending>()
    private val nextCall = AtomicLong(1)
    private val methods = ConcurrentHashMap<String, Int>()
    private val argumentBuffers = ThreadLocal.withInitial { ByteBuffer.allocateDirect(4096) }

    init {
        Native.register(UniffiFastPath::class.java, findLibraryName(componentName = "{{ ci.namespace() }}"))
        val completions = Thread(::complete, "{{ ci.namespace() }}-completions")
        completions.isDaemon = true
        completions.start()
    }

    external fun {{ ci.namespace() }}_fast_method(name: ByteArray, len: Int): Int
    external fun {{ ci.namespace() }}_fast_call(method: Int, args: ByteBuffer, len: Int, call: Long)
    external fun {{ ci.namespace() }}_fast_cancel(call: Long)
    external fun {{ ci.namespace() }}_fast_wait(out: ByteBuffer, capacity: Int): Int

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
        val call = nextCall.getAndIncrement()
        pending[call] = Pending(continuation, lift, liftError)
        return call
    }

    fun forget(call: Long) {
        pending.remove(call)
    }

    fun cancel(call: Long) {
        if (pending.remove(call) != null) {
            {{ ci.namespace() }}_fast_cancel(call)
        }
    }

    private fun complete() {
        val records = ByteBuffer.allocateDirect(RECORD * BATCH).order(ByteOrder.nativeOrder())
        while (true) {
            val n = {{ ci.namespace() }}_fast_wait(records, BATCH)
            for (i in 0 until n) {
                val at = i * RECORD
                val call = records.getLong(at)
                val address = records.getLong(at + 8)
                val length = records.getInt(at + 16)
                val ok = records.get(at + 20) != 0.toByte()
                val waiting = pending.remove(call) ?: continue // cancelled meanwhile
                // uniffi's format is big-endian; JNA's buffers start in native order
                val result = Pointer(address).getByteBuffer(0, length.toLong()).order(ByteOrder.BIG_ENDIAN)
                try {
                    if (ok) {
                        waiting.continuation.resumeWith(Result.success(waiting.lift(result)))
                    } else {
                        val error = waiting.liftError?.invoke(result)
                            ?: IllegalStateException("Rust returned an error for a call that cannot fail")
                        waiting.continuation.resumeWith(Result.failure(error))
                    }
                } catch (e: Throwable) {
                    waiting.continuation.resumeWith(Result.failure(e))
                }
            }
        }
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
            withHandle { handle ->
                val arguments = UniffiFastPath.argumentBuffer(size)
                arguments.putLong(handle)
                writeArguments(arguments)
                val length = arguments.position()
                // JNA passes a direct buffer's address at its position
                arguments.position(0)
                UniffiFastPath.{{ ci.namespace() }}_fast_call(index, arguments, length, call)
            }
        } catch (e: Throwable) {
            UniffiFastPath.forget(call)
            throw e
        }
        continuation.invokeOnCancellation { UniffiFastPath.cancel(call) }
    } as T
}
