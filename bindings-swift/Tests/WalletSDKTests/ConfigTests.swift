import XCTest
@testable import WalletSDK

/// Client configuration that changes what is sent, checked against the sandbox.
final class ConfigTests: XCTestCase {
    /// The integer codes of address types are the service's convention, not fixed; mapping legacy to 2 makes the sandbox
    /// create a bech32 address for a legacy request.
    func testAddressTypeCodesAreConfigurable() async throws {
        let remapped = try WalletClient(config: WalletClientConfig(
            baseUrl: Sandbox.baseUrl, credential: Secret(value: Sandbox.apiKey),
            addressTypeCodes: AddressTypeCodes(legacy: 2, p2shSegwit: 1, bech32: 2, mweb: 3)))
        let w = Sandbox.unique("codes")
        _ = try await remapped.createWallet(walletName: w)
        let made = try await remapped.createAddress(walletName: w, options: CreateAddressOptions(addressType: .legacy))
        XCTAssertTrue(made.address.hasPrefix("rltc1q"), made.address)
        let plain = try await Sandbox.client().createAddress(walletName: w, options: CreateAddressOptions(addressType: .legacy))
        XCTAssertTrue(plain.address.hasPrefix("m") || plain.address.hasPrefix("n"), plain.address)
    }

    /// Counts and durations are signed (`Int64`/`Int32`, as in Kotlin); a negative one is
    /// `InvalidInput` naming the field, before anything is sent.
    func testANegativeCountOrDurationIsNamed() async throws {
        let e = await expectError("invalid_input", "negative timeout") {
            try WalletClient(config: WalletClientConfig(baseUrl: Sandbox.baseUrl, credential: Secret(value: Sandbox.apiKey), timeoutMs: -1))
        }
        XCTAssertEqual(e?.field, "timeout_ms")
        let c = try Sandbox.client()
        let v = await expectError("invalid_input", "negative vout") { try await c.getUtxoDetails(txid: String(repeating: "00", count: 32), vout: -1) }
        XCTAssertEqual(v?.field, "vout")
        XCTAssertEqual(v?.attempts, 0)
        let a = await expectError("invalid_input", "negative attempts") { try c.withMaxAttempts(maxAttempts: -2) }
        XCTAssertEqual(a?.field, "max_attempts")
        // no attempt at all is refused as the constructor refuses it, never turned into one
        let none = await expectError("invalid_input", "no attempt") { try c.withMaxAttempts(maxAttempts: 0) }
        XCTAssertEqual(none?.field, "max_attempts")
    }
}
