import Foundation
import XCTest
@testable import WalletSDK

/// The logger bridge: one event per call, with its facts, and no secret in any of them.
final class LoggingTests: XCTestCase {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [CallEvent] = []
        func add(_ e: CallEvent) { lock.lock(); items.append(e); lock.unlock() }
        var all: [CallEvent] { lock.lock(); defer { lock.unlock() }; return items }
    }

    func testEveryCallIsLoggedWithItsFactsAndNoSecret() async throws {
        let events = Events()
        let c = try Sandbox.client()
        c.setLogger { events.add($0) }

        let w = Sandbox.unique("logged")
        let wallet = try await c.createEncryptedWallet(walletName: w)
        let address = try await c.createAddress(walletName: w, options: CreateAddressOptions(passphrase: wallet.passphrase)).address
        let wif = try await c.addressPrivateKey(walletName: w, address: address, options: AddressPrivateKeyOptions(passphrase: wallet.passphrase)).privateKey
        await expectError("not_found", "missing wallet") { try await c.walletBalance(walletName: Sandbox.unique("missing")) }

        let logged = events.all
        XCTAssertEqual(logged.map(\.operation), ["create_encrypted_wallet", "create_address", "address_private_key", "wallet_balance"])
        for e in logged.prefix(3) {
            XCTAssertEqual(e.attempts, 1)
            XCTAssertEqual(e.status, 200)
            XCTAssertNil(e.errorKind)
            XCTAssertFalse((e.requestId ?? "").isEmpty)
        }
        XCTAssertEqual(logged.last?.errorKind, "not_found")
        XCTAssertEqual(logged.last?.status, 404)
        for e in logged {
            let text = "\(e)"
            for secret in [wallet.passphrase.reveal(), wif.reveal(), Sandbox.apiKey] {
                XCTAssertFalse(text.contains(secret), "\(text) leaks a secret")
            }
        }
        c.setLogger(logger: nil)
        _ = try await c.blockchainInfo()
        XCTAssertEqual(events.all.count, logged.count)
    }
}
