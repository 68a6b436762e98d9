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

/** The fields every [WalletException] variant carries, readable on the base type. */
data class WalletErrorInfo(
    /** The stable kind (`not_found`, `outcome_unknown`, …, `cancelled`, `internal`). */
    val kind: String,
    /** The HTTP status, when a response arrived. */
    val status: Int?,
    /** The service's error code (`wallet_not_found`, …), when known. */
    val serviceCode: String?,
    /** The `X-Request-Id` of the response. */
    val requestId: String?,
    /** The input the error is about. */
    val field: String?,
    /** The service's `Retry-After`, in milliseconds. */
    val retryAfterMs: Long?,
    /** The snake_case operation name. */
    val operation: String?,
    /** `true` when repeating the same call later may succeed (never for `outcome_unknown`). */
    val retryable: Boolean,
)

/** Kind, status, service code … of any [WalletException] (variants also expose them directly). */
val WalletException.info: WalletErrorInfo
    get() = when (this) {
        is WalletException.InvalidInput -> WalletErrorInfo("invalid_input", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.InsecureTransport -> WalletErrorInfo("insecure_transport", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.CredentialExpired -> WalletErrorInfo("credential_expired", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.CredentialRejected -> WalletErrorInfo("credential_rejected", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Validation -> WalletErrorInfo("validation", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.NotFound -> WalletErrorInfo("not_found", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Conflict -> WalletErrorInfo("conflict", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.WalletLocked -> WalletErrorInfo("wallet_locked", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.InsufficientFunds -> WalletErrorInfo("insufficient_funds", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Rejected -> WalletErrorInfo("rejected", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.RateLimited -> WalletErrorInfo("rate_limited", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.ServiceUnavailable -> WalletErrorInfo("service_unavailable", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.ServiceException -> WalletErrorInfo("service_error", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Timeout -> WalletErrorInfo("timeout", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.OutcomeUnknown -> WalletErrorInfo("outcome_unknown", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Transport -> WalletErrorInfo("transport", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Decode -> WalletErrorInfo("decode", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Cancelled -> WalletErrorInfo("cancelled", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
        is WalletException.Internal -> WalletErrorInfo("internal", status, serviceCode, requestId, field, retryAfterMs, operation, retryable)
    }

/** The stable kind of the error. */
val WalletException.kind: String get() = info.kind

/** The HTTP status, when a response arrived. */
val WalletException.status: Int? get() = info.status

/** The service's error code, when known. */
val WalletException.serviceCode: String? get() = info.serviceCode

/** `true` when repeating the same call later may succeed (never for `outcome_unknown`). */
val WalletException.isRetryable: Boolean get() = info.retryable
