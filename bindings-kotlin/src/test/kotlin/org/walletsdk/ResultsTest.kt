package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.math.BigDecimal

/**
 * Results as a Kotlin user holds them: `rawJson` kept with secrets redacted, secret fields as
 * `Secret` objects that print redacted (also inside the data class's `toString`), amounts as
 * exact `BigDecimal`s. What every operation answers is the shared scenarios' (tests/scenarios).
 */
class ResultsTest {
    @Test
    fun resultsKeepRawJsonAndPrintSecretsRedacted(): Unit = runBlocking {
        val c = Sandbox.client()
        assertTrue(c.blockchainInfo().rawJson.startsWith("{"))

        val w = Sandbox.unique("results")
        val wallet = c.createEncryptedWallet(w)
        val passphrase = wallet.passphrase.reveal()
        assertFalse(wallet.passphrase.isEmpty())
        assertEquals("[REDACTED]", wallet.passphrase.toString())
        assertFalse(wallet.toString(), wallet.toString().contains(passphrase))
        assertFalse(wallet.rawJson, wallet.rawJson.contains(passphrase))

        val address = c.createAddress(w, CreateAddressOptions(addressType = AddressType.Legacy, passphrase = wallet.passphrase)).address
        val pk = c.addressPrivateKey(w, address, AddressPrivateKeyOptions(passphrase = wallet.passphrase))
        assertEquals("[REDACTED]", pk.privateKey.toString())
        assertFalse(pk.toString().contains(pk.privateKey.reveal()))
        assertTrue(pk.rawJson, pk.rawJson.contains("\"privateKey\":\"[REDACTED]\""))

        val balance = c.addressBalance(address)
        assertEquals(0L, balance.confirmed.litoshis)
        assertEquals(BigDecimal("0E-8"), balance.unconfirmed.ltc)
    }
}
