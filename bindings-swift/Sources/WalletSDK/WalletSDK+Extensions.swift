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
    /// `true` when repeating the same call later may succeed (never for `OutcomeUnknown`).
    public var isRetryable: Bool { fields["retryable"] as? Bool ?? false }
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
    /// Runs `body` with a copy of this client whose calls abort their HTTP request when the
    /// current `Task` is cancelled (uniffi's generated async code does not propagate Swift task
    /// cancellation to Rust). A cancelled call throws `CancellationError`.
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
