import Foundation
import XCTest
@testable import WalletSDK

/// Task cancellation of a read aborts its request (a plain `Task.cancel()`); 50 concurrent calls
/// on one client. (A create or send runs on: see SafetyTests.)
final class ConcurrencyTests: XCTestCase {
    /// A plain `Task.cancel()` aborts the read's request; so does the older `cancellable`.
    func testTaskCancellationAbortsTheRequest() async throws {
        let c = try Sandbox.client()
        let w = Sandbox.unique("cancel")
        _ = try await c.createWallet(walletName: w)
        let plain: @Sendable () async throws -> WalletBalance = { try await c.walletBalance(walletName: w) }
        let wrapped: @Sendable () async throws -> WalletBalance = { try await c.cancellable { try await $0.walletBalance(walletName: w) } }
        for (way, call) in [("Task.cancel()", plain), ("cancellable", wrapped)] {
            try await Sandbox.delay("/api/Wallet/balance", ms: 6_000, apiKey: Sandbox.apiKey)
            let started = Date()
            let task = Task { try await call() }
            try await Task.sleep(nanoseconds: 500_000_000)
            XCTAssertEqual(c.inFlightCalls(), 1, way)
            task.cancel()
            let result = await task.result
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertLessThan(elapsed, 3.0, "\(way): cancelled after \(elapsed) s")
            guard case .failure(let error) = result else { return XCTFail("\(way): expected cancellation, got \(result)") }
            XCTAssertTrue(error is CancellationError, "\(way): got \(error)")
            var n = c.inFlightCalls()
            for _ in 0..<50 where n != 0 {
                try await Task.sleep(nanoseconds: 20_000_000)
                n = c.inFlightCalls()
            }
            XCTAssertEqual(n, 0, way)
        }
        // the client is still usable afterwards
        _ = try await c.blockchainInfo()
    }

    func testFiftyConcurrentCallsOnOneClient() async throws {
        let c = try Sandbox.client()
        let w = Sandbox.unique("conc")
        _ = try await c.createWallet(walletName: w)
        let results = try await withThrowingTaskGroup(of: (Int, Int64).self) { group in
            for i in 0..<50 {
                group.addTask {
                    if i % 2 == 0 { return (i, try await c.walletBalance(walletName: w).confirmed.litoshis) }
                    return (i, try await c.blockchainInfo().blocks!)
                }
            }
            var out: [(Int, Int64)] = []
            for try await r in group { out.append(r) }
            return out
        }
        XCTAssertEqual(results.count, 50)
        XCTAssertTrue(results.filter { $0.0 % 2 == 0 }.allSatisfy { $0.1 == 0 })
        XCTAssertEqual(c.inFlightCalls(), 0)
    }
}
