// The Kotlin soak (make soak; built by bench/soak/kotlin/build.sh, driven by scripts/soak):
//
//     java ... org.walletsdk.soak.SoakKt OK,SLOW,E500,GARBAGE,REFUSED PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S
//
// PORTS are the soak responder's (bench/soak/rust/soak.rs). PHASE:
//   success  WalletClient.addressBalance against OK
//   cancel   the same against SLOW inside withTimeoutOrNull(CANCEL_MS): the coroutine is
//            cancelled while the request is in flight (uniffi frees the Rust future: dropped)
//   fail     against REFUSED, E500 and GARBAGE in turn (maxAttempts = 1)
// N coroutines on runBlocking's one-thread loop pull call numbers from one counter.
//
// With -Dwallet.soak.java.blocking=true (the row `java-blocking`) the calls are the Java API's
// blocking JavaWalletClient.addressBalance instead, from N threads; in `cancel` each call's thread
// is interrupted CANCEL_MS after the call starts (the call notices within 20 ms, aborts and
// throws InterruptedException), and that phase uses 4 × N threads, since each cancelled call
// takes about 20 ms.
//
// WARM calls of
// the same kind first, then VmRSS, open fds and threads; the phase; System.gc() and a settle of up
// to SETTLE_S seconds for the threads to come back to the warm-up's level and the fds to at most
// SLACK above it (idle keep-alive connections the pool may keep); the same again. Prints one JSON line.
package org.walletsdk.soak

import java.io.File
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong
import kotlin.system.exitProcess
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeoutOrNull
import org.walletsdk.JavaWalletClient
import org.walletsdk.Secret
import org.walletsdk.WalletClient
import org.walletsdk.WalletClientConfig
import org.walletsdk.WalletException

// A structurally valid, long-lived JWT: the responder does not check it.
private const val KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
private const val ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"

/** (VmRSS kB, open fds, threads) of this process. */
private fun measure(): LongArray {
    var rss = 0L
    var threads = 0L
    File("/proc/self/status").forEachLine { line ->
        if (line.startsWith("VmRSS:")) rss = line.split(Regex("\\s+"))[1].toLong()
        if (line.startsWith("Threads:")) threads = line.split(Regex("\\s+"))[1].toLong()
    }
    val fds = File("/proc/self/fd").list()?.size?.toLong() ?: -1L
    return longArrayOf(rss, fds, threads)
}

/** The names of this process's threads (`/proc/self/task/TID/comm`), for the report of a thread that stayed. */
private fun threadNames(): List<String> =
    (File("/proc/self/task").listFiles() ?: emptyArray()).mapNotNull { runCatching { File(it, "comm").readText().trim() }.getOrNull() }.sorted()

private class Outcomes {
    val ok = AtomicLong()
    val cancelled = AtomicLong()
    val errors = ConcurrentHashMap<String, AtomicLong>()
    fun error(e: Exception) { errors.computeIfAbsent(e.javaClass.simpleName) { AtomicLong() }.incrementAndGet() }
}

/** Makes the calls whose numbers this taker gets from [next], until [n] are taken. */
private inline fun takeCalls(next: AtomicInteger, n: Int, call: (Int) -> Unit) {
    while (true) {
        val i = next.getAndIncrement()
        if (i >= n) break
        call(i)
    }
}

fun main(args: Array<String>) {
    val ports = args[0].split(",").map { it.toInt() }
    val phase = args[1]
    val (calls, warm, inFlight, slack) = args.slice(2..5).map { it.toInt() }
    val cancelAfter = args[6].toDouble().toLong().coerceAtLeast(1)
    val settle = (args[7].toDouble() * 1000).toLong()
    val clients = ports.map {
        WalletClient(WalletClientConfig(baseUrl = "http://127.0.0.1:$it", credential = Secret(KEY), maxAttempts = 1, noProxy = true))
    }
    val (ok, slow, e500, garbage, refused) = clients
    val failing = listOf(refused, e500, garbage)

    suspend fun one(i: Int, out: Outcomes) {
        try {
            val balance = when (phase) {
                "success" -> ok.addressBalance(ADDRESS)
                "cancel" -> withTimeoutOrNull(cancelAfter) { slow.addressBalance(ADDRESS) }
                    ?: run { out.cancelled.incrementAndGet(); return }
                "fail" -> failing[i % 3].addressBalance(ADDRESS)
                else -> error("unknown phase $phase")
            }
            check(balance.utxoCount == 3L)
            out.ok.incrementAndGet()
        } catch (e: WalletException) {
            out.error(e)
        }
    }

    val javaBlocking = System.getProperty("wallet.soak.java.blocking") == "true"
    val javaClients by lazy { clients.map { JavaWalletClient(it) } }
    val interrupter by lazy { Executors.newSingleThreadScheduledExecutor { Thread(it, "soak-interrupter").apply { isDaemon = true } } }

    fun oneBlocking(i: Int, out: Outcomes) {
        val (javaOk, javaSlow) = javaClients
        try {
            val balance = when (phase) {
                "success" -> javaOk.addressBalance(ADDRESS)
                "cancel" -> {
                    val caller = Thread.currentThread()
                    val interrupt = interrupter.schedule({ caller.interrupt() }, cancelAfter, TimeUnit.MILLISECONDS)
                    try {
                        javaSlow.addressBalance(ADDRESS)
                    } finally {
                        interrupt.cancel(false)
                    }
                }
                "fail" -> javaClients[2 + i % 3].addressBalance(ADDRESS)
                else -> error("unknown phase $phase")
            }
            check(balance.utxoCount == 3L)
            out.ok.incrementAndGet()
        } catch (e: WalletException) {
            out.error(e)
        } catch (e: Exception) {
            if (e !is InterruptedException) throw e
            out.cancelled.incrementAndGet()
        }
    }

    fun driveThreads(n: Int, out: Outcomes) {
        val next = AtomicInteger()
        val threads = if (phase == "cancel") 4 * inFlight else inFlight
        List(minOf(threads, n)) {
            Thread { takeCalls(next, n) { oneBlocking(it, out) } }.apply { start() }
        }.forEach { it.join() }
    }

    suspend fun drive(n: Int, out: Outcomes) = if (javaBlocking) driveThreads(n, out) else coroutineScope {
        val next = AtomicInteger()
        repeat(minOf(inFlight, n)) {
            launch { takeCalls(next, n) { one(it, out) } }
        }
    }

    val out = Outcomes()
    var secs = 0.0
    lateinit var before: LongArray
    lateinit var after: LongArray
    var namesBefore = emptyList<String>()
    runBlocking {
        drive(warm, Outcomes())
        System.gc()
        delay(500)
        before = measure()
        namesBefore = threadNames()
        val start = System.nanoTime()
        drive(calls, out)
        secs = (System.nanoTime() - start) / 1e9
        System.gc()
        delay(500)
        val deadline = System.nanoTime() + settle * 1_000_000
        after = measure()
        while ((after[1] > before[1] + slack || after[2] > before[2]) && System.nanoTime() < deadline) {
            delay(250)
            after = measure()
        }
    }
    if (after[2] > before[2]) System.err.println("soak: threads before: $namesBefore\nsoak: threads after: ${threadNames()}")
    val expected = when (phase) {
        "success" -> out.ok.get()
        "cancel" -> out.cancelled.get()
        else -> out.errors.values.sumOf { it.get() }
    }
    val errors = out.errors.entries.sortedBy { it.key }.joinToString(",") { "\"${it.key}\":${it.value.get()}" }
    println(
        "{\"lang\":\"${if (javaBlocking) "java-blocking" else "kotlin"}\",\"phase\":\"$phase\",\"calls\":$calls,\"warmup\":$warm,\"in_flight\":$inFlight," +
            "\"secs\":${"%.3f".format(java.util.Locale.ROOT, secs)},\"ok\":${out.ok.get()},\"cancelled\":${out.cancelled.get()}," +
            "\"errors\":{$errors},\"expected\":$expected," +
            "\"rss_before_kb\":${before[0]},\"rss_after_kb\":${after[0]},\"fds_before\":${before[1]},\"fds_after\":${after[1]}," +
            "\"threads_before\":${before[2]},\"threads_after\":${after[2]}}"
    )
    System.out.flush()
    exitProcess(0) // the Rust runtime's threads would otherwise keep the JVM alive
}
