"""The offline Litecoin toolkit: addresses, signed messages, WIF keys, BIP39 phrases, BIP32
derivation, payment URIs, QR codes and reading pasted or scanned text, without the service and
without a node. Results match Litecoin Core 0.21.

A thin layer over the Rust core (``wallet_sdk::offline``): every rule and message is the
core's, and every test vector (``core/tests/data/offline/vectors.json``) gives the same result
here as in Rust.

- Networks are ``Network.MAINNET / TESTNET / REGTEST`` or their names (``"regtest"``).
- Address types are ``KeyAddressType.P2PKH / P2SH_P2WPKH / P2WPKH``, their names
  (``"p2wpkh"``), Core's names (``"bech32"``) or a ``wallet_sdk.AddressType``.
- Keys, WIFs and phrases are accepted as ``wallet_sdk.Secret`` or ``str``; phrases, seeds and
  private keys come back as ``wallet_sdk.Secret``, which never prints.
- A bad argument raises ``wallet_sdk.InvalidInputError`` whose ``field`` names it and whose
  message says why without quoting a secret; ``verify_message``, ``is_valid_address`` and
  ``validate_mnemonic`` answer ``False`` instead.
"""

from . import _native
from ._native import Amount, AddressType, Secret

_offline = _native.offline

Network = _offline.Network
KeyAddressType = _offline.KeyAddressType
AddressInfo = _offline.AddressInfo
PrivateKeyInfo = _offline.PrivateKeyInfo
DerivedKey = _offline.DerivedKey
PaymentRequest = _offline.PaymentRequest
QrImage = _offline.QrImage
ParsedInput = _offline.ParsedInput
Prevout = _offline.Prevout
ReviewedInput = _offline.ReviewedInput
ReviewedOutput = _offline.ReviewedOutput
TransactionReview = _offline.TransactionReview
FeeRate = _offline.FeeRate
SentTransaction = _offline.SentTransaction
FeePolicy = _offline.FeePolicy
TransactionIntent = _offline.TransactionIntent

DEFAULT_ADDRESS_PATH: str = _offline.DEFAULT_ADDRESS_PATH
"""The path of the key that ``default_address`` shows: ``m/0'/0'/0'`` of Litecoin Core's HD chain."""

parse_address = _offline.parse_address
is_valid_address = _offline.is_valid_address
sign_message = _offline.sign_message
verify_message = _offline.verify_message
wif_to_key = _offline.wif_to_key
address_from_public_key = _offline.address_from_public_key
generate_mnemonic = _offline.generate_mnemonic
validate_mnemonic = _offline.validate_mnemonic
mnemonic_to_seed = _offline.mnemonic_to_seed
derive_key = _offline.derive_key
keys_from_phrase = _offline.keys_from_phrase
default_address = _offline.default_address
build_payment_uri = _offline.build_payment_uri
parse_payment_uri = _offline.parse_payment_uri
payment_qr = _offline.payment_qr
parse_input = _offline.parse_input
sign_transaction_locally = _offline.sign_transaction_locally
psbt_from_transaction = _offline.psbt_from_transaction
sign_psbt = _offline.sign_psbt
combine_psbts = _offline.combine_psbts
finalize_psbt = _offline.finalize_psbt

# The ``*Like`` input aliases (documented in offline.pyi) are made on first use, as in
# ``wallet_sdk/__init__.py``: importing ``typing`` would slow ``import wallet_sdk`` down.
def __getattr__(name: str) -> object:
    from decimal import Decimal
    from typing import Union

    aliases = {
        "NetworkLike": Union[Network, str],
        "KeyAddressTypeLike": Union[KeyAddressType, AddressType, str],
        "SecretLike": Union[Secret, str],
        "AmountLike": Union[Amount, Decimal, str],
    }
    if name not in aliases:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = aliases[name]
    return aliases[name]

__all__ = [
    "Network",
    "KeyAddressType",
    "AddressInfo",
    "PrivateKeyInfo",
    "DerivedKey",
    "PaymentRequest",
    "QrImage",
    "ParsedInput",
    "Prevout",
    "ReviewedInput",
    "ReviewedOutput",
    "TransactionReview",
    "FeeRate",
    "SentTransaction",
    "FeePolicy",
    "TransactionIntent",
    "DEFAULT_ADDRESS_PATH",
    "parse_address",
    "is_valid_address",
    "sign_message",
    "verify_message",
    "wif_to_key",
    "address_from_public_key",
    "generate_mnemonic",
    "validate_mnemonic",
    "mnemonic_to_seed",
    "derive_key",
    "keys_from_phrase",
    "default_address",
    "build_payment_uri",
    "parse_payment_uri",
    "payment_qr",
    "parse_input",
    "sign_transaction_locally",
    "psbt_from_transaction",
    "sign_psbt",
    "combine_psbts",
    "finalize_psbt",
    "NetworkLike",
    "KeyAddressTypeLike",
    "SecretLike",
    "AmountLike",
]
