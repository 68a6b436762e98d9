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

/**
 * What [JavaWalletClient] builds on: the wrapped [client] and the coroutine scope its futures run
 * in (one per instance; [close] cancels what is still running and closes the client).
 */
abstract class JavaWalletClientBase(
    /** The Kotlin client: its `suspend` methods, `withCancelToken`, `setCredential`, `setAbandonedCallListener`, … */
    @JvmField val client: WalletClient,
) : AutoCloseable {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default + CoroutineName("wallet-sdk-java"))

    /**
     * Runs [call] as a coroutine of this client's scope. Cancelling the future (`cancel(true)` or
     * `cancel(false)`) cancels the coroutine and so the Rust call: a read's HTTP request is
     * aborted; a create, send or broadcast whose request may have been sent runs to completion and
     * its outcome goes to the abandoned-call listener (`client.setAbandonedCallListener`).
     * A [WalletException] completes the future exceptionally (`get()` throws an
     * `ExecutionException` whose cause is it).
     */
    // Started undispatched: the call is sent from the caller's thread at once (no hop to a pool
    // thread first); its completion resumes on Dispatchers.Default, never on the SDK's thread.
    protected fun <T> async(call: suspend WalletClient.() -> T): CompletableFuture<T> =
        scope.future(start = CoroutineStart.UNDISPATCHED) { client.call() }

    /** Runs [call] on the calling thread until it is done; a [WalletException] is thrown as it is. */
    protected fun <T> blocking(call: suspend WalletClient.() -> T): T = runBlocking { client.call() }

    /**
     * The wallet's events for Java: `client.walletEventStream(walletName, options)` gives the
     * stream, and each `nextEventAsync(stream)` completes with its next event (polling until
     * there is one); save each event's `cursor` to resume. Close the stream when done.
     */
    fun nextEventAsync(stream: WalletEventStream): CompletableFuture<WalletEvent?> = async { stream.nextEvent() }

    /** The blocking form of [nextEventAsync]. */
    fun nextEvent(stream: WalletEventStream): WalletEvent? = blocking { stream.nextEvent() }

    /** Cancels the calls still running (as if their futures were cancelled) and closes [client]. */
    override fun close() {
        scope.cancel("JavaWalletClient closed")
        client.close()
    }
}
