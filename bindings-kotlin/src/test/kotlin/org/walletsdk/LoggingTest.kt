package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.ConcurrentLinkedQueue

/** The logger bridge: one event per call, with its facts, and no secret in any of them. */
class LoggingTest {
    @Test
    fun everyCallIsLoggedWithItsFactsAndNoSecret(): Unit = runBlocking {
        val events = ConcurrentLinkedQueue<CallEvent>()
        val c = Sandbox.client()
        c.setLogger { events.add(it) }

        val w = Sandbox.unique("logged")
        val wallet = c.createEncryptedWallet(w)
        val address = c.createAddress(w, CreateAddressOptions(passphrase = wallet.passphrase)).address
        val wif = c.addressPrivateKey(w, address, AddressPrivateKeyOptions(passphrase = wallet.passphrase)).privateKey
        expectError<WalletException.NotFoundException>("missing wallet") { c.walletBalance(Sandbox.unique("missing")) }
        expectError<WalletException.InvalidInputException>("empty name") { c.walletBalance("") }

        val logged = events.toList()
        assertEquals(listOf("create_encrypted_wallet", "create_address", "address_private_key", "wallet_balance", "wallet_balance"), logged.map { it.operation })
        for (e in logged.take(3)) {
            assertEquals(e.toString(), 1, e.attempts)
            assertEquals(e.toString(), 200, e.status)
            assertEquals(null, e.errorKind)
            assertTrue(e.toString(), e.requestId.orEmpty().isNotEmpty() && e.latencyMs >= 0)
        }
        assertEquals(listOf("not_found", "invalid_input"), logged.drop(3).map { it.errorKind })
        assertEquals(listOf(404, null), logged.drop(3).map { it.status })
        assertEquals(0, logged.last().attempts)
        val secrets = listOf(wallet.passphrase.reveal(), wif.reveal(), Sandbox.apiKey)
        for (e in logged) for (s in secrets) assertFalse("$e leaks a secret", e.toString().contains(s))

        // removed: no more events
        c.setLogger(null)
        c.blockchainInfo()
        assertEquals(logged.size, events.size)
    }
}
