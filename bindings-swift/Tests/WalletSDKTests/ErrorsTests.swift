import XCTest
@testable import WalletSDK

/// Error mapping in both compat modes; `localizedDescription` is the SDK's message.
final class ErrorsTests: XCTestCase {
    func testDefaultModeErrorsCarryMessageStatusAndCode() async throws {
        let c = try Sandbox.client()
        let missing = Sandbox.unique("missing")
        let e = try must(await expectError("not_found", "walletBalance missing") { try await c.walletBalance(walletName: missing) })
        guard case .NotFound(let message, let status, let code, _, _, _, _, let operation, _, _, _, let retryable, let rawBody, _) = e else {
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
        // fixed text: the panic's own goes to the debug log, scrubbed
        XCTAssertEqual(e.localizedDescription, "internal error in wallet-sdk (a bug, please report it; the panic is in the debug log of `wallet_sdk::panic`)")
        await expectError("internal", "sync panic") { try selfTestPanicSync(message: "boom") }
        try await selfTestPanic(message: "")
    }

    /// A typed accessor per core field (this does not compile when one is missing), and the
    /// names are the core's.
    func testAnAccessorPerCoreField() throws {
        guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { throw XCTSkip("retryAfter is a Duration: iOS 16 / macOS 13") }
        let e = WalletError.Timeout(message: "m", status: 504, serviceCode: "c", serviceMessage: "s", requestId: "r",
                                    field: "f", retryAfterMs: 1500, operation: "o", nodeCode: -1, nodeMessage: "n",
                                    attempts: 3, retryable: true, rawBody: "b", outcomeToken: "t")
        let accessors: [String: Any?] = [
            "kind": e.kind, "message": e.message, "status": e.status, "service_code": e.serviceCode,
            "service_message": e.serviceMessage, "request_id": e.requestId, "field": e.field,
            "retry_after": e.retryAfter, "operation": e.operation, "node_code": e.nodeCode,
            "node_message": e.nodeMessage, "attempts": e.attempts, "retryable": e.isRetryable, "raw_body": e.rawBody,
            "outcome_token": e.outcomeToken,
        ]
        XCTAssertEqual(Set(accessors.keys), Set(errorFields()))
        XCTAssertEqual(e.kind, "timeout")
        XCTAssertEqual(e.retryAfter, .milliseconds(1500))
        XCTAssertEqual(e.nodeCode, -1)
        XCTAssertEqual(e.attempts, 3)
        XCTAssertEqual(e.serviceMessage, "s")
        XCTAssertEqual(e.description, "WalletError(timeout: m)")
    }

    func testNodeErrorsKeepTheServiceAndNodeFields() async throws {
        let e = try must(await expectError("validation", "broadcast of garbage") { try await Sandbox.client().broadcastTransaction(signedTxHex: "00") })
        XCTAssertEqual(e.nodeCode, -22)
        XCTAssertFalse((e.nodeMessage ?? "").isEmpty)
        XCTAssertFalse((e.serviceMessage ?? "").isEmpty)
        XCTAssertEqual(e.attempts, 1)
        XCTAssertEqual(e.operation, "broadcast_transaction")
        if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) { XCTAssertNil(e.retryAfter) }
    }
}
