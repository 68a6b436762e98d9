package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Signing at home from Kotlin against the sandbox's node (the rules are the core's, proved there
 * on the node): a local signature is the service's byte for byte, a build that pays a litoshi
 * more is refused, a PSBT signed and finalized here completes, and `sendSignedLocally` pays.
 */
class SignAtHomeTest {
    private val phrase = generateMnemonic(12)

    private fun key(path: String, type: KeyAddressType) = deriveKey(phrase, path, type, Network.REGTEST)

    /** The output of `txid` paying `address`, read from the chain. */
    private suspend fun prevout(c: WalletClient, txid: String, address: String): Prevout {
        for (vout in 0..1) {
            val utxo = c.getUtxoDetails(txid, vout)
            if (utxo.address == address) return Prevout(txid, vout, utxo.value!!, utxo.scriptPubKeyHex!!, null)
        }
        error("$txid pays nothing to $address")
    }

    @Test
    fun aLocalSignatureIsTheServicesAndAForeignBuildIsRefused() = runBlocking {
        val c = Sandbox.client()
        val wallet = "kt_home_${System.nanoTime()}"
        c.createWallet(wallet)
        val sender = key("m/84'/1'/0'/0/0", KeyAddressType.P2WPKH)
        val recipient = key("m/84'/1'/0'/0/1", KeyAddressType.P2WPKH).address
        val funding = Sandbox.fund(sender.address, "0.8")
        val prevout = prevout(c, funding, sender.address)
        val raw = c.createRawTransactionV2(sender.address, recipient, Amount.ofLtc("0.3"), listOf(funding), listOf(prevout.vout))

        val local = signTransactionLocally(raw.hex, listOf(sender.privateKey), listOf(prevout))
        val service = c.signTransaction(wallet, raw.hex, sender.privateKey)
        assertEquals(service.hex, local.hex)
        assertEquals(true, local.complete)
        assertEquals(listOf(prevout), c.prevoutsFor(raw.hex))

        val intent = TransactionIntent(sender.address, listOf(Recipient(recipient, Amount.ofLtc("0.3"))))
        val review = c.reviewTransaction(raw.hex, intent)
        assertEquals(raw.fee, review.fee)
        assertEquals(OutputRole.RECIPIENT, review.outputs[0].role)
        val more = intent.copy(recipients = listOf(Recipient(recipient, Amount.ofLtc("0.30000001"))))
        expectError<WalletException.TransactionMismatchException>("a litoshi more") { c.reviewTransaction(raw.hex, more) }

        val psbt = signPsbt(psbtFromTransaction(raw.hex, listOf(prevout)), listOf(sender.privateKey))
        val finalized = finalizePsbt(psbt)
        assertEquals(local.hex, finalized.hex)
        assertEquals(local.txid, c.broadcastTransaction(finalized.hex).txid)
        assertTrue(c.estimateFeeRate().litoshisPerVbyte >= 10)
    }

    @Test
    fun sendSignedLocallyPaysInBothBuildsAndNoRequestCarriesTheKey() = runBlocking {
        // a key of its own, so that every request of the flow can be read back from the sandbox
        val apiKey = Sandbox.mintKey(3600L + (0..50_000).random(), "default")
        val c = Sandbox.client(apiKey)
        val keys = ArrayList<String>()
        val recipient = key("m/84'/1'/0'/0/9", KeyAddressType.P2WPKH).address
        for ((build, path) in listOf(BuildMode.SERVICE to "m/84'/1'/0'/0/5", BuildMode.LOCAL to "m/49'/1'/0'/0/5")) {
            val type = if (build == BuildMode.SERVICE) KeyAddressType.P2WPKH else KeyAddressType.P2SH_P2WPKH
            val sender = key(path, type)
            Sandbox.fund(sender.address, "0.5")
            val sent = c.sendSignedLocally(sender.address, recipient, Amount.ofLtc("0.2"), listOf(sender.privateKey), SendLocallyOptions(build = build))
            assertEquals(Amount.ofLtc("0.2"), sent.review.outputs[0].amount)
            assertEquals(sent.txid, c.broadcastTransaction(sent.hex).txid)
            keys += sender.privateKey.reveal()
        }
        val seen = Sandbox.post("/sandbox/requests", """{"apiKey":"$apiKey"}""")
        assertTrue("the flow's requests were recorded", seen.contains("/api/Transactions/broadcast-transaction"))
        for (wif in keys) assertFalse("a request carried the key", seen.contains(wif))
        assertFalse("a request carried the phrase", seen.contains(phrase.reveal()))
    }

    @Test
    fun keysFromAPhraseAreTheDerivedKeysAndAServiceFeeIsPaidExactly() = runBlocking {
        val paths = listOf("m/84'/1'/0'/0/0", "m/49'/1'/0'/0/3")
        val keys = keysFromPhrase(phrase, paths, Network.REGTEST)
        assertEquals(paths.map { key(it, KeyAddressType.P2WPKH).privateKey.reveal() }, keys.map { it.reveal() })
        expectError<WalletException.InvalidInputException>("a bad path") { keysFromPhrase(phrase, listOf("84/0"), Network.REGTEST) }

        val c = Sandbox.client()
        val wallet = "kt_home_fee_${System.nanoTime()}"
        c.createWallet(wallet)
        val sender = c.createAddress(wallet, CreateAddressOptions(addressType = AddressType.Bech32)).address
        val wif = c.addressPrivateKey(wallet, sender).privateKey
        val (recipient, platform) = key("m/84'/1'/0'/0/20", KeyAddressType.P2WPKH).address to key("m/84'/1'/0'/0/21", KeyAddressType.P2WPKH).address
        Sandbox.fund(sender, "1")
        val fee = Recipient(platform, Amount.ofLtc("0.015"))
        for (options in listOf(SendLocallyOptions(walletName = wallet, serviceFee = fee), SendLocallyOptions(build = BuildMode.LOCAL, serviceFee = fee))) {
            val sent = c.sendSignedLocally(sender, recipient, Amount.ofLtc("0.1"), listOf(wif), options)
            assertEquals(listOf(platform to fee.amount), sent.review.outputs.filter { it.role == OutputRole.SERVICE_FEE }.map { it.address to it.amount })
            Sandbox.mine(1) // a wallet builds from confirmed coins only
        }
        val refused = expectError<WalletException.InvalidInputException>("a service fee without a wallet") {
            c.sendSignedLocally(sender, recipient, Amount.ofLtc("0.1"), listOf(wif), SendLocallyOptions(serviceFee = fee))
        }
        assertEquals("wallet_name", refused.info.field)
    }
}
