"""Exceptions of the wallet SDK: one class per error kind of the core, under WalletSdkError."""

import builtins
from typing import Any, Dict, Optional, Type

__all__ = [
    "WalletSdkError",
    "InvalidInputError",
    "InsecureTransportError",
    "CredentialExpiredError",
    "CredentialRejectedError",
    "ValidationError",
    "NotFoundError",
    "ConflictError",
    "WalletLockedError",
    "InsufficientFundsError",
    "RejectedError",
    "RateLimitedError",
    "ServiceUnavailableError",
    "ServiceError",
    "TimeoutError",
    "OutcomeUnknownError",
    "TransportError",
    "DecodeError",
]


class WalletSdkError(Exception):
    """Base class of every error raised by the SDK.

    Attributes:
        kind: the stable error kind (``"not_found"``, ``"outcome_unknown"``, ...).
        message: the message (also ``str(error)``); it never contains a secret.
        status: the HTTP status, when an answer came.
        code: the service's error code (wire ``error.code``, or one derived from the status).
        service_message: the service's own message, when it sent one.
        request_id: the ``X-Request-Id`` of the answer, when known.
        field: the SDK name of the input the service blamed (``"wallet_name"``,
            ``"passphrase"``, ``"credential"``...), when known.
        retry_after: seconds to wait before retrying (rate limiting), when given.
        retryable: whether repeating the same call may succeed.
        operation: the operation's name (``"wallet_balance"``...), when known.
        node_code, node_message: the Litecoin node's error, when the service reported it.
        attempts: how many requests were sent.
    """

    kind: str = "wallet_sdk_error"

    def __init__(
        self,
        message: str,
        *,
        kind: Optional[str] = None,
        status: Optional[int] = None,
        code: Optional[str] = None,
        service_message: Optional[str] = None,
        request_id: Optional[str] = None,
        field: Optional[str] = None,
        retry_after: Optional[float] = None,
        retryable: bool = False,
        operation: Optional[str] = None,
        node_code: Optional[int] = None,
        node_message: Optional[str] = None,
        attempts: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind
        self.status = status
        self.code = code
        self.service_message = service_message
        self.request_id = request_id
        self.field = field
        self.retry_after = retry_after
        self.retryable = retryable
        self.operation = operation
        self.node_code = node_code
        self.node_message = node_message
        self.attempts = attempts

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"

    def __reduce__(self) -> Any:
        details = {k: v for k, v in self.__dict__.items() if k != "message"}
        return (_rebuild, (type(self), self.message, details))


def _rebuild(cls: Type[WalletSdkError], message: str, details: Dict[str, Any]) -> WalletSdkError:
    return cls(message, **details)


class InvalidInputError(WalletSdkError, ValueError):
    """The SDK's own checks refused an input before sending (missing or empty value, header
    characters, amount format, float or bare-int amount, bad configuration). Also a ValueError."""

    kind = "invalid_input"


class InsecureTransportError(WalletSdkError):
    """``http://`` to a non-loopback host without ``allow_insecure_http=True``."""

    kind = "insecure_transport"


class CredentialExpiredError(WalletSdkError):
    """The API key has expired (checked locally before sending, or reported by the service);
    get a new key and pass it to ``set_credential``."""

    kind = "credential_expired"


class CredentialRejectedError(WalletSdkError):
    """The credential is missing or was rejected (including the real service's 404 with an
    empty body)."""

    kind = "credential_rejected"


class ValidationError(WalletSdkError):
    """The service rejected the request as invalid (``validation_failed``, HTTP 400)."""

    kind = "validation"


class NotFoundError(WalletSdkError):
    """Something named in the request does not exist (``wallet_not_found``, ``not_found``,
    404). The service also answers 404 to a rejected key."""

    kind = "not_found"


class ConflictError(WalletSdkError):
    """The request conflicts with the current state (``wallet_exists``, ``conflict``, 409)."""

    kind = "conflict"


class WalletLockedError(WalletSdkError):
    """The wallet is locked or the passphrase/mnemonics are wrong (``wallet_locked``,
    ``bad_passphrase``, ``bad_mnemonics``, 403)."""

    kind = "wallet_locked"


class InsufficientFundsError(WalletSdkError):
    """Not enough spendable coins (``insufficient_funds``)."""

    kind = "insufficient_funds"


class RejectedError(WalletSdkError):
    """The service refused the operation (``unsupported_address_type``,
    ``transaction_rejected``, other 422)."""

    kind = "rejected"


class RateLimitedError(WalletSdkError):
    """Too many requests (429); see ``retry_after``."""

    kind = "rate_limited"


class ServiceUnavailableError(WalletSdkError):
    """The service or its node is unavailable (``node_unavailable``, 502/503/504)."""

    kind = "service_unavailable"


class ServiceError(WalletSdkError):
    """The service reported an error (``node_error``, or ``successful: false`` without a
    code, as the real service answers)."""

    kind = "service_error"


class TimeoutError(WalletSdkError, builtins.TimeoutError):
    """No answer in time for an operation that is safe to repeat. Also the builtin
    TimeoutError."""

    kind = "timeout"


class OutcomeUnknownError(WalletSdkError):
    """A non-idempotent request (create, send, broadcast...) may have reached the service and no
    answer came: check the outcome before repeating it."""

    kind = "outcome_unknown"


class TransportError(WalletSdkError):
    """Connection refused, DNS, TLS, or a connection reset before an answer."""

    kind = "transport"


class DecodeError(WalletSdkError):
    """A response body the SDK cannot read (non-JSON, wrong shape)."""

    kind = "decode"


_BY_KIND: Dict[str, Type[WalletSdkError]] = {
    cls.kind: cls
    for cls in (
        InvalidInputError,
        InsecureTransportError,
        CredentialExpiredError,
        CredentialRejectedError,
        ValidationError,
        NotFoundError,
        ConflictError,
        WalletLockedError,
        InsufficientFundsError,
        RejectedError,
        RateLimitedError,
        ServiceUnavailableError,
        ServiceError,
        TimeoutError,
        OutcomeUnknownError,
        TransportError,
        DecodeError,
    )
}


def _from_native(kind: str, message: str, details: Dict[str, Any]) -> WalletSdkError:
    """Builds the exception for a core error (called by the native module)."""
    cls = _BY_KIND.get(kind, WalletSdkError)
    return cls(message, kind=kind, **details)

for _cls in (WalletSdkError, *_BY_KIND.values()):
    _cls.__module__ = "wallet_sdk"
