import XCTest
@testable import WalletSDK

/// Every one of the 43 operations against the sandbox: once successfully, once failing as documented.
final class EveryOperationTests: XCTestCase {
    let abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    func ltc(_ s: String) throws -> Amount { try Amount(ltc: s) }

    func testEveryOperation() async throws {
        let c = try Sandbox.client()
        let missing = Sandbox.unique("missing")
        let msg = "hello litecoin"
        var called = Set<String>()
        func op(_ name: String) { called.insert(name) }

        let info = try await c.blockchainInfo(); op("blockchainInfo")
        XCTAssertEqual(info.chain, "regtest")
        XCTAssertTrue(info.rawJson.hasPrefix("{"))

        let w1 = Sandbox.unique("plain")
        assertEq(try await c.createWallet(walletName: w1).walletName, w1); op("createWallet")
        await expectError("conflict", "createWallet twice") { try await c.createWallet(walletName: w1) }

        assertFalse(try await c.officialAddress(walletName: w1).address.isEmpty); op("officialAddress")
        await expectError("not_found", "officialAddress missing") { try await c.officialAddress(walletName: missing) }

        assertEq(try await c.walletDetails(walletName: w1).encrypted, false); op("walletDetails")
        let nf = await expectError("not_found", "walletDetails missing") { try await c.walletDetails(walletName: missing) }
        XCTAssertTrue(nf?.localizedDescription.contains("also answers 404 when the API key is rejected") ?? false)

        let bal = try await c.walletBalance(walletName: w1); op("walletBalance")
        XCTAssertEqual(bal.confirmed.litoshis, 0)
        await expectError("not_found", "walletBalance missing") { try await c.walletBalance(walletName: missing) }

        let legacy = try await c.createAddress(walletName: w1, options: CreateAddressOptions(label: "e2e", addressType: .legacy)); op("createAddress")
        XCTAssertEqual(legacy.addressType, "legacy")
        let legacy2 = try await c.createAddress(walletName: w1, options: CreateAddressOptions(addressType: .legacy))
        let bech = try await c.createAddress(walletName: w1, options: CreateAddressOptions(addressType: .bech32))
        assertTrue(try await c.createAddress(walletName: w1).address.hasPrefix("rltc1"))
        await expectError("validation", "createAddress unknown type") {
            try await c.createAddress(walletName: w1, options: CreateAddressOptions(addressType: .rawName(name: "taproot")))
        }

        let other = Sandbox.unique("other")
        _ = try await c.createWallet(walletName: other)
        let foreign = try await c.createAddress(walletName: other, options: CreateAddressOptions(addressType: .legacy)).address

        try await Sandbox.fund(legacy.address, 2.5)
        try await Sandbox.fund(bech.address, 1)

        assertEq(try await c.walletAddressBalance(walletName: w1, address: legacy.address).confirmed.ltc, Decimal(string: "2.5")); op("walletAddressBalance")
        await expectError("not_found", "walletAddressBalance foreign") { try await c.walletAddressBalance(walletName: w1, address: foreign) }

        assertEq(try await c.addressBalance(address: legacy.address).confirmed.litoshis, 250_000_000); op("addressBalance")
        assertEq(try await c.addressBalance(address: legacy2.address).confirmed.litoshis, 0)
        await expectError("validation", "addressBalance invalid") { try await c.addressBalance(address: "not-an-address") }

        assertEq(try await c.addressDetails(walletName: w1, address: legacy.address).isMine, true); op("addressDetails")
        await expectError("validation", "addressDetails invalid") { try await c.addressDetails(walletName: w1, address: "not-an-address") }

        assertTrue(try await c.walletAddresses(walletName: w1).addresses.contains { $0.address == legacy.address }); op("walletAddresses")
        await expectError("not_found", "walletAddresses missing") { try await c.walletAddresses(walletName: missing) }

        assertEq(try await c.walletTransactions(walletName: w1, options: WalletTransactionsOptions(skip: 0, count: 1)).items.count, 1); op("walletTransactions")
        await expectError("not_found", "walletTransactions missing") { try await c.walletTransactions(walletName: missing) }

        assertFalse(try await c.walletAddressTransactions(walletName: w1, address: legacy.address).items.isEmpty); op("walletAddressTransactions")
        await expectError("not_found", "walletAddressTransactions foreign") { try await c.walletAddressTransactions(walletName: w1, address: foreign) }

        let at = try await c.addressTransaction(address: legacy.address, options: AddressTransactionOptions(take: 10)); op("addressTransaction")
        XCTAssertEqual(at.items.first?.received, try ltc("2.5"))
        await expectError("validation", "addressTransaction invalid") { try await c.addressTransaction(address: "not-an-address") }

        let sig = try await c.signWalletMessage(walletName: w1, address: legacy.address, message: msg); op("signWalletMessage")
        await expectError("rejected", "signWalletMessage bech32") { try await c.signWalletMessage(walletName: w1, address: bech.address, message: msg) }

        assertTrue(try await c.verifyMessage(address: legacy.address, message: msg, signature: sig.signature).valid); op("verifyMessage")
        assertFalse(try await c.verifyMessage(address: legacy.address, message: "another message", signature: sig.signature).valid)
        await expectError("rejected", "verifyMessage bech32") { try await c.verifyMessage(address: bech.address, message: msg, signature: sig.signature) }

        let pk = try await c.addressPrivateKey(walletName: w1, address: legacy.address); op("addressPrivateKey")
        XCTAssertFalse(pk.privateKey.isEmpty())
        XCTAssertEqual("\(pk.privateKey)", "[REDACTED]")
        XCTAssertFalse("\(pk)".contains(pk.privateKey.reveal()))
        XCTAssertTrue(pk.rawJson.contains("\"privateKey\":\"[REDACTED]\""))
        await expectError("validation", "addressPrivateKey foreign") { try await c.addressPrivateKey(walletName: w1, address: foreign) }

        assertEq(try await c.signMessage(message: msg, privateKey: pk.privateKey).signature, sig.signature); op("signMessage")
        await expectError("validation", "signMessage bad key") { try await c.signMessage(message: msg, privateKey: Secret(value: "cNotAKey")) }

        let otp = try await c.getBlockchainOtp(signature: sig.signature); op("getBlockchainOtp")
        XCTAssertEqual(otp.code.reveal().count, 6)
        await expectError("validation", "getBlockchainOtp bad signature") { try await c.getBlockchainOtp(signature: "bm90IGEgc2lnbmF0dXJl") }
        assertTrue(try await c.verifyOtp(signature: sig.signature, code: otp.code).valid); op("verifyOtp")
        await expectError("validation", "verifyOtp bad code") { try await c.verifyOtp(signature: sig.signature, code: Secret(value: "12")) }

        let raw = try await c.createRawTransaction(walletName: w1, senderAddress: legacy.address, recipientAddress: foreign, amount: try ltc("0.5")); op("createRawTransaction")
        await expectError("insufficient_funds", "createRawTransaction too much") {
            try await c.createRawTransaction(walletName: w1, senderAddress: legacy.address, recipientAddress: foreign, amount: try self.ltc("1000"))
        }
        let signed = try await c.signTransaction(walletName: w1, txHex: raw.hex, privateKey: pk.privateKey); op("signTransaction")
        XCTAssertEqual(signed.complete, true)
        await expectError("validation", "signTransaction bad hex") { try await c.signTransaction(walletName: w1, txHex: "00", privateKey: pk.privateKey) }
        let sent = try await c.broadcastTransaction(signedTxHex: signed.hex); op("broadcastTransaction")
        XCTAssertEqual(sent.txid, signed.txid)
        await expectError("rejected", "broadcast unsigned") { try await c.broadcastTransaction(signedTxHex: raw.hex) }

        assertEq(try await c.transactionDetails(txid: sent.txid).txid, sent.txid); op("transactionDetails")
        let zeros = String(repeating: "0", count: 64)
        await expectError("not_found", "transactionDetails unknown") { try await c.transactionDetails(txid: zeros) }

        try await Sandbox.mine(1)
        let change = UInt32(raw.changePosition!)
        assertEq(try await c.getUtxoDetails(txid: sent.txid, vout: change).address, legacy.address); op("getUtxoDetails")
        await expectError("not_found", "getUtxoDetails unknown vout") { try await c.getUtxoDetails(txid: sent.txid, vout: 99) }

        assertFalse(try await c.createRawTransactionV2(senderAddress: legacy.address, recipientAddress: foreign, amount: try ltc("0.1"), utxos: [sent.txid], vouts: [change]).hex.isEmpty); op("createRawTransactionV2")
        await expectError("validation", "createRawTransactionV2 lengths") {
            try await c.createRawTransactionV2(senderAddress: legacy.address, recipientAddress: foreign, amount: try self.ltc("0.1"), utxos: [sent.txid], vouts: [change, 0])
        }

        assertGE(try await c.createRawTransactionV3(walletName: w1, senderAddress: legacy.address, recipientAddress: foreign, amount: try ltc("0.1"), serviceFeeAddress: legacy2.address, serviceFeeAmount: try ltc("0.01")).outputs.count, 2); op("createRawTransactionV3")
        await expectError("validation", "createRawTransactionV3 duplicate address") {
            try await c.createRawTransactionV3(walletName: w1, senderAddress: legacy.address, recipientAddress: foreign, amount: try self.ltc("0.1"), serviceFeeAddress: foreign, serviceFeeAmount: try self.ltc("0.01"))
        }

        let tip = try await c.blockchainInfo().blocks!
        assertEq(try await c.blockStat(blockHeight: String(tip)).height, tip); op("blockStat")
        await expectError("not_found", "blockStat genesis") { try await c.blockStat(blockHeight: "0") }
        let header = try await c.blockHeader(blockHeight: String(tip)); op("blockHeader")
        await expectError("not_found", "blockHeader beyond tip") { try await c.blockHeader(blockHeight: "99999999") }
        assertFalse(try await c.blockTransaction(blockHash: header.hash!).transactions.isEmpty); op("blockTransaction")
        await expectError("not_found", "blockTransaction unknown") { try await c.blockTransaction(blockHash: zeros) }

        assertEq(try await c.sendFundsFromWallet(walletName: w1, recipientAddress: foreign, amount: try ltc("0.1"), options: SendFundsFromWalletOptions(description: "e2e")).txid.count, 64); op("sendFundsFromWallet")
        await expectError("insufficient_funds", "sendFundsFromWallet too much") {
            try await c.sendFundsFromWallet(walletName: w1, recipientAddress: foreign, amount: try self.ltc("100000"))
        }

        assertFalse(try await c.createMultisigAddress(walletName: w1, addresses: [legacy.address, legacy2.address], nRequired: 2, addressType: .legacy).address.isEmpty); op("createMultisigAddress")
        await expectError("validation", "createMultisigAddress n > keys") {
            try await c.createMultisigAddress(walletName: w1, addresses: [legacy.address, legacy2.address], nRequired: 3, addressType: .legacy)
        }

        let pp = Secret(value: "pp-" + Sandbox.unique("x"))
        assertEq(try await c.encryptWallet(walletName: w1, passphrase: pp).encrypted, true); op("encryptWallet")
        await expectError("conflict", "encryptWallet twice") { try await c.encryptWallet(walletName: w1, passphrase: pp) }
        let pp2 = Secret(value: "pp2-" + Sandbox.unique("y"))
        _ = try await c.changePassphrase(walletName: w1, oldPassphrase: pp, newPassphrase: pp2); op("changePassphrase")
        await expectError("wallet_locked", "changePassphrase wrong old") { try await c.changePassphrase(walletName: w1, oldPassphrase: pp, newPassphrase: pp2) }
        await expectError("wallet_locked", "createAddress locked") { try await c.createAddress(walletName: w1, options: CreateAddressOptions(addressType: .legacy)) }
        _ = try await c.createAddress(walletName: w1, options: CreateAddressOptions(passphrase: pp2))

        assertNotNil(try await c.setWalletMnemonics(walletName: w1, mnemonics: Secret(value: abandon), options: SetWalletMnemonicsOptions(passphrase: pp2)).hdSeedId); op("setWalletMnemonics")
        await expectError("conflict", "setWalletMnemonics same phrase") {
            try await c.setWalletMnemonics(walletName: w1, mnemonics: Secret(value: self.abandon), options: SetWalletMnemonicsOptions(passphrase: pp2))
        }

        let w2 = Sandbox.unique("enc")
        let cw2 = try await c.createEncryptedWallet(walletName: w2); op("createEncryptedWallet")
        XCTAssertFalse(cw2.passphrase.isEmpty())
        XCTAssertFalse("\(cw2)".contains(cw2.passphrase.reveal()))
        await expectError("conflict", "createEncryptedWallet twice") { try await c.createEncryptedWallet(walletName: w2) }

        let w3 = Sandbox.unique("imp")
        let cw3 = try await c.createImportableWallet(walletName: w3); op("createImportableWallet")
        XCTAssertEqual(cw3.mnemonics.reveal().split(separator: " ").count, 12)
        await expectError("conflict", "createImportableWallet twice") { try await c.createImportableWallet(walletName: w3) }
        let w3Official = try await c.officialAddress(walletName: w3).address

        let w4 = Sandbox.unique("impenc")
        let cw4 = try await c.createImportableEncryptedWallet(walletName: w4); op("createImportableEncryptedWallet")
        XCTAssertFalse(cw4.mnemonics.isEmpty() || cw4.passphrase.isEmpty())
        await expectError("conflict", "createImportableEncryptedWallet twice") { try await c.createImportableEncryptedWallet(walletName: w4) }

        assertEq(try await c.importWallet(walletName: Sandbox.unique("import"), mnemonics: cw3.mnemonics).officialAddress, w3Official); op("importWallet")
        await expectError("validation", "importWallet bad phrase") { try await c.importWallet(walletName: Sandbox.unique("bad"), mnemonics: Secret(value: "abandon abandon")) }

        assertEq(try await c.walletDefaultAddress(mnemonics: cw3.mnemonics, options: WalletDefaultAddressOptions(addressType: .bech32)).address, w3Official); op("walletDefaultAddress")
        await expectError("rejected", "walletDefaultAddress mweb") { try await c.walletDefaultAddress(mnemonics: cw3.mnemonics, options: WalletDefaultAddressOptions(addressType: .mweb)) }
        assertEq(try await c.walletDefaultAddressV2(mnemonics: Secret(value: abandon), options: WalletDefaultAddressOptions(addressType: .legacy)).address, "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV"); op("walletDefaultAddressV2")
        await expectError("validation", "walletDefaultAddressV2 bad phrase") { try await c.walletDefaultAddressV2(mnemonics: Secret(value: "abandon abandon")) }

        assertFalse(try await c.addressPrivateKeyV2(walletName: w3, address: w3Official, mnemonics: cw3.mnemonics).privateKey.isEmpty()); op("addressPrivateKeyV2")
        await expectError("wallet_locked", "addressPrivateKeyV2 other phrase") { try await c.addressPrivateKeyV2(walletName: w3, address: w3Official, mnemonics: cw4.mnemonics) }

        assertEq(try await c.screenAddress(walletName: w3, address: foreign, mnemonics: cw3.mnemonics).isValid, true); op("screenAddress")
        await expectError("wallet_locked", "screenAddress other phrase") { try await c.screenAddress(walletName: w3, address: foreign, mnemonics: cw4.mnemonics) }

        assertEq(try await c.generateDefaultAddress(walletName: w3, options: GenerateDefaultAddressOptions(addressType: .p2shSegwit)).addressType, "p2sh-segwit"); op("generateDefaultAddress")
        await expectError("rejected", "generateDefaultAddress mweb") { try await c.generateDefaultAddress(walletName: w3, options: GenerateDefaultAddressOptions(addressType: .mweb)) }

        let e = await expectError("invalid_input", "empty wallet name") { try await c.walletBalance(walletName: "") }
        XCTAssertEqual(e?.localizedDescription, "invalid input `wallet_name`: it is required and must not be empty")

        XCTAssertEqual(Set(operationNames()), called)
    }
}
