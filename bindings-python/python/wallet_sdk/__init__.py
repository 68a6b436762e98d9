"""Typed sync and asyncio client for the wallet-and-address service in front of the Litecoin
network.

``Client`` (blocking; releases the GIL; share one across threads) and ``AsyncClient`` (asyncio;
cancelling the task cancels the request) expose the same 43 operations. Amounts are exact
(``decimal.Decimal`` / ``Amount``), secrets print as ``[REDACTED]`` and every failure is a
``WalletSdkError`` subclass. See the README for a quickstart.
"""

import atexit
from decimal import Decimal

from ._native import (
    AddressType,
    Amount,
    AsyncClient,
    AsyncPageIterator,
    Client,
    DEFAULT_PAGE_SIZE,
    PageIterator,
    Payment,
    Resolution,
    Secret,
    WalletEvent,
    __version__,
)
from ._native import _shutdown_runtime
from ._errors import *  # noqa: F401,F403
from ._errors import __all__ as _errors_all
from ._models import *  # noqa: F401,F403
from ._models import __all__ as _models_all
from . import offline

# The asyncio bridge's runtime threads must be stopped while the interpreter can still take
# the GIL for them, not during its finalization.
atexit.register(_shutdown_runtime)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Union

    # An amount input: ``Amount``, ``decimal.Decimal`` or ``str`` (LTC). Floats and ints are refused.
    AmountLike = Union[Amount, Decimal, str]
    # A secret input: ``Secret`` or ``str``.
    SecretLike = Union[Secret, str]
    # An address type input: ``AddressType``, a name (``"bech32"``) or an integer code.
    AddressTypeLike = Union[AddressType, str, int]


def __getattr__(name: str) -> object:
    # The ``*Like`` aliases are made on first use: importing ``typing`` would cost a third of
    # ``import wallet_sdk``.
    from typing import Union

    aliases = {
        "AmountLike": Union[Amount, Decimal, str],
        "SecretLike": Union[Secret, str],
        "AddressTypeLike": Union[AddressType, str, int],
    }
    if name not in aliases:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = aliases[name]
    return aliases[name]

__all__ = [
    "Client",
    "AsyncClient",
    "Amount",
    "Secret",
    "AddressType",
    "PageIterator",
    "AsyncPageIterator",
    "Resolution",
    "WalletEvent",
    "Payment",
    "DEFAULT_PAGE_SIZE",
    "AmountLike",
    "SecretLike",
    "AddressTypeLike",
    "__version__",
    "offline",
    *_errors_all,
    *_models_all,
]
