package org.walletsdk

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.yield
import kotlin.random.Random
import java.util.concurrent.atomic.AtomicInteger
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * Cancelling a read aborts its request; 50 concurrent calls share one client; cancellations at
 * any moment of a call (before it starts, while it runs, as it finishes) leave nothing behind.
 */
class ConcurrencyTest {
    /**
     * A virtual thread (Java 21) must not wait for a blocking Java call in native code, where it
     * would hold its carrier thread: it waits on the call's future instead. The JDK here has no
     * virtual threads, so the test makes every thread take that way.
     */
    @Test
    fun javaBlockingCallsOfThreadsThatMustNotWaitInNativeCodeTakeTheFuturesWay() {
        val saved = UniffiFastBlocking.waitsInComponent
        assertTrue("a platform thread waits in the component", saved(Thread.currentThread()))
        val asked = AtomicInteger()
        UniffiFastBlocking.waitsInComponent = { asked.incrementAndGet(); false }
        try {
            JavaWalletClient(Sandbox.client()).use { c ->
                val w = Sandbox.unique("futureway")
                c.createWallet(w)
                assertEquals(0L, c.walletBalance(w).confirmed.litoshis)
                try {
                    c.walletBalance(Sandbox.unique("missing"))
                    fail("walletBalance of a wallet that does not exist succeeded")
                } catch (expected: WalletException.NotFoundException) {
                }
                // interrupting the waiting thread cancels the call
                Sandbox.delay("/api/Wallet/balance", 6_000, apiKey = Sandbox.apiKey)
                var thrown: Throwable? = null
                val caller = Thread {
                    try {
                        c.walletBalance(w)
                    } catch (t: Throwable) {
                        thrown = t
                    }
                }
                caller.start()
                Thread.sleep(300)
                assertTrue("the call ended while the sandbox holds it", caller.isAlive)
                caller.interrupt()
                caller.join(3_000)
                assertFalse("still blocked after the interrupt", caller.isAlive)
                assertTrue("got $thrown", thrown is InterruptedException)
                var n = c.client.inFlightCalls()
                for (i in 0 until 100) { if (n == 0L) break; Thread.sleep(20); n = c.client.inFlightCalls() }
                assertEquals(0L, n)
                assertEquals("every blocking call asked", 4, asked.get())
            }
        } finally {
            UniffiFastBlocking.waitsInComponent = saved
        }
    }

    @Test
    fun coroutineCancellationAbortsTheRequest(): Unit = runBlocking {
        // A read: cancelling it aborts its request. (A create or send runs on: see SafetyTest.)
        val c = Sandbox.client()
        val w = Sandbox.unique("cancel")
        c.createWallet(w)
        // the sandbox holds the next wallet-balance request of this key for 6 s
        Sandbox.delay("/api/Wallet/balance", 6_000, apiKey = Sandbox.apiKey)
        val started = System.nanoTime()
        var outcome: Throwable? = null
        val job = launch(Dispatchers.Default) {
            try {
                c.walletBalance(w)
            } catch (t: Throwable) {
                outcome = t
                throw t
            }
        }
        delay(500)
        assertEquals(1L, c.inFlightCalls())
        job.cancel()
        job.join()
        val elapsedMs = (System.nanoTime() - started) / 1_000_000
        assertTrue("cancelled after $elapsedMs ms", elapsedMs < 3_000)
        assertTrue("got $outcome", outcome is CancellationException)
        // the Rust task was aborted: nothing left running
        var n = c.inFlightCalls()
        for (i in 0 until 50) { if (n == 0L) break; delay(20); n = c.inFlightCalls() }
        assertEquals(0L, n)
        // the client is still usable afterwards
        c.blockchainInfo()
    }

    @Test
    fun fiftyConcurrentCallsOnOneClient(): Unit = runBlocking {
        val c = Sandbox.client()
        val w = Sandbox.unique("conc")
        c.createWallet(w)
        val results = (0 until 50).map { i ->
            async(Dispatchers.Default) {
                if (i % 2 == 0) c.walletBalance(w).confirmed.litoshis else c.blockchainInfo().blocks!!
            }
        }.awaitAll()
        assertEquals(50, results.size)
        assertTrue(results.filterIndexed { i, _ -> i % 2 == 0 }.all { it == 0L })
        assertEquals(0L, c.inFlightCalls())
    }

    @Test
    fun cancellingCallsAtEveryMomentLeavesNothingBehind(): Unit = runBlocking {
        // The direct call path (ADR 0018) hands a finished call's result to one completion thread
        // and frees it on the next batch; a cancel can land before the native call starts, while
        // it runs, or between its end and its delivery. None of these may hang a coroutine, leak
        // a running call or stop later calls from completing.
        val c = Sandbox.client()
        val random = Random(24)
        val outcomes = withTimeout(60_000) {
            (0 until 2_000).map { i ->
                val pause = random.nextInt(4)
                val spins = random.nextInt(200)
                val call = async(Dispatchers.Default) { c.blockchainInfo().blocks }
                launch(Dispatchers.Default) {
                    when (pause) {
                        0 -> {}
                        1 -> repeat(spins) { yield() }
                        2 -> delay(1)
                        else -> return@launch // never cancelled
                    }
                    call.cancel()
                }
                async {
                    try {
                        call.await()
                        "done"
                    } catch (e: CancellationException) {
                        "cancelled"
                    }
                }.also { if (i % 64 == 63) yield() }
            }.awaitAll()
        }
        assertEquals(2_000, outcomes.size)
        assertTrue("some calls finished", outcomes.count { it == "done" } >= 400)
        var n = c.inFlightCalls()
        for (i in 0 until 100) { if (n == 0L) break; delay(20); n = c.inFlightCalls() }
        assertEquals(0L, n)
        // the completion thread still delivers
        c.blockchainInfo()
    }
}
