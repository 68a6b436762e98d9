package org.walletsdk

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.DelicateCoroutinesApi
import kotlinx.coroutines.GlobalScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.util.concurrent.CancellationException
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit
import kotlin.coroutines.CoroutineContext
import kotlin.random.Random

/**
 * What the JVM's direct call path must hold whatever its callers do: one class loader's results
 * never reach another's, a dispatcher that throws does not stop the completion thread, and a
 * create cancelled at any moment, the moment of its completion included, is told once.
 */
class FastPathTest {
    @OptIn(DelicateCoroutinesApi::class)
    @Test
    fun aDispatcherThatThrowsDoesNotStopLaterCalls(): Unit = runBlocking {
        val client = Sandbox.client()
        val refusing = object : CoroutineDispatcher() {
            override fun dispatch(context: CoroutineContext, block: Runnable) {
                throw IllegalStateException("this dispatcher takes no work")
            }
        }
        // started here, resumed through the dispatcher: on the completion thread, which it throws at
        repeat(3) {
            GlobalScope.launch(refusing, start = CoroutineStart.UNDISPATCHED) { client.blockchainInfo() }
        }
        // every later call is still completed
        repeat(20) {
            val info = withTimeout(10_000) { client.blockchainInfo() }
            assertTrue((info.blocks ?: -1) >= 0)
        }
    }

    @Test
    fun twoClassLoadersOverOneLibraryEachGetTheirOwnResults() {
        // in a JVM of its own: uniffi keeps one table of callback interfaces (listeners, loggers)
        // per library, and the last loader to start fills it, so the loaders would leave this
        // JVM's listeners calling into another loader
        val classpath = System.getProperty("surefire.test.class.path") ?: System.getProperty("java.class.path")
        val java = File(System.getProperty("java.home"), "bin/java").path
        val child = ProcessBuilder(
            java, "-cp", classpath, "-Djna.library.path=" + System.getProperty("jna.library.path").orEmpty(),
            TwoClassLoaders::class.java.name, classpath,
        ).redirectErrorStream(true).start()
        val output = child.inputStream.bufferedReader().readText()
        assertTrue("still running", child.waitFor(120, TimeUnit.SECONDS))
        assertEquals(output, 0, child.exitValue())
        assertTrue(output, output.contains("300 results, each read by its own loader"))
    }

    @Test
    fun createsCancelledAtEveryMomentAreEachToldOnce() {
        JavaWalletClient(Sandbox.client(Sandbox.mintKey(3600, "default"))).use { c ->
            val random = Random(39)
            val names = List(120) { Sandbox.unique("fpc$it") }
            val told = ConcurrentHashMap<String, Int>()
            val reports = java.util.concurrent.ConcurrentLinkedQueue<AbandonedCallInfo>()
            c.client.setAbandonedCallListener { call ->
                reports.add(call)
                if (call.operation == "create_wallet" && call.succeeded) {
                    names.filter { call.rawJson.orEmpty().contains("\"$it\"") }.forEach { told.merge(it, 1, Int::plus) }
                }
            }
            val outcomes = names.map { name ->
                val call = c.createWalletAsync(name)
                // from at once to past the end of a create, so that some cancels meet its completion
                val pause = random.nextLong(0, 60)
                if (pause > 0) Thread.sleep(pause)
                call.cancel(true)
                name to call
            }
            // what each caller learnt: its result, or a cancellation that says whether the request left
            val mayHaveLeft = mutableSetOf<String>()
            var returned = 0
            var cancelledAfterSending = 0
            var cancelledBeforeSending = 0
            for ((name, call) in outcomes) {
                try {
                    call.get(30, TimeUnit.SECONDS)
                    returned++
                } catch (e: CancellationException) {
                    if (e.cancelledOutcomes.isEmpty()) {
                        cancelledBeforeSending++
                        // nothing was sent, and nothing will be
                        expectError<WalletException.NotFoundException>("a create cancelled before it was sent") { c.walletBalance(name) }
                    } else {
                        cancelledAfterSending++
                        mayHaveLeft += name
                    }
                }
            }
            // a create whose request may have left and whose result the caller did not get is told to the listener
            val deadline = System.nanoTime() + 30_000_000_000
            for (name in mayHaveLeft) {
                while (told[name] == null && System.nanoTime() < deadline) Thread.sleep(20)
                assertEquals("the listener was told of $name once (told: ${reports.toList()})", 1, told[name])
                assertEquals(0L, c.walletBalance(name).confirmed.litoshis)
            }
            // and never one the caller got
            for ((name, call) in outcomes) {
                if (!call.isCancelled) assertEquals("a create the caller got is not reported too: $name", null, told[name])
            }
            assertEquals(names.size, returned + cancelledAfterSending + cancelledBeforeSending)
            assertTrue("some cancels came after the request left: $cancelledAfterSending", cancelledAfterSending > 0)
        }
    }
}
