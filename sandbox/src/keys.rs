//! Pure key material for the importable wallets (operations.md §1.10): BIP39 English phrases,
//! the BIP39 seed, BIP32 master and child keys, WIF, extended private keys and Core's HD seed id.
//!
//! Two derivation schemes use the same phrase:
//! - "core-legacy-hd": Core treats the BIP32 master *key* `k` of the phrase as its HD seed; its own
//!   master is `HMAC-SHA512("Bitcoin seed", k)` and it hands out `m/0'/0'/i'` and `m/0'/1'/i'`.
//! - "bip44": the plain BIP32 root of the BIP39 seed, paths `m/44'|49'|84'/c'/0'/0/i`.
//!
//! Nothing here talks to a node, logs, or puts a secret into an error message.

use hmac::{Hmac, Mac};
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::{NonZeroScalar, Scalar, SecretKey};
use ripemd::Ripemd160;
use sha2::{Digest, Sha256, Sha512};
use unicode_normalization::UnicodeNormalization;

use crate::app::Network;

type HmacSha512 = Hmac<Sha512>;

/// Offset of hardened child indexes.
pub const HARDENED: u32 = 0x8000_0000;

/// Why a phrase was refused. Messages never quote the phrase or its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MnemonicError {
    WordCount(usize),
    UnknownWord(usize),
    Checksum,
}

impl std::fmt::Display for MnemonicError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MnemonicError::WordCount(n) => write!(f, "The mnemonics must have 12, 15, 18, 21 or 24 words, not {n}."),
            MnemonicError::UnknownWord(i) => write!(f, "Word {} of the mnemonics is not in the BIP39 English word list.", i + 1),
            MnemonicError::Checksum => write!(f, "The mnemonics fail the BIP39 checksum (a word is wrong or out of order)."),
        }
    }
}

/// NFKD, lowercase, single spaces; then validated against the BIP39 English list and checksum.
pub fn normalize_mnemonic(phrase: &str) -> Result<String, MnemonicError> {
    let nfkd: String = phrase.nfkd().collect::<String>().to_lowercase();
    let words: Vec<&str> = nfkd.split_whitespace().collect();
    if ![12, 15, 18, 21, 24].contains(&words.len()) {
        return Err(MnemonicError::WordCount(words.len()));
    }
    let normalized = words.join(" ");
    match bip39::Mnemonic::parse_in_normalized(bip39::Language::English, &normalized) {
        Ok(_) => Ok(normalized),
        Err(bip39::Error::UnknownWord(i)) => Err(MnemonicError::UnknownWord(i)),
        Err(bip39::Error::BadWordCount(n)) => Err(MnemonicError::WordCount(n)),
        Err(_) => Err(MnemonicError::Checksum),
    }
}

/// A new 12-word English phrase (128 bits of entropy from the OS generator).
pub fn generate_mnemonic() -> String {
    use rand::RngCore;
    let mut entropy = [0u8; 16];
    rand::rng().fill_bytes(&mut entropy);
    let mnemonic = bip39::Mnemonic::from_entropy_in(bip39::Language::English, &entropy).expect("16 bytes is valid BIP39 entropy");
    entropy.fill(0);
    mnemonic.words().collect::<Vec<_>>().join(" ")
}

/// BIP39 seed with an empty passphrase: PBKDF2-HMAC-SHA512(mnemonic, "mnemonic", 2048).
/// `mnemonic` must already be normalised.
pub fn seed64(mnemonic: &str) -> [u8; 64] {
    let mut out = [0u8; 64];
    pbkdf2::pbkdf2_hmac::<Sha512>(mnemonic.as_bytes(), b"mnemonic", 2048, &mut out);
    out
}

fn hmac512(key: &[u8], parts: &[&[u8]]) -> [u8; 64] {
    let mut mac = HmacSha512::new_from_slice(key).expect("HMAC takes any key length");
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

fn hash160(data: &[u8]) -> [u8; 20] {
    Ripemd160::digest(Sha256::digest(data)).into()
}

/// A BIP32 extended private key.
#[derive(Clone)]
pub struct ExtKey {
    pub depth: u8,
    #[cfg_attr(not(test), allow(dead_code))]
    pub parent_fingerprint: [u8; 4],
    pub child_number: u32,
    pub chain_code: [u8; 32],
    pub key: [u8; 32],
}

impl std::fmt::Debug for ExtKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtKey").field("depth", &self.depth).field("child_number", &self.child_number).finish_non_exhaustive()
    }
}

impl Drop for ExtKey {
    fn drop(&mut self) {
        self.key.fill(0);
        self.chain_code.fill(0);
    }
}

/// `Err(())` when the 32 bytes are 0 or ≥ n (BIP32: "the key is invalid").
fn secret_key(bytes: &[u8; 32]) -> Result<SecretKey, ()> {
    SecretKey::from_slice(bytes).map_err(|_| ())
}

/// Compressed SEC1 public key (33 bytes) of a valid private key.
pub fn public_key(key: &[u8; 32]) -> Result<[u8; 33], ()> {
    let sk = secret_key(key)?;
    let point = sk.public_key().to_encoded_point(true);
    point.as_bytes().try_into().map_err(|_| ())
}

impl ExtKey {
    /// BIP32 master key of a seed: `HMAC-SHA512("Bitcoin seed", seed)`.
    pub fn master(seed: &[u8]) -> Result<ExtKey, ()> {
        let i = hmac512(b"Bitcoin seed", &[seed]);
        let mut key = [0u8; 32];
        let mut chain_code = [0u8; 32];
        key.copy_from_slice(&i[..32]);
        chain_code.copy_from_slice(&i[32..]);
        secret_key(&key)?;
        Ok(ExtKey { depth: 0, parent_fingerprint: [0; 4], child_number: 0, chain_code, key })
    }

    pub fn public_key(&self) -> [u8; 33] {
        public_key(&self.key).expect("ExtKey always holds a valid key")
    }

    fn fingerprint(&self) -> [u8; 4] {
        let h = hash160(&self.public_key());
        [h[0], h[1], h[2], h[3]]
    }

    /// CKDpriv. Hardened children need no EC arithmetic; normal ones need the parent's public key.
    /// The parent fingerprint is filled in too (it matters only for serialisation).
    pub fn child(&self, index: u32) -> Result<ExtKey, ()> {
        let i = if index >= HARDENED {
            hmac512(&self.chain_code, &[&[0u8], &self.key, &index.to_be_bytes()])
        } else {
            hmac512(&self.chain_code, &[&self.public_key(), &index.to_be_bytes()])
        };
        let mut il = [0u8; 32];
        il.copy_from_slice(&i[..32]);
        let tweak: Scalar = Option::from(NonZeroScalar::from_repr(il.into())).map(|s: NonZeroScalar| *s).ok_or(())?;
        let parent = secret_key(&self.key)?;
        let sum = *parent.to_nonzero_scalar() + tweak;
        let sum = Option::<NonZeroScalar>::from(NonZeroScalar::new(sum)).ok_or(())?;
        let mut key = [0u8; 32];
        key.copy_from_slice(&sum.to_bytes());
        let mut chain_code = [0u8; 32];
        chain_code.copy_from_slice(&i[32..]);
        il.fill(0);
        Ok(ExtKey { depth: self.depth.wrapping_add(1), parent_fingerprint: self.fingerprint(), child_number: index, chain_code, key })
    }

    pub fn derive(&self, path: &[u32]) -> Result<ExtKey, ()> {
        let mut k = self.clone();
        for &i in path {
            k = k.child(i)?;
        }
        Ok(k)
    }

    /// Base58Check `tprv…` (regtest/testnet, version 04358394) or `xprv…` (main, 0488ade4).
    /// The operations never send it to a node (they send public descriptors); the unit tests use it
    /// to check the derivation against the published BIP32/BIP84 vectors.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn to_xprv(&self, network: Network) -> String {
        let version: [u8; 4] = match network {
            Network::Main => [0x04, 0x88, 0xad, 0xe4],
            _ => [0x04, 0x35, 0x83, 0x94],
        };
        let mut data = Vec::with_capacity(78);
        data.extend_from_slice(&version);
        data.push(self.depth);
        data.extend_from_slice(&self.parent_fingerprint);
        data.extend_from_slice(&self.child_number.to_be_bytes());
        data.extend_from_slice(&self.chain_code);
        data.push(0);
        data.extend_from_slice(&self.key);
        let s = bs58::encode(&data).with_check().into_string();
        data.fill(0);
        s
    }
}

/// WIF of a compressed-key private key: Base58Check(prefix ‖ key ‖ 0x01), prefix 0xEF (test) / 0xB0 (main).
pub fn wif(key: &[u8; 32], network: Network) -> String {
    let prefix = match network {
        Network::Main => 0xB0,
        _ => 0xEF,
    };
    let mut data = Vec::with_capacity(34);
    data.push(prefix);
    data.extend_from_slice(key);
    data.push(0x01);
    let s = bs58::encode(&data).with_check().into_string();
    data.fill(0);
    s
}

/// Everything the sandbox derives from one normalised phrase.
pub struct PhraseKeys {
    /// BIP32 root of the BIP39 seed (the "bip44" scheme's root; its key is Core's HD seed `k`).
    pub root: ExtKey,
}

impl PhraseKeys {
    pub fn from_normalized(mnemonic: &str) -> Result<PhraseKeys, ()> {
        let mut seed = seed64(mnemonic);
        let root = ExtKey::master(&seed);
        seed.fill(0);
        Ok(PhraseKeys { root: root? })
    }

    /// What `sethdseed` takes: the WIF of `k`.
    pub fn seed_wif(&self, network: Network) -> String {
        wif(&self.root.key, network)
    }

    /// Core's `hdseedid`: HASH160 of `k`'s compressed public key, in uint160 display order (byte-reversed).
    pub fn hd_seed_id(&self) -> String {
        let mut h = hash160(&self.root.public_key());
        h.reverse();
        hex::encode(h)
    }

    /// Core's master key: `HMAC-SHA512("Bitcoin seed", k)`.
    pub fn core_master(&self) -> Result<ExtKey, ()> {
        ExtKey::master(&self.root.key)
    }

    /// The key Core hands out at `m/0'/<chain>'/<i>'` (chain 0 = receive, 1 = change).
    pub fn core_key(&self, chain: u32, index: u32) -> Result<ExtKey, ()> {
        if index >= HARDENED || chain > 1 {
            return Err(());
        }
        self.core_master()?.derive(&[HARDENED, HARDENED + chain, HARDENED + index])
    }
}

/// A path of Core's legacy HD chain: `m/0'/0'/i'` or `m/0'/1'/i'` → (chain, i).
pub fn parse_core_path(path: &str) -> Option<(u32, u32)> {
    let rest = path.strip_prefix("m/0'/")?;
    let (chain, index) = rest.split_once('/')?;
    let chain = match chain {
        "0'" => 0,
        "1'" => 1,
        _ => return None,
    };
    let index = index.strip_suffix('\'')?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) || (index.len() > 1 && index.starts_with('0')) {
        return None;
    }
    let index: u32 = index.parse().ok()?;
    (index < HARDENED).then_some((chain, index))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

    #[test]
    fn normalises_case_spaces_and_nfkd() {
        let messy = "  Abandon ABANDON abandon\tabandon abandon abandon\n abandon abandon abandon abandon abandon  about ";
        assert_eq!(normalize_mnemonic(messy).unwrap(), ABANDON);
        // Full-width letters fold to ASCII under NFKD.
        let wide = ABANDON.replace("about", "ａｂｏｕｔ");
        assert_eq!(normalize_mnemonic(&wide).unwrap(), ABANDON);
    }

    #[test]
    fn refuses_bad_phrases_without_quoting_them() {
        assert_eq!(normalize_mnemonic("abandon abandon"), Err(MnemonicError::WordCount(2)));
        assert_eq!(normalize_mnemonic(""), Err(MnemonicError::WordCount(0)));
        let unknown = ABANDON.replace("about", "zzzzz");
        assert_eq!(normalize_mnemonic(&unknown), Err(MnemonicError::UnknownWord(11)));
        assert!(!MnemonicError::UnknownWord(11).to_string().contains("zzzzz"));
        let bad_sum = ABANDON.replace("about", "abandon");
        assert_eq!(normalize_mnemonic(&bad_sum), Err(MnemonicError::Checksum));
        // 13 words: not a BIP39 length.
        assert_eq!(normalize_mnemonic(&format!("{ABANDON} abandon")), Err(MnemonicError::WordCount(13)));
        // 24 words are accepted.
        let w24 = "abandon ".repeat(23) + "art";
        assert_eq!(normalize_mnemonic(&w24).unwrap(), w24);
    }

    #[test]
    fn generates_valid_distinct_12_word_phrases() {
        let a = generate_mnemonic();
        let b = generate_mnemonic();
        assert_eq!(a.split(' ').count(), 12);
        assert_eq!(normalize_mnemonic(&a).unwrap(), a);
        assert_ne!(a, b);
    }

    #[test]
    fn bip39_seed_vector() {
        // Trezor's BIP39 vector for "abandon … about" with an empty passphrase (no "TREZOR").
        assert_eq!(
            hex::encode(seed64(ABANDON)),
            "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4"
        );
    }

    #[test]
    fn bip32_vector_1() {
        let seed = hex::decode("000102030405060708090a0b0c0d0e0f").unwrap();
        let m = ExtKey::master(&seed).unwrap();
        assert_eq!(
            m.to_xprv(Network::Main),
            "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
        );
        // m/0'/1/2'/2/1000000000: mixes hardened and normal steps.
        let k = m.derive(&[HARDENED, 1, HARDENED + 2, 2, 1_000_000_000]).unwrap();
        assert_eq!(
            k.to_xprv(Network::Main),
            "xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76"
        );
        let h = m.derive(&[HARDENED]).unwrap();
        assert_eq!(
            h.to_xprv(Network::Main),
            "xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7"
        );
    }

    #[test]
    fn wif_and_tprv_prefixes() {
        let keys = PhraseKeys::from_normalized(ABANDON).unwrap();
        assert!(keys.seed_wif(Network::Regtest).starts_with('c'));
        assert!(keys.seed_wif(Network::Main).starts_with('T'));
        assert!(keys.root.to_xprv(Network::Regtest).starts_with("tprv"));
        // The BIP84 vector's root for this phrase.
        assert_eq!(
            keys.root.to_xprv(Network::Main),
            "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu"
        );
        // WIF layout: prefix ‖ key ‖ 0x01 under a 4-byte double-SHA256 checksum.
        let mut one = [0u8; 32];
        one[31] = 1;
        let decoded = bs58::decode(wif(&one, Network::Regtest)).with_check(None).into_vec().unwrap();
        assert_eq!(decoded.len(), 34);
        assert_eq!(decoded[0], 0xEF);
        assert_eq!(&decoded[1..33], &one);
        assert_eq!(decoded[33], 0x01);
        let decoded = bs58::decode(wif(&one, Network::Main)).with_check(None).into_vec().unwrap();
        assert_eq!(decoded[0], 0xB0);
    }

    #[test]
    fn bip84_vector_key() {
        // BIP84: m/84'/0'/0'/0/0 of "abandon … about" has public key 0330d54f…3c and the
        // witness program c0cebcd6… (mainnet coin type 0; the sandbox uses 1 and 2 for Litecoin).
        let keys = PhraseKeys::from_normalized(ABANDON).unwrap();
        let k = keys.root.derive(&[HARDENED + 84, HARDENED, HARDENED, 0, 0]).unwrap();
        assert_eq!(hex::encode(k.public_key()), "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c");
        assert_eq!(hex::encode(hash160(&k.public_key())), "c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2");
    }

    #[test]
    fn core_paths() {
        assert_eq!(parse_core_path("m/0'/0'/0'"), Some((0, 0)));
        assert_eq!(parse_core_path("m/0'/1'/17'"), Some((1, 17)));
        for bad in ["m/0'/2'/1'", "m/0'/0'/1", "x/4", "m", "m/0'/0'/", "m/0'/0'/01'", "m/0'/0'/-1'", "m/0'/0'/2147483648'"] {
            assert_eq!(parse_core_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn core_keys_are_hardened_children_of_the_master_of_k() {
        let keys = PhraseKeys::from_normalized(ABANDON).unwrap();
        let master = ExtKey::master(&keys.root.key).unwrap();
        let by_hand = master.child(HARDENED).unwrap().child(HARDENED).unwrap().child(HARDENED + 2).unwrap();
        assert_eq!(keys.core_key(0, 2).unwrap().key, by_hand.key);
        assert_ne!(keys.core_key(0, 2).unwrap().key, keys.core_key(1, 2).unwrap().key);
        assert_eq!(keys.hd_seed_id().len(), 40);
    }

    #[test]
    fn operations_md_example_seed() {
        // operations.md §1.10/W4: this phrase gave Core's hdseedid 025168bd… and seedWif cReLau5Z….
        let phrase = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
        let keys = PhraseKeys::from_normalized(&normalize_mnemonic(phrase).unwrap()).unwrap();
        assert_eq!(keys.seed_wif(Network::Regtest), "cReLau5ZFKzWfAQLANURVywse5xUfC6nVAEvvfvV2kBJp7zcrQC3");
        assert_eq!(keys.hd_seed_id(), "025168bdc44824089c773e35b7e0637188839ac1");
    }
}
