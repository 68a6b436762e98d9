// verify_message through the Kotlin bindings (JNA + uniffi) per call, for `make bench`: the same
// message, address and signature as core/benches/offline.rs (Litecoin Core's util_tests), best of
// five rounds after a warm-up, printed in the Rust bench's line format.
package org.walletsdk.bench

import org.walletsdk.verifyMessage

const val ADDRESS = "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL"
const val MESSAGE = "Trust no one"
const val SIGNATURE = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU="

fun main() {
    check(verifyMessage(ADDRESS, MESSAGE, SIGNATURE)) { "the signature must verify" }
    val calls = 20_000
    repeat(calls) { verifyMessage(ADDRESS, MESSAGE, SIGNATURE) } // JIT and JNA warm-up
    var best = 0.0
    repeat(5) {
        val start = System.nanoTime()
        repeat(calls) { verifyMessage(ADDRESS, MESSAGE, SIGNATURE) }
        val seconds = (System.nanoTime() - start) / 1e9
        best = maxOf(best, calls / seconds)
    }
    println("%-44s %d calls ×5 %8.1f µs/call %8d calls/s".format("verify_message (p2pkh), Kotlin", calls, 1e6 / best, best.toLong()))
}
