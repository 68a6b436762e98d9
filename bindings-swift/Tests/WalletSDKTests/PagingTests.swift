import XCTest
@testable import WalletSDK

/// Paged reads as AsyncThrowingStreams of entries, against the sandbox.
final class PagingTests: XCTestCase {
    func testStreamsWalkEveryPageAndStopWhenTheLoopEnds() async throws {
        let c = try Sandbox.client()
        let w = Sandbox.unique("pages")
        _ = try await c.createWallet(walletName: w)
        let address = try await c.createAddress(walletName: w).address
        for _ in 0..<5 { _ = try await Sandbox.fund(address, 0.1, mine: false) }
        try await Sandbox.mine(1)

        let all = try await c.walletTransactions(walletName: w, options: WalletTransactionsOptions(count: 500)).items
        XCTAssertEqual(all.count, 5)
        var walked: [String?] = []
        for try await tx in c.walletTransactionsPages(walletName: w, pageSize: 2) { walked.append(tx.txid) }
        XCTAssertEqual(walked, all.map(\.txid))
        var firstThree: [String?] = []
        for try await tx in c.walletTransactionsPages(walletName: w, pageSize: 2) {
            firstThree.append(tx.txid)
            if firstThree.count == 3 { break }
        }
        XCTAssertEqual(firstThree, Array(all.prefix(3).map(\.txid)))

        var history: [String?] = []
        for try await entry in c.addressTransactionPages(address: address, pageSize: 2) { history.append(entry.txid) }
        XCTAssertEqual(history.count, 5)
        XCTAssertEqual(Set(history).count, 5)

        let bad = await expectError("invalid_input", "negative page size") {
            for try await _ in c.walletTransactionsPages(walletName: w, pageSize: -1) {}
        }
        XCTAssertEqual(bad?.field, "page_size")
    }
}
