// The Java API against Kotlin in one JVM (bench/run.py's "java-pair" row, ADR 0026): Kotlin's
// WalletClient from N coroutines, the Java API's futures with N calls in flight, and its blocking
// methods from a pool of N threads take turns in short stretches, in a new order each cycle,
// after each has warmed up. Each cycle yields each API's rate over the same few seconds of the
// same process, so what the machine or the JIT does between separate processes falls out of the
// quotients. Prints one JSON line: per API its rate in each cycle.
//
//     java ... org.walletsdk.bench.JvmPairBenchKt URL STRETCH_SECS WARM_SECS CYCLES N
package org.walletsdk.bench

import java.util.concurrent.CyclicBarrier
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess
import kotlinx.coroutines.runBlocking
import org.walletsdk.JavaWalletClient
import org.walletsdk.Secret
import org.walletsdk.WalletClient
import org.walletsdk.WalletClientConfig

/**
 * N threads that make blocking calls, kept between stretches as a Java app's pool keeps its
 * threads: each stretch they take call numbers from one counter until it runs out.
 */
private class BlockingPool(private val client: JavaWalletClient, threads: Int) {
    private val next = AtomicInteger()
    @Volatile private var calls = 0
    private val start = CyclicBarrier(threads + 1)
    private val end = CyclicBarrier(threads + 1)

    init {
        repeat(threads) {
            Thread {
                while (true) {
                    start.await()
                    while (next.getAndIncrement() < calls) {
                        check(client.addressBalance(BALANCE_ADDRESS).utxoCount == 3L)
                    }
                    end.await()
                }
            }.apply { isDaemon = true; start() }
        }
    }

    fun drive(calls: Int) {
        this.calls = calls
        next.set(0)
        start.await()
        end.await()
    }
}

fun main(args: Array<String>) {
    val url = args[0]
    val stretchSecs = args[1].toDouble()
    val warmSecs = args[2].toDouble()
    val cycles = args[3].toInt()
    val inFlight = args[4].toInt()
    val config = WalletClientConfig(baseUrl = url, credential = Secret(KEY))
    val kotlinClient = WalletClient(config)
    val javaClient = JavaWalletClient(config)
    val pool = BlockingPool(javaClient, inFlight)
    val apis: Map<String, (Int) -> Unit> = linkedMapOf(
        "kotlin" to { calls -> runBlocking { driveCoroutines(kotlinClient, calls, inFlight) } },
        "java-sdk" to { calls -> driveFutures(javaClient, calls, inFlight) },
        "java-blocking" to { calls -> pool.drive(calls) },
    )
    // calls per second of each API's latest stretch: sizes its next stretch
    val rate = apis.keys.associateWith { 1000.0 }.toMutableMap()
    fun timed(api: String, secs: Double): Double {
        val calls = maxOf(1000, (rate.getValue(api) * secs).toInt())
        val started = System.nanoTime()
        apis.getValue(api)(calls)
        return (calls / ((System.nanoTime() - started) / 1e9)).also { rate[api] = it }
    }
    // warm-up: a short probe sizes each API's warm-up stretch
    for (api in apis.keys) {
        timed(api, 0.2)
        timed(api, warmSecs)
    }
    val rates = apis.keys.associateWith { mutableListOf<Double>() }
    val order = apis.keys.toList()
    repeat(cycles) { cycle ->
        // a new order each cycle, so that no API always follows the same one
        for (k in order.indices) {
            val api = order[(k + cycle) % order.size]
            rates.getValue(api).add(timed(api, stretchSecs))
        }
    }
    println(rates.entries.joinToString(",", "{\"in_flight\":$inFlight,", "}") { (api, list) ->
        "\"$api\":[" + list.joinToString(",") { String.format(java.util.Locale.ROOT, "%.1f", it) } + "]"
    })
    exitProcess(0) // the Rust runtime's threads would otherwise keep the JVM alive
}
