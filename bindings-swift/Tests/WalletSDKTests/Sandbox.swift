import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import WalletSDK

/// The launcher's environment and the sandbox-only endpoints (no credential).
enum Sandbox {
    static func env(_ name: String) -> String {
        guard let v = ProcessInfo.processInfo.environment[name], !v.isEmpty else {
            fatalError("\(name) is not set: run bindings-swift/run-tests.sh (scripts/with-sandbox)")
        }
        return v
    }

    static var baseUrl: String { env("WALLET_SDK_BASE_URL") }
    static var apiKey: String { env("WALLET_SDK_API_KEY") }
    static var compatRealKey: String { env("WALLET_SDK_API_KEY_COMPAT_REAL") }
    /// The wallet-fault-proxy in front of the sandbox (docs/fault-proxy.md).
    static var proxyUrl: String { env("WALLET_FAULT_PROXY_URL") }

    static func client(key: String? = nil, timeoutMs: Int64 = 120_000, url: String? = nil) throws -> WalletClient {
        try WalletClient(config: WalletClientConfig(
            baseUrl: url ?? baseUrl, credential: Secret(value: key ?? apiKey), timeoutMs: timeoutMs,
            baseBackoffMs: 100, userAgentSuffix: "wallet-sdk-swift-tests"))
    }

    static func unique(_ tag: String) -> String {
        "sw_\(tag)_" + String(format: "%08x", UInt32.random(in: 0...UInt32.max))
    }

    /// POSTs JSON to a sandbox-only endpoint (or the proxy's control API at `base`); returns
    /// the `data` object (or the whole body).
    static func post(_ path: String, _ body: [String: Any], base: String? = nil) async throws -> [String: Any] {
        var req = URLRequest(url: URL(string: (base ?? baseUrl) + path)!)
        req.httpMethod = "POST"
        req.setValue("application/json", forHTTPHeaderField: "Content-Type")
        req.httpBody = try JSONSerialization.data(withJSONObject: body)
        return try await send(req)
    }

    /// GETs a control endpoint; returns its JSON object.
    static func get(_ url: URL) async throws -> [String: Any] {
        try await send(URLRequest(url: url))
    }

    private static func send(_ request: URLRequest) async throws -> [String: Any] {
        guard #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) else { throw XCTSkip("the sandbox helpers use URLSession's async data(for:): iOS 15 / macOS 12") }
        var req = request
        req.timeoutInterval = 300
        let (data, resp) = try await URLSession.shared.data(for: req)
        let code = (resp as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(code) else {
            let what = "\(req.httpMethod ?? "GET") \(req.url?.path ?? "")"
            throw NSError(domain: "sandbox", code: code, userInfo: [NSLocalizedDescriptionKey: "\(what): HTTP \(code) \(String(decoding: data, as: UTF8.self))"])
        }
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (json["data"] as? [String: Any]) ?? json
    }

    @discardableResult
    static func fund(_ address: String, _ ltc: Double, mine: Bool = true) async throws -> String {
        // The sandbox endpoint takes a JSON number; these test values are exact in binary.
        try await post("/sandbox/fund", ["address": address, "amount": ltc, "mine": mine])["txid"] as? String ?? ""
    }

    static func mine(_ blocks: Int) async throws {
        _ = try await post("/sandbox/mine", ["blocks": blocks])
    }

    static func mintKey(ttlSeconds: Int, compat: String) async throws -> String {
        try await post("/sandbox/keys", ["ttlSeconds": ttlSeconds, "compat": compat])["apiKey"] as? String ?? ""
    }

    /// The sandbox holds the next `count` requests to `path` (only those with `apiKey`, if given).
    static func delay(_ path: String, ms: Int, count: Int = 1, apiKey: String? = nil) async throws {
        var body: [String: Any] = ["path": path, "delayMs": ms, "count": count]
        if let apiKey { body["apiKey"] = apiKey }
        _ = try await post("/sandbox/faults", body)
    }

    /// Arms a fault-proxy rule for the requests to `path` that carry the API key `key`.
    static func proxyRule(_ path: String, _ action: String, key: String, _ extra: [String: Any] = [:]) async throws {
        var rule: [String: Any] = ["path": path, "action": action, "header": ["name": "nodeUrlOrApiAccessKey", "value": key]]
        rule.merge(extra) { _, new in new }
        _ = try await post("/_proxy/rules", rule, base: proxyUrl)
    }

    /// (requests the proxy received, requests it forwarded to the sandbox) on `path` with key `key`.
    static func proxyHits(_ path: String, key: String) async throws -> [Int] {
        var url = URLComponents(string: proxyUrl + "/_proxy/hits")!
        url.queryItems = [URLQueryItem(name: "path", value: path), URLQueryItem(name: "key", value: key)]
        let json = try await get(url.url!)
        return [json["hits"] as? Int ?? -1, json["forwarded"] as? Int ?? -1]
    }
}

/// Awaits `body` and returns the `WalletError` it must throw, checking its kind.
@discardableResult
func expectError<T>(_ kind: String, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                    _ body: () async throws -> T) async -> WalletError? {
    do {
        let v = try await body()
        XCTFail("\(what): expected \(kind), got success \(v)", file: file, line: line)
        return nil
    } catch let e as WalletError {
        XCTAssertEqual(e.kind, kind, "\(what): \(e.message)", file: file, line: line)
        XCTAssertFalse(e.message.isEmpty, file: file, line: line)
        return e
    } catch {
        XCTFail("\(what): unexpected error \(error)", file: file, line: line)
        return nil
    }
}

struct NoErrorThrown: Error {}

/// The error `expectError` returned (it already recorded a failure when there was none).
func must(_ e: WalletError?, file: StaticString = #filePath, line: UInt = #line) throws -> WalletError {
    guard let e else { throw NoErrorThrown() }
    return e
}

// XCTAssert* take autoclosures, which cannot contain `await`: these take evaluated values.
func assertEq<T: Equatable>(_ a: T, _ b: T, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a, b, msg, file: file, line: line)
}
func assertTrue(_ v: Bool, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(v, msg, file: file, line: line)
}
func assertFalse(_ v: Bool, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(v, msg, file: file, line: line)
}
func assertNotNil<T>(_ v: T?, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNotNil(v, msg, file: file, line: line)
}
func assertGE<T: Comparable>(_ a: T, _ b: T, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThanOrEqual(a, b, msg, file: file, line: line)
}
