// Hand-written, idiomatic additions to the generated bindings (package org.walletsdk).
// No logic: amount parsing is the core's (`amountFromLtc`), this only converts types.
package org.walletsdk

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import java.math.BigDecimal
import java.time.Duration

/** Litoshis per LTC. */
const val LITOSHIS_PER_LTC: Long = 100_000_000L

/** The amount in LTC as an exact [BigDecimal] (scale 8), e.g. `1.50000000`. */
val Amount.ltc: BigDecimal
    get() = BigDecimal.valueOf(litoshis, 8)

/** An amount of [litoshis] litoshis. */
fun Amount.Companion.ofLitoshis(litoshis: Long): Amount = Amount(litoshis)

/**
 * A positive amount from an exact decimal LTC value, e.g. `Amount.ofLtc(BigDecimal("1.5"))`.
 * More than 8 decimals, zero or negative values throw [WalletException.InvalidInputException].
 * There is deliberately no overload for `Double`/`Float` (binary floats are not exact).
 */
fun Amount.Companion.ofLtc(ltc: BigDecimal): Amount = amountFromLtc(ltc.toPlainString())

/** A positive amount from decimal LTC text, e.g. `Amount.ofLtc("0.0001")`. */
fun Amount.Companion.ofLtc(ltc: String): Amount = amountFromLtc(ltc)

/** The amount as 8-decimal LTC text (`1.50000000`). */
fun Amount.toLtcString(): String = ltc.toPlainString()

/**
 * Kind, message, status, service code, …, raw body of any [WalletException], whatever its variant
 * (the variants also expose them directly).
 */
val WalletException.info: WalletErrorInfo
    get() = walletErrorInfo(this)

/** The stable kind of the error. */
val WalletException.kind: String get() = info.kind

/** The HTTP status, when a response arrived. */
val WalletException.status: Int? get() = info.status

/** The service's error code, when known. */
val WalletException.serviceCode: String? get() = info.serviceCode

/** The service's own message, when it sent one. */
val WalletException.serviceMessage: String? get() = info.serviceMessage

/** The `X-Request-Id` of the answer, when known. */
val WalletException.requestId: String? get() = info.requestId

/** The SDK name of the input the error is about (`walletName`'s `wallet_name`, …), when known. */
val WalletException.field: String? get() = info.field

/** How long the service asked to wait before retrying (rate limiting), when it said. */
val WalletException.retryAfter: Duration? get() = info.retryAfterMs?.let(Duration::ofMillis)

/** The snake_case operation name, when known. */
val WalletException.operation: String? get() = info.operation

/** The Litecoin node's error code, when the service reported it. */
val WalletException.nodeCode: Long? get() = info.nodeCode

/** The Litecoin node's error message, when the service reported it. */
val WalletException.nodeMessage: String? get() = info.nodeMessage

/** How many requests were sent (0 when the call failed before sending). */
val WalletException.attempts: Int get() = info.attempts

/**
 * `true` when repeating the same call later may succeed: never for `outcome_unknown`, nor for a
 * create, a send or another call that is not safe to repeat once its request may have reached
 * the service.
 */
val WalletException.isRetryable: Boolean get() = info.retryable

/**
 * The redacted body of an answer the SDK could not read ([WalletException.DecodeException], or
 * [WalletException.OutcomeUnknownException] after an unreadable 2xx to a create or a send);
 * `null` otherwise, and always for answers that carry a secret.
 */
val WalletException.rawBody: String? get() = info.rawBody

/**
 * For an [WalletException.OutcomeUnknownException] (and a failed broadcast): what
 * [WalletClient.resolve] needs to find out what became of the call, as text to keep (a database
 * row, a job queue) and give to [WalletClient.resolveToken] later; no secret is in it. `null`
 * when there is nothing to look up.
 */
val WalletException.outcomeToken: String? get() = info.outcomeToken

/**
 * For the `CancellationException` of a cancelled coroutine (or `withTimeout`), or of a
 * cancelled future of the Java API: one [WalletException.OutcomeUnknownException] for each
 * call not safe to repeat (a create, a send…) it stopped waiting for after that call's request
 * may have left, with the [outcomeToken] that resolves it. Empty when nothing was sent (the SDK
 * makes sure it never will be). A cancellation shared by several calls (a cancelled scope)
 * carries each of theirs. The exception stays a `CancellationException`, as structured
 * concurrency needs; keep each token and give it to [WalletClient.resolveToken] later.
 */
val Throwable.cancelledOutcomes: List<WalletException.OutcomeUnknownException>
    get() {
        // the coroutines library may rethrow a copy whose cause is the original
        val seen = mutableListOf<Throwable>()
        var at: Throwable? = this
        while (at != null && seen.none { it === at }) {
            seen.add(at)
            at = at.cause
        }
        return seen.flatMap { it.suppressed.filterIsInstance<WalletException.OutcomeUnknownException>() }
    }

/**
 * Sets [listener] to be told what became of a call not safe to repeat (a create, a send…) whose
 * coroutine was cancelled (or timed out) after its request may have been sent: such a call runs
 * to completion in the background, and the cancelled caller sees a `CancellationException` whose
 * [cancelledOutcomes] say so. Called on a background thread; shared by this client and its
 * copies. See `setAbandonedCallListener(null)` to remove it.
 */
fun WalletClient.setAbandonedCallListener(listener: (AbandonedCallInfo) -> Unit) =
    setAbandonedCallListener(object : AbandonedCallListener {
        override fun onAbandonedCall(call: AbandonedCallInfo) = listener(call)
    })


/**
 * Sets [logger] to be told about every finished call of this client and its copies: operation,
 * attempts, status, latency, error kind and request id, never a secret. Route it to Logcat,
 * SLF4J or java.util.logging, e.g. `client.setLogger { log.debug("{}", it) }`. Called on the
 * thread where the call finished, usually one of the SDK's: keep it short. See
 * `setLogger(null)` to remove it.
 */
fun WalletClient.setLogger(logger: (CallEvent) -> Unit) =
    setLogger(object : WalletLogger {
        override fun log(event: CallEvent) = logger(event)
    })

/**
 * The wallet's events as a cold [Flow]: payments in (`RECEIVED`, then `CONFIRMED`), payments out
 * (`SENT`), `REORGED`, `REPLACED`, `DROPPED`, polled while it is collected and stopped when the
 * collector stops or is cancelled. Save each event's `cursor` after handling it; collecting again
 * with `WatchOptions(cursor = saved)` repeats nothing and loses nothing. A bad option or cursor
 * fails the flow with `InvalidInputException`.
 */
fun WalletClient.watchWallet(walletName: String, options: WatchOptions = WatchOptions()): Flow<WalletEvent> = flow {
    walletEventStream(walletName, options).use { stream ->
        while (true) emit(stream.nextEvent() ?: break)
    }
}
