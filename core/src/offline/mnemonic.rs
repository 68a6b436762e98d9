//! BIP39 phrases (English), BIP32 derivation, and the service's default address of a phrase.

use std::borrow::Cow;

use bip39::{Language, Mnemonic};
use bitcoin::bip32::{ChildNumber, Xpriv};
use bitcoin::NetworkKind;
use rand::TryRngCore;
use zeroize::{Zeroize, Zeroizing};

use super::address::{to_hex, Payload};
use super::keys::encode_wif;
use super::{secp, DerivedKey, KeyAddressType, Network, SecretText};
use crate::{Error, ErrorKind, Result, Secret};

/// The path of the key that [`default_address`] shows: the first receive key of Litecoin Core's
/// own HD chain.
pub const DEFAULT_ADDRESS_PATH: &str = "m/0'/0'/0'";

/// A new English BIP39 phrase of `word_count` words (12, 15, 18, 21 or 24), from the operating
/// system's random source.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `word_count`; if the operating system
/// cannot give random bytes, an error of kind
/// [`ServiceUnavailable`](crate::ErrorKind::ServiceUnavailable).
///
/// ```
/// use wallet_sdk::offline::{generate_mnemonic, validate_mnemonic};
///
/// let phrase = generate_mnemonic(24)?; // a Secret: Debug and Display print [REDACTED]
/// assert_eq!(phrase.expose().split(' ').count(), 24);
/// assert!(validate_mnemonic(&phrase));
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn generate_mnemonic(word_count: u32) -> Result<Secret> {
    if !matches!(word_count, 12 | 15 | 18 | 21 | 24) {
        return Err(Error::invalid_input("word_count", format!("must be 12, 15, 18, 21 or 24, not {word_count}")));
    }
    let mut entropy = Zeroizing::new([0u8; 32]);
    let entropy = &mut entropy[..word_count as usize * 4 / 3];
    rand::rngs::OsRng.try_fill_bytes(entropy).map_err(|e| {
        Error::new(ErrorKind::ServiceUnavailable, format!("the operating system's random source failed: {e}"))
    })?;
    let mnemonic = Mnemonic::from_entropy_in(Language::English, entropy).expect("16 to 32 bytes in steps of 4 are valid BIP39 entropy");
    let mut words = String::with_capacity(word_count as usize * 9);
    for (i, w) in mnemonic.words().enumerate() {
        if i > 0 {
            words.push(' ');
        }
        words.push_str(w);
    }
    Ok(Secret::new(words))
}

/// `true` when `phrase` is an English BIP39 phrase: 12, 15, 18, 21 or 24 words of the list, with
/// a valid checksum. The phrase is read as the service reads it: Unicode NFKD, lower case, any
/// run of white space between words.
///
/// ```
/// use wallet_sdk::offline::validate_mnemonic;
///
/// assert!(validate_mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"));
/// assert!(validate_mnemonic("  Abandon ABANDON abandon abandon abandon abandon abandon abandon abandon abandon abandon about "));
/// // the checksum word is wrong
/// assert!(!validate_mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon"));
/// ```
pub fn validate_mnemonic(phrase: &(impl SecretText + ?Sized)) -> bool {
    parse_phrase(phrase.secret_text(), "mnemonic").is_ok()
}

/// The BIP39 seed of a phrase and passphrase (PBKDF2-HMAC-SHA512, 2048 rounds; the passphrase is
/// NFKD-normalised, the phrase read as in [`validate_mnemonic`]): 64 bytes as lowercase hex.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `mnemonic`, saying why (word count, which
/// word is unknown, checksum) without quoting a word.
///
/// ```
/// use wallet_sdk::offline::mnemonic_to_seed;
///
/// // the first BIP39 test vector (passphrase "TREZOR")
/// let seed = mnemonic_to_seed("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", "TREZOR")?;
/// assert!(seed.expose().starts_with("c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e534955"));
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn mnemonic_to_seed(mnemonic: &(impl SecretText + ?Sized), passphrase: &(impl SecretText + ?Sized)) -> Result<Secret> {
    let seed = seed(mnemonic.secret_text(), passphrase.secret_text())?;
    Ok(Secret::new(to_hex(&seed[..])))
}

/// The key at `path` of a phrase's BIP32 root (BIP39 seed with `passphrase`), with its address
/// of `address_type` on `network`.
///
/// `path` is `m` followed by steps such as `/44'/2'/0'/0/0` (hardened steps end in `'`, `h` or
/// `H`; at most 255 steps). Any path is allowed: BIP44 (`m/44'/…`), BIP49 (`m/49'/…`), BIP84
/// (`m/84'/…`) with coin type 2 on mainnet and 1 on the test networks, or Core's own
/// `m/0'/0'/i'` (which Core derives from another root: see [`default_address`]).
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `mnemonic` or `path`.
///
/// ```
/// use wallet_sdk::offline::{derive_key, KeyAddressType, Network};
///
/// let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
/// let key = derive_key(phrase, "m/44'/1'/0'/0/0", KeyAddressType::P2pkh, Network::Regtest, "")?;
/// assert_eq!(key.address, "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
/// assert_eq!(key.public_key, "02a7451395735369f2ecdfc829c0f774e88ef1303dfe5b2f04dbaab30a535dfdd6");
/// assert!(key.private_key.expose().starts_with('c')); // a regtest WIF, as a Secret
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn derive_key(
    mnemonic: &(impl SecretText + ?Sized),
    path: &str,
    address_type: KeyAddressType,
    network: Network,
    passphrase: &(impl SecretText + ?Sized),
) -> Result<DerivedKey> {
    let steps = parse_path(path)?;
    let seed = seed(mnemonic.secret_text(), passphrase.secret_text())?;
    let mut root = master(&seed[..], network)?;
    let mut key = derive(&mut root, &steps);
    let public_key = key.private_key.public_key(secp()).serialize();
    let private_key = encode_wif(&key.private_key, true, network);
    key.private_key.non_secure_erase();
    Ok(DerivedKey {
        path: path_string(&steps),
        address: Payload::of_key(&public_key, address_type).encode(network),
        public_key: to_hex(&public_key),
        private_key,
    })
}

/// The private keys (WIF, as secrets) at `paths` of a phrase's BIP32 root (BIP39 seed with
/// `passphrase`) on `network`: the keys [`sign_transaction_locally`](super::sign_transaction_locally),
/// [`sign_psbt`](super::sign_psbt) and `Client::send_signed_locally` take, from a phrase. The
/// seed is computed once (its 2,048 rounds of PBKDF2 are most of the work), every key is zeroed
/// when its secret is dropped, and paths are read as [`derive_key`] reads them.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `mnemonic`, or on `paths` (none given,
/// more than 10,000, or one that is not a path; the message names which).
///
/// ```
/// use wallet_sdk::offline::{derive_key, keys_from_phrase, KeyAddressType, Network};
///
/// let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
/// let keys = keys_from_phrase(phrase, &["m/84'/1'/0'/0/0", "m/84'/1'/0'/0/1"], Network::Regtest, "")?;
/// let one = derive_key(phrase, "m/84'/1'/0'/0/1", KeyAddressType::P2wpkh, Network::Regtest, "")?;
/// assert_eq!(keys[1].expose(), one.private_key.expose());
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn keys_from_phrase(
    mnemonic: &(impl SecretText + ?Sized),
    paths: &[&str],
    network: Network,
    passphrase: &(impl SecretText + ?Sized),
) -> Result<Vec<Secret>> {
    if paths.is_empty() || paths.len() > MAX_PHRASE_KEYS {
        return Err(Error::invalid_input("paths", format!("give 1 to {MAX_PHRASE_KEYS} paths, not {}", paths.len())));
    }
    let steps = paths
        .iter()
        .enumerate()
        .map(|(i, path)| parse_path(path).map_err(|e| Error::invalid_input("paths", format!("path {i}: {}", e.message()))))
        .collect::<Result<Vec<_>>>()?;
    let seed = seed(mnemonic.secret_text(), passphrase.secret_text())?;
    let mut root = master(&seed[..], network)?;
    let keys = steps
        .iter()
        .map(|steps| {
            let mut from = root;
            let mut key = derive(&mut from, steps);
            let wif = encode_wif(&key.private_key, true, network);
            key.private_key.non_secure_erase();
            wif
        })
        .collect();
    root.private_key.non_secure_erase();
    Ok(keys)
}

/// The most keys [`keys_from_phrase`] derives in one call.
pub const MAX_PHRASE_KEYS: usize = 10_000;

/// The address that the service's `wallet_default_address` gives for `mnemonic` (the sandbox's
/// convention, docs/adr/0001), computed offline; `address_type` defaults to P2WPKH
/// (the service's default, code 2).
///
/// This is **not** a BIP44/49/84 address. Litecoin Core takes the BIP32 master *key* `k` of the
/// phrase's BIP39 seed (empty passphrase) as its HD seed, makes its own master
/// `HMAC-SHA512("Bitcoin seed", k)` from it, and hands out `m/0'/0'/i'`; this is key 0,
/// [`DEFAULT_ADDRESS_PATH`], which an importable wallet made from the phrase shows as its
/// official address.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `mnemonic`.
///
/// ```
/// use wallet_sdk::offline::{default_address, KeyAddressType, Network};
///
/// let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
/// // what the sandbox's wallet-default-address answers for this phrase and addressType 0
/// assert_eq!(default_address(phrase, Some(KeyAddressType::P2pkh), Network::Regtest)?, "n2EtDkV6bVADRnm4QECEoAj8hD3eh2oujZ");
/// assert_eq!(default_address(phrase, None, Network::Mainnet)?, "ltc1qudgftjfc5pgrujhu8r8qsfvn3zxx0x95d70dee");
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn default_address(mnemonic: &(impl SecretText + ?Sized), address_type: Option<KeyAddressType>, network: Network) -> Result<String> {
    let seed = seed(mnemonic.secret_text(), "")?;
    let mut root = master(&seed[..], network)?;
    // Core's HD seed is the root's private key; its master key is derived from those 32 bytes.
    let mut hd_seed = Zeroizing::new(root.private_key.secret_bytes());
    root.private_key.non_secure_erase();
    let mut core_master = master(&hd_seed[..], network)?;
    hd_seed.zeroize();
    let mut key = derive(&mut core_master, &[ChildNumber::Hardened { index: 0 }; 3]);
    let public_key = key.private_key.public_key(secp()).serialize();
    key.private_key.non_secure_erase();
    Ok(Payload::of_key(&public_key, address_type.unwrap_or(KeyAddressType::P2wpkh)).encode(network))
}

/// A phrase read as the service reads it (NFKD, lower case, single spaces), checked against the
/// English list and the checksum. Errors name `field` and never quote a word.
fn parse_phrase(text: &str, field: &str) -> Result<Mnemonic> {
    let lower = normalized(text);
    let words: Vec<&str> = lower.split_whitespace().collect();
    if !matches!(words.len(), 12 | 15 | 18 | 21 | 24) {
        return Err(Error::invalid_input(field, format!("must have 12, 15, 18, 21 or 24 words, not {}", words.len())));
    }
    let normalized = Zeroizing::new(words.join(" "));
    Mnemonic::parse_in_normalized(Language::English, &normalized).map_err(|e| match e {
        bip39::Error::UnknownWord(i) => Error::invalid_input(field, format!("word {} is not in the BIP39 English word list", i + 1)),
        bip39::Error::BadWordCount(n) => Error::invalid_input(field, format!("must have 12, 15, 18, 21 or 24 words, not {n}")),
        _ => Error::invalid_input(field, "fails the BIP39 checksum (a word is wrong or out of order)"),
    })
}

/// The text as the service reads a phrase: Unicode NFKD, lower case (erased on drop).
fn normalized(text: &str) -> Zeroizing<String> {
    let mut nfkd = Cow::Borrowed(text);
    Mnemonic::normalize_utf8_cow(&mut nfkd);
    let lower = Zeroizing::new(nfkd.to_lowercase());
    if let Cow::Owned(mut s) = nfkd {
        s.zeroize();
    }
    lower
}

/// The longest text [`phrase_shape`] reads: 24 words of 8 letters, each letter up to 4 bytes
/// (full-width forms), with separators.
const PHRASE_MAX_LEN: usize = 24 * 9 * 4;

/// For `parse_input`: when `text` is 12 to 24 words that are all in the English list (read as
/// [`validate_mnemonic`] reads them), its word count and whether it is a valid phrase (word
/// count and checksum); else `None`. Never keeps or shows a word.
pub(crate) fn phrase_shape(text: &str) -> Option<(u32, bool)> {
    if text.len() > PHRASE_MAX_LEN {
        return None;
    }
    let lower = normalized(text);
    let mut count = 0u32;
    for word in lower.split_whitespace() {
        count += 1;
        if count > 24 || Language::English.find_word(word).is_none() {
            return None;
        }
    }
    (count >= 12).then(|| (count, parse_phrase(text, "mnemonic").is_ok()))
}

fn seed(mnemonic: &str, passphrase: &str) -> Result<Zeroizing<[u8; 64]>> {
    let phrase = parse_phrase(mnemonic, "mnemonic")?;
    Ok(Zeroizing::new(phrase.to_seed(passphrase)))
}

fn master(seed: &[u8], network: Network) -> Result<Xpriv> {
    let kind = if network == Network::Mainnet { NetworkKind::Main } else { NetworkKind::Test };
    Xpriv::new_master(kind, seed).map_err(|_| Error::invalid_input("mnemonic", "gives an invalid BIP32 master key; use another phrase"))
}

/// Derives `steps` from `root` and erases the root's key. (A child key outside the curve order
/// has a chance of about 2^-127 per step; the `bitcoin` crate does not report it.)
fn derive(root: &mut Xpriv, steps: &[ChildNumber]) -> Xpriv {
    let key = root.derive_priv(secp(), &steps).expect("the path is at most 255 steps");
    root.private_key.non_secure_erase();
    key
}

/// `m` then `/n`, `/n'`, `/nh` or `/nH` steps; indexes below 2^31, at most 255 steps.
fn parse_path(path: &str) -> Result<Vec<ChildNumber>> {
    let bad = |why: String| Error::invalid_input("path", why);
    let rest = path.strip_prefix('m').ok_or_else(|| bad("must start with `m` (for example m/84'/2'/0'/0/0)".into()))?;
    if rest.is_empty() {
        return Ok(Vec::new());
    }
    let rest = rest.strip_prefix('/').ok_or_else(|| bad("steps are separated by `/` (for example m/84'/2'/0'/0/0)".into()))?;
    let mut steps = Vec::new();
    for (i, step) in rest.split('/').enumerate() {
        let (digits, hardened) = match step.strip_suffix(['\'', 'h', 'H']) {
            Some(d) => (d, true),
            None => (step, false),
        };
        let index = (!digits.is_empty() && digits.len() <= 10 && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<u32>().ok())
            .flatten()
            .filter(|&n| n < 0x8000_0000)
            .ok_or_else(|| bad(format!("step {} must be an index below 2^31, optionally followed by ' for hardened", i + 1)))?;
        steps.push(if hardened { ChildNumber::Hardened { index } } else { ChildNumber::Normal { index } });
        if steps.len() > 255 {
            return Err(bad("has more than 255 steps".into()));
        }
    }
    Ok(steps)
}

fn path_string(steps: &[ChildNumber]) -> String {
    let mut s = String::from("m");
    for step in steps {
        match step {
            ChildNumber::Hardened { index } => s.push_str(&format!("/{index}'")),
            ChildNumber::Normal { index } => s.push_str(&format!("/{index}")),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

    #[test]
    fn generated_phrases_are_valid_and_distinct() {
        for n in [12, 15, 18, 21, 24] {
            let a = generate_mnemonic(n).unwrap();
            assert_eq!(a.expose().split(' ').count(), n as usize);
            assert!(validate_mnemonic(&a));
            assert_ne!(a, generate_mnemonic(n).unwrap());
        }
        assert_eq!(generate_mnemonic(13).unwrap_err().field(), Some("word_count"));
    }

    #[test]
    fn phrases_are_read_as_the_service_reads_them() {
        let messy = "  Abandon ABANDON abandon\tabandon abandon abandon\n abandon abandon abandon abandon abandon  ａｂｏｕｔ ";
        assert!(validate_mnemonic(messy));
        assert_eq!(mnemonic_to_seed(messy, "").unwrap(), mnemonic_to_seed(ABANDON, "").unwrap());
    }

    #[test]
    fn phrase_errors_do_not_quote_words() {
        let e = mnemonic_to_seed(&ABANDON.replace("about", "zzzqx"), "").unwrap_err();
        assert_eq!(e.field(), Some("mnemonic"));
        assert!(e.message().contains("word 12"), "{}", e.message());
        assert!(!e.message().contains("zzzqx") && !e.message().contains("abandon"));
        let e = mnemonic_to_seed(&ABANDON.replace("about", "abandon"), "").unwrap_err();
        assert!(e.message().contains("checksum"));
        assert!(mnemonic_to_seed("abandon", "").unwrap_err().message().contains("not 1"));
    }

    #[test]
    fn bip84_vector() {
        // BIP84's vector with coin type 0 (Bitcoin): the key is the same on every network.
        let k = derive_key(ABANDON, "m/84'/0'/0'/0/0", KeyAddressType::P2wpkh, Network::Mainnet, "").unwrap();
        assert_eq!(k.public_key, "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c");
        assert_eq!(k.path, "m/84'/0'/0'/0/0");
        assert_eq!(derive_key(ABANDON, "m/84h/0H/0'/0/0", KeyAddressType::P2wpkh, Network::Mainnet, "").unwrap(), k);
        assert!(!format!("{k:?}").contains(k.private_key.expose()));
    }

    #[test]
    fn paths() {
        assert!(parse_path("m").unwrap().is_empty());
        for bad in ["", "44'/0'", "m/", "m//0", "m/+1", "m/2147483648", "m/0''", "m/ 1", "M/0", "m/01x"] {
            assert_eq!(parse_path(bad).unwrap_err().field(), Some("path"), "{bad}");
        }
        assert_eq!(path_string(&parse_path("m/0/2147483647h").unwrap()), "m/0/2147483647'");
        assert!(parse_path(&format!("m{}", "/0".repeat(256))).is_err());
        assert!(parse_path(&format!("m{}", "/0".repeat(255))).is_ok());
    }

    #[test]
    fn default_address_matches_operations_md() {
        // The service's 12-word example gives seedWif cReLau5Z…; the sandbox's wallet_default_address
        // answers are pinned in the vector file. Here: the scheme is not BIP44.
        let core = default_address(ABANDON, Some(KeyAddressType::P2pkh), Network::Regtest).unwrap();
        let bip44 = derive_key(ABANDON, "m/44'/1'/0'/0/0", KeyAddressType::P2pkh, Network::Regtest, "").unwrap();
        assert_eq!(bip44.address, "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
        assert_ne!(core, bip44.address);
    }
}
