import Foundation
import XCTest
@testable import WalletSDK

/// Payment URIs, QR codes and `parseInput` from Swift (the rules are the core's, tested there by
/// table): the Swift types, the errors, and no secret in any description.
final class PaymentsTests: XCTestCase {
    let p2wpkh = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"
    let wif = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE"
    let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    func invalidField(_ call: () throws -> Void) -> String? {
        do {
            try call()
            XCTFail("expected InvalidInput")
        } catch let e as WalletError {
            guard case .InvalidInput = e else { XCTFail("expected InvalidInput, got \(e)"); return nil }
            return e.field
        } catch {
            XCTFail("unexpected \(error)")
        }
        return nil
    }

    func testBuildAndParseRoundTrip() throws {
        let uri = try buildPaymentUri(
            address: p2wpkh, network: .mainnet, amount: try Amount(ltc: "20.3"), label: "Luke-Jr", message: "Café & co",
            extras: [PaymentUriParameter(key: "shop", value: "a b")])
        XCTAssertEqual(uri, "litecoin:\(p2wpkh)?amount=20.3&label=Luke-Jr&message=Caf%C3%A9%20%26%20co&shop=a%20b")
        let request = try parsePaymentUri(uri: uri, network: .mainnet)
        XCTAssertEqual(request.address, p2wpkh)
        XCTAssertEqual(request.amount, try Amount(ltc: "20.3"))
        XCTAssertEqual(request.message, "Café & co")
        XCTAssertEqual(request.extras, [PaymentUriParameter(key: "shop", value: "a b")])
        XCTAssertEqual(
            try buildPaymentUri(address: request.address, network: request.network, amount: request.amount, label: request.label,
                                message: request.message, extras: request.extras), uri)
        XCTAssertNil(try parsePaymentUri(uri: "LITECOIN:" + p2wpkh.uppercased(), network: .mainnet).amount)
    }

    func testBadUrisNameTheField() {
        XCTAssertEqual(invalidField { _ = try parsePaymentUri(uri: "litecoin:\(p2wpkh)?amount=1e-3", network: .mainnet) }, "amount")
        XCTAssertEqual(invalidField { _ = try parsePaymentUri(uri: "litecoin:\(p2wpkh)?label=a&label=b", network: .mainnet) }, "label")
        XCTAssertEqual(invalidField { _ = try parsePaymentUri(uri: "litecoin:\(p2wpkh)?req-new=1", network: .mainnet) }, "uri")
        XCTAssertEqual(invalidField { _ = try parsePaymentUri(uri: "litecoin:\(p2wpkh)", network: .testnet) }, "address")
    }

    func testQrCodes() throws {
        let png = try paymentQr(text: "litecoin:\(p2wpkh)?amount=0.5", format: .png, errorCorrection: .h, moduleSize: 4)
        XCTAssertEqual(Array(png.data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(png.encodedText, "LITECOIN:\(p2wpkh.uppercased())?amount=0.5")
        XCTAssertEqual(png.width, (png.modules + 8) * 4)
        let svg = try paymentQr(text: p2wpkh, format: .svg)
        XCTAssertTrue(svg.text?.hasPrefix("<?xml") ?? false)
        XCTAssertEqual(invalidField { _ = try paymentQr(text: String(repeating: "x", count: 8000), format: .png) }, "text")
    }

    func testParseInputTellsWhatATextIs() {
        let uri = parseInput(text: "  litecoin:\(p2wpkh)?amount=1\n", network: .mainnet)
        XCTAssertEqual(uri.kind, .paymentUri)
        XCTAssertEqual(uri.paymentRequest?.amount, try? Amount(ltc: "1"))
        XCTAssertEqual(parseInput(text: p2wpkh, network: .mainnet).kind, .address)
        for (text, kind) in [(wif, InputKind.wif), (phrase, InputKind.mnemonic)] {
            let found = parseInput(text: text, network: .mainnet)
            XCTAssertEqual(found.kind, kind)
            XCTAssertTrue(found.isSecret)
            let shown = "\(found)"
            XCTAssertFalse(shown.contains(String(wif.prefix(12))) || shown.contains("abandon"), shown)
        }
        XCTAssertEqual(parseInput(text: phrase, network: .mainnet).mnemonicValid, true)
        XCTAssertEqual(parseInput(text: String(repeating: "\u{0}", count: 100), network: .mainnet).kind, .unknown)
    }
}
