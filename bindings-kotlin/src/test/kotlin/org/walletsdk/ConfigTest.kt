package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Client configuration that changes what is sent, checked against the sandbox. */
class ConfigTest {
    @Test
    fun addressTypeCodesAreConfigurable() = runBlocking {
        // the integer codes of address types are the service's convention, not fixed; mapping legacy to 2 makes the sandbox
        // create a bech32 address for a Legacy request.
        val remapped = WalletClient(
            WalletClientConfig(
                baseUrl = Sandbox.baseUrl,
                credential = Secret(Sandbox.apiKey),
                addressTypeCodes = AddressTypeCodes(legacy = 2, p2shSegwit = 1, bech32 = 2, mweb = 3),
            ),
        )
        val w = Sandbox.unique("codes")
        remapped.createWallet(w)
        val made = remapped.createAddress(w, CreateAddressOptions(addressType = AddressType.Legacy))
        assertTrue(made.address, made.address.startsWith("rltc1q"))
        val plain = Sandbox.client().createAddress(w, CreateAddressOptions(addressType = AddressType.Legacy))
        assertTrue(plain.address, plain.address.startsWith("m") || plain.address.startsWith("n"))
    }

    @Test
    fun countsAndDurationsAreSignedAndANegativeOneIsNamed(): Unit = runBlocking {
        // Kotlin and Java see Long/Int, never ULong/UInt; a negative value is InvalidInput
        val config = WalletClientConfig(baseUrl = Sandbox.baseUrl, credential = Secret(Sandbox.apiKey), timeoutMs = -1L)
        val e = expectError<WalletException.InvalidInputException>("negative timeout") { WalletClient(config) }
        assertEquals("timeout_ms", e.field)
        val c = Sandbox.client()
        assertEquals("max_attempts", expectError<WalletException.InvalidInputException>("negative attempts") { c.withMaxAttempts(-2) }.field)
        // no attempt at all is refused as the constructor refuses it, never turned into one
        assertEquals("max_attempts", expectError<WalletException.InvalidInputException>("no attempt") { c.withMaxAttempts(0) }.field)
        assertEquals("vout", expectError<WalletException.InvalidInputException>("negative vout") { c.getUtxoDetails("00".repeat(32), -1) }.field)
        val page = expectError<WalletException.InvalidInputException>("negative count") { c.walletTransactions("any", WalletTransactionsOptions(count = -5)) }
        assertEquals("count", page.field)
        assertEquals(0, page.attempts) // nothing was sent
        c.withTimeoutMs(5_000L).blockchainInfo() // a valid value still works
    }
}
