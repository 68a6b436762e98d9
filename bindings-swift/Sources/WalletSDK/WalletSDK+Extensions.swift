// Hand-written, idiomatic additions to the generated bindings (module WalletSDK).
// No logic: amount parsing is the core's (`amountFromLtc`), this only converts types.
import Foundation

// MARK: - Errors

extension WalletError: LocalizedError {
    /// The SDK's message, so `localizedDescription` is the text to show a user.
    public var errorDescription: String? { message }
}

extension WalletError: CustomStringConvertible {
    public var description: String { "WalletError.\(kindCase)(\(message))" }
}

extension WalletError {
    private var fields: [String: Any] {
        // Every case carries the same labelled associated values (see ffi/src/error.rs).
        guard let payload = Mirror(reflecting: self).children.first?.value else { return [:] }
        var out: [String: Any] = [:]
        for child in Mirror(reflecting: payload).children {
            if let label = child.label { out[label] = child.value }
        }
        return out
    }

    private var kindCase: String {
        Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }

    /// The SDK's message (what `localizedDescription` returns).
    public var message: String { fields["message"] as? String ?? "" }
    /// The HTTP status, when a response arrived.
    public var status: Int32? { fields["status"] as? Int32? ?? nil }
    /// The service's error code (`wallet_not_found`, …), when known.
    public var serviceCode: String? { fields["serviceCode"] as? String? ?? nil }
    /// The `X-Request-Id` of the response.
    public var requestId: String? { fields["requestId"] as? String? ?? nil }
    /// The input the error is about.
    public var field: String? { fields["field"] as? String? ?? nil }
    /// The snake_case operation name.
    public var operation: String? { fields["operation"] as? String? ?? nil }
    /// `true` when repeating the same call later may succeed: never for `OutcomeUnknown`, nor
    /// for a create, send or broadcast whose request may have reached the service.
    public var isRetryable: Bool { fields["retryable"] as? Bool ?? false }
    /// The redacted body of an answer the SDK could not read (`Decode`, or `OutcomeUnknown`
    /// after an unreadable 2xx to a create/send/broadcast); `nil` otherwise, and always for
    /// answers that carry a secret.
    public var rawBody: String? { fields["rawBody"] as? String? ?? nil }
    /// Kind, message and every field at once, whatever the case.
    public var info: WalletErrorInfo { walletErrorInfo(error: self) }
    /// The stable kind (`not_found`, `outcome_unknown`, …, `cancelled`, `internal`).
    public var kind: String {
        var out = ""
        for (i, ch) in kindCase.enumerated() {
            if ch.isUppercase && i > 0 { out.append("_") }
            out.append(Character(ch.lowercased()))
        }
        return out
    }
}

// MARK: - Amounts

extension Amount {
    /// The amount in LTC as an exact `Decimal`, e.g. `1.5`.
    public var ltc: Decimal { Decimal(litoshis) / Decimal(100_000_000) }

    /// A positive amount from an exact decimal LTC value; more than 8 decimals, zero or a
    /// negative value throw `WalletError.InvalidInput`. (No `Double` initializer on purpose.)
    public init(ltc: Decimal) throws {
        var value = ltc
        self = try amountFromLtc(text: NSDecimalString(&value, Locale(identifier: "en_US_POSIX")))
    }

    /// A positive amount from decimal LTC text, e.g. `"0.0001"`.
    public init(ltc text: String) throws {
        self = try amountFromLtc(text: text)
    }

    /// The amount as 8-decimal LTC text (`1.50000000`).
    public var ltcString: String { amountToLtcString(amount: self) }
}

// MARK: - Cancellation

extension WalletClient {
    /// Runs `body` with a copy of this client whose calls stop when the current `Task` is
    /// cancelled (uniffi's generated async code does not propagate Swift task cancellation to
    /// Rust). A cancelled call throws `CancellationError` and its HTTP request is aborted —
    /// except a create, send or broadcast already under way: its request may have been sent,
    /// so it runs to completion in the background (its outcome goes to the abandoned-call
    /// listener) and the call throws `WalletError.OutcomeUnknown` (never retryable): check
    /// whether it took effect before trying again.
    ///
    ///     let info = try await client.cancellable { try await $0.blockchainInfo() }
    public func cancellable<T: Sendable>(_ body: @Sendable (WalletClient) async throws -> T) async throws -> T {
        let token = CancelToken()
        let client = self.withCancelToken(token: token)
        return try await withTaskCancellationHandler {
            do {
                try Task.checkCancellation()
                return try await body(client)
            } catch let error as WalletError {
                if case .Cancelled = error { throw CancellationError() }
                throw error
            }
        } onCancel: {
            token.cancel()
        }
    }
}

// MARK: - Abandoned calls

/// An `AbandonedCallListener` that calls a closure (see `WalletClient.setAbandonedCallListener(_:)`).
public final class AbandonedCallHandler: AbandonedCallListener {
    private let body: @Sendable (AbandonedCallInfo) -> Void

    public init(_ body: @escaping @Sendable (AbandonedCallInfo) -> Void) {
        self.body = body
    }

    public func onAbandonedCall(call: AbandonedCallInfo) {
        body(call)
    }
}

extension WalletClient {
    /// Sets `body` to be told what became of a create, send or broadcast whose caller stopped
    /// waiting (a cancelled `cancellable` call) after its request may have been sent: such a
    /// call runs to completion in the background. Called on a background thread; shared by this
    /// client and its copies. `setAbandonedCallListener(listener: nil)` removes it.
    public func setAbandonedCallListener(_ body: @escaping @Sendable (AbandonedCallInfo) -> Void) {
        setAbandonedCallListener(listener: AbandonedCallHandler(body))
    }
}
