// The Swift runner of the shared scenarios (tests/scenarios/*.json, format in tests/README.md).
//
// Each step calls the public `WalletClient` async method it names (a `switch` over the operations'
// snake_case names of docs/operations.md, the methods camelCase), checks the expectations and writes one transcript
// line, in the same form as the other languages' runners. Result fields are found by the
// scenario's snake_case path turned camelCase, with `Mirror` on the records. The pages pseudo-ops
// collect the binding's pagers (`walletTransactionsPages` / `addressTransactionPages`, streams of
// pages). The JSON reader is a small one of its own, because
// `JSONSerialization` loses the key order that the transcript keeps.
//
//     bindings-swift/run-scenarios.sh [--build-only] [TRANSCRIPT]     (builds and runs it in the Swift root)
//     WalletSDKScenarios SCENARIOS_DIR TRANSCRIPT                     (under scripts/with-sandbox)
//     WalletSDKScenarios --hostile CELLS NAME                         (one hostile-answer cell: scripts/test-hostile)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WalletSDK

let regtestPrefixes = ["m", "n", "Q", "2", "rltc1", "tmweb1"]

/// How long a `watch_wallet` step waits for its `count` events (and a `wait_for_payment` step
/// beyond its own timeout) before the step fails: a hung stream fails the step, not the run.
let watchTimeoutMs: Int64 = 60_000

/// The proxied client's settle time: `resolve` of a lost request says `not_applied` once it has passed.
let proxiedSettleTimeMs: Int64 = 2_000

/// Events collected by a child task, read by the step after the race with the timeout.
final class EventBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [WalletEvent] = []
    func append(_ e: WalletEvent) -> Int { lock.lock(); defer { lock.unlock() }; items.append(e); return items.count }
    var events: [WalletEvent] { lock.lock(); defer { lock.unlock() }; return items }
}

/// `body`'s value, or `nil` when `ms` milliseconds pass first (the body's task is then cancelled).
func within<T: Sendable>(_ ms: Int64, _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}

/// Runs `body` in a task of its own and cancels that task after `ms` milliseconds: what `body`
/// then throws is what its caller learns.
func cancelledAfter(_ ms: Int64, _ body: @escaping @Sendable () async throws -> Void) async throws {
    let task = Task { try await body() }
    try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
    task.cancel()
    try await task.value
}

struct RunnerError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func env(_ name: String) throws -> String {
    guard let v = ProcessInfo.processInfo.environment[name], !v.isEmpty else { throw RunnerError("\(name) is not set: run under scripts/with-sandbox") }
    return v
}

// MARK: - JSON: a small reader (keeps key order) and writer

indirect enum J: Equatable, Sendable {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([J])
    case object(keys: [String], values: [String: J])

    subscript(key: String) -> J? {
        if case .object(_, let values) = self { return values[key] }
        return nil
    }
    var pairs: [(String, J)] {
        if case .object(let keys, let values) = self { return keys.map { ($0, values[$0]!) } }
        return []
    }
    var string: String? { if case .string(let s) = self { return s }; return nil }
    var int: Int64? { if case .int(let i) = self { return i }; return nil }

    /// The value as results hold it: `String`, `Int64`, `Bool`, `Double`, `[Any]`, `nil`, or
    /// this value for an object.
    var native: Any? {
        switch self {
        case .null: return nil
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d
        case .string(let s): return s
        case .array(let a): return a.map { $0.native as Any }
        case .object: return self
        }
    }

    /// JSON text (`canonicalJson` of a non-string value).
    var json: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s):
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                default: if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
                }
            }
            return out + "\""
        case .array(let a): return "[" + a.map(\.json).joined(separator: ",") + "]"
        case .object: return "{" + pairs.map { J.string($0.0).json + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }
}

struct JsonReader {
    private let s: [UInt8]
    private var i = 0
    init(_ text: String) { s = Array(text.utf8) }

    static func parse(_ text: String) throws -> J {
        var r = JsonReader(text)
        let v = try r.value()
        r.ws()
        guard r.i == r.s.count else { throw RunnerError("trailing text at \(r.i)") }
        return v
    }

    private mutating func ws() { while i < s.count, [0x20, 0x09, 0x0a, 0x0d].contains(s[i]) { i += 1 } }

    private mutating func next(_ oneOf: String) throws -> UInt8 {
        guard i < s.count, oneOf.utf8.contains(s[i]) else { throw RunnerError("expected one of `\(oneOf)` at \(i)") }
        i += 1
        return s[i - 1]
    }

    private mutating func value() throws -> J {
        ws()
        guard i < s.count else { throw RunnerError("unexpected end") }
        switch s[i] {
        case UInt8(ascii: "{"):
            i += 1
            var keys: [String] = [], values: [String: J] = [:]
            ws()
            if s[i] == UInt8(ascii: "}") { i += 1 } else {
                repeat {
                    ws(); let k = try string(); ws(); _ = try next(":")
                    keys.append(k); values[k] = try value(); ws()
                } while try next(",}") == UInt8(ascii: ",")
            }
            return .object(keys: keys, values: values)
        case UInt8(ascii: "["):
            i += 1
            var items: [J] = []
            ws()
            if s[i] == UInt8(ascii: "]") { i += 1 } else {
                repeat { items.append(try value()); ws() } while try next(",]") == UInt8(ascii: ",")
            }
            return .array(items)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): i += 4; return .bool(true)
        case UInt8(ascii: "f"): i += 5; return .bool(false)
        case UInt8(ascii: "n"): i += 4; return .null
        default:
            let start = i
            while i < s.count, "+-.eE0123456789".utf8.contains(s[i]) { i += 1 }
            let t = String(decoding: s[start..<i], as: UTF8.self)
            if let n = Int64(t) { return .int(n) }
            guard let d = Double(t) else { throw RunnerError("unexpected `\(t)` at \(start)") }
            return .double(d)
        }
    }

    private mutating func string() throws -> String {
        _ = try next("\"")
        var out: [UInt8] = []
        while true {
            let c = s[i]; i += 1
            switch c {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let e = s[i]; i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "u"):
                    let code = UInt32(String(decoding: s[i..<i + 4], as: UTF8.self), radix: 16) ?? 0x3f
                    out.append(contentsOf: Array(String(UnicodeScalar(code).map(Character.init) ?? "?").utf8))
                    i += 4
                default: out.append(e)
                }
            default: out.append(c)
            }
        }
    }
}

/// The text of a value where a string is expected: a string as is, anything else as JSON.
func canonicalJson(_ v: J) -> String { v.string ?? v.json }

// MARK: - values of results

/// Fields by camelCase name: the entries of every page, or a sandbox helper's answer.
struct Fields {
    let pairs: [(String, Any?)]
}

func snake(_ camel: String) -> String {
    camel.map { $0.isUppercase ? "_" + $0.lowercased() : String($0) }.joined()
}

func camel(_ snake: String) -> String {
    snake.split(separator: "_", omittingEmptySubsequences: false).enumerated()
        .map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
}

/// The value inside an `Optional` held in an `Any` (`nil` for none).
func unwrap(_ v: Any?) -> Any? {
    guard let v else { return nil }
    let m = Mirror(reflecting: v)
    if m.displayStyle == .optional { return m.children.first.flatMap { unwrap($0.value) } }
    return v
}

/// The SDK's enums (`Network`, `InputKind`, `ResolutionState`…): printed with the core's name.
func isEnum(_ v: Any) -> Bool { Mirror(reflecting: v).displayStyle == .enum }

func isLeaf(_ v: Any) -> Bool {
    v is String || v is Bool || v is Secret || v is Amount || v is any BinaryInteger || v is Double || v is [String: Any] || v is J || isEnum(v)
}

/// The stored properties of a record, by camelCase name.
func properties(_ record: Any) -> [(String, Any?)] {
    if let f = record as? Fields { return f.pairs }
    return Mirror(reflecting: record).children.compactMap { c in c.label.map { ($0, unwrap(c.value)) } }
}

enum Lookup { case missing, found(Any?) }

func fieldAt(_ value: Any?, _ path: String) -> Lookup {
    var cur = value
    for part in path.split(separator: ".").map(String.init) {
        guard let v = cur else { return .missing }
        if let list = v as? [Any] {
            guard let i = Int(part), i >= 0, i < list.count else { return .missing }
            cur = unwrap(list[i])
        } else if isLeaf(v) {
            return .missing
        } else {
            guard let p = properties(v).first(where: { $0.0 == camel(part) }) else { return .missing }
            cur = p.1
        }
    }
    return .found(cur)
}

/// The value as substituted into later steps (secrets revealed).
func plain(_ v: Any?) -> J {
    guard let v = unwrap(v) else { return .null }
    switch v {
    case let s as Secret: return .string(s.reveal())
    case let a as Amount: return .string(a.ltcString)
    case let s as String: return .string(s)
    case let b as Bool: return .bool(b)
    case let i as any BinaryInteger: return .int(Int64(i))
    case let d as Double: return .double(d)
    case let list as [Any]: return .array(list.map(plain))
    case _ where isEnum(v) && !(v is J): return .string(String(describing: v))
    default:
        let p = properties(v)
        return .object(keys: p.map { snake($0.0) }, values: Dictionary(p.map { (snake($0.0), plain($0.1)) }, uniquingKeysWith: { a, _ in a }))
    }
}

/// The canonical text of a value in a transcript (secrets `[REDACTED]`, amounts with 8 decimals).
func canonical(_ v: Any?) -> String {
    guard let v = unwrap(v) else { return "null" }
    switch v {
    case is Secret: return "[REDACTED]"
    case let a as Amount: return a.ltcString
    case let s as String: return s
    case let b as Bool: return b ? "true" : "false"
    case let i as any BinaryInteger: return String(describing: i)
    case let d as Double: return String(d)
    case let list as [Any]: return "[\(list.count) items]"
    case _ where isEnum(v) && !(v is J): return String(describing: v)
    default: return "{…}"
    }
}

// MARK: - the runner

struct Args: Sendable {
    let m: J
    func get(_ name: String) -> J? { m[name].flatMap { $0 == .null ? nil : $0 } }
    func s(_ name: String) -> String { os(name) ?? "" }
    func os(_ name: String) -> String? { get(name).map(canonicalJson) }
    func secret(_ name: String) -> Secret { Secret(value: s(name)) }
    func osecret(_ name: String) -> Secret? { os(name).map { Secret(value: $0) } }
    func amount(_ name: String) throws -> Amount { try Amount(ltc: s(name)) }
    func oamount(_ name: String) throws -> Amount? { try os(name).map { try Amount(ltc: $0) } }
    func network(_ name: String) throws -> Network {
        switch s(name) {
        case "mainnet": return .mainnet
        case "testnet": return .testnet
        case "regtest": return .regtest
        default: throw RunnerError("unknown network `\(s(name))`")
        }
    }
    func int32(_ name: String) -> Int32? { get(name)?.int.map { Int32(truncatingIfNeeded: $0) } }
    func int64(_ name: String) -> Int64? { get(name)?.int }
    func addressType(_ name: String) -> AddressType? {
        os(name).map {
            switch $0 {
            case "legacy": return .legacy
            case "p2sh-segwit": return .p2shSegwit
            case "bech32": return .bech32
            case "mweb": return .mweb
            default: return .rawName(name: $0)
            }
        }
    }
    func list(_ name: String) -> [String] {
        if case .array(let a)? = get(name) { return a.compactMap(\.string) }
        return []
    }
    func int32List(_ name: String) -> [Int32] {
        if case .array(let a)? = get(name) { return a.compactMap(\.int).map { Int32(truncatingIfNeeded: $0) } }
        return []
    }
}

/// The dispatch table: every operation through its public typed method.
func call(_ c: WalletClient, _ op: String, _ a: Args) async throws -> Any {
    switch op {
    case "create_address": return try await c.createAddress(walletName: a.s("wallet_name"), options: CreateAddressOptions(label: a.os("label"), addressType: a.addressType("address_type"), passphrase: a.osecret("passphrase")))
    case "create_multisig_address": return try await c.createMultisigAddress(walletName: a.s("wallet_name"), addresses: a.list("addresses"), nRequired: a.int32("n_required") ?? 0, addressType: a.addressType("address_type") ?? .legacy, options: CreateMultisigAddressOptions(passphrase: a.osecret("passphrase")))
    case "address_details": return try await c.addressDetails(walletName: a.s("wallet_name"), address: a.s("address"))
    case "sign_message": return try await c.signMessage(message: a.s("message"), privateKey: a.secret("private_key"))
    case "verify_message": return try await c.verifyMessage(address: a.s("address"), message: a.s("message"), signature: a.s("signature"))
    case "address_transaction": return try await c.addressTransaction(address: a.s("address"), options: AddressTransactionOptions(take: a.int32("take"), skip: a.int32("skip")))
    case "address_balance": return try await c.addressBalance(address: a.s("address"))
    case "address_private_key": return try await c.addressPrivateKey(walletName: a.s("wallet_name"), address: a.s("address"), options: AddressPrivateKeyOptions(passphrase: a.osecret("passphrase")))
    case "address_private_key_v2": return try await c.addressPrivateKeyV2(walletName: a.s("wallet_name"), address: a.s("address"), mnemonics: a.secret("mnemonics"))
    case "address_private_key_v2_with_passphrase": return try await c.addressPrivateKeyV2WithPassphrase(walletName: a.s("wallet_name"), address: a.s("address"), passphrase: a.secret("passphrase"))
    case "screen_address": return try await c.screenAddress(walletName: a.s("wallet_name"), address: a.s("address"), mnemonics: a.secret("mnemonics"))
    case "generate_default_address": return try await c.generateDefaultAddress(walletName: a.s("wallet_name"), options: GenerateDefaultAddressOptions(addressType: a.addressType("address_type"), label: a.os("label"), passphrase: a.osecret("passphrase")))
    case "blockchain_info": return try await c.blockchainInfo()
    case "block_stat": return try await c.blockStat(blockHeight: a.s("block_height"))
    case "block_header": return try await c.blockHeader(blockHeight: a.s("block_height"))
    case "block_transaction": return try await c.blockTransaction(blockHash: a.s("block_hash"))
    case "transaction_details": return try await c.transactionDetails(txid: a.s("txid"))
    case "get_utxo_details": return try await c.getUtxoDetails(txid: a.s("txid"), vout: a.int32("vout") ?? 0)
    case "send_funds_from_wallet":
        var includeFees: Bool?
        if case .bool(let b)? = a.get("amount_include_fees") { includeFees = b }
        let options = SendFundsFromWalletOptions(recipientName: a.os("recipient_name"), description: a.os("description"), amountIncludeFees: includeFees, passphrase: a.osecret("passphrase"), idempotencyKey: a.os("idempotency_key"))
        return try await c.sendFundsFromWallet(walletName: a.s("wallet_name"), recipientAddress: a.s("recipient_address"), amount: try a.amount("amount"), options: options)
    case "create_raw_transaction": return try await c.createRawTransaction(walletName: a.s("wallet_name"), senderAddress: a.s("sender_address"), recipientAddress: a.s("recipient_address"), amount: try a.amount("amount"))
    case "create_raw_transaction_v2": return try await c.createRawTransactionV2(senderAddress: a.s("sender_address"), recipientAddress: a.s("recipient_address"), amount: try a.amount("amount"), utxos: a.list("utxos"), vouts: a.int32List("vouts"))
    case "create_raw_transaction_v3": return try await c.createRawTransactionV3(walletName: a.s("wallet_name"), senderAddress: a.s("sender_address"), recipientAddress: a.s("recipient_address"), amount: try a.amount("amount"), serviceFeeAddress: a.s("service_fee_address"), serviceFeeAmount: try a.amount("service_fee_amount"))
    case "sign_transaction": return try await c.signTransaction(walletName: a.s("wallet_name"), txHex: a.s("tx_hex"), privateKey: a.secret("private_key"))
    case "broadcast_transaction": return try await c.broadcastTransaction(signedTxHex: a.s("signed_tx_hex"))
    case "get_blockchain_otp": return try await c.getBlockchainOtp(signature: a.s("signature"))
    case "verify_otp": return try await c.verifyOtp(signature: a.s("signature"), code: a.secret("code"))
    case "create_wallet": return try await c.createWallet(walletName: a.s("wallet_name"))
    case "encrypt_wallet": return try await c.encryptWallet(walletName: a.s("wallet_name"), passphrase: a.secret("passphrase"))
    case "create_encrypted_wallet": return try await c.createEncryptedWallet(walletName: a.s("wallet_name"))
    case "create_importable_wallet": return try await c.createImportableWallet(walletName: a.s("wallet_name"))
    case "create_importable_encrypted_wallet": return try await c.createImportableEncryptedWallet(walletName: a.s("wallet_name"))
    case "import_wallet": return try await c.importWallet(walletName: a.s("wallet_name"), mnemonics: a.secret("mnemonics"))
    case "wallet_details": return try await c.walletDetails(walletName: a.s("wallet_name"))
    case "wallet_transactions": return try await c.walletTransactions(walletName: a.s("wallet_name"), options: WalletTransactionsOptions(skip: a.int32("skip"), count: a.int32("count")))
    case "wallet_balance": return try await c.walletBalance(walletName: a.s("wallet_name"))
    case "wallet_addresses": return try await c.walletAddresses(walletName: a.s("wallet_name"))
    case "change_passphrase": return try await c.changePassphrase(walletName: a.s("wallet_name"), oldPassphrase: a.secret("old_passphrase"), newPassphrase: a.secret("new_passphrase"))
    case "official_address": return try await c.officialAddress(walletName: a.s("wallet_name"))
    case "sign_wallet_message": return try await c.signWalletMessage(walletName: a.s("wallet_name"), address: a.s("address"), message: a.s("message"), options: SignWalletMessageOptions(passphrase: a.osecret("passphrase")))
    case "wallet_address_balance": return try await c.walletAddressBalance(walletName: a.s("wallet_name"), address: a.s("address"))
    case "wallet_address_transactions": return try await c.walletAddressTransactions(walletName: a.s("wallet_name"), address: a.s("address"))
    case "set_wallet_mnemonics": return try await c.setWalletMnemonics(walletName: a.s("wallet_name"), mnemonics: a.secret("mnemonics"), options: SetWalletMnemonicsOptions(passphrase: a.osecret("passphrase")))
    case "wallet_default_address": return try await c.walletDefaultAddress(mnemonics: a.secret("mnemonics"), options: WalletDefaultAddressOptions(addressType: a.addressType("address_type")))
    case "wallet_default_address_v2": return try await c.walletDefaultAddressV2(mnemonics: a.secret("mnemonics"), options: WalletDefaultAddressOptions(addressType: a.addressType("address_type")))
    // the pagers (streams of pages): every entry of every page
    case "wallet_transactions_pages":
        var entries: [WalletTx] = []
        for try await page in c.walletTransactionsPages(walletName: a.s("wallet_name"), pageSize: a.int32("page_size") ?? Int32(defaultPageSize())) { entries += page }
        return Fields(pairs: [("entries", entries)])
    case "address_transaction_pages":
        var entries: [AddressTxEntry] = []
        for try await page in c.addressTransactionPages(address: a.s("address"), pageSize: a.int32("page_size") ?? Int32(defaultPageSize())) { entries += page }
        return Fields(pairs: [("entries", entries)])
    // the offline payment functions (no client)
    case "build_payment_uri":
        let uri = try buildPaymentUri(address: a.s("address"), network: try a.network("network"), amount: try a.oamount("amount"), label: a.os("label"), message: a.os("message"))
        return Fields(pairs: [("uri", uri)])
    case "parse_payment_uri": return try parsePaymentUri(uri: a.s("uri"), network: try a.network("network"))
    case "parse_input": return parseInput(text: a.s("text"), network: try a.network("network"))
    // signing at home: the prevouts read from the chain, the key kept here
    case "sign_transaction_locally":
        let prevouts = try await c.prevoutsFor(unsignedHex: a.s("unsigned_hex"))
        return try signTransactionLocally(unsignedHex: a.s("unsigned_hex"), keys: [a.secret("key")], prevouts: prevouts)
    case "psbt_round_trip":
        let prevouts = try await c.prevoutsFor(unsignedHex: a.s("unsigned_hex"))
        let unsigned = try psbtFromTransaction(unsignedHex: a.s("unsigned_hex"), prevouts: prevouts)
        let signed = try signPsbt(psbt: unsigned, keys: [a.secret("key")])
        let done = try finalizePsbt(psbt: signed)
        return Fields(pairs: [("hex", done.hex), ("txid", done.txid), ("complete", done.complete), ("unsignedPsbt", unsigned), ("signedPsbt", signed)])
    case "review_transaction":
        let intent = TransactionIntent(senderAddress: a.s("sender_address"), recipients: [Recipient(address: a.s("recipient_address"), amount: try a.amount("amount"))])
        return try await c.reviewTransaction(unsignedHex: a.s("unsigned_hex"), intent: intent)
    case "send_signed_locally":
        let options = SendLocallyOptions(feeRate: a.int64("fee_rate"), build: a.s("build") == "local" ? .local : .service)
        let sent = try await c.sendSignedLocally(senderAddress: a.s("sender_address"), recipientAddress: a.s("recipient_address"),
                                                 amount: try a.amount("amount"), keys: [a.secret("key")], options: options)
        return Fields(pairs: [("txid", sent.txid), ("fee", sent.fee), ("feeRate", sent.review.feeRate)])
    case "estimate_fee_rate": return try await c.estimateFeeRate(targetBlocks: a.int32("target_blocks"))
    // the wallet event stream: `count` events collected (within watchTimeoutMs), and a payment waited for
    case "watch_wallet":
        let count = Int(a.int64("count") ?? 1)
        let options = WatchOptions(cursor: a.os("cursor"), pollIntervalMs: a.int64("poll_interval_ms") ?? 200, confirmations: a.int32("confirmations"), history: a.int32("history"))
        let box = EventBox()
        let walletName = a.s("wallet_name")
        let done = try await within(watchTimeoutMs) {
            for try await event in c.watchWallet(walletName: walletName, options: options) {
                if box.append(event) >= count { break }
            }
            return true
        }
        let events = box.events
        var incomplete: String?
        if done == nil {
            incomplete = "\(events.count) of \(count) events within \(watchTimeoutMs / 1000) s"
        } else if events.count < count {
            incomplete = "the stream ended after \(events.count) of \(count) events"
        }
        return Fields(pairs: [("events", events), ("cursor", events.last?.cursor), ("incomplete", incomplete)])
    case "wait_for_payment":
        let timeoutMs = a.int64("timeout_ms")
        let options = WaitForPaymentOptions(confirmations: a.int32("confirmations"), timeoutMs: timeoutMs, pollIntervalMs: a.int64("poll_interval_ms") ?? 200)
        let bound = (timeoutMs ?? 0) + watchTimeoutMs
        let (walletName, address, amount) = (a.s("wallet_name"), a.s("address"), try a.amount("amount"))
        guard let p = try await within(bound, { try await c.waitForPayment(walletName: walletName, address: address, amount: amount, options: options) }) else {
            return Fields(pairs: [("incomplete", "no answer within \(bound / 1000) s")])
        }
        return Fields(pairs: [("status", "\(p.status)"), ("received", p.received), ("confirmations", p.confirmations), ("txids", p.txids), ("incomplete", nil)])
    default: throw RunnerError("the scenario names an unknown operation `\(op)`")
    }
}

func sandboxPost(_ path: String, _ body: J) async throws -> J {
    try await http(try env("WALLET_SDK_BASE_URL"), "POST", path, body)
}

/// One request to the sandbox or the fault proxy's control API: the answer's `data`, or the whole JSON without an envelope.
func http(_ base: String, _ method: String, _ path: String, _ body: J?) async throws -> J {
    guard #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) else { throw RunnerError("the sandbox and proxy steps use URLSession's async data(for:): iOS 15 / macOS 12") }
    var req = URLRequest(url: URL(string: base.trimmingCharacters(in: ["/"]) + path)!)
    req.httpMethod = method
    req.timeoutInterval = 300
    if let body {
        req.setValue("application/json", forHTTPHeaderField: "Content-Type")
        req.httpBody = Data(body.json.utf8)
    }
    let (data, resp) = try await URLSession.shared.data(for: req)
    let code = (resp as? HTTPURLResponse)?.statusCode ?? 0
    let text = String(decoding: data, as: UTF8.self)
    guard (200..<300).contains(code) else { throw RunnerError("\(method) \(path): HTTP \(code) \(text)") }
    let v = try JsonReader.parse(text)
    return v["data"] ?? v
}

final class Runner {
    let vars: [(String, String)]
    var outputs: [String: Any] = [:]
    /// The errors of failed steps with an `id`, for `resolve` (`error_of`).
    var errors: [String: WalletError] = [:]
    /// The scenario's own key for the `proxied` client and the proxy steps (made on first use), so
    /// that the proxy's rules and counters of one scenario in one language touch nothing else.
    var proxyKeyValue: String?
    var clients: [String: Result<WalletClient, Error>] = [:]
    var lines: [String] = []
    var failures: [String] = []
    var called = Set<String>()

    init(vars: J) {
        self.vars = vars.pairs.map { name, kind in
            let n = String(format: "%08x", UInt32.random(in: 0...UInt32.max))
            return (name, kind.string == "wallet" ? "sc_sw_\(n)" : "scenario text sw \(n)")
        }
    }

    func resolve(_ ref: String) throws -> J {
        if let v = vars.first(where: { $0.0 == ref }) { return .string(v.1) }
        let step = String(ref.prefix { $0 != "." })
        let path = ref.contains(".") ? String(ref[ref.index(after: ref.firstIndex(of: ".")!)...]) : ""
        guard let out = outputs[step] else { throw RunnerError("no output of step `\(step)` for ${\(ref)}") }
        guard case .found(let v) = fieldAt(out, path) else { throw RunnerError("step `\(step)` has no field `\(path)`") }
        return plain(v)
    }

    func substitute(_ v: J) throws -> J {
        switch v {
        case .string(var out):
            while let start = out.range(of: "${") {
                let end = out[start.upperBound...].firstIndex(of: "}")!
                let value = canonicalJson(try resolve(String(out[start.upperBound..<end])))
                out.replaceSubrange(start.lowerBound...end, with: value)
            }
            return .string(out)
        case .array(let a): return .array(try a.map(substitute))
        case .object(let keys, let values): return .object(keys: keys, values: try values.mapValues(substitute))
        default: return v
        }
    }

    /// Values of variables and earlier outputs by their names (longest first, ties by name), request ids by `*`.
    func normalize(_ text: String) -> String {
        var known = vars.map { ($0.1, "${\($0.0)}") }
        for (step, out) in outputs {
            for (name, v) in properties(out) where name != "rawJson" {
                if let s = v as? String, s.utf8.count >= 8 { known.append((s, "${\(step).\(snake(name))}")) }
            }
        }
        known.sort { $0.0.utf8.count != $1.0.utf8.count ? $0.0.utf8.count > $1.0.utf8.count : Array($0.1.utf8).lexicographicallyPrecedes(Array($1.1.utf8)) }
        var out = text
        for (value, name) in known { out = out.replacingOccurrences(of: value, with: name) }
        if let i = out.range(of: "[request id ") {
            let end = out[i.upperBound...].firstIndex(of: "]") ?? out.index(before: out.endIndex)
            out.replaceSubrange(i.lowerBound...end, with: "[request id *]")
        }
        return out
    }

    func proxyKey() async throws -> String {
        if let k = proxyKeyValue { return k }
        let out = try await sandboxPost("/sandbox/keys", .object(keys: ["ttlSeconds", "compat"], values: ["ttlSeconds": .int(3600), "compat": .string("default")]))
        guard let k = out["apiKey"]?.string else { throw RunnerError("no apiKey from /sandbox/keys") }
        proxyKeyValue = k
        return k
    }

    func client(_ spec: String) async throws -> Result<WalletClient, Error> {
        let credential: String
        var base = try env("WALLET_SDK_BASE_URL")
        switch spec {
        case "proxied":
            base = try env("WALLET_FAULT_PROXY_URL")
            credential = try await proxyKey()
        case "default": credential = try env("WALLET_SDK_API_KEY")
        case "compat_real": credential = try env("WALLET_SDK_API_KEY_COMPAT_REAL")
        case "node_url": credential = try env("WALLET_SANDBOX_NODE_URL")
        default: credential = canonicalJson(try substitute(.string(spec)))
        }
        let slot = base + "\n" + credential
        if let c = clients[slot] { return c }
        let c = Result<WalletClient, Error>(catching: {
            // the proxied client's lost requests settle in 2 s, so that resolve can say not_applied
            try WalletClient(config: WalletClientConfig(baseUrl: base, credential: Secret(value: credential), timeoutMs: 120_000, baseBackoffMs: 100, settleTimeMs: spec == "proxied" ? proxiedSettleTimeMs : nil))
        })
        clients[slot] = c
        return c
    }

    /// Checks one expected field: (passed, its transcript text).
    func check(_ result: Any?, _ path: String, _ matcher: J) throws -> (Bool, String) {
        guard case .found(let actual) = fieldAt(result, path) else { return (false, "(missing)") }
        let shown = normalize(canonical(actual))
        func show(_ ok: Bool, _ text: String) -> (Bool, String) { (ok, ok ? text : shown) }
        if case .object = matcher {
            if let ref = matcher["ref"]?.string {
                let want = try resolve(ref)
                return show(plain(actual) == want || canonical(actual) == canonicalJson(want), "${\(ref)}")
            }
            if case .array(let p)? = matcher["prefix"] {
                let prefixes = p.compactMap(\.string)
                let ok = (actual as? String).map { a in prefixes.contains { a.hasPrefix($0) } } ?? false
                return show(ok, "prefix(\(prefixes.joined(separator: "|")))")
            }
            if let len = matcher["len"]?.int {
                return show((actual as? String).map { Int64($0.utf8.count) == len } ?? false, "len(\(len))")
            }
            if let min = matcher["min"]?.int {
                return show((actual as? Int64).map { $0 >= min } ?? false, ">=\(min)")
            }
            let count = matcher["count"]?.int, minItems = matcher["min_items"]?.int
            if count != nil || minItems != nil {
                let n = (actual as? [Any]).map { Int64($0.count) }
                let ok = n != nil && (count.map { n == $0 } ?? true) && (minItems.map { n! >= $0 } ?? true)
                return show(ok, count.map { "\($0) items" } ?? ">=\(minItems!) items")
            }
            if let want = matcher["has_item"] {
                let ok = try (actual as? [Any])?.contains { item in try want.pairs.allSatisfy { try check(item, $0.0, $0.1).0 } } ?? false
                return show(ok, "has_item(\(want.pairs.map(\.0).joined(separator: ",")))")
            }
        }
        switch matcher {
        case .string("non_empty"):
            let ok = (actual as? String).map { !$0.isEmpty } ?? (actual as? [Any]).map { !$0.isEmpty } ?? false
            return show(ok, "non_empty")
        case .string("secret"):
            return ((actual as? Secret).map { !$0.isEmpty() } ?? false, shown)
        case .string("regtest_address"):
            let ok = (actual as? String).map { a in regtestPrefixes.contains { a.hasPrefix($0) } } ?? false
            return show(ok, "regtest_address")
        default:
            return (canonical(actual) == canonicalJson(try substitute(matcher)), shown)
        }
    }

    func step(_ scenario: J, _ index: Int, _ step: J) async throws {
        let label = "\(scenario["name"]?.string ?? "?")#\(index)"
        let args = Args(m: try substitute(step["args"] ?? .object(keys: [], values: [:])))
        let sandboxHelper = step["sandbox"]?.string
        if let helper = sandboxHelper, step["expect"] == nil {
            let out = try await sandbox(helper, args)
            if let id = step["id"]?.string { outputs[id] = out }
            lines.append("\(label) sandbox.\(helper) ok")
            return
        }
        var result: Any?
        var error: WalletError?
        let op: String
        if let helper = sandboxHelper {
            op = "sandbox.\(helper)"
            result = try await sandbox(helper, args)
        } else if let helper = step["proxy"]?.string {
            op = "proxy.\(helper)"
            result = try await proxy(helper, args)
            if step["expect"] == nil {
                lines.append("\(label) \(op) ok")
                return
            }
        } else {
            guard let name = step["op"]?.string else { throw RunnerError("\(label): a step needs op") }
            op = name
            called.insert(op)
            let spec = step["client"]?.string ?? scenario["client"]?.string ?? "default"
            do {
                let c = try await client(spec).get()
                if op == "resolve" {
                    let of = args.s("error_of")
                    guard let e = errors[of] else { throw RunnerError("resolve: no failed step `\(of)`") }
                    result = try await c.resolve(error: e)
                } else if let ms = step["cancel_after_ms"]?.int {
                    // given up by Task.cancel(): what the caller learns is the step's error
                    try await cancelledAfter(ms) { _ = try await call(c, op, args) }
                    throw RunnerError("\(label): ended before it was cancelled")
                } else {
                    result = try await call(c, op, args)
                }
            } catch let e as WalletError {
                error = e
            }
        }
        guard let expect = step["expect"] else { throw RunnerError("\(label): a step needs expect") }
        var line = "\(label) \(op)"
        var failed = false
        if let error {
            if let want = expect["error"] {
                let info = error.info
                line += " error kind=\(info.kind)"
                failed = failed || want["kind"]?.string != info.kind
                let facts: [(String, J)] = [
                    ("field", info.field.map(J.string) ?? .null),
                    ("status", info.status.map { .int(Int64($0)) } ?? .null),
                    ("code", info.serviceCode.map(J.string) ?? .null),
                    ("message", .string(normalize(info.message))),
                ]
                for (name, actual) in facts {
                    guard let w = want[name] else { continue }
                    let ok = w == actual
                    failed = failed || !ok
                    line += " \(name)=\(ok ? "" : "MISMATCH:")\(canonicalJson(actual))"
                }
            } else {
                failed = true
                line += " UNEXPECTED-ERROR kind=\(error.info.kind) message=\(normalize(error.info.message))"
            }
        } else if let fields = expect["ok"] {
            line += " ok"
            for (path, matcher) in fields.pairs {
                let (ok, text) = try check(result, path, matcher)
                failed = failed || !ok
                line += " \(path)=\(ok ? "" : "MISMATCH:")\(text)"
            }
        } else {
            failed = true
            line += " UNEXPECTED-SUCCESS"
        }
        // a watch or wait that did not finish in time fails its step
        if error == nil, let fields = result as? Fields, let why = fields.pairs.first(where: { $0.0 == "incomplete" })?.1.flatMap(unwrap) as? String {
            failed = true
            line += " INCOMPLETE(\(why))"
        }
        if error == nil, let id = step["id"]?.string { outputs[id] = result }
        if let error, let id = step["id"]?.string { errors[id] = error }
        if failed { failures.append(line) }
        // Swift's own: the error is the `WalletError` case of its kind (not part of the transcript)
        if let error, error.kind != error.info.kind {
            failures.append("\(label): WalletError case \(error.kind) thrown for kind \(error.info.kind)")
        }
        lines.append(line)
    }

    /// A fault-proxy step: `arm` one rule (the args are its fields, docs/fault-proxy.md; `count` 1
    /// unless given) scoped to the scenario's proxy key, or `forwarded`: how many requests of that
    /// key on `path` the proxy wrote to the sandbox (`hits`, `forwarded`).
    func proxy(_ helper: String, _ a: Args) async throws -> Fields {
        let key = try await proxyKey()
        let base = try env("WALLET_FAULT_PROXY_URL")
        switch helper {
        case "arm":
            var pairs: [(String, J)] = [("count", .int(1))]
            for (k, v) in a.m.pairs {
                if let i = pairs.firstIndex(where: { $0.0 == k }) { pairs[i].1 = v } else { pairs.append((k, v)) }
            }
            pairs.append(("header", .object(keys: ["name", "value"], values: ["name": .string("nodeUrlOrApiAccessKey"), "value": .string(key)])))
            let out = try await http(base, "POST", "/_proxy/rules", jsonObject(pairs))
            guard out["armed"] == .bool(true) else { throw RunnerError("the proxy did not arm the rule: \(out.json)") }
            return Fields(pairs: [])
        case "forwarded":
            let out = try await http(base, "GET", "/_proxy/hits?path=\(a.s("path"))&key=\(key)", nil)
            return Fields(pairs: [("hits", out["hits"].flatMap { $0.native }), ("forwarded", out["forwarded"].flatMap { $0.native })])
        default: throw RunnerError("unknown proxy step `\(helper)`")
        }
    }

    func sandbox(_ helper: String, _ a: Args) async throws -> Fields {
        let out: J
        switch helper {
        case "fund":
            var mine = true
            if case .bool(let b)? = a.get("mine") { mine = b }
            var replaceable = false
            if case .bool(let b)? = a.get("replaceable") { replaceable = b }
            out = try await sandboxPost("/sandbox/fund", jsonObject([("address", .string(a.s("address"))), ("amount", a.get("amount") ?? .null), ("mine", .bool(mine)), ("replaceable", .bool(replaceable))]))
        case "reorg":
            let depth = a.int64("depth") ?? 1
            var dropTransactions = false
            if case .bool(let b)? = a.get("drop_transactions") { dropTransactions = b }
            out = try await sandboxPost("/sandbox/reorg", jsonObject([("depth", .int(depth)), ("blocks", .int(a.int64("blocks") ?? depth + 1)), ("dropTransactions", .bool(dropTransactions))]))
        case "replace":
            out = try await sandboxPost("/sandbox/replace", jsonObject([("txid", .string(a.s("txid"))), ("walletName", a.get("wallet_name") ?? .null)]))
        case "mine":
            out = try await sandboxPost("/sandbox/mine", .object(keys: ["blocks"], values: ["blocks": a.get("blocks") ?? .int(1)]))
        case "key":
            out = try await sandboxPost("/sandbox/keys", .object(keys: ["ttlSeconds", "compat"], values: ["ttlSeconds": a.get("ttl_seconds") ?? .null, "compat": a.get("compat") ?? .null]))
        case "forged_key":
            var parts = try env("WALLET_SDK_API_KEY").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ"
            out = .object(keys: ["apiKey"], values: ["apiKey": .string(parts.joined(separator: "."))])
        default:
            // any other helper: its endpoint, with the args' names in camelCase
            out = try await sandboxPost("/sandbox/\(helper)", jsonObject(a.m.pairs.map { (camel($0.0), $0.1) }))
        }
        // sandbox answers are read like results: by camelCase name, as plain values
        return Fields(pairs: out.pairs.map { k, v in (camel(snake(k)), v.native) })
    }
}

// MARK: - hostile-answer cells (tests/hostile/cells.json, run by scripts/test-hostile)

/// Results whose raw JSON is larger than this are not also printed through `String(describing:)`.
let hostileReprLimit = 1024 * 1024

func jsonText(_ s: String?) -> J { s.map(J.string) ?? .null }

func jsonObject(_ pairs: [(String, J)]) -> J {
    .object(keys: pairs.map(\.0), values: Dictionary(pairs, uniquingKeysWith: { _, b in b }))
}

/// One hostile-answer cell, in this process (scripts/test-hostile starts one per cell, so that a
/// crash is that cell's failure): `WalletSDKScenarios --hostile CELLS NAME`. The rule is already
/// armed on the fault proxy for this process's credential WALLET_SDK_API_KEY; the call goes
/// through WALLET_FAULT_PROXY_URL with the cell's args, and one line `HOSTILE-RESULT {json}`
/// tells the outcome: the kind (`ok` for a success), the error's message,
/// `String(describing:)`, `String(reflecting:)`, `dump` and `info`, or the result's `rawJson`
/// and descriptions. Every call event goes to stderr, checked for secrets too.
func hostile(cellsPath: String, name: String) async throws -> Int32 {
    let doc = try JsonReader.parse(try String(contentsOfFile: cellsPath, encoding: .utf8))
    guard case .array(let cells)? = doc["cells"], let cell = cells.first(where: { $0["name"]?.string == name }) else { throw RunnerError("no cell \(name)") }
    let client = try WalletClient(config: WalletClientConfig(baseUrl: try env("WALLET_FAULT_PROXY_URL"), credential: Secret(value: try env("WALLET_SDK_API_KEY")), timeoutMs: 120_000, baseBackoffMs: 100))
    client.setLogger { event in FileHandle.standardError.write(Data("call event \(event)\n".utf8)) }
    var out: [(String, J)] = [("cell", .string(name))]
    do {
        let result = try await call(client, cell["op"]?.string ?? "", Args(m: cell["args"] ?? .object(keys: [], values: [:])))
        let raw = properties(result).first(where: { $0.0 == "rawJson" })?.1 as? String
        out.append(("kind", .string("ok")))
        out.append(("raw_json", jsonText(raw)))
        if (raw?.utf8.count ?? 0) > hostileReprLimit {
            out.append(("repr", .string("(not printed: the raw JSON is larger than 1 MiB)")))
        } else {
            out.append(("repr", .string(String(reflecting: result))))
            out.append(("str", .string(String(describing: result))))
        }
    } catch let e as WalletError {
        let info = e.info
        var dumped = ""  // the enum case with every associated value, as `dump` shows it
        dump(e, to: &dumped)
        out += [
            ("kind", .string(info.kind)), ("message", .string(info.message)), ("str", .string(String(describing: e))),
            ("repr", .string(String(reflecting: e))), ("localized", .string(e.localizedDescription)), ("dump", .string(dumped)),
            ("fields", jsonObject([
                ("info", .string(String(reflecting: info))), ("status", info.status.map { J.int(Int64($0)) } ?? .null),
                ("service_code", jsonText(info.serviceCode)), ("service_message", jsonText(info.serviceMessage)),
                ("request_id", jsonText(info.requestId)), ("field", jsonText(info.field)), ("operation", jsonText(info.operation)),
                ("node_code", info.nodeCode.map(J.int) ?? .null), ("node_message", jsonText(info.nodeMessage)),
                ("attempts", .int(Int64(info.attempts))), ("retryable", .bool(info.retryable)), ("raw_body", jsonText(info.rawBody)),
            ])),
        ]
    }
    print("HOSTILE-RESULT " + jsonObject(out).json)
    fflush(nil)  // every C stream (Swift 6 refuses a reference to the global `stdout`)
    return 0
}

@main
enum RunScenarios {
    static func main() async {
        let argv = CommandLine.arguments
        if argv.count == 4, argv[1] == "--hostile" {
            do {
                exit(try await hostile(cellsPath: argv[2], name: argv[3]))
            } catch {
                print("swift: hostile cell \(argv[3]): \(error)")
                exit(1)
            }
        }
        guard argv.count == 3 else {
            print("usage: WalletSDKScenarios SCENARIOS_DIR TRANSCRIPT | WalletSDKScenarios --hostile CELLS NAME")
            exit(2)
        }
        exit(await run(dir: argv[1], transcript: argv[2]))
    }

    nonisolated static func run(dir: String, transcript: String) async -> Int32 {
        var lines: [String] = [], failures: [String] = [], called = Set<String>()
        var steps = 0
        var crash: Error?
        do {
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
            for file in files {
                let scenario = try JsonReader.parse(try String(contentsOfFile: dir + "/" + file, encoding: .utf8))
                let runner = Runner(vars: scenario["vars"] ?? .object(keys: [], values: [:]))
                defer {
                    lines += runner.lines
                    failures += runner.failures
                    called.formUnion(runner.called)
                }
                guard case .array(let list)? = scenario["steps"] else { throw RunnerError("\(file): no steps") }
                for (i, step) in list.enumerated() {
                    try await runner.step(scenario, i, step)
                    steps += 1
                }
            }
        } catch {
            crash = error
        }
        let url = URL(fileURLWithPath: transcript)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        if let crash {
            print("swift: the runner stopped after \(steps) steps: \(crash)")
            return 1
        }
        // every operation of the core's table is called at least once, through this dispatch table
        let missing = operationNames().filter { name in !called.contains { camel($0) == name } }
        if !missing.isEmpty { failures.append("operations no scenario calls: \(missing)") }
        if !failures.isEmpty {
            print("swift: \(failures.count) of \(steps) steps failed:\n" + failures.joined(separator: "\n"))
            return 1
        }
        print("swift: \(steps) steps passed")
        return 0
    }
}
