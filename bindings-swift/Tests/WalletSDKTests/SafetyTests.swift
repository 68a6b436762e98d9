import Foundation
import XCTest
@testable import WalletSDK

/// Abandoned calls the listener was told about (the listener runs on a background thread).
final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [AbandonedCallInfo] = []

    func add(_ call: AbandonedCallInfo) {
        lock.lock(); defer { lock.unlock() }
        calls.append(call)
    }

    var count: Int {
        lock.lock(); defer { lock.unlock() }
        return calls.count
    }

    private func take() -> AbandonedCallInfo? {
        lock.lock(); defer { lock.unlock() }
        return calls.isEmpty ? nil : calls.removeFirst()
    }

    /// The next call told, waiting up to 10 s.
    func next() async throws -> AbandonedCallInfo {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let call = take() { return call }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw NSError(domain: "SafetyTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "the abandoned-call listener was not told within 10 s"])
    }
}

/// A create or a send is never repeated by accident and never vanishes: a gateway's 504 after the
/// service acted, an unreadable 2xx, and a `cancellable` call cancelled while the sandbox holds
/// the request (docs/adr/0002). Each test mints its own API key and scopes its proxy
/// rules and sandbox delays to it; the client talks to the sandbox through the fault proxy,
/// whose counters prove how many requests reached the sandbox.
final class SafetyTests: XCTestCase {
    let create = "/api/Wallet/create"
    let send = "/api/Transactions/send-funds-from-wallet"

    struct Setup {
        let key: String
        /// Through the fault proxy.
        let client: WalletClient
        /// Straight to the sandbox.
        let direct: WalletClient
        let told = Told()
    }

    func setup() async throws -> Setup {
        let key = try await Sandbox.mintKey(ttlSeconds: 3600, compat: "default")
        let s = Setup(key: key, client: try Sandbox.client(key: key, url: Sandbox.proxyUrl), direct: try Sandbox.client(key: key))
        let told = s.told
        s.client.setAbandonedCallListener { told.add($0) }
        return s
    }

    /// A wallet holding 1 LTC (confirmed) and an address of another wallet to pay.
    func fundedWallet(_ s: Setup) async throws -> (String, String) {
        let payer = Sandbox.unique("payer")
        _ = try await s.direct.createWallet(walletName: payer)
        let address = try await s.direct.createAddress(walletName: payer, options: CreateAddressOptions(addressType: .legacy)).address
        try await Sandbox.fund(address, 1)
        let payee = Sandbox.unique("payee")
        _ = try await s.direct.createWallet(walletName: payee)
        return (payer, try await s.direct.createAddress(walletName: payee, options: CreateAddressOptions(addressType: .legacy)).address)
    }

    /// The create reached the sandbox exactly once and took effect (creating `w` again conflicts).
    func assertCreatedOnce(_ s: Setup, _ w: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        assertEq(try await Sandbox.proxyHits(create, key: s.key), [1, 1], file: file, line: line)
        await expectError("conflict", "createWallet again", file: file, line: line) { try await s.direct.createWallet(walletName: w) }
        assertEq(s.told.count, 0, "no (other) abandoned call", file: file, line: line)
    }

    /// The send reached the sandbox exactly once and paid `recipient` exactly once.
    func assertPaidOnce(_ s: Setup, _ payer: String, _ recipient: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        assertEq(try await Sandbox.proxyHits(send, key: s.key), [1, 1], file: file, line: line)
        let sends = try await s.direct.walletTransactions(walletName: payer, options: WalletTransactionsOptions(count: 500)).items
            .filter { $0.category == "send" && $0.address == recipient }.count
        assertEq(sends, 1, "exactly one payment", file: file, line: line)
        assertEq(s.told.count, 0, "no (other) abandoned call", file: file, line: line)
    }

    /// Starts `body` in a plain `Task` (or through `cancellable`), cancels the task after 300 ms
    /// and returns the error.
    func cancelledAfter300ms<T: Sendable>(_ client: WalletClient, viaCancellable: Bool = false, _ body: @escaping @Sendable (WalletClient) async throws -> T) async throws -> WalletError {
        let task = Task { viaCancellable ? try await client.cancellable(body) : try await body(client) }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        switch await task.result {
        case .success(let v):
            XCTFail("expected OutcomeUnknown, got success \(v)")
            throw NoErrorThrown()
        case .failure(let error):
            guard let e = error as? WalletError else {
                XCTFail("expected OutcomeUnknown, got \(error)")
                throw NoErrorThrown()
            }
            return e
        }
    }

    /// `e` says that the cancelled call may have sent its request, and carries the outcome token
    /// that resolves it (a token naming `tokenNames`).
    func assertCancelledOutcomeUnknown(_ e: WalletError, _ operation: String, tokenNames: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(e.outcomeToken?.contains(tokenNames) ?? false, "token \(String(describing: e.outcomeToken))", file: file, line: line)
        XCTAssertEqual(e.kind, "outcome_unknown", e.message, file: file, line: line)
        XCTAssertEqual(e.message, "\(operation): outcome unknown: the call was cancelled after its request may have been sent; it runs to completion in the background and its outcome goes to the abandoned-call listener — check whether it took effect before trying again", file: file, line: line)
        XCTAssertEqual(e.localizedDescription, e.message, file: file, line: line)
        XCTAssertFalse(e.isRetryable, file: file, line: line)
        XCTAssertEqual(e.operation, operation, file: file, line: line)
    }

    func assertOutcomeUnknownAfterGateway504(_ e: WalletError, _ operation: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(e.isRetryable, file: file, line: line)
        XCTAssertEqual(e.status, 504, file: file, line: line)
        XCTAssertEqual(e.operation, operation, file: file, line: line)
        XCTAssertEqual(e.message, "\(operation): outcome unknown (HTTP 504, code `server_error`): non-JSON body (content type `text/html`): <html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html> — a gateway may answer so after the service acted; it was not repeated automatically — check whether it took effect before trying again", file: file, line: line)
    }

    func testGateway504AfterForwardOnCreateWalletIsOutcomeUnknownAndSentOnce() async throws {
        let s = try await setup()
        let w = Sandbox.unique("gw504")
        try await Sandbox.proxyRule(create, "status_after_forward", key: s.key, ["status": 504])
        let e = try must(await expectError("outcome_unknown", "createWallet behind a 504") { try await s.client.createWallet(walletName: w) })
        assertOutcomeUnknownAfterGateway504(e, "create_wallet")
        try await assertCreatedOnce(s, w)
    }

    func testAKeyedSendWhoseAnswerIsLostResolvesAppliedAndIsPaidOnce() async throws {
        let s = try await setup()
        let (payer, recipient) = try await fundedWallet(s)
        try await Sandbox.proxyRule(send, "status_after_forward", key: s.key, ["status": 504])
        let options = SendFundsFromWalletOptions(idempotencyKey: "sw-inv-1")
        let e = try must(await expectError("outcome_unknown", "keyed send behind a 504") {
            try await s.client.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), options: options)
        })
        XCTAssertTrue(e.outcomeToken?.contains("sw-inv-1") ?? false)
        let r = try await s.client.resolve(error: e)
        XCTAssertEqual(r.state, .applied, r.reason)
        XCTAssertEqual("\(r.state)", "applied")
        XCTAssertEqual(r.txid, r.sent?.txid)
        let fromToken = try await s.client.resolveToken(token: try XCTUnwrap(e.outcomeToken))
        XCTAssertEqual(fromToken.txid, r.txid)
        let again = try await s.client.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), options: options)
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(again.txid, r.txid)
        try await assertPaidOnce(s, payer, recipient)
    }

    func testGateway504AfterForwardOnSendIsOutcomeUnknownAndSentOnce() async throws {
        let s = try await setup()
        let (payer, recipient) = try await fundedWallet(s)
        try await Sandbox.proxyRule(send, "status_after_forward", key: s.key, ["status": 504])
        let e = try must(await expectError("outcome_unknown", "sendFundsFromWallet behind a 504") {
            try await s.client.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"))
        })
        assertOutcomeUnknownAfterGateway504(e, "send_funds_from_wallet")
        try await assertPaidOnce(s, payer, recipient)
    }

    func testUnreadable2xxToCreateWalletKeepsTheRawBody() async throws {
        let s = try await setup()
        let w = Sandbox.unique("raw")
        try await Sandbox.proxyRule(create, "respond_after_forward", key: s.key, ["body": "<p>all good</p>"])
        let e = try must(await expectError("outcome_unknown", "createWallet, unreadable 2xx") { try await s.client.createWallet(walletName: w) })
        XCTAssertFalse(e.isRetryable)
        XCTAssertEqual(e.status, 200)
        XCTAssertEqual(e.message, "create_wallet: outcome unknown: the service answered HTTP 200, so the operation probably took effect, but the answer could not be read (the body is not JSON (content type `application/json; charset=utf-8`); body starts with: <p>all good</p>); it was not repeated automatically — check whether it took effect before trying again")
        XCTAssertEqual(e.rawBody, "<p>all good</p>")
        XCTAssertEqual(e.info.rawBody, "<p>all good</p>")
        XCTAssertEqual(e.info.kind, "outcome_unknown")
        try await assertCreatedOnce(s, w)
        // errors of readable answers have no raw body
        let nf = try must(await expectError("not_found", "walletBalance missing") { try await s.client.walletBalance(walletName: Sandbox.unique("none")) })
        XCTAssertNil(nf.rawBody)
    }

    func testACancelledKeyedSendKeepsItsKeyUntilItsRequestLands() async throws {
        let s = try await setup()
        let (payer, recipient) = try await fundedWallet(s)
        let options = SendFundsFromWalletOptions(idempotencyKey: "sw-can-1")
        try await Sandbox.delay(send, ms: 2_000, apiKey: s.key)
        let e = try await cancelledAfter300ms(s.client) {
            try await $0.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), options: options)
        }
        assertCancelledOutcomeUnknown(e, "send_funds_from_wallet", tokenNames: "sw-can-1")
        // the retry at once pays nothing: the first request still holds the key
        await expectError("conflict", "keyed retry while the first is held") {
            try await s.client.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), options: options)
        }
        // the token waits for the held request to settle, then finds it
        let resolved = try await s.client.resolveToken(token: try XCTUnwrap(e.outcomeToken))
        XCTAssertEqual(resolved.state, .applied, resolved.reason)
        let call = try await s.told.next()
        XCTAssertTrue(call.succeeded, "\(call)")
        let again = try await s.client.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: try Amount(ltc: "0.1"), options: options)
        XCTAssertTrue(again.replayed)
        try await assertPaidOnce(s, payer, recipient)
    }

    func testCancellingCreateWalletWhileHeldIsOutcomeUnknownAndTellsTheListener() async throws {
        let s = try await setup()
        let w = Sandbox.unique("held")
        try await Sandbox.delay(create, ms: 1_500, apiKey: s.key)
        let started = Date()
        let e = try await cancelledAfter300ms(s.client, viaCancellable: true) { try await $0.createWallet(walletName: w) }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 1.5, "gave up after \(elapsed) s")
        assertCancelledOutcomeUnknown(e, "create_wallet", tokenNames: w)
        // signed with the process's key: another client of the process resolves it, a client
        // with another state key refuses it, and so does the process's for a changed token
        let token = try XCTUnwrap(e.outcomeToken)
        let otherKey = try WalletClient(config: WalletClientConfig(baseUrl: Sandbox.baseUrl, credential: Secret(value: s.key), stateKey: Secret(value: "another-state-key-of-at-least-32-chars")))
        let underAnotherKey = try must(await expectError("invalid_input", "resolveToken under another key") { try await otherKey.resolveToken(token: token) })
        XCTAssertEqual(underAnotherKey.field, "token")
        let changed = try must(await expectError("invalid_input", "a changed token") { try await s.direct.resolveToken(token: token.replacingOccurrences(of: w, with: w + "x")) })
        XCTAssertEqual(changed.field, "token")
        let resolved = try await s.direct.resolveToken(token: token)
        XCTAssertEqual(resolved.state, .applied, resolved.reason)
        let call = try await s.told.next()
        XCTAssertEqual(call.operation, "create_wallet")
        XCTAssertTrue(call.succeeded, "\(call)")
        XCTAssertEqual(call.status, 200)
        XCTAssertNil(call.error)
        XCTAssertTrue(call.rawJson?.contains(w) ?? false, "\(call)")
        try await assertCreatedOnce(s, w)
    }

    func testCancellingSendWhileHeldIsOutcomeUnknownAndTellsTheListener() async throws {
        let s = try await setup()
        let (payer, recipient) = try await fundedWallet(s)
        try await Sandbox.delay(send, ms: 1_500, apiKey: s.key)
        let amount = try Amount(ltc: "0.1")
        let e = try await cancelledAfter300ms(s.client) {
            try await $0.sendFundsFromWallet(walletName: payer, recipientAddress: recipient, amount: amount)
        }
        assertCancelledOutcomeUnknown(e, "send_funds_from_wallet", tokenNames: recipient)
        let call = try await s.told.next()
        XCTAssertEqual(call.operation, "send_funds_from_wallet")
        XCTAssertTrue(call.succeeded, "\(call)")
        XCTAssertNotNil(call.requestId)
        let json = call.rawJson ?? ""
        XCTAssertNotNil(json.range(of: #""txid"\s*:\s*"[0-9a-f]{64}""#, options: .regularExpression), json)
        try await assertPaidOnce(s, payer, recipient)
    }

    func testTheUntypedCallReadsAndRefusesBadArguments() async throws {
        let s = try await setup()
        let w = Sandbox.unique("untyped")
        _ = try await s.direct.createWallet(walletName: w)
        let json = try await s.client.call(operation: "wallet_balance", argumentsJson: #"{"wallet_name":"\#(w)"}"#)
        let data = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual((data?["confirmed"] as? NSNumber)?.intValue, 0, json)
        let bad = try must(await expectError("invalid_input", "call with bad JSON") {
            try await s.client.call(operation: "wallet_balance", argumentsJson: "{wallet_name: 1}")
        })
        XCTAssertEqual(bad.message, "invalid input `arguments_json`: not valid JSON: key must be a string at line 1 column 2")
        XCTAssertEqual(bad.field, "arguments_json")
        XCTAssertFalse(bad.isRetryable)
        let notObject = try must(await expectError("invalid_input", "call with an array") {
            try await s.client.call(operation: "wallet_balance", argumentsJson: "[]")
        })
        XCTAssertEqual(notObject.message, "invalid input `arguments_json`: must be a JSON object of arguments, not an array")
        let missing = try must(await expectError("invalid_input", "call without wallet_name") {
            try await s.client.call(operation: "wallet_balance", argumentsJson: "{}")
        })
        XCTAssertEqual(missing.field, "wallet_name")
        assertEq(try await Sandbox.proxyHits("/api/Wallet/balance", key: s.key), [1, 1], "refused inputs are never sent")
    }
}
