package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.math.BigDecimal

/** Every one of the 43 operations against the sandbox: once successfully, once failing as documented. */
class EveryOperationTest {
    private val abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    private fun ltc(s: String) = Amount.ofLtc(BigDecimal(s))

    @Test
    fun everyOperation(): Unit = runBlocking {
        val c = Sandbox.client()
        val missing = Sandbox.unique("missing")
        val msg = "hello litecoin"
        val called = mutableSetOf<String>()
        fun op(name: String) { called += name }

        // blockchainInfo
        val info = c.blockchainInfo(); op("blockchainInfo")
        assertEquals("regtest", info.chain)
        assertTrue(info.rawJson.startsWith("{"))

        // createWallet
        val w1 = Sandbox.unique("plain")
        val created = c.createWallet(w1); op("createWallet")
        assertEquals(w1, created.walletName)
        expectError<WalletException.Conflict>("createWallet twice") { c.createWallet(w1) }

        // officialAddress
        val official = c.officialAddress(w1); op("officialAddress")
        assertTrue(official.address.isNotEmpty())
        expectError<WalletException.NotFound>("officialAddress missing") { c.officialAddress(missing) }

        // walletDetails (credential in the query)
        val details = c.walletDetails(w1); op("walletDetails")
        assertEquals(false, details.encrypted)
        val nf = expectError<WalletException.NotFound>("walletDetails missing") { c.walletDetails(missing) }
        assertTrue(nf.message, nf.message.contains("also answers 404 when the API key is rejected"))
        assertFalse(nf.message.contains(Sandbox.apiKey))

        // walletBalance
        val bal = c.walletBalance(w1); op("walletBalance")
        assertEquals(0L, bal.confirmed.litoshis)
        assertEquals(BigDecimal("0E-8"), bal.unconfirmed.ltc)
        expectError<WalletException.NotFound>("walletBalance missing") { c.walletBalance(missing) }

        // createAddress
        val legacy = c.createAddress(w1, CreateAddressOptions(addressType = AddressType.Legacy, label = "e2e")); op("createAddress")
        assertEquals("legacy", legacy.addressType)
        val legacy2 = c.createAddress(w1, CreateAddressOptions(addressType = AddressType.Legacy))
        val bech = c.createAddress(w1, CreateAddressOptions(addressType = AddressType.Bech32))
        val dflt = c.createAddress(w1)
        assertTrue(dflt.address, dflt.address.startsWith("rltc1"))
        expectError<WalletException.Validation>("createAddress unknown type") {
            c.createAddress(w1, CreateAddressOptions(addressType = AddressType.RawName("taproot")))
        }

        val other = Sandbox.unique("other")
        c.createWallet(other)
        val foreign = c.createAddress(other, CreateAddressOptions(addressType = AddressType.Legacy)).address

        Sandbox.fund(legacy.address, "2.5")
        Sandbox.fund(bech.address, "1")

        // walletAddressBalance
        val wab = c.walletAddressBalance(w1, legacy.address); op("walletAddressBalance")
        assertEquals(BigDecimal("2.50000000"), wab.confirmed.ltc)
        expectError<WalletException.NotFound>("walletAddressBalance foreign") { c.walletAddressBalance(w1, foreign) }

        // addressBalance
        val ab = c.addressBalance(legacy.address); op("addressBalance")
        assertEquals(250_000_000L, ab.confirmed.litoshis)
        assertEquals(0L, c.addressBalance(legacy2.address).confirmed.litoshis)
        expectError<WalletException.Validation>("addressBalance invalid") { c.addressBalance("not-an-address") }

        // addressDetails
        assertEquals(true, c.addressDetails(w1, legacy.address).isMine); op("addressDetails")
        expectError<WalletException.Validation>("addressDetails invalid") { c.addressDetails(w1, "not-an-address") }

        // walletAddresses
        assertTrue(c.walletAddresses(w1).addresses.any { it.address == legacy.address }); op("walletAddresses")
        expectError<WalletException.NotFound>("walletAddresses missing") { c.walletAddresses(missing) }

        // walletTransactions
        assertEquals(1, c.walletTransactions(w1, WalletTransactionsOptions(skip = 0u, count = 1u)).items.size); op("walletTransactions")
        expectError<WalletException.NotFound>("walletTransactions missing") { c.walletTransactions(missing) }

        // walletAddressTransactions
        assertTrue(c.walletAddressTransactions(w1, legacy.address).items.isNotEmpty()); op("walletAddressTransactions")
        expectError<WalletException.NotFound>("walletAddressTransactions foreign") { c.walletAddressTransactions(w1, foreign) }

        // addressTransaction
        val at = c.addressTransaction(legacy.address, AddressTransactionOptions(take = 10u)); op("addressTransaction")
        assertEquals(ltc("2.5"), at.items[0].received)
        expectError<WalletException.Validation>("addressTransaction invalid") { c.addressTransaction("not-an-address") }

        // signWalletMessage
        val sig = c.signWalletMessage(w1, legacy.address, msg); op("signWalletMessage")
        expectError<WalletException.Rejected>("signWalletMessage bech32") { c.signWalletMessage(w1, bech.address, msg) }

        // verifyMessage
        assertTrue(c.verifyMessage(legacy.address, msg, sig.signature).valid); op("verifyMessage")
        assertFalse(c.verifyMessage(legacy.address, "another message", sig.signature).valid)
        expectError<WalletException.Rejected>("verifyMessage bech32") { c.verifyMessage(bech.address, msg, sig.signature) }

        // addressPrivateKey: a Secret object, redacted when printed
        val pk = c.addressPrivateKey(w1, legacy.address); op("addressPrivateKey")
        assertFalse(pk.privateKey.isEmpty())
        assertEquals("[REDACTED]", pk.privateKey.toString())
        assertFalse(pk.toString().contains(pk.privateKey.reveal()))
        assertTrue(pk.rawJson, pk.rawJson.contains("\"privateKey\":\"[REDACTED]\""))
        expectError<WalletException.Validation>("addressPrivateKey foreign") { c.addressPrivateKey(w1, foreign) }

        // signMessage
        val sm = c.signMessage(msg, pk.privateKey); op("signMessage")
        assertEquals(sig.signature, sm.signature)
        expectError<WalletException.Validation>("signMessage bad key") { c.signMessage(msg, Secret("cNotAKey")) }

        // getBlockchainOtp, verifyOtp
        val otp = c.getBlockchainOtp(sig.signature); op("getBlockchainOtp")
        assertEquals(6, otp.code.reveal().length)
        expectError<WalletException.Validation>("getBlockchainOtp bad signature") { c.getBlockchainOtp("bm90IGEgc2lnbmF0dXJl") }
        assertTrue(c.verifyOtp(sig.signature, otp.code).valid); op("verifyOtp")
        expectError<WalletException.Validation>("verifyOtp bad code") { c.verifyOtp(sig.signature, Secret("12")) }

        // createRawTransaction, signTransaction, broadcastTransaction
        val raw = c.createRawTransaction(w1, legacy.address, foreign, ltc("0.5")); op("createRawTransaction")
        assertTrue(raw.hex.isNotEmpty())
        expectError<WalletException.InsufficientFunds>("createRawTransaction too much") { c.createRawTransaction(w1, legacy.address, foreign, ltc("1000")) }
        val signed = c.signTransaction(w1, raw.hex, pk.privateKey); op("signTransaction")
        assertEquals(true, signed.complete)
        expectError<WalletException.Validation>("signTransaction bad hex") { c.signTransaction(w1, "00", pk.privateKey) }
        val sent = c.broadcastTransaction(signed.hex); op("broadcastTransaction")
        assertEquals(signed.txid, sent.txid)
        expectError<WalletException.Rejected>("broadcast unsigned") { c.broadcastTransaction(raw.hex) }

        // transactionDetails
        assertEquals(sent.txid, c.transactionDetails(sent.txid).txid); op("transactionDetails")
        val zeros = "0".repeat(64)
        expectError<WalletException.NotFound>("transactionDetails unknown") { c.transactionDetails(zeros) }

        Sandbox.mine(1)
        // getUtxoDetails
        val change = raw.changePosition!!.toUInt()
        assertEquals(legacy.address, c.getUtxoDetails(sent.txid, change).address); op("getUtxoDetails")
        expectError<WalletException.NotFound>("getUtxoDetails unknown vout") { c.getUtxoDetails(sent.txid, 99u) }

        // createRawTransactionV2
        assertTrue(c.createRawTransactionV2(legacy.address, foreign, ltc("0.1"), listOf(sent.txid), listOf(change)).hex.isNotEmpty()); op("createRawTransactionV2")
        expectError<WalletException.Validation>("createRawTransactionV2 lengths") {
            c.createRawTransactionV2(legacy.address, foreign, ltc("0.1"), listOf(sent.txid), listOf(change, 0u))
        }

        // createRawTransactionV3
        assertTrue(c.createRawTransactionV3(w1, legacy.address, foreign, ltc("0.1"), legacy2.address, ltc("0.01")).outputs.size >= 2); op("createRawTransactionV3")
        expectError<WalletException.Validation>("createRawTransactionV3 duplicate address") {
            c.createRawTransactionV3(w1, legacy.address, foreign, ltc("0.1"), foreign, ltc("0.01"))
        }

        // blockStat, blockHeader, blockTransaction
        val tip = c.blockchainInfo().blocks!!
        assertEquals(tip, c.blockStat(tip.toString()).height); op("blockStat")
        expectError<WalletException.NotFound>("blockStat genesis") { c.blockStat("0") }
        val header = c.blockHeader(tip.toString()); op("blockHeader")
        expectError<WalletException.NotFound>("blockHeader beyond tip") { c.blockHeader("99999999") }
        assertTrue(c.blockTransaction(header.hash!!).transactions.isNotEmpty()); op("blockTransaction")
        expectError<WalletException.NotFound>("blockTransaction unknown") { c.blockTransaction(zeros) }

        // sendFundsFromWallet
        val paid = c.sendFundsFromWallet(w1, foreign, ltc("0.1"), SendFundsFromWalletOptions(description = "e2e")); op("sendFundsFromWallet")
        assertEquals(64, paid.txid.length)
        expectError<WalletException.InsufficientFunds>("sendFundsFromWallet too much") { c.sendFundsFromWallet(w1, foreign, ltc("100000")) }

        // createMultisigAddress
        assertTrue(c.createMultisigAddress(w1, listOf(legacy.address, legacy2.address), 2u, AddressType.Legacy).address.isNotEmpty()); op("createMultisigAddress")
        expectError<WalletException.Validation>("createMultisigAddress n > keys") {
            c.createMultisigAddress(w1, listOf(legacy.address, legacy2.address), 3u, AddressType.Legacy)
        }

        // encryptWallet, changePassphrase
        val pp = Secret("pp-" + Sandbox.unique("x"))
        assertEquals(true, c.encryptWallet(w1, pp).encrypted); op("encryptWallet")
        expectError<WalletException.Conflict>("encryptWallet twice") { c.encryptWallet(w1, pp) }
        val pp2 = Secret("pp2-" + Sandbox.unique("y"))
        c.changePassphrase(w1, pp, pp2); op("changePassphrase")
        expectError<WalletException.WalletLocked>("changePassphrase wrong old") { c.changePassphrase(w1, pp, pp2) }
        expectError<WalletException.WalletLocked>("createAddress locked") { c.createAddress(w1, CreateAddressOptions(addressType = AddressType.Legacy)) }
        c.createAddress(w1, CreateAddressOptions(passphrase = pp2))

        // setWalletMnemonics
        assertNotNull(c.setWalletMnemonics(w1, Secret(abandon), SetWalletMnemonicsOptions(passphrase = pp2)).hdSeedId); op("setWalletMnemonics")
        expectError<WalletException.Conflict>("setWalletMnemonics same phrase") { c.setWalletMnemonics(w1, Secret(abandon), SetWalletMnemonicsOptions(passphrase = pp2)) }

        // createEncryptedWallet
        val w2 = Sandbox.unique("enc")
        val cw2 = c.createEncryptedWallet(w2); op("createEncryptedWallet")
        assertFalse(cw2.passphrase.isEmpty())
        assertFalse(cw2.toString().contains(cw2.passphrase.reveal()))
        expectError<WalletException.Conflict>("createEncryptedWallet twice") { c.createEncryptedWallet(w2) }

        // createImportableWallet
        val w3 = Sandbox.unique("imp")
        val cw3 = c.createImportableWallet(w3); op("createImportableWallet")
        assertEquals(12, cw3.mnemonics.reveal().split(' ').size)
        expectError<WalletException.Conflict>("createImportableWallet twice") { c.createImportableWallet(w3) }
        val w3Official = c.officialAddress(w3).address

        // createImportableEncryptedWallet
        val w4 = Sandbox.unique("impenc")
        val cw4 = c.createImportableEncryptedWallet(w4); op("createImportableEncryptedWallet")
        assertFalse(cw4.mnemonics.isEmpty() || cw4.passphrase.isEmpty())
        expectError<WalletException.Conflict>("createImportableEncryptedWallet twice") { c.createImportableEncryptedWallet(w4) }

        // importWallet
        assertEquals(w3Official, c.importWallet(Sandbox.unique("import"), cw3.mnemonics).officialAddress); op("importWallet")
        expectError<WalletException.Validation>("importWallet bad phrase") { c.importWallet(Sandbox.unique("bad"), Secret("abandon abandon")) }

        // walletDefaultAddress, walletDefaultAddressV2
        assertEquals(w3Official, c.walletDefaultAddress(cw3.mnemonics, WalletDefaultAddressOptions(addressType = AddressType.Bech32)).address); op("walletDefaultAddress")
        expectError<WalletException.Rejected>("walletDefaultAddress mweb") { c.walletDefaultAddress(cw3.mnemonics, WalletDefaultAddressOptions(addressType = AddressType.Mweb)) }
        assertEquals("mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV", c.walletDefaultAddressV2(Secret(abandon), WalletDefaultAddressOptions(addressType = AddressType.Legacy)).address); op("walletDefaultAddressV2")
        expectError<WalletException.Validation>("walletDefaultAddressV2 bad phrase") { c.walletDefaultAddressV2(Secret("abandon abandon")) }

        // addressPrivateKeyV2
        assertFalse(c.addressPrivateKeyV2(w3, w3Official, cw3.mnemonics).privateKey.isEmpty()); op("addressPrivateKeyV2")
        expectError<WalletException.WalletLocked>("addressPrivateKeyV2 other phrase") { c.addressPrivateKeyV2(w3, w3Official, cw4.mnemonics) }

        // screenAddress
        assertEquals(true, c.screenAddress(w3, foreign, cw3.mnemonics).isValid); op("screenAddress")
        expectError<WalletException.WalletLocked>("screenAddress other phrase") { c.screenAddress(w3, foreign, cw4.mnemonics) }

        // generateDefaultAddress
        assertEquals("p2sh-segwit", c.generateDefaultAddress(w3, GenerateDefaultAddressOptions(addressType = AddressType.P2shSegwit)).addressType); op("generateDefaultAddress")
        expectError<WalletException.Rejected>("generateDefaultAddress mweb") { c.generateDefaultAddress(w3, GenerateDefaultAddressOptions(addressType = AddressType.Mweb)) }

        // client-side checks: nothing is sent
        val e = expectError<WalletException.InvalidInput>("empty wallet name") { c.walletBalance("") }
        assertEquals("invalid input `wallet_name`: it is required and must not be empty", e.message)

        assertEquals(operationNames().toSet(), called)
    }
}
