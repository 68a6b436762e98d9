// The Kotlin row of the side-by-side harness (bench/run.py; built by bench/kotlin/clients.sh):
// WalletClient.addressBalance from N coroutines pulling from one counter, after the same untimed
// warm-up in the same process as the JDK row (bench/java/RawJava.java), so that the JIT gets the
// same chance in both. Prints one JSON line, as the other clients do.
//
//     java ... org.walletsdk.bench.ClientBenchKt URL CALLS WARM N
package org.walletsdk.bench

import java.util.Locale
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import org.walletsdk.Secret
import org.walletsdk.WalletClient
import org.walletsdk.WalletClientConfig

// A structurally valid, long-lived JWT: the responder does not check it.
internal const val KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
internal const val BALANCE_ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"

/** Every call's latency in ns; `inFlight` coroutines take call numbers from one counter. */
internal suspend fun driveCoroutines(client: WalletClient, calls: Int, inFlight: Int): LongArray = coroutineScope {
    val latencies = LongArray(calls)
    val next = AtomicInteger()
    repeat(minOf(inFlight, calls)) {
        launch {
            while (true) {
                val i = next.getAndIncrement()
                if (i >= calls) break
                val start = System.nanoTime()
                check(client.addressBalance(BALANCE_ADDRESS).utxoCount == 3L)
                latencies[i] = System.nanoTime() - start
            }
        }
    }
    latencies
}

// runBlocking's own event loop (one thread) runs the coroutines, as a JVM app's main would;
// uniffi resumes each call's continuation from the Rust side onto it.
fun main(args: Array<String>) {
    val url = args[0]
    val (calls, warm, inFlight) = args.drop(1).map { it.toInt() }
    val client = WalletClient(WalletClientConfig(baseUrl = url, credential = Secret(KEY)))
    var secs = 0.0
    val latencies = runBlocking {
        driveCoroutines(client, warm, inFlight)
        val start = System.nanoTime()
        driveCoroutines(client, calls, inFlight).also { secs = (System.nanoTime() - start) / 1e9 }
    }
    latencies.sort()
    println(String.format(Locale.ROOT,
        "{\"client\":\"Kotlin WalletClient, %d coroutines\",\"calls\":%d,\"secs\":%.6f,\"p50_us\":%.1f,\"p99_us\":%.1f}",
        inFlight, calls, secs, latencies[calls / 2] / 1e3, latencies[minOf((calls * 0.99).toInt(), calls - 1)] / 1e3))
    exitProcess(0) // the Rust runtime's threads would otherwise keep the JVM alive
}
