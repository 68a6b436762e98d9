"""Exceptions of the wallet SDK: one class per error kind of the core, under WalletSdkError."""

from __future__ import annotations

import builtins

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only (``from __future__ import annotations``): ``typing`` is slow to import
    import logging
    from typing import Any, Awaitable, Callable, Dict, Optional, Tuple, Type, TypeVar

    _T = TypeVar("_T")

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
    "AbandonedCall",
]


def _logger() -> logging.Logger:
    """The ``wallet_sdk`` logger. ``logging`` is imported on first use: with what it imports
    (``re``, ``traceback``, ``threading``...) it made up a third of ``import wallet_sdk``, and
    until a program imports it, nothing can have asked for the SDK's records."""
    import logging

    return logging.getLogger("wallet_sdk")


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
        retryable: whether repeating the same call is safe and may succeed. Never true for a
            create, send or broadcast whose request may have reached the service (not even on
            a 429), nor for ``OutcomeUnknownError``.
        operation: the operation's name (``"wallet_balance"``...), when known.
        node_code, node_message: the Litecoin node's error, when the service reported it.
        attempts: how many requests were sent.
        raw_body: the answer's body, redacted, when the SDK could not read it (never kept for
            operations whose answers carry secrets).
        outcome_token: for an ``OutcomeUnknownError`` (and a failed broadcast), what
            ``Client.resolve`` needs to find out what became of the call, as a ``str`` to keep
            (a database row, a job) and resolve later, in this process or another; it holds no
            secret. ``None`` when there is nothing to look up.
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
        raw_body: Optional[str] = None,
        outcome_token: Optional[str] = None,
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
        self.raw_body = raw_body
        self.outcome_token = outcome_token

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
    """The service or its node is unavailable (``node_unavailable``, 502/503/504) for an
    operation that is safe to repeat. A non-idempotent operation gets ``OutcomeUnknownError``
    for every 5xx instead."""

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
    usable answer came: no answer, a timeout, any 5xx (a gateway or a service mesh may send one
    after the service acted), a 2xx that cannot be read, or the caller cancelled the coroutine after
    the request may have been sent (it then runs on: see ``on_abandoned_call``). Never
    retryable: check the outcome before repeating it, with ``client.resolve(error)`` (a
    ``Resolution`` whose ``state`` is ``"applied"``, ``"not_applied"`` or ``"unknown"``), now or
    later from ``error.outcome_token``."""

    kind = "outcome_unknown"


class TransportError(WalletSdkError):
    """Connection refused, DNS, TLS, or a connection reset before an answer."""

    kind = "transport"


class DecodeError(WalletSdkError):
    """A response body the SDK cannot read (non-JSON, wrong shape) for an operation that is
    safe to repeat; ``raw_body`` holds it, redacted. ``Client.call`` reads any shape."""

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


class AbandonedCall:
    """What became of a create, send or broadcast whose caller stopped waiting for it (a
    cancelled task, ``asyncio.wait_for``/``asyncio.timeout``). Once its request may have been
    sent such a call is not aborted: it runs to completion, and then this report goes to the
    ``wallet_sdk`` logger (WARNING) and to the ``on_abandoned_call`` callable of the client.

    Attributes:
        operation: the operation's name (``"send_funds_from_wallet"``...).
        request_id: the service's ``X-Request-Id``, when an answer came.
        status: the HTTP status, when an answer came.
        data: the answer's ``data`` (plain Python data, secret fields redacted) when it
            succeeded, else ``None``.
        error: the ``WalletSdkError`` the caller would have got, else ``None``.
    """

    __slots__ = ("operation", "request_id", "status", "data", "error")

    def __init__(
        self,
        operation: str,
        request_id: Optional[str],
        status: Optional[int],
        data: Any,
        error: Optional[WalletSdkError],
    ) -> None:
        self.operation = operation
        self.request_id = request_id
        self.status = status
        self.data = data
        self.error = error

    @property
    def succeeded(self) -> bool:
        """``True`` when the service answered with success."""
        return self.error is None

    def __repr__(self) -> str:
        outcome = "succeeded" if self.error is None else self.error.kind
        return f"AbandonedCall(operation={self.operation!r}, request_id={self.request_id!r}, status={self.status!r}, outcome={outcome!r})"


def _log_call(
    operation: str,
    attempts: int,
    status: Optional[int],
    latency: float,
    error_kind: Optional[str],
    request_id: Optional[str],
) -> None:
    """Called by the native module after each call while the ``wallet_sdk`` logger takes DEBUG
    records. The facts are also on the record as ``record.wallet_sdk_call`` (a dict)."""
    _logger().debug(
        "%s: %s in %.1f ms (%d attempt(s), HTTP %s, request id %s)",
        operation,
        error_kind or "ok",
        latency * 1000,
        attempts,
        status,
        request_id,
        extra={
            "wallet_sdk_call": {
                "operation": operation,
                "attempts": attempts,
                "status": status,
                "latency": latency,
                "error_kind": error_kind,
                "request_id": request_id,
            }
        },
    )


def _report_abandoned(
    hook: Optional[Callable[[AbandonedCall], Any]],
    operation: str,
    request_id: Optional[str],
    status: Optional[int],
    data: Any,
    error: Optional[WalletSdkError],
) -> None:
    """Called by the native module (on its own thread) when an abandoned call finishes."""
    call = AbandonedCall(operation, request_id, status, data, error)
    _logger().warning(
        "%s finished after its caller stopped waiting: %s (request id %s, HTTP %s)",
        operation,
        "succeeded" if error is None else error.kind,
        request_id,
        status,
        extra={"wallet_sdk_abandoned_call": call},
    )
    if hook is not None:
        try:
            hook(call)
        except Exception:  # a failing hook must not hide the report
            _logger().exception("the on_abandoned_call hook failed for %s", operation)


async def _outcome_on_cancel(
    operation: str, awaitable: Awaitable[_T], seal: Callable[[], Tuple[bool, Optional[str]]]
) -> _T:
    """Awaits a non-idempotent call; cancelling it once its request may have been sent raises
    ``OutcomeUnknownError`` instead of ``CancelledError`` (the request runs on). ``seal`` says
    whether it may have been sent, with the outcome token the call recorded then, and makes sure
    that a request not sent yet never is, so a plain ``CancelledError`` means nothing was sent."""
    import asyncio  # here, not at module level: it costs most of `import wallet_sdk` (~50 ms)

    try:
        return await awaitable
    except asyncio.CancelledError:
        sent, token = seal()
        if not sent:
            raise
        task = asyncio.current_task()
        uncancel = getattr(task, "uncancel", None)  # Python 3.11+: the cancellation is handled here
        if uncancel is not None:
            uncancel()
        raise OutcomeUnknownError(
            f"{operation}: outcome unknown: the call was cancelled after its request may have been sent; it runs to "
            "completion in the background and its outcome goes to the on_abandoned_call hook and the `wallet_sdk` "
            "logger — check whether it took effect before trying again",
            kind="outcome_unknown",
            operation=operation,
            retryable=False,
            outcome_token=token,
        ) from None


def _from_native(kind: str, message: str, details: Dict[str, Any]) -> WalletSdkError:
    """Builds the exception for a core error (called by the native module)."""
    cls = _BY_KIND.get(kind, WalletSdkError)
    return cls(message, kind=kind, **details)

for _cls in (WalletSdkError, *_BY_KIND.values()):
    _cls.__module__ = "wallet_sdk"
