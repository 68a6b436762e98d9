//! The offline Litecoin toolkit: addresses, signed messages, WIF keys, BIP39 phrases and BIP32
//! derivation, without the service and without a node. The results match Litecoin Core 0.21
//! (the vectors in `core/tests/data/offline/vectors.json` were made with a real node).
//!
//! Every function is a plain function over plain records, so that the Python, Kotlin and Swift
//! bindings can wrap them thinly. Every failure is an [`crate::Error`] of kind
//! [`InvalidInput`](crate::ErrorKind::InvalidInput) whose [`field`](crate::Error::field) names
//! the argument and whose message says why; no message ever contains a key, a WIF or a word of
//! a phrase. Keys, WIFs, phrases and seeds come back as [`crate::Secret`]s, and every
//! argument that carries one accepts a `&str`, a `String` or a `Secret` ([`SecretText`]).
//!
//! | function | does |
//! |---|---|
//! | [`parse_address`], [`is_valid_address`] | decode and validate any Litecoin address |
//! | [`sign_message`], [`verify_message`] | Litecoin signed messages (BIP137 headers for segwit) |
//! | [`wif_to_key`], [`address_from_public_key`] | WIF private keys and the addresses of a key |
//! | [`generate_mnemonic`], [`validate_mnemonic`], [`mnemonic_to_seed`] | BIP39 (English) |
//! | [`derive_key`] | BIP39 seed → BIP32 key at any path |
//! | [`keys_from_phrase`] | BIP39 seed → the signing keys (WIF secrets) at some paths |
//! | [`default_address`] | the service's `wallet_default_address` for a phrase (Core's `m/0'/0'/0'`) |
//! | [`build_payment_uri`], [`parse_payment_uri`] | `litecoin:` payment URIs (BIP21, BIP321) |
//! | [`payment_qr`] | a QR code of a payment URI or any text, as SVG or PNG |
//! | [`parse_input`] | what a pasted or scanned text is (address, URI, key, phrase, transaction) |
//! | [`transaction_id`] | the txid of a signed transaction's hex (legacy and segwit; not MWEB) |
//!
//! ```
//! use wallet_sdk::offline::{self, KeyAddressType, Network};
//!
//! let info = offline::parse_address("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w", None)?;
//! assert_eq!((info.network, info.kind.as_str()), (Network::Mainnet, "p2wpkh"));
//! assert!(!offline::is_valid_address("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", None));
//!
//! let key = offline::derive_key(
//!     "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
//!     "m/84'/2'/0'/0/0", KeyAddressType::P2wpkh, Network::Mainnet, "",
//! )?;
//! let signature = offline::sign_message(&key.private_key, "hello", KeyAddressType::P2wpkh)?;
//! assert!(offline::verify_message(&key.address, "hello", &signature));
//! # Ok::<(), wallet_sdk::Error>(())
//! ```

mod address;
mod input;
mod keys;
mod message;
mod mnemonic;
mod payment;
mod psbt;
mod qr;
mod records;
mod review;
mod signing;
mod transaction;

use std::str::FromStr;

use crate::{Error, Secret};

pub use address::{is_valid_address, parse_address};
pub use input::{parse_input, MAX_INPUT_LEN};
pub use keys::{address_from_public_key, wif_to_key};
pub use message::{sign_message, verify_message};
pub use mnemonic::{
    default_address, derive_key, generate_mnemonic, keys_from_phrase, mnemonic_to_seed, validate_mnemonic, DEFAULT_ADDRESS_PATH, MAX_PHRASE_KEYS,
};
pub use payment::{build_payment_uri, parse_payment_uri, MAX_URI_LEN, URI_SCHEME};
pub use qr::{payment_qr, QR_DEFAULT_MODULE_SIZE, QR_MAX_MODULE_SIZE, QR_QUIET_ZONE};
pub use records::{
    AddressInfo, DerivedKey, FeeRate, ParsedInput, PaymentRequest, Prevout, PrivateKeyInfo, QrImage, ReviewedInput, ReviewedOutput, SentTransaction,
    TransactionReview,
};
pub use psbt::{combine_psbts, finalize_psbt, psbt_from_transaction, sign_psbt, MAX_PSBT_LEN};
pub(crate) use review::{build_payment, review_intent_addresses};
pub use review::{review_transaction, FeePolicy, TransactionIntent};
pub use signing::sign_transaction_locally;
pub(crate) use transaction::decode_transaction;
pub use transaction::{transaction_id, MAX_RAW_TRANSACTION_HEX_LEN};

mod enums;
use crate::named_enums::declare_named_enums;
crate::for_each_offline_enum_declaration!(declare_named_enums);

impl Network {
    /// `true` for testnet and regtest (they share Base58 and MWEB prefixes).
    fn is_test(self) -> bool {
        self != Network::Mainnet
    }
}

impl FromStr for Network {
    type Err = Error;

    /// Accepts `mainnet`, `testnet` and `regtest`.
    fn from_str(s: &str) -> Result<Network, Error> {
        Network::ALL
            .iter()
            .copied()
            .find(|n| n.as_str() == s)
            .ok_or_else(|| Error::invalid_input("network", "must be \"mainnet\", \"testnet\" or \"regtest\""))
    }
}

impl KeyAddressType {
    /// Litecoin Core's name: `"legacy"`, `"p2sh-segwit"` or `"bech32"`.
    pub fn core_name(self) -> &'static str {
        match self {
            KeyAddressType::P2pkh => "legacy",
            KeyAddressType::P2shP2wpkh => "p2sh-segwit",
            KeyAddressType::P2wpkh => "bech32",
        }
    }
}

impl FromStr for KeyAddressType {
    type Err = Error;

    /// Accepts `p2pkh`, `p2sh-p2wpkh` and `p2wpkh`, and Core's names `legacy`, `p2sh-segwit` and
    /// `bech32`.
    fn from_str(s: &str) -> Result<KeyAddressType, Error> {
        KeyAddressType::ALL.iter().copied().find(|t| t.as_str() == s || t.core_name() == s).ok_or_else(|| {
            Error::invalid_input(
                "address_type",
                "must be \"p2pkh\", \"p2sh-p2wpkh\" or \"p2wpkh\" (or Core's \"legacy\", \"p2sh-segwit\", \"bech32\")",
            )
        })
    }
}

impl From<KeyAddressType> for crate::AddressType {
    fn from(t: KeyAddressType) -> crate::AddressType {
        match t {
            KeyAddressType::P2pkh => crate::AddressType::Legacy,
            KeyAddressType::P2shP2wpkh => crate::AddressType::P2shSegwit,
            KeyAddressType::P2wpkh => crate::AddressType::Bech32,
        }
    }
}

impl TryFrom<&crate::AddressType> for KeyAddressType {
    type Error = Error;

    /// `Legacy`, `P2shSegwit` and `Bech32` (and their codes 0, 1, 2 or names); MWEB has no
    /// single-key address of these kinds.
    fn try_from(t: &crate::AddressType) -> Result<KeyAddressType, Error> {
        match t.code() {
            Some(0) => Ok(KeyAddressType::P2pkh),
            Some(1) => Ok(KeyAddressType::P2shP2wpkh),
            Some(2) => Ok(KeyAddressType::P2wpkh),
            _ => match t {
                crate::AddressType::RawName(n) => n.parse(),
                _ => Err(Error::invalid_input("address_type", "only legacy, p2sh-segwit and bech32 addresses are computed offline")),
            },
        }
    }
}

/// Text that may be a secret: `str`, `String` or [`Secret`]. The offline functions take keys,
/// WIFs, phrases and passphrases through it, so a caller never has to unwrap a `Secret`.
pub trait SecretText {
    /// The text, for the function's own use only.
    fn secret_text(&self) -> &str;
}

impl SecretText for str {
    fn secret_text(&self) -> &str {
        self
    }
}

impl SecretText for String {
    fn secret_text(&self) -> &str {
        self
    }
}

impl SecretText for Secret {
    fn secret_text(&self) -> &str {
        self.expose()
    }
}

impl<T: SecretText + ?Sized> SecretText for &T {
    fn secret_text(&self) -> &str {
        (**self).secret_text()
    }
}

/// One secp256k1 context for the whole process (signing and verification).
fn secp() -> &'static bitcoin::secp256k1::Secp256k1<bitcoin::secp256k1::All> {
    static CTX: std::sync::OnceLock<bitcoin::secp256k1::Secp256k1<bitcoin::secp256k1::All>> = std::sync::OnceLock::new();
    CTX.get_or_init(bitcoin::secp256k1::Secp256k1::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_names_round_trip() {
        for &n in Network::ALL {
            assert_eq!(n.as_str().parse::<Network>().unwrap(), n);
            assert_eq!(n.to_string(), n.as_str());
        }
        let e = "main".parse::<Network>().unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidInput);
        assert_eq!(e.field(), Some("network"));
    }

    #[test]
    fn key_address_type_names() {
        for &t in KeyAddressType::ALL {
            assert_eq!(t.as_str().parse::<KeyAddressType>().unwrap(), t);
            assert_eq!(t.core_name().parse::<KeyAddressType>().unwrap(), t);
            assert_eq!(KeyAddressType::try_from(&crate::AddressType::from(t)).unwrap(), t);
        }
        assert_eq!(KeyAddressType::try_from(&crate::AddressType::RawCode(1)).unwrap(), KeyAddressType::P2shP2wpkh);
        assert!(KeyAddressType::try_from(&crate::AddressType::Mweb).is_err());
        assert_eq!("mweb".parse::<KeyAddressType>().unwrap_err().field(), Some("address_type"));
    }
}
