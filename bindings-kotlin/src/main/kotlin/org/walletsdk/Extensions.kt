// Hand-written, idiomatic additions to the generated bindings (package org.walletsdk).
// No logic: amount parsing is the core's (`amountFromLtc`), this only converts types.
package org.walletsdk

import java.math.BigDecimal

/** Litoshis per LTC. */
const val LITOSHIS_PER_LTC: Long = 100_000_000L

/** The amount in LTC as an exact [BigDecimal] (scale 8), e.g. `1.50000000`. */
val Amount.ltc: BigDecimal
    get() = BigDecimal.valueOf(litoshis, 8)

/** An amount of [litoshis] litoshis. */
fun Amount.Companion.ofLitoshis(litoshis: Long): Amount = Amount(litoshis)

/**
 * A positive amount from an exact decimal LTC value, e.g. `Amount.ofLtc(BigDecimal("1.5"))`.
 * More than 8 decimals, zero or negative values throw [WalletException.InvalidInput].
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

/**
 * `true` when repeating the same call later may succeed: never for `outcome_unknown`, nor for a
 * create, send or broadcast whose request may have reached the service.
 */
val WalletException.isRetryable: Boolean get() = info.retryable

/**
 * The redacted body of an answer the SDK could not read ([WalletException.Decode], or
 * [WalletException.OutcomeUnknown] after an unreadable 2xx to a create/send/broadcast); `null`
 * otherwise, and always for answers that carry a secret.
 */
val WalletException.rawBody: String? get() = info.rawBody

/**
 * Sets [listener] to be told what became of a create, send or broadcast whose coroutine was
 * cancelled (or timed out) after its request may have been sent: such a call runs to completion
 * in the background, and the cancelled caller only sees a `CancellationException`. Called on a
 * background thread; shared by this client and its copies. See `setAbandonedCallListener(null)`
 * to remove it.
 */
fun WalletClient.setAbandonedCallListener(listener: (AbandonedCallInfo) -> Unit) =
    setAbandonedCallListener(object : AbandonedCallListener {
        override fun onAbandonedCall(call: AbandonedCallInfo) = listener(call)
    })
