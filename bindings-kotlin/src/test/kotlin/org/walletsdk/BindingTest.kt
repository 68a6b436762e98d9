package org.walletsdk

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.math.BigDecimal
import kotlin.coroutines.Continuation

/** The binding's own surface: every operation exposed, amounts, secrets. No sandbox calls. */
class BindingTest {
    @Test
    fun everyOperationOfTheCoreTableIsASuspendMethod() {
        val names = operationNames()
        assertEquals(43, names.size)
        val methods = WalletClient::class.java.methods.filter { m -> m.parameterTypes.lastOrNull() == Continuation::class.java }
            .map { it.name.substringBefore('-') }.toSet() // functions with unsigned parameters get a mangled JVM name
        val missing = names.filter { it !in methods }
        assertTrue("not exposed as suspend fun: $missing", missing.isEmpty())
    }

    @Test
    fun amountsAreExact() {
        assertEquals(150_000_000L, Amount.ofLtc(BigDecimal("1.5")).litoshis)
        assertEquals(BigDecimal("1.50000000"), Amount(150_000_000L).ltc)
        assertEquals(BigDecimal("-0.00001640"), Amount.ofLitoshis(-1640).ltc)
        assertEquals("1.50000000", amountToLtcString(Amount(150_000_000L)))
        assertEquals(5460L, Amount.ofLtc("0.00005460").litoshis)
        expectError<WalletException.InvalidInputException>("zero") { Amount.ofLtc(BigDecimal.ZERO) }
        expectError<WalletException.InvalidInputException>("negative") { Amount.ofLtc("-1") }
    }

    @Test
    fun secretsAreRedacted() {
        val s = Secret("hunter2-passphrase")
        assertEquals("[REDACTED]", s.toString())
        assertEquals("hunter2-passphrase", s.reveal())
        val opts = CreateAddressOptions(passphrase = s)
        assertFalse(opts.toString(), opts.toString().contains("hunter2"))
        val cfg = WalletClientConfig(baseUrl = "https://wallet.example.com", credential = Secret("eyJ.secret.key"))
        assertFalse(cfg.toString().contains("secret"))
    }

    @Test
    fun failuresAndSuccessesAlternateOnOneThread() {
        // The call statuses are reused (the patched generator, ffi/vendor/README.md): a failure must not
        // leave its code behind for the next call, nor a success hide the next failure.
        repeat(2_000) { i ->
            val e = expectError<WalletException.InvalidInputException>("call $i") { Amount.ofLtc("-$i.5") }
            assertTrue(e.message, e.message!!.contains("greater than zero"))
            assertEquals(i * 100_000_000L + 50_000_000L, Amount.ofLtc("$i.5").litoshis)
        }
    }

    @Test
    fun aLoggerOnTheSdksThreadsCanCallIntoRust() {
        // A logger runs on an SDK thread (kept attached to the JVM by the patched generator)
        // and may call into Rust there, failing and succeeding, on each of the 20 calls.
        val seen = java.util.concurrent.ConcurrentLinkedQueue<Long>()
        val c = Sandbox.client() // the calls fail before sending
        c.setLogger { event ->
            expectError<WalletException.InvalidInputException>("inside the logger") { Amount.ofLtc("0") }
            seen.add(Amount.ofLtc("0.00000001").litoshis + event.attempts)
        }
        repeat(20) {
            expectError<WalletException.InvalidInputException>("empty name") { kotlinx.coroutines.runBlocking { c.walletBalance("") } }
        }
        assertEquals(List(20) { 1L }, seen.toList())
    }
}
