import XCTest
@testable import WalletSDK

/// Error mapping in both compat modes; `localizedDescription` is the SDK's message.
final class ErrorsTests: XCTestCase {
    func testDefaultModeErrorsCarryMessageStatusAndCode() async throws {
        let c = try Sandbox.client()
        let missing = Sandbox.unique("missing")
        let e = try must(await expectError("not_found", "walletBalance missing") { try await c.walletBalance(walletName: missing) })
        guard case .NotFound(let message, let status, let code, _, _, _, let operation, let retryable, let rawBody) = e else {
            return XCTFail("expected .NotFound, got \(e)")
        }
        XCTAssertEqual(status, 404)
        XCTAssertEqual(code, "wallet_not_found")
        XCTAssertEqual(operation, "wallet_balance")
        XCTAssertFalse(retryable)
        XCTAssertNil(rawBody, "a readable answer keeps no raw body")
        XCTAssertEqual(e.status, 404)
        XCTAssertEqual(e.serviceCode, "wallet_not_found")
        XCTAssertTrue(message.hasPrefix("wallet_balance failed: not found (HTTP 404, code `wallet_not_found`"), message)
        // what a Swift user actually sees
        XCTAssertEqual(e.localizedDescription, message)
        XCTAssertEqual((e as Error).localizedDescription, message)

        let expired = try await Sandbox.mintKey(ttlSeconds: -5, compat: "default")
        let ce = try must(await expectError("credential_expired", "expired key") { try await Sandbox.client(key: expired).blockchainInfo() })
        XCTAssertEqual(ce.status, 401)
        XCTAssertEqual(ce.field, "nodeUrlOrApiAccessKey")
        XCTAssertFalse(ce.localizedDescription.contains(expired))

        var parts = Sandbox.apiKey.split(separator: ".").map(String.init)
        parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ"
        let forged = parts.joined(separator: ".")
        let cr = try must(await expectError("credential_rejected", "forged key") { try await Sandbox.client(key: forged).walletBalance(walletName: "sw_whatever") })
        XCTAssertFalse(cr.localizedDescription.contains(forged))

        let rotating = try Sandbox.client(key: try await Sandbox.mintKey(ttlSeconds: -3600, compat: "default"))
        let local = try must(await expectError("credential_expired", "long expired") { try await rotating.blockchainInfo() })
        XCTAssertTrue(local.message.hasSuffix("nothing was sent"), local.message)
        try rotating.setCredential(credential: Secret(value: Sandbox.apiKey))
        _ = try await rotating.blockchainInfo()
    }

    func testCompatRealErrors() async throws {
        let c = try Sandbox.client(key: Sandbox.compatRealKey)
        _ = try await c.blockchainInfo()
        let missing = Sandbox.unique("cr_missing")
        let calls: [(String, () async throws -> Any)] = [
            ("wallet_balance", { try await c.walletBalance(walletName: missing) }),
            ("wallet_details", { try await c.walletDetails(walletName: missing) }),
            ("address_balance", { try await c.addressBalance(address: "not-an-address") }),
            ("official_address", { try await c.officialAddress(walletName: missing) }),
        ]
        for (name, call) in calls {
            let e = try must(await expectError("service_error", name) { try await call() })
            XCTAssertEqual(e.status, 200)
            XCTAssertNil(e.serviceCode)
            XCTAssertTrue(e.localizedDescription.hasPrefix("\(name) failed: the service reported an error (HTTP 200): "), e.localizedDescription)
        }
        let expired = try await Sandbox.mintKey(ttlSeconds: -5, compat: "real")
        let e = try must(await expectError("credential_rejected", "expired compat key") { try await Sandbox.client(key: expired).blockchainInfo() })
        XCTAssertEqual(e.status, 404)
        XCTAssertTrue(e.localizedDescription.contains("the service answered 404 with an empty body, which is how it answers a rejected or expired API key"), e.localizedDescription)
        XCTAssertFalse(e.localizedDescription.contains(expired))
    }

    func testConfigurationErrors() async throws {
        do {
            _ = try WalletClient(config: WalletClientConfig(baseUrl: "http://wallet.example.com", credential: Secret(value: Sandbox.apiKey)))
            XCTFail("expected InsecureTransport")
        } catch let e as WalletError {
            XCTAssertEqual(e.kind, "insecure_transport")
            XCTAssertEqual(e.localizedDescription, "refusing plain http to `wallet.example.com`: the credential would travel unencrypted; use https, or call allow_insecure_http(true) if you accept that")
        }
        do {
            _ = try Amount(ltc: "0.123456789")
            XCTFail("expected InvalidInput")
        } catch let e as WalletError {
            XCTAssertEqual(e.localizedDescription, "invalid input `amount`: `0.123456789` is not a valid LTC amount: more than 8 decimals")
        }
    }

    func testRustPanicsBecomeErrors() async throws {
        let e = try must(await expectError("internal", "async panic") { try await selfTestPanic(message: "boom") })
        XCTAssertEqual(e.localizedDescription, "internal error: a Rust panic was caught at the FFI boundary: self-test panic: boom")
        await expectError("internal", "sync panic") { try selfTestPanicSync(message: "boom") }
        try await selfTestPanic(message: "")
    }
}
