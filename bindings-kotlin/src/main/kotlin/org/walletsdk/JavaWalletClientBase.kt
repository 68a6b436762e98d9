// Hand-written half of JavaWalletClient, the WalletClient for Java callers (no coroutines). The
// other half, one pair of methods per `suspend fun` of WalletClient, is generated at build time by
// tools/gen-java-api.py from the generated bindings (never committed): see JavaWalletClient.
package org.walletsdk

import kotlinx.coroutines.CoroutineName
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.future.future
import kotlinx.coroutines.runBlocking
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executor

/**
 * What [JavaWalletClient] builds on: the wrapped [client], the executor its futures complete on,
 * and the coroutine scope of the event stream's futures ([close] cancels what is still running
 * and closes the client).
 *
 * The operations' futures (JavaWalletClient's `…Async` methods, generated) take the SDK's direct
 * call path with no coroutine per call: the call is sent from the caller's thread at once, and
 * its future completes on [completions]. Cancelling the future (`cancel(true)` or
 * `cancel(false)`) cancels the Rust call: a read's or a broadcast's HTTP request is aborted; a
 * create or a send whose request may have been sent runs to completion and its outcome goes to the
 * abandoned-call listener (`client.setAbandonedCallListener`), and the future's
 * `CancellationException` carries its `OutcomeUnknownException`, with the outcome token
 * (`ExtensionsKt.getCancelledOutcomes(e)`). A [WalletException] completes the future
 * exceptionally (`get()` throws an `ExecutionException` whose cause is it).
 *
 * The blocking methods (`name(…)`, generated) take the same path and wait on the calling thread,
 * with no future; a [WalletException] is thrown as it is. Interrupting the thread cancels the
 * call as cancelling its future would (noticed within 20 ms) and throws `InterruptedException`,
 * or, for a create or a send whose request may have been sent, its
 * `OutcomeUnknownException` with the outcome token, the thread's interrupt status set again; a
 * thread interrupted before the call starts nothing. [close] leaves these calls to run to their end.
 */
abstract class JavaWalletClientBase(
    /** The Kotlin client: its `suspend` methods, `withCancelToken`, `setCredential`, `setAbandonedCallListener`, … */
    @JvmField val client: WalletClient,
    /**
     * Where the futures complete, and so where callbacks such as `whenComplete` or `thenApply`
     * run. It must run tasks on threads of its own: one that runs them at once (`Runnable::run`)
     * would run callbacks on the SDK's completion thread and hold up every other call.
     */
    @JvmField protected val completions: Executor,
) : AutoCloseable {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default + CoroutineName("wallet-sdk-java"))

    // The event stream's futures: a coroutine of this client's scope, started undispatched (sent
    // from the caller's thread at once), resumed on Dispatchers.Default.
    private fun <T> async(call: suspend WalletClient.() -> T): CompletableFuture<T> =
        scope.future(start = CoroutineStart.UNDISPATCHED) { client.call() }

    /**
     * The wallet's events for Java: `client.walletEventStream(walletName, options)` gives the
     * stream, and each `nextEventAsync(stream)` completes with its next event (polling until
     * there is one); save each event's `cursor` to resume. Close the stream when done.
     */
    fun nextEventAsync(stream: WalletEventStream): CompletableFuture<WalletEvent?> = async { stream.nextEvent() }

    /** The blocking form of [nextEventAsync]. */
    fun nextEvent(stream: WalletEventStream): WalletEvent? = runBlocking { stream.nextEvent() }

    /**
     * Cancels the futures still running (as if they were cancelled) and closes [client]. Blocking
     * calls under way in other threads run to their end.
     */
    override fun close() {
        scope.cancel("JavaWalletClient closed")
        UniffiFastPath.cancelFutures(this)
        client.close()
    }
}
