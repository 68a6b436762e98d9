import XCTest
@testable import WalletSDK

/// Results as a Swift user holds them: `rawJson` kept with secrets redacted, secret fields as
/// `Secret` objects that print redacted (also inside the record's description), amounts as exact
/// `Decimal`s. What every operation answers is the shared scenarios' (tests/scenarios).
final class ResultsTests: XCTestCase {
    func testResultsKeepRawJsonAndPrintSecretsRedacted() async throws {
        let c = try Sandbox.client()
        assertTrue(try await c.blockchainInfo().rawJson.hasPrefix("{"))

        let w = Sandbox.unique("results")
        let wallet = try await c.createEncryptedWallet(walletName: w)
        let passphrase = wallet.passphrase.reveal()
        XCTAssertFalse(wallet.passphrase.isEmpty())
        XCTAssertEqual("\(wallet.passphrase)", "[REDACTED]")
        XCTAssertFalse("\(wallet)".contains(passphrase))
        XCTAssertFalse(String(reflecting: wallet).contains(passphrase))
        XCTAssertFalse(wallet.rawJson.contains(passphrase))

        let address = try await c.createAddress(walletName: w, options: CreateAddressOptions(addressType: .legacy, passphrase: wallet.passphrase)).address
        let pk = try await c.addressPrivateKey(walletName: w, address: address, options: AddressPrivateKeyOptions(passphrase: wallet.passphrase))
        XCTAssertEqual("\(pk.privateKey)", "[REDACTED]")
        XCTAssertFalse("\(pk)".contains(pk.privateKey.reveal()))
        XCTAssertTrue(pk.rawJson.contains("\"privateKey\":\"[REDACTED]\""), pk.rawJson)

        let balance = try await c.addressBalance(address: address)
        XCTAssertEqual(balance.confirmed.litoshis, 0)
        XCTAssertEqual(balance.unconfirmed.ltc, Decimal(0))
    }
}
