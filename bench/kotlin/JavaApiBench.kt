// The Java-API rows of the side-by-side harness (bench/run.py; built by bench/kotlin/clients.sh):
// JavaWalletClient.addressBalanceAsync, the CompletableFuture that Java callers use, N calls in
// flight (each completion starts the next call), or with -Dwallet.bench.blocking=true the
// blocking addressBalance from N threads, after the same untimed warm-up as the other JVM rows.
// Written in Kotlin only because Java cannot use WalletClientConfig's default arguments; it
// calls nothing but the Java API. Prints one JSON line, as the other clients do.
//
//     java [-Dwallet.bench.blocking=true] ... org.walletsdk.bench.JavaApiBenchKt URL CALLS WARM N
package org.walletsdk.bench

import java.util.Locale
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess
import org.walletsdk.JavaWalletClient
import org.walletsdk.Secret
import org.walletsdk.WalletClientConfig

private fun start(client: JavaWalletClient, next: AtomicInteger, calls: Int, latencies: LongArray, done: CountDownLatch) {
    val i = next.getAndIncrement()
    if (i >= calls) return
    val started = System.nanoTime()
    client.addressBalanceAsync(BALANCE_ADDRESS).whenComplete { balance, error ->
        if (error != null || balance.utxoCount != 3L) {
            System.err.println("bad answer: $error")
            exitProcess(1)
        }
        latencies[i] = System.nanoTime() - started
        done.countDown()
        start(client, next, calls, latencies, done)
    }
}

internal fun driveFutures(client: JavaWalletClient, calls: Int, inFlight: Int): LongArray {
    val latencies = LongArray(calls)
    val next = AtomicInteger()
    val done = CountDownLatch(calls)
    repeat(minOf(inFlight, calls)) { start(client, next, calls, latencies, done) }
    done.await()
    return latencies
}

private fun driveThreads(client: JavaWalletClient, calls: Int, threads: Int): LongArray {
    val latencies = LongArray(calls)
    val next = AtomicInteger()
    val workers = List(minOf(threads, calls)) {
        Thread {
            while (true) {
                val i = next.getAndIncrement()
                if (i >= calls) break
                val started = System.nanoTime()
                check(client.addressBalance(BALANCE_ADDRESS).utxoCount == 3L)
                latencies[i] = System.nanoTime() - started
            }
        }.apply { start() }
    }
    workers.forEach { it.join() }
    return latencies
}

fun main(args: Array<String>) {
    val url = args[0]
    val (calls, warm, inFlight) = args.drop(1).map { it.toInt() }
    val client = JavaWalletClient(WalletClientConfig(baseUrl = url, credential = Secret(KEY)))
    val blocking = java.lang.Boolean.getBoolean("wallet.bench.blocking")
    val drive = if (blocking) ::driveThreads else ::driveFutures
    drive(client, warm, inFlight)
    val start = System.nanoTime()
    val latencies = drive(client, calls, inFlight)
    val secs = (System.nanoTime() - start) / 1e9
    latencies.sort()
    println(String.format(Locale.ROOT,
        "{\"client\":\"Java JavaWalletClient %s\",\"calls\":%d,\"secs\":%.6f,\"p50_us\":%.1f,\"p99_us\":%.1f}",
        if (blocking) "blocking, $inFlight threads" else "futures, $inFlight in flight", calls, secs, latencies[calls / 2] / 1e3, latencies[minOf((calls * 0.99).toInt(), calls - 1)] / 1e3))
    exitProcess(0) // the Rust runtime's threads would otherwise keep the JVM alive
}
