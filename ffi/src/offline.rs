//! The offline toolkit, [`wallet_sdk::offline`], as top-level functions and records of the
//! uniffi package (Kotlin `org.walletsdk.parseAddress(…)`, Swift `parseAddress(…)`: the camelCase
//! of the core's names). No service and no credential: every call is synchronous and runs on the
//! caller's thread.
//!
//! Only types are converted here: the enums mirror the core's, the records copy its fields,
//! keys and phrases travel as [`Secret`] objects, and an error is the core's, as a
//! [`WalletError`] `InvalidInput` naming the argument (`address`, `private_key`, `wif`,
//! `mnemonic`, `path`, `word_count`, …). Every rule, message and default of the functions is
//! the core's. A panic in the core (a bug) comes out as `WalletError.Internal` from the
//! functions that can fail, and as `false` from the yes/no functions, which never fail: no
//! input crashes the calling app.

use std::sync::Arc;

use wallet_sdk::offline;

use crate::convert::{FfiType, IntoFfi};
use crate::{Secret, WalletError};

/// The core's offline enums (`core/src/offline/enums.rs`) as uniffi enums.
macro_rules! declare_offline_enums {
    ($($enums:tt)*) => { crate::convert::ffi_enums!(offline; $($enums)*); };
}

wallet_sdk::for_each_offline_enum_declaration!(declare_offline_enums);

/// The core's offline records (`wallet_sdk::for_each_offline_record_declaration!`) as uniffi
/// records of the same fields and documentation, each field of the FFI's type for the core's.
macro_rules! declare_offline_records {
    ($( $(#[doc = $rdoc:literal])* $record:ident $([$flag:ident])? { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )*) => {
        $(
            $(#[doc = $rdoc])*
            #[derive(Clone, uniffi::Record)]
            pub struct $record {
                $( $(#[doc = $fdoc])* pub $field: <$ty as FfiType>::Ffi, )*
            }

            impl From<offline::$record> for $record {
                fn from(r: offline::$record) -> Self {
                    $record { $( $field: r.$field.into_ffi(), )* }
                }
            }

            impl IntoFfi<$record> for offline::$record {
                fn into_ffi(self) -> $record {
                    self.into()
                }
            }

            impl FfiType for offline::$record {
                type Ffi = $record;
            }

            impl FfiType for Vec<offline::$record> {
                type Ffi = Vec<$record>;
            }

            offline_record_debug!([$($flag)?] $record { $($field),* });
        )*
    };
}

/// `Debug` of a record: every field, or for one marked `sizes_only_debug` its sizes.
macro_rules! offline_record_debug {
    ([] $record:ident { $($field:ident),* }) => {
        impl std::fmt::Debug for $record {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($record))$(.field(stringify!($field), &self.$field))*.finish()
            }
        }
    };
    ([sizes_only_debug] $record:ident { $($field:ident),* }) => {
        impl std::fmt::Debug for $record {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($record)).field("format", &self.format).field("width", &self.width).field("modules", &self.modules).finish()
            }
        }
    };
}

wallet_sdk::for_each_offline_record_declaration!(declare_offline_records);

/// One parameter of a payment URI other than `amount`, `label` and `message` (an entry of
/// `PaymentRequest.extras`, and of `buildPaymentUri`'s `extras`).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct PaymentUriParameter {
    /// The key, in ASCII lower case (keys are case-insensitive).
    pub key: String,
    /// The value, percent-decoded.
    pub value: String,
}

impl IntoFfi<PaymentUriParameter> for (String, String) {
    fn into_ffi(self) -> PaymentUriParameter {
        PaymentUriParameter { key: self.0, value: self.1 }
    }
}

#[uniffi::export]
impl PrivateKeyInfo {
    /// The key's address of `address_type` on `network`. Segwit types need a compressed key
    /// (else `InvalidInput` on `address_type`).
    pub fn address(&self, address_type: KeyAddressType) -> Result<String, WalletError> {
        guard(|| offline::address_from_public_key(&self.public_key, address_type.into(), self.network.into()))
    }
}

/// Runs a core call; a panic (a bug) becomes `WalletError.Internal`.
fn guard<T, U: From<T>>(f: impl FnOnce() -> wallet_sdk::Result<T>) -> Result<U, WalletError> {
    match wallet_sdk::panic::catch(f) {
        Ok(Ok(v)) => Ok(U::from(v)),
        Ok(Err(e)) => Err(e.into()),
        Err(panic) => Err(WalletError::internal(panic)),
    }
}

/// Runs a yes/no core call; a panic (a bug) answers `false`, the safe answer of each one.
fn guard_bool(f: impl FnOnce() -> bool) -> bool {
    wallet_sdk::panic::catch(f).unwrap_or(false)
}

/// Decodes and validates an address with Litecoin Core's rules. With `network`, an address of
/// another network is invalid.
///
/// Base58 P2PKH and P2SH (also the legacy `3…`/`2…` versions, given back as `M…`/`Q…`), bech32
/// v0 and bech32m v1+ (`ltc`, `tltc`, `rltc`) and MWEB (`ltcmweb`, `tmweb`). Throws
/// `InvalidInput` on field `address` saying why (checksum, length, prefix, wrong network, a
/// Bitcoin address, a private key).
#[uniffi::export(default(network = None))]
pub fn parse_address(address: String, network: Option<Network>) -> Result<AddressInfo, WalletError> {
    guard(|| offline::parse_address(&address, network.map(Into::into)))
}

/// The rules of `parseAddress` as `true`/`false`; never throws.
#[uniffi::export(default(network = None))]
pub fn is_valid_address(address: String, network: Option<Network>) -> bool {
    guard_bool(|| offline::is_valid_address(&address, network.map(Into::into)))
}

/// Signs `message` as Litecoin Core does (`"\x19Litecoin Signed Message:\n"`, compact
/// recoverable ECDSA, RFC 6979) and returns the 65-byte signature as base64.
///
/// `private_key` is a WIF. `address_type` null/nil means `P2pkh`: the header follows the WIF
/// (compressed or not) and the signature equals Core's `signmessagewithprivkey`; `P2shP2wpkh`
/// and `P2wpkh` use the BIP137 headers and need a compressed key. Throws `InvalidInput` on
/// `private_key` (never quoted) or `address_type`.
#[uniffi::export(default(address_type = None))]
pub fn sign_message(private_key: Arc<Secret>, message: String, address_type: Option<KeyAddressType>) -> Result<String, WalletError> {
    let address_type = address_type.unwrap_or(KeyAddressType::P2pkh);
    guard(|| offline::sign_message(&private_key.0, &message, address_type.into()))
}

/// `true` when `signature` (base64) signs `message` for `address`. Strict: the canonical padded
/// base64 of 65 bytes, an address of a Litecoin network, and a header family that matches the
/// address type (BIP137). Any malformed input gives `false`; never throws.
#[uniffi::export]
pub fn verify_message(address: String, message: String, signature: String) -> bool {
    guard_bool(|| offline::verify_message(&address, &message, &signature))
}

/// `verify_message` for callers whose uniffi call path costs more than the check itself
/// (Kotlin: JNA marshals a status structure and a buffer per string, about as long as the
/// verification; the hand-written `verifyMessage` of the Kotlin package calls this through JNA's
/// direct mapping instead, docs/adr/0006). Takes the three inputs as UTF-8 bytes; returns 1 when
/// the signature verifies, 0 otherwise (invalid UTF-8, a null pointer or a panic included).
///
/// # Safety
/// Each pointer is null or points to `len` readable bytes for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_verify_message_utf8(
    address: *const u8,
    address_len: i32,
    message: *const u8,
    message_len: i32,
    signature: *const u8,
    signature_len: i32,
) -> i8 {
    // i32 lengths: the same width on 32- and 64-bit platforms (JNA maps them to Kotlin `Int`).
    // SAFETY: as documented, forwarded to the caller.
    let (Some(a), Some(m), Some(s)) = (unsafe { utf8_arg(address, address_len) }, unsafe { utf8_arg(message, message_len) }, unsafe { utf8_arg(signature, signature_len) }) else {
        return 0;
    };
    i8::from(guard_bool(|| offline::verify_message(a, m, s)))
}

/// `is_valid_address` for the same callers as [`wallet_sdk_verify_message_utf8`]: the address as
/// UTF-8 bytes and the network as 0 (mainnet), 1 (testnet), 2 (regtest) or -1 (any). Returns 1
/// when valid, 0 otherwise (invalid UTF-8, an unknown network code, a null pointer or a panic
/// included).
///
/// # Safety
/// `address` is null or points to `address_len` readable bytes for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_is_valid_address_utf8(address: *const u8, address_len: i32, network: i32) -> i8 {
    let network = match network {
        -1 => None,
        0 => Some(offline::Network::Mainnet),
        1 => Some(offline::Network::Testnet),
        2 => Some(offline::Network::Regtest),
        _ => return 0,
    };
    // SAFETY: as documented, forwarded to the caller.
    let Some(a) = (unsafe { utf8_arg(address, address_len) }) else { return 0 };
    i8::from(guard_bool(|| offline::is_valid_address(a, network)))
}

/// A C string argument (`len` bytes, not NUL-terminated) as UTF-8 text, when it is.
///
/// # Safety
/// `p` is null or points to `len` readable bytes that outlive the returned text.
unsafe fn utf8_arg<'a>(p: *const u8, len: i32) -> Option<&'a str> {
    let len = usize::try_from(len).ok()?;
    if p.is_null() {
        return None;
    }
    // SAFETY: guaranteed by the caller.
    std::str::from_utf8(unsafe { std::slice::from_raw_parts(p, len) }).ok()
}

/// Reads a WIF private key: network, compressed flag and public key, no secret kept. With
/// `network`, a WIF of another network is invalid. Throws `InvalidInput` on `wif` (never
/// quoted).
#[uniffi::export(default(network = None))]
pub fn wif_to_key(wif: Arc<Secret>, network: Option<Network>) -> Result<PrivateKeyInfo, WalletError> {
    guard(|| offline::wif_to_key(&wif.0, network.map(Into::into)))
}

/// The address of `address_type` on `network` for a public key given as hex (33 bytes
/// compressed, or 65 uncompressed for `P2pkh` only). Throws `InvalidInput` on `public_key` or
/// `address_type`.
#[uniffi::export]
pub fn address_from_public_key(public_key: String, address_type: KeyAddressType, network: Network) -> Result<String, WalletError> {
    guard(|| offline::address_from_public_key(&public_key, address_type.into(), network.into()))
}

/// A new English BIP39 phrase of `word_count` words (12, 15, 18, 21 or 24) from the operating
/// system's random source. Throws `InvalidInput` on `word_count`.
#[uniffi::export(default(word_count = 12))]
pub fn generate_mnemonic(word_count: i32) -> Result<Arc<Secret>, WalletError> {
    let word_count = crate::client::unsigned("word_count", word_count)?;
    guard(|| offline::generate_mnemonic(word_count)).map(|s| Arc::new(Secret(s)))
}

/// `true` when `phrase` is an English BIP39 phrase: 12 to 24 words of the list with a valid
/// checksum, read as the service reads it (NFKD, lower case, any white space between words).
/// Never throws.
#[uniffi::export]
pub fn validate_mnemonic(phrase: Arc<Secret>) -> bool {
    guard_bool(|| offline::validate_mnemonic(&phrase.0))
}

/// The 64-byte BIP39 seed of a phrase and passphrase (PBKDF2-HMAC-SHA512, 2048 rounds) as
/// lowercase hex. A null/nil passphrase is the empty one. Throws `InvalidInput` on `mnemonic`
/// saying why (word count, which word, checksum) without quoting a word.
#[uniffi::export(default(passphrase = None))]
pub fn mnemonic_to_seed(mnemonic: Arc<Secret>, passphrase: Option<Arc<Secret>>) -> Result<Arc<Secret>, WalletError> {
    guard(|| offline::mnemonic_to_seed(&mnemonic.0, passphrase.as_ref().map_or("", |p| p.0.expose()))).map(|s| Arc::new(Secret(s)))
}

/// The key at `path` (`m/44'/2'/0'/0/0`; `'`, `h` or `H` for hardened steps) of a phrase's
/// BIP32 root (BIP39 seed with `passphrase`, null/nil for none), with its address of
/// `address_type` on `network`. Coin type 2 on mainnet, 1 on the test networks. Throws
/// `InvalidInput` on `mnemonic` or `path`.
#[uniffi::export(default(passphrase = None))]
pub fn derive_key(
    mnemonic: Arc<Secret>,
    path: String,
    address_type: KeyAddressType,
    network: Network,
    passphrase: Option<Arc<Secret>>,
) -> Result<DerivedKey, WalletError> {
    guard(|| {
        offline::derive_key(&mnemonic.0, &path, address_type.into(), network.into(), passphrase.as_ref().map_or("", |p| p.0.expose()))
    })
}

/// The address that the service's `walletDefaultAddress` gives for `mnemonic` (the sandbox's
/// convention), computed offline; `address_type` null/nil is the service's default (`P2wpkh`).
/// Throws `InvalidInput` on `mnemonic`.
#[uniffi::export(default(address_type = None))]
pub fn default_address(mnemonic: Arc<Secret>, address_type: Option<KeyAddressType>, network: Network) -> Result<String, WalletError> {
    guard(|| offline::default_address(&mnemonic.0, address_type.map(Into::into), network.into()))
}

// ------------------------------------------------------------------ getting paid

/// Writes a `litecoin:` payment URI (BIP21/BIP321): the address in its canonical form, then
/// `amount` (LTC, at most 8 decimals), `label`, `message` and `extras`, percent-encoded.
/// `parsePaymentUri` reads it back to the same request. Throws `InvalidInput` on `address`,
/// `amount`, `extras` or `uri` (longer than 16 KiB).
#[uniffi::export(default(amount = None, label = None, message = None, extras = None))]
pub fn build_payment_uri(
    address: String,
    network: Network,
    amount: Option<crate::Amount>,
    label: Option<String>,
    message: Option<String>,
    extras: Option<Vec<PaymentUriParameter>>,
) -> Result<String, WalletError> {
    let extras: Vec<(String, String)> = extras.unwrap_or_default().into_iter().map(|p| (p.key, p.value)).collect();
    guard(|| {
        offline::build_payment_uri(&address, amount.map(Into::into), label.as_deref(), message.as_deref(), &extras, network.into())
    })
}

/// Reads a `litecoin:` payment URI (scheme in any case) or a bare address, validating the
/// address for `network`. A repeated `amount`, `label` or `message`, an unknown `req-`
/// parameter, an amount that is not plain decimal LTC with at most 8 decimals: `InvalidInput`
/// naming the field (`uri`, `address`, `amount`, `label`, `message`).
#[uniffi::export]
pub fn parse_payment_uri(uri: String, network: Network) -> Result<PaymentRequest, WalletError> {
    guard(|| offline::parse_payment_uri(&uri, network.into()))
}

/// Draws `text` as a QR code with a quiet zone of 4 modules: SVG text or PNG bytes. A payment
/// URI with a bech32 address is encoded with its scheme and address in upper case (compact
/// alphanumeric mode, as BIP173 recommends). `errorCorrection` null/nil is `M`; `moduleSize`
/// is the side of one module in pixels (1 to 32, default 8). Throws `InvalidInput` on `text`
/// when it does not fit a QR code.
#[uniffi::export(default(error_correction = None, module_size = None))]
pub fn payment_qr(
    text: String,
    format: QrFormat,
    error_correction: Option<QrErrorCorrection>,
    module_size: Option<u32>,
) -> Result<QrImage, WalletError> {
    let level = error_correction.map(Into::into).unwrap_or_default();
    guard(|| offline::payment_qr(&text, format.into(), level, module_size))
}

/// Says what a pasted or scanned text is: a payment URI, an address, a WIF, a BIP39 phrase, an
/// extended public or private key, a transaction id, a raw transaction, or unknown. Never
/// throws; the result never holds a key or a word of a phrase.
#[uniffi::export]
pub fn parse_input(text: String, network: Network) -> ParsedInput {
    wallet_sdk::panic::catch(|| offline::parse_input(&text, network.into())).map(ParsedInput::from).unwrap_or_else(|_| ParsedInput {
        kind: InputKind::Unknown,
        is_secret: false,
        network: None,
        address: None,
        payment_request: None,
        compressed: None,
        mnemonic_valid: None,
        word_count: None,
        depth: None,
        txid: None,
        problem: Some(wallet_sdk::panic::INTERNAL_ERROR.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(s: &str) -> Arc<Secret> {
        Secret::new(s.to_string())
    }

    const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

    /// The direct C entry points agree with the core on valid UTF-8, and say 0 for anything
    /// else (invalid UTF-8, negative lengths, null pointers, unknown network codes).
    #[test]
    fn direct_entry_points_take_any_bytes() {
        let address = b"LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL";
        let message = b"Trust no one";
        let signature = b"IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=";
        let verify = |a: &[u8], m: &[u8], s: &[u8]| unsafe {
            wallet_sdk_verify_message_utf8(a.as_ptr(), a.len() as i32, m.as_ptr(), m.len() as i32, s.as_ptr(), s.len() as i32)
        };
        assert_eq!(verify(address, message, signature), 1);
        assert_eq!(verify(address, b"Trust no one\xff", signature), 0);
        assert_eq!(unsafe { wallet_sdk_verify_message_utf8(std::ptr::null(), 3, message.as_ptr(), 12, signature.as_ptr(), 88) }, 0);
        assert_eq!(unsafe { wallet_sdk_verify_message_utf8(address.as_ptr(), -1, message.as_ptr(), 12, signature.as_ptr(), 88) }, 0);
        let valid = |a: &[u8], n: i32| unsafe { wallet_sdk_is_valid_address_utf8(a.as_ptr(), a.len() as i32, n) };
        assert_eq!((valid(address, -1), valid(address, 0), valid(address, 2), valid(address, 7)), (1, 1, 0, 0));
        // random bytes, half of them not UTF-8 (xorshift: no dependency, the same run each time)
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let len = (next() % 100) as usize;
            let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if next() % 2 == 0 {
                bytes.retain(u8::is_ascii); // valid UTF-8 too
            }
            let as_text = std::str::from_utf8(&bytes).ok();
            let network = (next() % 5) as i32 - 1;
            let want = as_text.is_some_and(|t| offline::is_valid_address(t, [None, Some(offline::Network::Mainnet), Some(offline::Network::Testnet), Some(offline::Network::Regtest)].get((network + 1) as usize).copied().flatten()) && network < 3);
            assert_eq!(valid(&bytes, network) == 1, want, "{bytes:?} {network}");
            assert_eq!(verify(&bytes, &bytes, &bytes), i8::from(as_text.is_some_and(|t| offline::verify_message(t, t, t))));
            assert_eq!(verify(address, &bytes, signature), i8::from(as_text.is_some_and(|t| offline::verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", t, std::str::from_utf8(signature).unwrap()))));
        }
    }

    #[test]
    fn enums_mirror_the_core_and_print_its_names() {
        for &n in offline::Network::ALL {
            assert_eq!(offline::Network::from(Network::from(n)), n);
            assert_eq!(Network::from(n).to_string(), n.as_str());
        }
        for &t in offline::KeyAddressType::ALL {
            assert_eq!(offline::KeyAddressType::from(KeyAddressType::from(t)), t);
            assert_eq!(KeyAddressType::from(t).to_string(), t.as_str());
        }
        assert_eq!(AddressKind::WitnessUnknown.to_string(), "witness_unknown");
    }

    #[test]
    fn functions_convert_types_and_errors() {
        let info = parse_address("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w".into(), None).unwrap();
        assert_eq!((info.network, info.kind, info.witness_version), (Network::Mainnet, AddressKind::P2wpkh, Some(0)));
        let e = parse_address("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4".into(), None).unwrap_err();
        let e = e.info();
        assert_eq!((e.kind.as_str(), e.field.as_deref()), ("invalid_input", Some("address")));
        assert!(!is_valid_address("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA".into(), Some(Network::Regtest)));

        let wif = "T81WVKSHdGwXTwFbqcuvhHWnPZPdcjNCJNqnzujBH2PjupFRTTc9";
        let sig = sign_message(secret(wif), "Trust no one".into(), None).unwrap();
        assert_eq!(sig, "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=");
        assert!(verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL".into(), "Trust no one".into(), sig));
        let key = wif_to_key(secret(wif), None).unwrap();
        assert_eq!(key.address(KeyAddressType::P2pkh).unwrap(), "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL");
        let e = wif_to_key(secret("not a wif"), None).unwrap_err().info();
        assert_eq!(e.field.as_deref(), Some("wif"));
        assert!(!e.message.contains("not a wif"));

        let phrase = generate_mnemonic(24).unwrap();
        assert!(validate_mnemonic(phrase.clone()));
        assert_eq!(generate_mnemonic(13).unwrap_err().info().field.as_deref(), Some("word_count"));
        let derived = derive_key(secret(PHRASE), "m/44'/1'/0'/0/0".into(), KeyAddressType::P2pkh, Network::Regtest, None).unwrap();
        assert_eq!(derived.address, "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
        assert!(!format!("{derived:?}").contains(&derived.private_key.reveal()));
        assert_eq!(
            default_address(secret(PHRASE), Some(KeyAddressType::P2pkh), Network::Regtest).unwrap(),
            "n2EtDkV6bVADRnm4QECEoAj8hD3eh2oujZ"
        );
        let seed = mnemonic_to_seed(secret(PHRASE), Some(secret("TREZOR"))).unwrap();
        assert!(seed.reveal().starts_with("c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e534955"));
    }
}
