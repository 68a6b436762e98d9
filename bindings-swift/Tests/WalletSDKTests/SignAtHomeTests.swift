import XCTest
@testable import WalletSDK

/// Signing at home from Swift against the sandbox's node (the rules are the core's, proved there
/// on the node): a local signature is the service's byte for byte, a build that pays a litoshi
/// more is refused, a PSBT signed and finalized here completes, and `sendSignedLocally` pays.
final class SignAtHomeTests: XCTestCase {
    let phrase = try! generateMnemonic(wordCount: 12)

    func key(_ path: String, _ type: KeyAddressType) throws -> DerivedKey {
        try deriveKey(mnemonic: phrase, path: path, addressType: type, network: .regtest)
    }

    /// The output of `txid` paying `address`, read from the chain.
    func prevout(_ c: WalletClient, _ txid: String, _ address: String) async throws -> Prevout {
        for vout in Int32(0)...1 {
            let utxo = try await c.getUtxoDetails(txid: txid, vout: vout)
            if utxo.address == address {
                return Prevout(txid: txid, vout: vout, amount: utxo.value!, scriptPubkey: utxo.scriptPubKeyHex!, redeemScript: nil)
            }
        }
        throw XCTSkip("unreachable: \(txid) pays nothing to \(address)")
    }

    func testALocalSignatureIsTheServicesAndAForeignBuildIsRefused() async throws {
        let c = try Sandbox.client()
        let wallet = "sw_home_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await c.createWallet(walletName: wallet)
        let sender = try key("m/84'/1'/0'/0/0", .p2wpkh)
        let recipient = try key("m/84'/1'/0'/0/1", .p2wpkh).address
        let funding = try await Sandbox.fund(sender.address, 0.75)
        let spent = try await prevout(c, funding, sender.address)
        let raw = try await c.createRawTransactionV2(senderAddress: sender.address, recipientAddress: recipient,
                                                     amount: try Amount(ltc: "0.25"), utxos: [funding], vouts: [spent.vout])
        let local = try signTransactionLocally(unsignedHex: raw.hex, keys: [sender.privateKey], prevouts: [spent])
        let service = try await c.signTransaction(walletName: wallet, txHex: raw.hex, privateKey: sender.privateKey)
        XCTAssertEqual(local.hex, service.hex)
        XCTAssertEqual(local.complete, true)
        let prevouts = try await c.prevoutsFor(unsignedHex: raw.hex)
        XCTAssertEqual(prevouts, [spent])

        let intent = TransactionIntent(senderAddress: sender.address, recipients: [Recipient(address: recipient, amount: try Amount(ltc: "0.25"))])
        let review = try await c.reviewTransaction(unsignedHex: raw.hex, intent: intent)
        XCTAssertEqual(review.fee, raw.fee)
        XCTAssertEqual(review.outputs[0].role, .recipient)
        var more = intent
        more.recipients = [Recipient(address: recipient, amount: try Amount(ltc: "0.25000001"))]
        let mismatch = await expectError("transaction_mismatch", "a litoshi more") { try await c.reviewTransaction(unsignedHex: raw.hex, intent: more) }
        XCTAssertNotNil(mismatch)

        let psbt = try signPsbt(psbt: try psbtFromTransaction(unsignedHex: raw.hex, prevouts: [spent]), keys: [sender.privateKey])
        let finalized = try finalizePsbt(psbt: psbt)
        XCTAssertEqual(finalized.hex, local.hex)
        let sent = try await c.broadcastTransaction(signedTxHex: finalized.hex)
        XCTAssertEqual(sent.txid, local.txid)
        let rate = try await c.estimateFeeRate()
        XCTAssertGreaterThanOrEqual(rate.litoshisPerVbyte, 10)
    }

    func testSendSignedLocallyPaysInBothBuildsAndNoRequestCarriesTheKey() async throws {
        // a key of its own, so that every request of the flow can be read back from the sandbox
        let apiKey = try await Sandbox.mintKey(ttlSeconds: 3600 + Int.random(in: 0...50_000), compat: "default")
        let c = try Sandbox.client(key: apiKey)
        var wifs: [String] = []
        let recipient = try key("m/84'/1'/0'/0/9", .p2wpkh).address
        for (build, path, type) in [(BuildMode.service, "m/84'/1'/0'/0/5", KeyAddressType.p2wpkh), (.local, "m/49'/1'/0'/0/5", .p2shP2wpkh)] {
            let sender = try key(path, type)
            _ = try await Sandbox.fund(sender.address, 0.5)
            let sent = try await c.sendSignedLocally(senderAddress: sender.address, recipientAddress: recipient, amount: try Amount(ltc: "0.2"),
                                                     keys: [sender.privateKey], options: SendLocallyOptions(build: build))
            XCTAssertEqual(sent.review.outputs[0].amount, try Amount(ltc: "0.2"))
            let again = try await c.broadcastTransaction(signedTxHex: sent.hex)
            XCTAssertEqual(again.txid, sent.txid)
            wifs.append(sender.privateKey.reveal())
        }
        let seen = try await Sandbox.post("/sandbox/requests", ["apiKey": apiKey])["requests"] as? [String] ?? []
        XCTAssertTrue(seen.contains { $0.contains("/api/Transactions/broadcast-transaction") }, "the flow's requests were recorded")
        for request in seen {
            for wif in wifs { XCTAssertFalse(request.contains(wif), "a request carried the key") }
            XCTAssertFalse(request.contains(phrase.reveal()), "a request carried the phrase")
        }
    }

    func testKeysFromAPhraseAreTheDerivedKeysAndAServiceFeeIsPaidExactly() async throws {
        let paths = ["m/84'/1'/0'/0/0", "m/49'/1'/0'/0/3"]
        let keys = try keysFromPhrase(mnemonic: phrase, paths: paths, network: .regtest)
        XCTAssertEqual(try paths.map { try key($0, .p2wpkh).privateKey.reveal() }, keys.map { $0.reveal() })
        await expectError("invalid_input", "a bad path") { try keysFromPhrase(mnemonic: phrase, paths: ["84/0"], network: .regtest) }

        let c = try Sandbox.client()
        let wallet = "sw_home_fee_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await c.createWallet(walletName: wallet)
        let sender = try await c.createAddress(walletName: wallet, options: CreateAddressOptions(addressType: .bech32)).address
        let wif = try await c.addressPrivateKey(walletName: wallet, address: sender).privateKey
        let recipient = try key("m/84'/1'/0'/0/20", .p2wpkh).address
        let platform = try key("m/84'/1'/0'/0/21", .p2wpkh).address
        _ = try await Sandbox.fund(sender, 1)
        let fee = Recipient(address: platform, amount: try Amount(ltc: "0.015"))
        for options in [SendLocallyOptions(walletName: wallet, serviceFee: fee), SendLocallyOptions(build: .local, serviceFee: fee)] {
            let sent = try await c.sendSignedLocally(senderAddress: sender, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), keys: [wif], options: options)
            let fees = sent.review.outputs.filter { $0.role == .serviceFee }
            XCTAssertEqual(fees.map(\.address), [platform])
            XCTAssertEqual(fees.map(\.amount), [fee.amount])
            try await Sandbox.mine(1) // a wallet builds from confirmed coins only
        }
        let refused = await expectError("invalid_input", "a service fee without a wallet") {
            try await c.sendSignedLocally(senderAddress: sender, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), keys: [wif],
                                          options: SendLocallyOptions(serviceFee: fee))
        }
        XCTAssertEqual(refused?.info.field, "wallet_name")
    }
}
