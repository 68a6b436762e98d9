//! Litecoin addresses: decoding with Litecoin Core 0.21's rules (`DecodeDestination`) and
//! encoding in Core's canonical form.

use std::fmt;

use bitcoin::base58;
use bitcoin::bech32::primitives::decode::UncheckedHrpstring;
use bitcoin::bech32::{Bech32, Bech32m, ByteIterExt, Fe32, Fe32IterExt, Hrp};
use bitcoin::hashes::{hash160, Hash};

use super::{AddressInfo, AddressKind, Network};
use crate::{Error, Result};

/// Decodes and validates an address with Litecoin Core's rules. With `network`, an address of
/// another network is invalid.
///
/// Accepts Base58 P2PKH and P2SH (also the legacy `3…`/`2…` P2SH versions, given back as
/// `M…`/`Q…`), bech32 segwit v0 and bech32m v1+ (`ltc`, `tltc`, `rltc`) and MWEB
/// (`ltcmweb`, `tmweb`). As in Core, white space around a Base58 address is ignored.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `address`, saying why: checksum,
/// length, prefix, wrong network, a Bitcoin address, a private key.
///
/// ```
/// use wallet_sdk::offline::{parse_address, AddressKind, Network};
///
/// // a legacy P2SH address (version 5) is given back in its current `M…` form
/// let info = parse_address("3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV", Some(Network::Mainnet))?;
/// assert_eq!(info.kind, AddressKind::P2sh);
/// assert!(info.address.starts_with('M'));
///
/// let info = parse_address("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w", None)?;
/// assert_eq!(info.witness_version, Some(0));
/// assert_eq!(info.script_pubkey.as_deref(), Some("0014bb6ec1bb3a1a01381d2251d79cbee1b8e86f73ee"));
///
/// let e = parse_address("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", None).unwrap_err();
/// assert_eq!(e.field(), Some("address"));
/// assert!(e.message().contains("Bitcoin address"));
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn parse_address(address: &str, network: Option<Network>) -> Result<AddressInfo> {
    let decoded = decode(address).map_err(|why| Error::invalid_input("address", why))?;
    let network = decoded.network(network).map_err(|why| Error::invalid_input("address", why))?;
    let payload = &decoded.payload;
    let (kind, witness_version) = match payload {
        Payload::PubkeyHash(_) => (AddressKind::P2pkh, None),
        Payload::ScriptHash(_) => (AddressKind::P2sh, None),
        Payload::Witness { version: 0, program } if program.len() == 20 => (AddressKind::P2wpkh, Some(0)),
        Payload::Witness { version: 0, .. } => (AddressKind::P2wsh, Some(0)),
        Payload::Witness { version: 1, program } if program.len() == 32 => (AddressKind::P2tr, Some(1)),
        Payload::Witness { version, .. } => (AddressKind::WitnessUnknown, Some(*version)),
        Payload::Mweb(_) => (AddressKind::Mweb, None),
    };
    Ok(AddressInfo {
        address: payload.encode(network),
        network,
        kind,
        witness_version,
        script_pubkey: payload.script_pubkey().map(|s| to_hex(&s)),
    })
}

/// The same rules as [`parse_address`], as a yes/no answer.
///
/// ```
/// use wallet_sdk::offline::{is_valid_address, Network};
///
/// assert!(is_valid_address("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", None));
/// assert!(!is_valid_address("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", Some(Network::Regtest)));
/// ```
pub fn is_valid_address(address: &str, network: Option<Network>) -> bool {
    decode(address).is_ok_and(|d| d.network(network).is_ok())
}

/// What an address pays to, as bytes.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Payload {
    PubkeyHash([u8; 20]),
    ScriptHash([u8; 20]),
    /// Version 0 to 16; v0 programs are 20 or 32 bytes, others 2 to 40.
    Witness { version: u8, program: Vec<u8> },
    /// Scan and spend public keys (33 bytes each), serialised one after the other.
    Mweb(Box<[u8; 66]>),
}

/// A decoded address and the networks whose prefixes it carries.
pub(crate) struct Decoded {
    pub(crate) payload: Payload,
    networks: &'static [Network],
}

const MAINNET: &[Network] = &[Network::Mainnet];
const TEST_NETWORKS: &[Network] = &[Network::Testnet, Network::Regtest];
const TESTNET: &[Network] = &[Network::Testnet];
const REGTEST: &[Network] = &[Network::Regtest];

impl Decoded {
    /// The network to report: the one asked for if the address belongs to it, else the
    /// address's own (the first of its networks).
    fn network(&self, wanted: Option<Network>) -> std::result::Result<Network, String> {
        match wanted {
            None => Ok(self.networks[0]),
            Some(n) if self.networks.contains(&n) => Ok(n),
            Some(n) => {
                let own = self.networks.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" or ");
                Err(format!("wrong network: this is a {own} address, not a {n} address"))
            }
        }
    }
}

struct Params {
    pubkey: u8,
    script: u8,
    /// The legacy P2SH version (`3…`, `2…`) that Core still decodes.
    legacy_script: u8,
    bech32: &'static str,
    mweb: &'static str,
}

fn params(network: Network) -> Params {
    match network {
        Network::Mainnet => Params { pubkey: 48, script: 50, legacy_script: 5, bech32: "ltc", mweb: "ltcmweb" },
        Network::Testnet => Params { pubkey: 111, script: 58, legacy_script: 196, bech32: "tltc", mweb: "tmweb" },
        Network::Regtest => Params { pubkey: 111, script: 58, legacy_script: 196, bech32: "rltc", mweb: "tmweb" },
    }
}

/// The WIF version bytes (Litecoin mainnet, test networks, and Bitcoin mainnet for the message).
pub(crate) const WIF_MAINNET: u8 = 0xB0;
pub(crate) const WIF_TEST: u8 = 0xEF;
pub(crate) const WIF_BITCOIN: u8 = 0x80;

pub(crate) fn wif_version(network: Network) -> u8 {
    if network.is_test() {
        WIF_TEST
    } else {
        WIF_MAINNET
    }
}

impl Payload {
    /// Core's canonical encoding on `network`.
    pub(crate) fn encode(&self, network: Network) -> String {
        let p = params(network);
        match self {
            Payload::PubkeyHash(h) => base58_check(p.pubkey, h),
            Payload::ScriptHash(h) => base58_check(p.script, h),
            Payload::Witness { version, program } => {
                let hrp = Hrp::parse_unchecked(p.bech32);
                let v = Fe32::try_from(*version).expect("witness versions are 0 to 16");
                let fes = program.iter().copied().bytes_to_fes();
                if *version == 0 {
                    fes.with_checksum::<Bech32>(&hrp).with_witness_version(v).chars().collect()
                } else {
                    fes.with_checksum::<Bech32m>(&hrp).with_witness_version(v).chars().collect()
                }
            }
            Payload::Mweb(keys) => {
                let hrp = Hrp::parse_unchecked(p.mweb);
                keys.iter().copied().bytes_to_fes().with_checksum::<Bech32>(&hrp).with_witness_version(Fe32::Q).chars().collect()
            }
        }
    }

    /// The output script, `None` for MWEB.
    pub(crate) fn script_pubkey(&self) -> Option<Vec<u8>> {
        Some(match self {
            // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
            Payload::PubkeyHash(h) => [&[0x76, 0xa9, 0x14][..], h, &[0x88, 0xac]].concat(),
            // OP_HASH160 <20> OP_EQUAL
            Payload::ScriptHash(h) => [&[0xa9, 0x14][..], h, &[0x87]].concat(),
            // OP_0 or OP_1..OP_16, then the program as one push
            Payload::Witness { version, program } => {
                let op = if *version == 0 { 0 } else { 0x50 + version };
                [&[op, program.len() as u8][..], program].concat()
            }
            Payload::Mweb(_) => return None,
        })
    }

    /// The payload of a single-key address of `kind` for a serialised public key.
    pub(crate) fn of_key(public_key: &[u8], kind: super::KeyAddressType) -> Payload {
        let key_hash = hash160::Hash::hash(public_key).to_byte_array();
        match kind {
            super::KeyAddressType::P2pkh => Payload::PubkeyHash(key_hash),
            super::KeyAddressType::P2shP2wpkh => {
                let redeem_script = [&[0x00, 0x14][..], &key_hash].concat();
                Payload::ScriptHash(hash160::Hash::hash(&redeem_script).to_byte_array())
            }
            super::KeyAddressType::P2wpkh => Payload::Witness { version: 0, program: key_hash.to_vec() },
        }
    }
}

fn base58_check(version: u8, hash: &[u8; 20]) -> String {
    let mut data = [0u8; 21];
    data[0] = version;
    data[1..].copy_from_slice(hash);
    base58::encode_check(&data)
}

pub(crate) fn to_hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Core's `IsSpace`: the white space that Core's Base58 decoder skips around a string.
pub(crate) fn is_core_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

const BASE58_ALPHABET: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// Longest Base58 text that can hold `bytes` bytes (leading `1`s included); longer text is
/// refused before decoding (Base58 decoding is quadratic).
pub(crate) fn base58_max_len(bytes: usize) -> usize {
    // each leading '1' is one zero byte; the rest needs at most ceil(bytes * log(256)/log(58)) chars
    bytes + (bytes * 1366).div_ceil(1000)
}

/// Outcome of reading text as Base58Check.
pub(crate) enum Base58 {
    /// Not Base58 text at all (a character outside the alphabet, or empty).
    Foreign,
    /// Base58 text that is not a valid Base58Check string of at most `max` bytes.
    Invalid(String),
    /// The payload (checksum removed).
    Payload(zeroize::Zeroizing<Vec<u8>>),
}

/// Core's `DecodeBase58Check(str, data, max)`: white space around the text is skipped, the
/// payload is at most `max` bytes and the 4-byte checksum must match.
pub(crate) fn decode_base58_check(s: &str, max: usize) -> Base58 {
    let trimmed = s.trim_matches(is_core_space);
    if trimmed.is_empty() || !trimmed.bytes().all(|b| BASE58_ALPHABET.contains(&b)) {
        return Base58::Foreign;
    }
    if trimmed.len() > base58_max_len(max + 4) {
        return Base58::Invalid(format!("too long: {} Base58 characters", trimmed.len()));
    }
    match base58::decode_check(trimmed) {
        Ok(data) if data.len() > max => {
            let n = data.len();
            drop(zeroize::Zeroizing::new(data));
            Base58::Invalid(format!("too long: a {n}-byte Base58 payload"))
        }
        Ok(data) => Base58::Payload(zeroize::Zeroizing::new(data)),
        Err(base58::Error::IncorrectChecksum(_)) => Base58::Invalid("bad checksum (Base58Check)".into()),
        Err(base58::Error::TooShort(_)) => Base58::Invalid("too short for Base58Check".into()),
        Err(_) => Base58::Invalid("not valid Base58".into()),
    }
}

/// Core's `DecodeDestination`, for every network at once. The reason of a failure never quotes
/// the input.
pub(crate) fn decode(s: &str) -> std::result::Result<Decoded, String> {
    if s.is_empty() {
        return Err("is empty".into());
    }
    // Like Core: Base58 first (at most 25 bytes so that a WIF is not taken for an address),
    // then bech32.
    let base58_why = match decode_base58_check(s, 34) {
        Base58::Foreign => None,
        Base58::Invalid(why) => Some(why),
        Base58::Payload(data) => match base58_destination(&data) {
            Ok(d) => return Ok(d),
            Err(why) => Some(why),
        },
    };
    match decode_bech32(s) {
        Bech32Outcome::Decoded(d) => Ok(d),
        Bech32Outcome::Invalid(why) => Err(why),
        Bech32Outcome::NotOurs(why) => Err(base58_why.unwrap_or(why)),
    }
}

fn base58_destination(data: &[u8]) -> std::result::Result<Decoded, String> {
    if data.len() != 21 {
        let looks_like_wif = matches!(data.len(), 33 | 34) && matches!(data[0], WIF_MAINNET | WIF_TEST | WIF_BITCOIN);
        return Err(if looks_like_wif {
            "this is a private key (WIF), not an address".into()
        } else {
            format!("wrong length: a {}-byte Base58 payload, an address has 21", data.len())
        });
    }
    let mut hash = [0u8; 20];
    hash.copy_from_slice(&data[1..]);
    let (main, test) = (params(Network::Mainnet), params(Network::Testnet));
    let (payload, networks) = match data[0] {
        v if v == main.pubkey => (Payload::PubkeyHash(hash), MAINNET),
        v if v == main.script || v == main.legacy_script => (Payload::ScriptHash(hash), MAINNET),
        v if v == test.pubkey => (Payload::PubkeyHash(hash), TEST_NETWORKS),
        v if v == test.script || v == test.legacy_script => (Payload::ScriptHash(hash), TEST_NETWORKS),
        0 => return Err("this is a Bitcoin address (Base58 version 0, `1…`), not a Litecoin address".into()),
        v => {
            return Err(format!(
                "unknown prefix: Base58 version byte {v} (Litecoin uses 48, 50 and 5 on mainnet, 111, 58 and 196 on testnet and regtest)"
            ))
        }
    };
    Ok(Decoded { payload, networks })
}

enum Bech32Outcome {
    Decoded(Decoded),
    /// A Litecoin (or Bitcoin) prefix, but invalid: the reason.
    Invalid(String),
    /// Not bech32, or a prefix of no Litecoin network: the reason, if nothing better is known.
    NotOurs(String),
}

/// The longest segwit address (BIP173).
const SEGWIT_MAX_LEN: usize = 90;

fn decode_bech32(s: &str) -> Bech32Outcome {
    let unchecked = match UncheckedHrpstring::new(s) {
        Ok(u) => u,
        Err(e) => return Bech32Outcome::NotOurs(format!("not a Litecoin address: neither Base58Check nor bech32 ({})", bech32_why(&e))),
    };
    let hrp = unchecked.hrp().to_lowercase();
    let segwit_networks = match hrp.as_str() {
        "ltc" => Some(MAINNET),
        "tltc" => Some(TESTNET),
        "rltc" => Some(REGTEST),
        _ => None,
    };
    let mweb_networks = match hrp.as_str() {
        "ltcmweb" => Some(MAINNET),
        "tmweb" => Some(TEST_NETWORKS),
        _ => None,
    };
    if let Some(networks) = segwit_networks {
        return match decode_segwit(unchecked, s.len()) {
            Ok(payload) => Bech32Outcome::Decoded(Decoded { payload, networks }),
            Err(why) => Bech32Outcome::Invalid(why),
        };
    }
    if let Some(networks) = mweb_networks {
        return match decode_mweb(unchecked) {
            Ok(payload) => Bech32Outcome::Decoded(Decoded { payload, networks }),
            Err(why) => Bech32Outcome::Invalid(why),
        };
    }
    if matches!(hrp.as_str(), "bc" | "tb" | "bcrt") {
        return Bech32Outcome::Invalid(format!("this is a Bitcoin address (bech32 prefix `{hrp}`), not a Litecoin address"));
    }
    let shown: String = hrp.chars().take(16).collect();
    let more = if hrp.chars().count() > 16 { "…" } else { "" };
    let why = format!("unknown prefix `{shown}{more}` (Litecoin uses `ltc`, `tltc`, `rltc`, `ltcmweb` and `tmweb`)");
    // A valid bech32 string of another prefix says more than a failed Base58 reading of it.
    if unchecked.has_valid_checksum::<Bech32>() || unchecked.has_valid_checksum::<Bech32m>() {
        Bech32Outcome::Invalid(why)
    } else {
        Bech32Outcome::NotOurs(why)
    }
}

fn bech32_why(e: &bitcoin::bech32::primitives::decode::UncheckedHrpstringError) -> &'static str {
    use bitcoin::bech32::primitives::decode::{CharError, UncheckedHrpstringError as E};
    match e {
        E::Char(CharError::MixedCase) => "mixed upper and lower case",
        E::Char(CharError::MissingSeparator) => "no separator `1`",
        E::Char(CharError::NothingAfterSeparator) => "nothing after the separator",
        E::Char(_) => "a character that bech32 does not use",
        E::Hrp(_) => "an invalid prefix",
        _ => "not bech32",
    }
}

/// The witness version and program of a segwit address (Core: `bech32::Decode` then the
/// witness rules of `DecodeDestination`).
fn decode_segwit(unchecked: UncheckedHrpstring<'_>, len: usize) -> std::result::Result<Payload, String> {
    if len > SEGWIT_MAX_LEN {
        return Err(format!("too long: {len} characters, a segwit address has at most {SEGWIT_MAX_LEN}"));
    }
    let (checked, bech32m) = if unchecked.has_valid_checksum::<Bech32>() {
        (unchecked.remove_checksum::<Bech32>(), false)
    } else if unchecked.has_valid_checksum::<Bech32m>() {
        (unchecked.remove_checksum::<Bech32m>(), true)
    } else {
        return Err("bad checksum (bech32)".into());
    };
    let Some(&first) = checked.data_part_ascii_no_checksum().first() else {
        return Err("no witness version".into());
    };
    let version = Fe32::from_char(first.into()).map_err(|_| "bad character".to_string())?.to_u8();
    if version > 16 {
        return Err(format!("invalid witness version {version} (0 to 16)"));
    }
    if version == 0 && bech32m {
        return Err("witness version 0 must use the bech32 checksum, not bech32m".into());
    }
    if version != 0 && !bech32m {
        return Err(format!("witness version {version} must use the bech32m checksum (BIP350), not bech32"));
    }
    let program = symbols_to_bytes(&checked.data_part_ascii_no_checksum()[1..])?;
    let n = program.len();
    if version == 0 && n != 20 && n != 32 {
        return Err(format!("wrong length: a version 0 witness program has 20 or 32 bytes, not {n}"));
    }
    if version != 0 && !(2..=40).contains(&n) {
        return Err(format!("wrong length: a witness program has 2 to 40 bytes, not {n}"));
    }
    Ok(Payload::Witness { version, program })
}

/// The two public keys of an MWEB address (Core: `bech32::Decode(str, true)`, no length limit,
/// bech32 checksum, the first character skipped, 66 bytes).
fn decode_mweb(unchecked: UncheckedHrpstring<'_>) -> std::result::Result<Payload, String> {
    let checked = match unchecked.validate_checksum::<Bech32>() {
        Ok(()) => unchecked.remove_checksum::<Bech32>(),
        Err(_) if unchecked.has_valid_checksum::<Bech32m>() => {
            return Err("an MWEB address uses the bech32 checksum, not bech32m".into())
        }
        Err(_) => return Err("bad checksum (bech32)".into()),
    };
    // Core skips the first symbol (the version, 0 when Core encodes) without checking it.
    let Some((_, symbols)) = checked.data_part_ascii_no_checksum().split_first() else {
        return Err("wrong length: no data".into());
    };
    let keys = symbols_to_bytes(symbols)?;
    let keys: Box<[u8; 66]> = keys
        .into_boxed_slice()
        .try_into()
        .map_err(|k: Box<[u8]>| format!("wrong length: an MWEB address holds 66 bytes, not {}", k.len()))?;
    Ok(Payload::Mweb(keys))
}

/// Bech32 characters (5-bit symbols) → bytes, with Core's `ConvertBits<5, 8, false>` rule: at
/// most 4 padding bits, all zero.
fn symbols_to_bytes(symbols: &[u8]) -> std::result::Result<Vec<u8>, String> {
    let fes: Vec<Fe32> = symbols.iter().map(|&c| Fe32::from_char(c.into())).collect::<std::result::Result<_, _>>().map_err(|_| "bad character".to_string())?;
    let padding_bits = fes.len() * 5 % 8;
    let last = fes.last().map_or(0, |f| f.to_u8());
    if padding_bits > 4 || last & ((1 << padding_bits) - 1) != 0 {
        return Err("invalid padding in the data part".into());
    }
    Ok(fes.into_iter().fes_to_bytes().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(address: &str, network: Option<Network>) -> String {
        let e = parse_address(address, network).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidInput);
        assert_eq!(e.field(), Some("address"));
        e.message().to_string()
    }

    #[test]
    fn legacy_p2sh_is_given_in_its_current_form() {
        // Core's message_verify test: the legacy P2SH version 5 is still decoded.
        let info = parse_address("3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV", None).unwrap();
        assert_eq!(info.kind, AddressKind::P2sh);
        assert!(info.address.starts_with('M'));
        assert_eq!(parse_address(&info.address, Some(Network::Mainnet)).unwrap().script_pubkey, info.script_pubkey);
    }

    #[test]
    fn reasons() {
        assert!(err("", None).contains("empty"));
        assert!(err("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", None).contains("Bitcoin"));
        assert!(err("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", None).contains("Bitcoin"));
        assert!(err("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeB", None).contains("checksum"));
        assert!(err("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4x", None).contains("checksum"));
        assert!(err("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", Some(Network::Regtest)).contains("wrong network"));
        assert!(err("a12uel5l", None).contains("unknown prefix"));
        assert!(err("xyz1qqqqqqqq", None).contains("checksum"));
        assert!(err("T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE", None).contains("private key"));
        assert!(err("Ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w", None).contains("mixed"));
    }

    #[test]
    fn surrounding_space_of_base58_is_ignored_like_core() {
        let info = parse_address(" \tLT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA\n", None).unwrap();
        assert_eq!(info.address, "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA");
        assert!(!is_valid_address(" ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w", None));
    }

    #[test]
    fn test_networks_share_base58() {
        let a = "mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs";
        assert_eq!(parse_address(a, None).unwrap().network, Network::Testnet);
        assert_eq!(parse_address(a, Some(Network::Regtest)).unwrap().network, Network::Regtest);
        assert!(!is_valid_address(a, Some(Network::Mainnet)));
    }
}
