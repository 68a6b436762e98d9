package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertTrue
import org.junit.Test

/** Client configuration that changes what is sent, checked against the sandbox. */
class ConfigTest {
    @Test
    fun addressTypeCodesAreConfigurable() = runBlocking {
        // operations.md C1: the codes are a convention; mapping legacy to 2 makes the sandbox
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
}
