//! Pure key material for the importable wallets: BIP39 English phrases,
//! the BIP39 seed, BIP32 master and child keys, WIF, extended private keys and Core's HD seed id.
//! The cryptography is the `bip39` and `bitcoin` crates' (BIP39 seed, `bip32::Xpriv`, secp256k1,
//! HASH160, Base58Check); this module only arranges it into the two schemes.
//!
//! Two derivation schemes use the same phrase:
//! - "core-legacy-hd": Core treats the BIP32 master *key* `k` of the phrase as its HD seed; its own
//!   master is `Xpriv::new_master(k)` (`HMAC-SHA512("Bitcoin seed", k)`) and it hands out the
//!   all-hardened `m/0'/0'/i'` and `m/0'/1'/i'`.
//! - "bip44": the plain BIP32 root of the BIP39 seed, paths `m/44'|49'|84'/c'/0'/0/i`.
//!
//! Nothing here talks to a node, logs, or puts a secret into an error message.

use std::sync::LazyLock;

use bitcoin::bip32::{ChildNumber, Xpriv};
use bitcoin::hashes::{hash160, Hash};
use bitcoin::secp256k1::{All, PublicKey, Secp256k1};
use bitcoin::NetworkKind;
use unicode_normalization::UnicodeNormalization;

use crate::app::Network;

/// Offset of hardened child indexes.
pub const HARDENED: u32 = 0x8000_0000;

/// One secp256k1 context for every derivation (creating one costs more than a derivation).
static SECP: LazyLock<Secp256k1<All>> = LazyLock::new(Secp256k1::new);

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

/// BIP39 seed with an empty passphrase (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic").
/// `mnemonic` must already be normalised; `Err` if it is not a valid phrase.
pub fn seed64(mnemonic: &str) -> Result<[u8; 64], ()> {
    let mnemonic = bip39::Mnemonic::parse_in_normalized(bip39::Language::English, mnemonic).map_err(|_| ())?;
    Ok(mnemonic.to_seed_normalized(""))
}

fn hash160(data: &[u8]) -> [u8; 20] {
    hash160::Hash::hash(data).to_byte_array()
}

/// A BIP32 extended private key (the `bitcoin` crate's [`Xpriv`]; its secret is overwritten
/// when the key is dropped).
#[derive(Clone)]
pub struct ExtKey(Xpriv);

impl std::fmt::Debug for ExtKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtKey").field("depth", &self.0.depth).field("child_number", &self.0.child_number).finish_non_exhaustive()
    }
}

impl Drop for ExtKey {
    fn drop(&mut self) {
        self.0.private_key.non_secure_erase();
        self.0.chain_code = [0u8; 32].into();
    }
}

impl ExtKey {
    /// BIP32 master key of a seed: `HMAC-SHA512("Bitcoin seed", seed)`; `Err` when its left half
    /// is not a valid key (0 or ≥ n).
    pub fn master(seed: &[u8]) -> Result<ExtKey, ()> {
        // The network kind only picks the xprv/tprv version, and `to_xprv` sets it.
        Xpriv::new_master(NetworkKind::Test, seed).map(ExtKey).map_err(|_| ())
    }

    /// Compressed SEC1 public key (33 bytes).
    pub fn public_key(&self) -> [u8; 33] {
        PublicKey::from_secret_key(&SECP, &self.0.private_key).serialize()
    }

    /// The 32 bytes of the private key.
    pub fn secret_bytes(&self) -> [u8; 32] {
        self.0.private_key.secret_bytes()
    }

    /// CKDpriv along `path` (indexes ≥ [`HARDENED`] are hardened children).
    pub fn derive(&self, path: &[u32]) -> Result<ExtKey, ()> {
        let path: Vec<ChildNumber> = path.iter().map(|&i| ChildNumber::from(i)).collect();
        self.derive_children(&path)
    }

    fn derive_children(&self, path: &[ChildNumber]) -> Result<ExtKey, ()> {
        self.0.derive_priv(&SECP, &path).map(ExtKey).map_err(|_| ())
    }

    /// Base58Check `tprv…` (regtest/testnet, version 04358394) or `xprv…` (main, 0488ade4).
    /// The operations never send it to a node (they send public descriptors); the unit tests use it
    /// to check the derivation against the published BIP32/BIP84 vectors.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn to_xprv(&self, network: Network) -> String {
        let mut key = ExtKey(self.0);
        key.0.network = match network {
            Network::Main => NetworkKind::Main,
            _ => NetworkKind::Test,
        };
        key.0.to_string()
    }
}

/// WIF of a compressed-key private key: Base58Check(prefix ‖ key ‖ 0x01), prefix 0xEF (test) /
/// 0xB0 (Litecoin main; `bitcoin::PrivateKey` would write Bitcoin's 0x80).
pub fn wif(key: &[u8; 32], network: Network) -> String {
    let prefix = match network {
        Network::Main => 0xB0,
        _ => 0xEF,
    };
    let mut data = [0u8; 34];
    data[0] = prefix;
    data[1..33].copy_from_slice(key);
    data[33] = 0x01;
    let s = bitcoin::base58::encode_check(&data);
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
        let mut seed = seed64(mnemonic)?;
        let root = ExtKey::master(&seed);
        seed.fill(0);
        Ok(PhraseKeys { root: root? })
    }

    /// What `sethdseed` takes: the WIF of `k`.
    pub fn seed_wif(&self, network: Network) -> String {
        let mut k = self.root.secret_bytes();
        let s = wif(&k, network);
        k.fill(0);
        s
    }

    /// Core's `hdseedid`: HASH160 of `k`'s compressed public key, in uint160 display order (byte-reversed).
    pub fn hd_seed_id(&self) -> String {
        let mut h = hash160(&self.root.public_key());
        h.reverse();
        hex::encode(h)
    }

    /// Core's master key: the BIP32 master of the 32 bytes of `k` taken as a seed.
    pub fn core_master(&self) -> Result<ExtKey, ()> {
        let mut k = self.root.secret_bytes();
        let master = ExtKey::master(&k);
        k.fill(0);
        master
    }

    /// The key Core hands out at `m/0'/<chain>'/<i>'` (chain 0 = receive, 1 = change): three
    /// hardened steps from [`Self::core_master`].
    pub fn core_key(&self, chain: u32, index: u32) -> Result<ExtKey, ()> {
        if chain > 1 {
            return Err(());
        }
        let hardened = |i: u32| ChildNumber::from_hardened_idx(i).map_err(|_| ());
        self.core_master()?.derive_children(&[hardened(0)?, hardened(chain)?, hardened(index)?])
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
            hex::encode(seed64(ABANDON).unwrap()),
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
        let decoded = bitcoin::base58::decode_check(&wif(&one, Network::Regtest)).unwrap();
        assert_eq!(decoded.len(), 34);
        assert_eq!(decoded[0], 0xEF);
        assert_eq!(&decoded[1..33], &one);
        assert_eq!(decoded[33], 0x01);
        let decoded = bitcoin::base58::decode_check(&wif(&one, Network::Main)).unwrap();
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
        let master = ExtKey::master(&keys.root.secret_bytes()).unwrap();
        let by_hand = master.derive(&[HARDENED]).unwrap().derive(&[HARDENED]).unwrap().derive(&[HARDENED + 2]).unwrap();
        assert_eq!(keys.core_key(0, 2).unwrap().secret_bytes(), by_hand.secret_bytes());
        assert_ne!(keys.core_key(0, 2).unwrap().secret_bytes(), keys.core_key(1, 2).unwrap().secret_bytes());
        assert_eq!(keys.hd_seed_id().len(), 40);
    }

    #[test]
    fn known_core_seed_of_pole_phrase() {
        // in create_importable_wallet on Core, this phrase gave Core's hdseedid 025168bd… and seedWif cReLau5Z….
        let phrase = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
        let keys = PhraseKeys::from_normalized(&normalize_mnemonic(phrase).unwrap()).unwrap();
        assert_eq!(keys.seed_wif(Network::Regtest), "cReLau5ZFKzWfAQLANURVywse5xUfC6nVAEvvfvV2kBJp7zcrQC3");
        assert_eq!(keys.hd_seed_id(), "025168bdc44824089c773e35b7e0637188839ac1");
    }

    /// Keys of Core's scheme pinned as the sandbox derived them before it moved to the `bitcoin`
    /// crate (the "pole …" phrase's keys are the ones Core handed out for that seed).
    #[test]
    fn core_scheme_pinned_vectors() {
        let keys = PhraseKeys::from_normalized(ABANDON).unwrap();
        assert_eq!(
            keys.core_master().unwrap().to_xprv(Network::Regtest),
            "tprv8ZgxMBicQKsPdtmJjmk3mGH2XwBvWsmMESXhTnSsT77QT8ucABqbVZGoaKrpVd4tc2bG8CtbgPLP5xrtC9QZJ3pDfKZVBeNRdv46sEy1asb"
        );
        for (chain, index, public, private) in [
            (0, 0, "0215b1cea254300b7d1e7dbf7200814d5b83a10edb8b8061ee6ca4672b60603aa9", "cV5yiVergnMZhioe3LtdWpYr75c2cjjvv6chLoxYG4v1pEzHE3G3"),
            (0, 1, "03dcdf26fb10d5d3fd033f541c2afd60eec9dfd78fdf113a129a524221a805b482", "cNitDC78HHuRbuiUthp1xXW5KpmHViivcfW8LLxikzdd8rXmUc8h"),
            (1, 0, "0246a256c8bf95a539b398bef0816d96492f825b47d6d63631ea1d691ce9ad04fa", "cSzv59qqPn9tPUfgRLuWFrbbDcKwm5EauWMbg1NSgvJZvMHmvc4t"),
            (1, 5, "0211531c219915e18f7031fc2066a98939d15de19cc40a7acec8b323e31f77d9a3", "cNHKHbuo4qeztnjCNA4VjsBQPMUiEmTpkQAy9rsU6xSXehDRtLZx"),
            (0, 1000, "02752e605a12b9e8061f0d34e902c3c460f4f78f8941be98f77864a62d8675b0d6", "cRARY8igTZU3yRyzibuif1YrkkAmkPRAURjq4Eyv1wkrzxWyzCbj"),
        ] {
            let k = keys.core_key(chain, index).unwrap();
            assert_eq!(hex::encode(k.public_key()), public, "m/0'/{chain}'/{index}'");
            assert_eq!(wif(&k.secret_bytes(), Network::Regtest), private, "m/0'/{chain}'/{index}'");
        }
        assert_eq!(
            keys.core_key(1, 5).unwrap().to_xprv(Network::Main),
            "xprv9yyWbfuXgHBmHkathMTjubkmdCcSi9HRpEp7ctJDCiMSBG5fqTUViv4HFr2uJAWuXN9eE334fWGtHMZAjvDSoXZsp17S1RWaQbVKhYFD53a"
        );
        assert!(keys.core_key(2, 0).is_err());
        assert!(keys.core_key(0, HARDENED).is_err());

        let pole = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
        let keys = PhraseKeys::from_normalized(pole).unwrap();
        assert_eq!(hex::encode(keys.core_key(0, 0).unwrap().public_key()), "028dc0a8c3e2192c468ec3e52393a2aa309f5336b949824964642a1de05c28190e");
        assert_eq!(wif(&keys.core_key(0, 0).unwrap().secret_bytes(), Network::Regtest), "cQu1MLd2Uw8KFRrmhYg7HFJTbA2LojBXYmZBn2ApZZLa7CVvHZPe");
        assert_eq!(hex::encode(keys.core_key(1, 0).unwrap().public_key()), "03c837fa81e6168c6221a2376566a17ee3d491763ec0e16822105748d10d3bddc0");
    }

    /// The first receive keys of W18 (BIP44/49/84 paths with Litecoin's coin types), pinned.
    #[test]
    fn bip44_scheme_pinned_vectors() {
        let keys = PhraseKeys::from_normalized(ABANDON).unwrap();
        for (path, public, private_main) in [
            ([HARDENED + 44, HARDENED + 1, HARDENED, 0, 0], "02a7451395735369f2ecdfc829c0f774e88ef1303dfe5b2f04dbaab30a535dfdd6", "TAZeSBCM3Pith7MyuiRPqQJXbiBpVqVz3zRy9DiiNKXCdWm4r5od"),
            ([HARDENED + 49, HARDENED + 1, HARDENED, 0, 0], "03a1af804ac108a8a51782198c2d034b28bf90c8803f5a53f76276fa69a4eae77f", "T9p8odrbW3BXcYeK6CtgxQx1JJVx9m1nnsXQx39xMPvii7KQgPaf"),
            ([HARDENED + 84, HARDENED + 2, HARDENED, 0, 0], "02e49c9b9b5d0f127235dc26a0c252814c52fb333d651a946773f59d72c2da9904", "T5ZCYhLqXu6EJKk2nhjvwsaLH357CisixhLGWpKXEiqWTUtzte6o"),
        ] {
            let k = keys.root.derive(&path).unwrap();
            assert_eq!(hex::encode(k.public_key()), public, "{path:?}");
            assert_eq!(wif(&k.secret_bytes(), Network::Main), private_main, "{path:?}");
        }
    }
}
