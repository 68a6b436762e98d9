//! Properties of `wallet_sdk::offline` on arbitrary input: `parse_address`, `verify_message`,
//! `validate_mnemonic` (and the other readers of text) never panic, whatever the strings or
//! bytes; every signature verifies against its own address; no secret shows in `Debug` or in an
//! error message.

use proptest::prelude::*;
use wallet_sdk::offline::{self, KeyAddressType, Network};
use wallet_sdk::Secret;

const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
/// A regtest WIF from Litecoin Core's key_io_valid.json.
const WIF: &str = "cPsZQu3vG7RtqZk9nfq2ufnspK1vy6MWt3kp2VmZ9hPzpjK4Zfjm";
const ADDRESSES: [&str; 8] = [
    "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA",
    "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2",
    "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w",
    "ltc1qa9dykljtgeayhm8ygx25sc22p0wzgudpe4hw9dyvaz0ye3j5kduq9mf68z",
    "ltc1ppu2gv0tujus0f6eggrk7eqmaf0567x6zer4fcuhz4z7ztzq9u9yseqxltc",
    "rltc1sp4r7tfack86dyy6mhs0ptnzrccdhce92kuvzuna7085xg8qm7kxm0fq7xzfsd889mzm4we",
    "tmweb1qq0k6yjx9wmw0uyxqkpd8fu5gqtk09csqwr3nxzjg9sm7zq9ze2cl5qkv22k0mpk2n9mgzje8duzpnwd7mwctwex54dts9u48w8ty0sjwruuss586",
    "3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV",
];
const SIGNATURE: &str = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=";

/// Text close to real input: a known address, signature or phrase with a few characters
/// replaced, inserted or removed (reaches the checksum, length and padding rules).
fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        prop::sample::select(seeds),
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 0..4),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = seed.chars().collect();
            for (at, op, c) in edits {
                let i = at.index(chars.len() + 1);
                match op {
                    0 if i < chars.len() => chars[i] = c,
                    1 => chars.insert(i, c),
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

/// Strings over the characters addresses are made of, with the prefixes that select a decoder.
fn address_like() -> impl Strategy<Value = String> {
    let prefixes = prop::sample::select(&["", "ltc1", "tltc1", "rltc1", "ltcmweb1", "tmweb1", "LTC1", "bc1", "L", "M", "3", "m", "Q", "2"][..]);
    (prefixes, "[qpzry9x8gf2tvdw0s3jn54khce6mua7l1-9A-HJ-NP-Za-km-z ]{0,140}").prop_map(|(p, s)| format!("{p}{s}"))
}

fn words() -> impl Strategy<Value = String> {
    let list = prop::sample::select(&["abandon", "about", "zoo", "wrong", "legal", "winner", "thank", "year", "ａｂｏｕｔ", "", "ABANDON", "abandonx"][..]);
    prop::collection::vec(list, 0..30).prop_map(|w| w.join(" "))
}

/// 2,000 cases per property in `make test`; `PROPTEST_CASES=…` for the long run (docs/fuzzing.md).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn parse_address_never_panics(s in prop_oneof![any::<String>(), address_like(), mutated(&ADDRESSES)], n in 0usize..4) {
        let network = [None, Some(Network::Mainnet), Some(Network::Testnet), Some(Network::Regtest)][n];
        let parsed = offline::parse_address(&s, network);
        prop_assert_eq!(parsed.is_ok(), offline::is_valid_address(&s, network));
        match parsed {
            // the canonical form is a fixed point
            Ok(info) => prop_assert_eq!(offline::parse_address(&info.address, Some(info.network)).unwrap(), info),
            Err(e) => prop_assert_eq!(e.field(), Some("address")),
        }
    }

    #[test]
    fn parse_address_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = offline::parse_address(&s, None);
        let _ = offline::wif_to_key(&*s, None);
    }

    #[test]
    fn verify_message_never_panics(
        address in prop_oneof![any::<String>(), mutated(&ADDRESSES)],
        message in any::<String>(),
        signature in prop_oneof![any::<String>(), mutated(&[SIGNATURE])],
    ) {
        let _ = offline::verify_message(&address, &message, &signature);
    }

    #[test]
    fn verify_message_never_panics_on_random_signatures(bytes in prop::collection::vec(any::<u8>(), 65), header in 0u8..=255, a in 0usize..8) {
        use base64::Engine as _;
        let mut bytes = bytes;
        bytes[0] = header;
        let signature = base64::engine::general_purpose::STANDARD.encode(&bytes);
        // random r and s: recovery fails or gives some unrelated key
        prop_assert!(!offline::verify_message(ADDRESSES[a], "Trust no one", &signature));
    }

    #[test]
    fn validate_mnemonic_never_panics(s in prop_oneof![any::<String>(), words(), mutated(&[ABANDON])]) {
        let valid = offline::validate_mnemonic(&*s);
        prop_assert_eq!(valid, offline::mnemonic_to_seed(&*s, "").is_ok());
        if let Err(e) = offline::default_address(&*s, None, Network::Regtest) {
            prop_assert_eq!(e.field(), Some("mnemonic"));
            prop_assert!(!valid);
        }
    }

    #[test]
    fn other_readers_never_panic(s in any::<String>(), bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let _ = offline::derive_key(ABANDON, &s, KeyAddressType::P2wpkh, Network::Regtest, "");
        let _ = offline::address_from_public_key(&s, KeyAddressType::P2pkh, Network::Mainnet);
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let _ = offline::address_from_public_key(&hex, KeyAddressType::P2wpkh, Network::Mainnet);
        let _ = offline::sign_message(&*s, "m", KeyAddressType::P2pkh);
        let _ = s.parse::<Network>();
        let _ = s.parse::<KeyAddressType>();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_signature_verifies_against_its_own_address(message in any::<String>(), t in 0usize..3) {
        let t = KeyAddressType::ALL[t];
        let address = offline::wif_to_key(WIF, Some(Network::Regtest)).unwrap().address(t).unwrap();
        let signature = offline::sign_message(WIF, &message, t).unwrap();
        prop_assert!(offline::verify_message(&address, &message, &signature));
        let other = format!("{}.", message);
        prop_assert!(!offline::verify_message(&address, &other, &signature));
    }

    #[test]
    fn errors_never_quote_a_broken_wif(at in 0usize..52, c in prop::sample::select(&['1', 'z', 'A', 'o'][..])) {
        let mut broken: Vec<char> = WIF.chars().collect();
        broken[at] = c;
        let broken: String = broken.into_iter().collect();
        if let Err(e) = offline::wif_to_key(&*broken, None) {
            let debug = format!("{:?}", e);
            prop_assert!(!e.message().contains(&broken[..]) && !debug.contains(&broken[..]));
        }
        if let Err(e) = offline::sign_message(&*broken, "m", KeyAddressType::P2pkh) {
            prop_assert!(!e.message().contains(&broken[8..30]));
        }
    }
}

#[test]
fn secrets_are_redacted_in_debug() {
    let key = offline::derive_key(ABANDON, "m/84'/2'/0'/0/0", KeyAddressType::P2wpkh, Network::Mainnet, "TREZOR").unwrap();
    let wif = key.private_key.expose().to_string();
    let debug = format!("{key:?}");
    assert!(!debug.contains(&wif), "{debug}");
    assert!(debug.contains("[REDACTED]"));
    assert!(debug.contains(&key.address), "the public parts stay visible: {debug}");

    let phrase = offline::generate_mnemonic(24).unwrap();
    let first_word = phrase.expose().split(' ').next().unwrap().to_string();
    assert!(!format!("{phrase:?}").contains(&first_word));
    assert_eq!(format!("{phrase}"), "[REDACTED]");

    let seed = offline::mnemonic_to_seed(ABANDON, "").unwrap();
    assert!(!format!("{seed:?} {seed}").contains(&seed.expose()[..16]));

    // A phrase with a bad checksum: the error names the field and quotes no word.
    let bad = ABANDON.replace("about", "zoo");
    let e = offline::derive_key(&Secret::new(bad), "m", KeyAddressType::P2pkh, Network::Mainnet, "").unwrap_err();
    assert_eq!(e.field(), Some("mnemonic"));
    assert!(!e.message().contains("abandon") && !e.message().contains("zoo"), "{}", e.message());
    assert!(!format!("{e:?}").contains("abandon"));
}
