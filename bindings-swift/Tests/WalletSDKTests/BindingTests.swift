import Foundation
import XCTest
@testable import WalletSDK

/// The binding's own surface: every operation exposed, amounts, secrets.
final class BindingTests: XCTestCase {
    func testEveryOperationOfTheCoreTableIsAnAsyncMethod() throws {
        let names = operationNames()
        XCTAssertEqual(names.count, 43)
        // The generated source is checked by name (Swift has no method reflection).
        let path = ProcessInfo.processInfo.environment["WALLET_SDK_SWIFT_GENERATED"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/WalletSDK/Generated/WalletSDK.swift").path
        let src = try String(contentsOfFile: path, encoding: .utf8)
        let missing = names.filter { name in
            src.range(of: "open func \(name)\\([^)]*\\)\\s*async throws", options: .regularExpression) == nil
        }
        XCTAssertEqual(missing, [], "not exposed as async throws")
    }

    func testAmountsAreExact() throws {
        XCTAssertEqual(try Amount(ltc: Decimal(string: "1.5")!).litoshis, 150_000_000)
        XCTAssertEqual(Amount(litoshis: 150_000_000).ltc, Decimal(string: "1.5"))
        XCTAssertEqual(Amount(litoshis: -1640).ltc, Decimal(string: "-0.0000164"))
        XCTAssertEqual(Amount(litoshis: 150_000_000).ltcString, "1.50000000")
        XCTAssertEqual(try Amount(ltc: "0.00005460").litoshis, 5460)
        XCTAssertThrowsError(try Amount(ltc: Decimal(0)))
        XCTAssertThrowsError(try Amount(ltc: "-1"))
    }

    func testSecretsAreRedacted() {
        let s = Secret(value: "hunter2-passphrase")
        XCTAssertEqual("\(s)", "[REDACTED]")
        XCTAssertEqual(s.reveal(), "hunter2-passphrase")
        let opts = CreateAddressOptions(passphrase: s)
        XCTAssertFalse("\(opts)".contains("hunter2"))
        XCTAssertFalse(String(reflecting: opts).contains("hunter2"))
    }
}
