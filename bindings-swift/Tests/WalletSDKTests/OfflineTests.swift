import Foundation
import XCTest
@testable import WalletSDK

/// The offline toolkit (no sandbox calls): every case of the shared vector file
/// `core/tests/data/offline/vectors.json` with the rules of its `how_to_run` (the same as the
/// Rust runner `core/tests/offline_vectors.rs`), plus what is peculiar to Swift: no secret in
/// any `description`, and garbage input never crashes. run-tests.sh copies the file into the
/// Swift root and gives its path in `WALLET_SDK_OFFLINE_VECTORS`.
final class OfflineTests: XCTestCase {
    typealias Case = [String: Any]

    /// The sections this runner knows; the file must have exactly these.
    static let sections = [
        "parse_address", "sign_message", "verify_message", "wif_to_key", "address_from_public_key",
        "generate_mnemonic", "validate_mnemonic", "mnemonic_to_seed", "derive_key", "default_address",
    ]
    static let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    // MARK: - reading the cases

    /// The file, read with Foundation's JSONSerialization.
    func vectors() throws -> [String: Any] {
        let path = ProcessInfo.processInfo.environment["WALLET_SDK_OFFLINE_VECTORS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../core/tests/data/offline/vectors.json").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not a JSON object")
        return json
    }

    func cases(_ section: String) throws -> [Case] {
        let cases = try XCTUnwrap(try vectors()[section] as? [Case], "no section \(section)")
        XCTAssertFalse(cases.isEmpty, "section \(section) is empty")
        return cases
    }

    /// A JSON value, `nil` for JSON null.
    static func value(_ v: Any?) -> Any? {
        v is NSNull ? nil : v
    }

    static func id(_ c: Case) -> String { c["id"] as? String ?? "?" }

    static func args(_ c: Case) -> [String: Any] { c["args"] as? [String: Any] ?? [:] }

    /// args[name] as a string (present and not null).
    static func s(_ c: Case, _ name: String) throws -> String {
        guard let v = args(c)[name] as? String else { throw Failure("\(id(c)): args.\(name) is not a string") }
        return v
    }

    static let networks: [Network] = [.mainnet, .testnet, .regtest]
    static let types: [KeyAddressType] = [.p2pkh, .p2shP2wpkh, .p2wpkh]

    /// The enums print the core's names (`mainnet`, `p2sh-p2wpkh`…): the file's names.
    static func network(_ c: Case) throws -> Network? {
        guard let name = value(args(c)["network"]) as? String else { return nil }
        guard let n = networks.first(where: { "\($0)" == name }) else { throw Failure("\(id(c)): network \(name)") }
        return n
    }

    static func addressType(_ c: Case) throws -> KeyAddressType? {
        guard let name = value(args(c)["address_type"]) as? String else { return nil }
        guard let t = types.first(where: { "\($0)" == name }) else { throw Failure("\(id(c)): address_type \(name)") }
        return t
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// Fails unless `got` (a Swift value, `nil` for none) equals `want` (a JSONSerialization
    /// value: NSNumber, String, NSNull…), compared as `got`'s type.
    static func same(_ got: Any?, _ want: Any?, _ what: String) throws {
        let want = value(want)
        let equal: Bool
        switch got {
        case nil: equal = want == nil
        case let g as Bool: equal = (want as? Bool) == g
        case let g as Int: equal = (want as? Int) == g
        case let g as String: equal = (want as? String) == g
        default: throw Failure("\(what): cannot compare \(got!)")
        }
        if !equal { throw Failure("\(what): expected \(want ?? "null"), got \(got ?? "null")") }
    }

    /// Runs `call` for `c` and checks its outcome: the case's `result` (compared by `check`) or its
    /// `error` (InvalidInput naming the field; the message contains `message_contains`).
    static func expect<T>(_ c: Case, _ call: () throws -> T, _ check: (T, Any?) throws -> Void) throws {
        let outcome: Result<T, WalletError>
        do {
            outcome = .success(try call())
        } catch let e as WalletError {
            outcome = .failure(e)
        }
        switch (outcome, value(c["error"]) as? [String: Any]) {
        case let (.success(v), nil):
            try check(v, c["result"])
        case let (.failure(e), want?):
            guard e.kind == "invalid_input", case .InvalidInput = e else { throw Failure("expected InvalidInput, got \(e)") }
            try same("invalid_input", want["kind"], "error.kind")
            try same(e.field, want["field"], "error.field (\(e.message))")
            if let part = value(want["message_contains"]) as? String, !e.message.contains(part) {
                throw Failure("message \(e.message) does not contain \(part)")
            }
        case let (.success(v), _?):
            throw Failure("expected an error, got \(v)")
        case let (.failure(e), nil):
            throw Failure("expected \(c["result"] ?? "?"), got \(e)")
        }
    }

    /// Runs `each` on every case of `section`; fails listing every failed case.
    func runSection(_ section: String, _ each: (Case) throws -> Void) throws {
        let all = try cases(section)
        var failures: [String] = []
        for c in all {
            do {
                try each(c)
            } catch {
                failures.append("\(Self.id(c)): \(error)")
            }
        }
        XCTAssert(failures.isEmpty, "\(section): \(failures.count) of \(all.count) cases failed:\n" + failures.joined(separator: "\n"))
        print("offline vectors: \(section): \(all.count - failures.count) of \(all.count) cases passed")
    }

    // MARK: - the vector file

    func testTheFileHasEverySectionAndNothingElse() throws {
        let json = try vectors()
        let listed = json.filter { ($0.value as? [Any])?.first is [String: Any] }.keys
        XCTAssertEqual(Set(listed), Set(Self.sections))
        var ids = Set<String>()
        for section in Self.sections {
            for c in try cases(section) {
                XCTAssertTrue(ids.insert(Self.id(c)).inserted, "two cases \(Self.id(c))")
                XCTAssertNotEqual(c["result"] != nil, c["error"] != nil, "\(Self.id(c)): result or error")
            }
        }
    }

    func testParseAddress() throws {
        try runSection("parse_address") { c in
            let (address, network) = (try Self.s(c, "address"), try Self.network(c))
            var ok = false
            try Self.expect(c, { () -> AddressInfo in
                let info = try parseAddress(address: address, network: network)
                ok = true
                return info
            }) { info, want in
                let want = want as? [String: Any] ?? [:]
                try Self.same(info.address, want["address"], "address")
                try Self.same("\(info.network)", want["network"], "network")
                try Self.same("\(info.kind)", want["kind"], "kind")
                try Self.same(info.witnessVersion.map { Int($0) }, want["witness_version"], "witness_version")
                try Self.same(info.scriptPubkey, want["script_pubkey"], "script_pubkey")
            }
            try Self.same(isValidAddress(address: address, network: network), ok, "isValidAddress")
        }
    }

    func testSignMessage() throws {
        try runSection("sign_message") { c in
            let key = Secret(value: try Self.s(c, "private_key"))
            let (message, type) = (try Self.s(c, "message"), try Self.addressType(c))
            try Self.expect(c, { try signMessage(privateKey: key, message: message, addressType: type) }) { sig, want in
                try Self.same(sig, want, "signature")
            }
        }
    }

    func testVerifyMessage() throws {
        try runSection("verify_message") { c in
            let got = verifyMessage(address: try Self.s(c, "address"), message: try Self.s(c, "message"), signature: try Self.s(c, "signature"))
            try Self.same(got, c["result"], "verifyMessage")
        }
    }

    func testWifToKey() throws {
        try runSection("wif_to_key") { c in
            let (wif, network) = (Secret(value: try Self.s(c, "wif")), try Self.network(c))
            try Self.expect(c, { try wifToKey(wif: wif, network: network) }) { info, want in
                let want = want as? [String: Any] ?? [:]
                try Self.same("\(info.network)", want["network"], "network")
                try Self.same(info.compressed, want["compressed"], "compressed")
                try Self.same(info.publicKey, want["public_key"], "public_key")
                let addresses = want["addresses"] as? [String: Any] ?? [:]
                for t in Self.types {
                    if let a = addresses["\(t)"] {
                        try Self.same(try info.address(addressType: t), a, "address \(t)")
                    } else {
                        do {
                            let a = try info.address(addressType: t)
                            throw Failure("\(t): expected an error, got \(a)")
                        } catch let e as WalletError {
                            try Self.same(e.field, "address_type", "\(t): error.field")
                        }
                    }
                }
            }
        }
    }

    func testAddressFromPublicKey() throws {
        try runSection("address_from_public_key") { c in
            let publicKey = try Self.s(c, "public_key")
            let (type, network) = (try XCTUnwrap(Self.addressType(c)), try XCTUnwrap(Self.network(c)))
            try Self.expect(c, { try addressFromPublicKey(publicKey: publicKey, addressType: type, network: network) }) { a, want in
                try Self.same(a, want, "address")
            }
        }
    }

    func testGenerateMnemonic() throws {
        try runSection("generate_mnemonic") { c in
            let n = try XCTUnwrap(Self.args(c)["word_count"] as? Int)
            try Self.expect(c, { try generateMnemonic(wordCount: Int32(n)) }) { phrase, want in
                try Self.same(phrase.reveal().split(separator: " ").count, (want as? [String: Any])?["word_count"], "word_count")
                try Self.same(validateMnemonic(phrase: phrase), true, "validateMnemonic")
                try Self.same(phrase.reveal() != (try generateMnemonic(wordCount: Int32(n))).reveal(), true, "two calls differ")
                try Self.same("\(phrase)", "[REDACTED]", "printed")
            }
        }
    }

    func testValidateMnemonic() throws {
        try runSection("validate_mnemonic") { c in
            try Self.same(validateMnemonic(phrase: Secret(value: try Self.s(c, "phrase"))), c["result"], "validateMnemonic")
        }
    }

    func testMnemonicToSeed() throws {
        try runSection("mnemonic_to_seed") { c in
            let (mnemonic, passphrase) = (try Self.s(c, "mnemonic"), try Self.s(c, "passphrase"))
            try Self.expect(c, { try mnemonicToSeed(mnemonic: Secret(value: mnemonic), passphrase: Secret(value: passphrase)) }) { seed, want in
                try Self.same(seed.reveal(), want, "seed")
                if passphrase.isEmpty { // no passphrase is the empty one
                    try Self.same(try mnemonicToSeed(mnemonic: Secret(value: mnemonic)).reveal(), want, "seed without passphrase")
                }
            }
        }
    }

    func testDeriveKey() throws {
        try runSection("derive_key") { c in
            let (mnemonic, path, passphrase) = (try Self.s(c, "mnemonic"), try Self.s(c, "path"), try Self.s(c, "passphrase"))
            let (type, network) = (try XCTUnwrap(Self.addressType(c)), try XCTUnwrap(Self.network(c)))
            try Self.expect(c, {
                try deriveKey(mnemonic: Secret(value: mnemonic), path: path, addressType: type, network: network, passphrase: Secret(value: passphrase))
            }) { key, want in
                let want = want as? [String: Any] ?? [:]
                try Self.same(key.path, want["path"], "path")
                try Self.same(key.address, want["address"], "address")
                if let publicKey = want["public_key"] {
                    try Self.same(key.publicKey, publicKey, "public_key")
                    let info = try wifToKey(wif: key.privateKey, network: network)
                    try Self.same(info.publicKey, key.publicKey, "the WIF is not the key")
                    try Self.same(info.compressed, true, "compressed")
                }
                if let wif = want["private_key"] {
                    try Self.same(key.privateKey.reveal(), wif, "private_key")
                }
                try Self.same("\(key)".contains(key.privateKey.reveal()), false, "printed key")
            }
        }
    }

    func testDefaultAddress() throws {
        try runSection("default_address") { c in
            let mnemonic = try Self.s(c, "mnemonic")
            let (type, network) = (try Self.addressType(c), try XCTUnwrap(Self.network(c)))
            try Self.expect(c, { try defaultAddress(mnemonic: Secret(value: mnemonic), addressType: type, network: network) }) { a, want in
                try Self.same(a, want, "address")
            }
        }
    }

    // MARK: - Swift's own

    /// Every way Swift prints a value: description, debugDescription, dump.
    static func printed(_ v: Any) -> [String] {
        var dumped = ""
        dump(v, to: &dumped)
        return [String(describing: v), String(reflecting: v), dumped]
    }

    func testNoSecretInAnyDescription() throws {
        let key = try deriveKey(mnemonic: Secret(value: Self.phrase), path: "m/84'/1'/0'/0/0", addressType: .p2wpkh, network: .regtest,
                                passphrase: Secret(value: "TREZOR"))
        let wif = key.privateKey.reveal()
        XCTAssertTrue(wif.hasPrefix("c"))
        for text in Self.printed(key) {
            XCTAssertFalse(text.contains(wif), text)
            XCTAssertTrue(text.contains(key.address), text)
        }
        XCTAssertTrue("\(key)".contains("REDACTED"), "\(key)")
        let info = try wifToKey(wif: key.privateKey)
        XCTAssertEqual(info, PrivateKeyInfo(network: .testnet, compressed: true, publicKey: key.publicKey))
        for text in Self.printed(info) { XCTAssertFalse(text.contains(wif), text) }
        let address = try parseAddress(address: key.address)
        XCTAssertEqual(address.kind, .p2wpkh)
        XCTAssertEqual(address.network, .regtest)
        XCTAssertEqual("\(address.kind) \(address.network)", "p2wpkh regtest")
        for secret in [try generateMnemonic(wordCount: 24), try mnemonicToSeed(mnemonic: Secret(value: Self.phrase)), Secret(value: wif)] {
            XCTAssertEqual("\(secret)", "[REDACTED]")
            for text in Self.printed(secret) { XCTAssertFalse(text.contains(secret.reveal()), text) }
        }
        // errors never quote a key or a word
        let typo = String(wif.dropLast()) + (wif.hasSuffix("a") ? "b" : "a")
        let failing: [(String, () throws -> Any)] = [
            ("wif", { try wifToKey(wif: Secret(value: typo)) }),
            ("private_key", { try signMessage(privateKey: Secret(value: typo), message: "m") }),
            ("mnemonic", { try deriveKey(mnemonic: Secret(value: Self.phrase.replacingOccurrences(of: "about", with: "zebra")), path: "m/0",
                                         addressType: .p2pkh, network: .mainnet) }),
            ("mnemonic", { try defaultAddress(mnemonic: Secret(value: "abandon zzsecretword" + String(repeating: " abandon", count: 9) + " about"),
                                              network: .mainnet) }),
        ]
        for (field, call) in failing {
            XCTAssertThrowsError(try call(), field) { error in
                guard let e = error as? WalletError, case .InvalidInput = e else { return XCTFail("\(field): \(error)") }
                XCTAssertEqual(e.field, field)
                for text in [e.message, e.localizedDescription, "\(e)", String(reflecting: e)] {
                    XCTAssertFalse(text.contains(typo) || text.contains("zebra") || text.contains("zzsecretword"), text)
                }
            }
        }
    }

    func testDefaultsAreTheCoresDefaults() throws {
        let wif = Secret(value: "T81WVKSHdGwXTwFbqcuvhHWnPZPdcjNCJNqnzujBH2PjupFRTTc9") // Litecoin Core's util_tests
        let signature = try signMessage(privateKey: wif, message: "Trust no one")
        XCTAssertEqual(signature, "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=")
        XCTAssertEqual(signature, try signMessage(privateKey: wif, message: "Trust no one", addressType: .p2pkh))
        XCTAssertTrue(verifyMessage(address: "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", message: "Trust no one", signature: signature))
        XCTAssertEqual(try generateMnemonic().reveal().split(separator: " ").count, 12)
        let phrase = Secret(value: Self.phrase)
        XCTAssertEqual(try defaultAddress(mnemonic: phrase, network: .mainnet), "ltc1qudgftjfc5pgrujhu8r8qsfvn3zxx0x95d70dee")
        XCTAssertEqual(try defaultAddress(mnemonic: phrase, network: .mainnet), try defaultAddress(mnemonic: phrase, addressType: .p2wpkh, network: .mainnet))
    }

    func testGarbageNeverCrashes() throws {
        var rng = SplitMix(seed: 20240612)
        let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0qpzry9x8gf2tvdw0s3jn54khce6mua7l=+/ '\"\\\u{0}\n\té€😀\u{301}")
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        func count(_ lo: Int, _ hi: Int) -> Int { lo + Int(rng.next() % UInt64(hi - lo)) }
        func garbage() -> String {
            switch rng.next() % 6 {
            case 0: return ""
            case 1: return String((0..<count(1, 120)).map { _ in pick(alphabet) })
            case 2: return String(String.UnicodeScalarView((0..<count(1, 40)).compactMap { _ in Unicode.Scalar(UInt32(count(1, 0x10FFFF))) }))
            case 3: return pick(["ltc1", "tltc1", "rltc1", "ltcmweb1", "tmweb1", "bc1", "M", "L", "Q", "m/", "m/84'/"])
                + String((0..<count(0, 200)).map { _ in pick(alphabet) })
            case 4: return String(repeating: "x", count: count(10_000, 200_000))
            default: return (0..<count(1, 30)).map { _ in pick(["abandon", "about", "zoo", "wrong", "ABANDON", "", "\u{3000}", "😀"]) }
                .joined(separator: " ")
            }
        }
        let types: [KeyAddressType?] = [nil] + Self.types
        let networks: [Network?] = [nil] + Self.networks
        for _ in 0..<300 {
            let (a, b, c) = (garbage(), garbage(), garbage())
            let (net, type) = (pick(networks), pick(types))
            _ = isValidAddress(address: a, network: net)
            _ = verifyMessage(address: a, message: b, signature: c)
            _ = validateMnemonic(phrase: Secret(value: a))
            let calls: [() throws -> Any] = [
                { try parseAddress(address: a, network: net) },
                { try signMessage(privateKey: Secret(value: a), message: b, addressType: type) },
                { try wifToKey(wif: Secret(value: a), network: net) },
                { try addressFromPublicKey(publicKey: a, addressType: type ?? .p2pkh, network: net ?? .mainnet) },
                { try mnemonicToSeed(mnemonic: Secret(value: a), passphrase: Secret(value: b)) },
                { try deriveKey(mnemonic: Secret(value: a), path: b, addressType: type ?? .p2wpkh, network: net ?? .regtest, passphrase: Secret(value: c)) },
                { try deriveKey(mnemonic: Secret(value: Self.phrase), path: a, addressType: type ?? .p2wpkh, network: net ?? .regtest) },
                { try defaultAddress(mnemonic: Secret(value: a), addressType: type, network: net ?? .testnet) },
                { try generateMnemonic(wordCount: Int32(truncatingIfNeeded: rng.next())) },
            ]
            for call in calls {
                do {
                    _ = try call()
                } catch let e as WalletError {
                    guard case .InvalidInput = e else { return XCTFail("not InvalidInput: \(e)") }
                    XCTAssertFalse(e.message.isEmpty)
                    XCTAssertNotNil(e.field)
                }
            }
        }
    }
}

/// A small seeded generator (SplitMix64), so that a failing garbage case can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
