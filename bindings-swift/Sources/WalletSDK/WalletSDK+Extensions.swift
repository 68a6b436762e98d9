// Hand-written, idiomatic additions to the generated bindings (module WalletSDK).
// No logic: amount parsing is the core's (`amountFromLtc`), this only converts types.
import Foundation

// MARK: - Errors

extension WalletError: LocalizedError {
    /// The SDK's message, so `localizedDescription` is the text to show a user.
    public var errorDescription: String? { message }
}

extension WalletError: CustomStringConvertible {
    public var description: String { "WalletError(\(kind): \(message))" }
}

// Typed accessors: every field of the core's error, read through `walletErrorInfo` (no
// reflection), whatever the case.
extension WalletError {
    /// Kind, message and every field at once, whatever the case.
    public var info: WalletErrorInfo { walletErrorInfo(error: self) }
    /// The stable kind (`not_found`, `outcome_unknown`, …, `cancelled`, `internal`).
    public var kind: String { info.kind }
    /// The SDK's message (what `localizedDescription` returns).
    public var message: String { info.message }
    /// The HTTP status, when a response arrived.
    public var status: Int32? { info.status }
    /// The service's error code (`wallet_not_found`, …), when known.
    public var serviceCode: String? { info.serviceCode }
    /// The service's own message, when it sent one.
    public var serviceMessage: String? { info.serviceMessage }
    /// The `X-Request-Id` of the response.
    public var requestId: String? { info.requestId }
    /// The input the error is about.
    public var field: String? { info.field }
    /// How long the service asked to wait before retrying (rate limiting), when it said.
    /// (`Duration` is iOS 16 / macOS 13; before them, `info.retryAfterMs` holds the same.)
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public var retryAfter: Duration? { info.retryAfterMs.map { .milliseconds($0) } }
    /// The snake_case operation name.
    public var operation: String? { info.operation }
    /// The Litecoin node's error code, when the service reported it.
    public var nodeCode: Int64? { info.nodeCode }
    /// The Litecoin node's error message, when the service reported it.
    public var nodeMessage: String? { info.nodeMessage }
    /// How many requests were sent (0 when the call failed before sending).
    public var attempts: Int32 { info.attempts }
    /// `true` when repeating the same call later may succeed: never for `OutcomeUnknown`, nor
    /// for a create, a send or another call that is not safe to repeat once its request may
    /// have reached the service.
    public var isRetryable: Bool { info.retryable }
    /// The redacted body of an answer the SDK could not read (`Decode`, or `OutcomeUnknown`
    /// after an unreadable 2xx to a create or a send); `nil` otherwise, and always for answers
    /// that carry a secret.
    public var rawBody: String? { info.rawBody }
    /// For an `OutcomeUnknown` (and a failed broadcast): what `WalletClient.resolve` needs to
    /// find out what became of the call, as text to keep and give to `resolveToken` later; no
    /// secret is in it. `nil` when there is nothing to look up.
    public var outcomeToken: String? { info.outcomeToken }
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
    /// cancelled. Every call already does so by itself (a plain `Task.cancel()`, see
    /// docs/adr/0005); this older form also ends the calls through a `CancelToken`. A cancelled
    /// call throws `CancellationError` and its HTTP request is aborted — except a create, a send
    /// or another call not safe to repeat already under way: its request may have been sent, so
    /// it runs to completion in the background (its outcome goes to the abandoned-call listener)
    /// and the call throws `WalletError.OutcomeUnknown` (never retryable): check whether it took
    /// effect before trying again.
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
    /// Sets `body` to be told what became of a create, a send or another call not safe to repeat
    /// whose caller stopped waiting (a cancelled `Task` or `cancellable` call) after its request
    /// may have been sent: such a call runs to completion in the background. Called on a
    /// background thread; shared by this client and its copies.
    /// `setAbandonedCallListener(listener: nil)` removes it.
    public func setAbandonedCallListener(_ body: @escaping @Sendable (AbandonedCallInfo) -> Void) {
        setAbandonedCallListener(listener: AbandonedCallHandler(body))
    }
}

// MARK: - Logging

/// A `WalletLogger` that calls a closure (see `WalletClient.setLogger(_:)`).
public final class WalletLoggerHandler: WalletLogger {
    private let body: @Sendable (CallEvent) -> Void

    public init(_ body: @escaping @Sendable (CallEvent) -> Void) {
        self.body = body
    }

    public func log(event: CallEvent) {
        body(event)
    }
}

extension WalletClient {
    /// Sets `body` to be told about every finished call of this client and its copies:
    /// operation, attempts, status, latency, error kind and request id, never a secret. Route it
    /// to OSLog or swift-log, e.g. `client.setLogger { logger.debug("\($0)") }`. Called on the
    /// thread where the call finished, usually one of the SDK's: keep it short.
    /// `setLogger(logger: nil)` removes it.
    public func setLogger(_ body: @escaping @Sendable (CallEvent) -> Void) {
        setLogger(logger: WalletLoggerHandler(body))
    }
}

// MARK: - Paged reads

/// Streams the pages that `start()`'s function returns, until it returns `nil` (the paged reads'
/// streams, generated with the bindings by ffi/scripts/gen-pages.py, are built on it).
func pages<Entry: Sendable>(
    _ start: @escaping @Sendable () throws -> @Sendable () async throws -> [Entry]?
) -> AsyncThrowingStream<[Entry], Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            do {
                let nextPage = try start()
                while let page = try await nextPage() {
                    try Task.checkCancellation()
                    continuation.yield(page)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

// MARK: - Getting paid

extension WalletClient {
    /// The wallet's events as an `AsyncThrowingStream`: payments in (`.received`, then
    /// `.confirmed`), payments out (`.sent`), `.reorged`, `.replaced`, `.dropped`, polled while it
    /// is iterated and stopped when the loop ends or its task is cancelled. Save each event's
    /// `cursor` after handling it; watching again with `WatchOptions(cursor: saved)` repeats
    /// nothing and loses nothing. A bad option or cursor ends it with `InvalidInput`.
    ///
    ///     for try await event in client.watchWallet(walletName: "shop") { … }
    public func watchWallet(walletName: String, options: WatchOptions = WatchOptions()) -> AsyncThrowingStream<WalletEvent, Error> {
        let stream = walletEventStream(walletName: walletName, options: options)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while let event = try await stream.nextEvent() {
                        try Task.checkCancellation()
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
