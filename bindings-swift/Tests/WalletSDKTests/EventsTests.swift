import XCTest
@testable import WalletSDK

/// The wallet event stream (`watchWallet`, an AsyncThrowingStream) and `waitForPayment` against
/// the sandbox's real node: a payment's events, resuming from a saved cursor, the payment
/// statuses. The rules (reorgs, replacements, page shifts, cursor bounds) are the core's.
final class EventsTests: XCTestCase {
    func first(_ c: WalletClient, _ w: String, _ options: WatchOptions, count: Int = 1) async throws -> [WalletEvent] {
        var got: [WalletEvent] = []
        for try await event in c.watchWallet(walletName: w, options: options) {
            got.append(event)
            if got.count == count { break }
        }
        return got
    }

    func testEventsOfAPaymentAndResumingFromACursor() async throws {
        let c = try Sandbox.client()
        let w = Sandbox.unique("events")
        _ = try await c.createWallet(walletName: w)
        let address = try await c.createAddress(walletName: w).address
        let txid = try await Sandbox.fund(address, 0.5, mine: false)
        let received = try await first(c, w, WatchOptions(pollIntervalMs: 200))[0]
        XCTAssertEqual(received.kind, .received)
        XCTAssertEqual("\(received.kind)", "received")
        XCTAssertEqual(received.txid, txid)
        XCTAssertEqual(received.amount, try Amount(ltc: "0.5"))
        try await Sandbox.mine(1)
        let confirmed = try await first(c, w, WatchOptions(cursor: received.cursor, pollIntervalMs: 200))[0]
        XCTAssertEqual(confirmed.kind, .confirmed)
        XCTAssertEqual(confirmed.txid, txid)

        // a new watch from the saved cursor repeats nothing: its first event is the next payment
        let second = try await Sandbox.fund(address, 0.25, mine: true)
        let next = try await first(c, w, WatchOptions(cursor: confirmed.cursor, pollIntervalMs: 200), count: 2)
        XCTAssertEqual(next.map(\.kind), [.received, .confirmed])
        XCTAssertEqual(next.map(\.txid), [second, second])

        let bad = await expectError("invalid_input", "forged cursor") {
            _ = try await self.first(c, w, WatchOptions(cursor: "wev1.forged"))
        }
        XCTAssertEqual(bad?.field, "cursor")
    }

    func testWaitForPaymentStatuses() async throws {
        let c = try Sandbox.client()
        let w = Sandbox.unique("wait")
        _ = try await c.createWallet(walletName: w)
        let address = try await c.createAddress(walletName: w).address
        _ = try await Sandbox.fund(address, 0.3, mine: true)
        let under = try await c.waitForPayment(walletName: w, address: address, amount: try Amount(ltc: "1"),
                                               options: WaitForPaymentOptions(timeoutMs: 500, pollIntervalMs: 100))
        XCTAssertEqual(under.status, .underpaid)
        XCTAssertEqual(under.received, try Amount(ltc: "0.3"))
        let paid = try await c.waitForPayment(walletName: w, address: address, amount: try Amount(ltc: "0.3"))
        XCTAssertEqual(paid.status, .paid)
        let over = try await c.waitForPayment(walletName: w, address: address, amount: try Amount(ltc: "0.1"))
        XCTAssertEqual("\(over.status)", "overpaid")
    }
}
