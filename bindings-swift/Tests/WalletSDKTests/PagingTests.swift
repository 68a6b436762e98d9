import XCTest
@testable import WalletSDK

/// Paged reads as AsyncThrowingStreams of pages, against the sandbox.
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
        var sizes: [Int] = []
        var walked: [String?] = []
        for try await page in c.walletTransactionsPages(walletName: w, pageSize: 2) {
            sizes.append(page.count)
            walked += page.map(\.txid)
        }
        XCTAssertEqual(sizes, [2, 2, 1])
        XCTAssertEqual(walked, all.map(\.txid))
        var firstTwoPages: [String?] = []
        for try await page in c.walletTransactionsPages(walletName: w, pageSize: 2) {
            firstTwoPages += page.map(\.txid)
            if firstTwoPages.count == 4 { break }
        }
        XCTAssertEqual(firstTwoPages, Array(all.prefix(4).map(\.txid)))
        var defaultSizes: [Int] = []
        for try await page in c.walletTransactionsPages(walletName: w) { defaultSizes.append(page.count) }
        XCTAssertEqual(defaultSizes, [5])
        XCTAssertEqual(defaultPageSize(), 100)

        var history: [String?] = []
        for try await page in c.addressTransactionPages(address: address, pageSize: 2) { history += page.map(\.txid) }
        XCTAssertEqual(history.count, 5)
        XCTAssertEqual(Set(history).count, 5)

        let bad = await expectError("invalid_input", "negative page size") {
            for try await _ in c.walletTransactionsPages(walletName: w, pageSize: -1) {}
        }
        XCTAssertEqual(bad?.field, "page_size")
    }
}
