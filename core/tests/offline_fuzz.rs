//! The offline toolkit never panics on any input: `parse_address`, `is_valid_address`,
//! `verify_message` and `validate_mnemonic` (and `wif_to_key`, `sign_message`) with arbitrary
//! strings, arbitrary bytes read as text, and mutations of valid inputs, which reach deeper than
//! noise. A short run in `make test`; `PROPTEST_CASES=1000000 cargo test -p wallet-sdk --release
//! --test offline_fuzz` is the long one (docs/fuzzing.md).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use wallet_sdk::offline::{self, KeyAddressType, Network};

const ADDRESSES: &[&str] = &[
    "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL",
    "MQMcJhpWHYVeQArcZR3sBgyPZxxRtnH441",
    "3MSvaVbVFFLML86rt5eqgA9SvW23upaXdY",
    "ltc1qg82tjd7kt5n7xpaq7jj6qkqgaunl8h9g5zfvhx",
    "rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9",
    "tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kz5aqgm",
    "mkSyYQxmUkXuXbGU3sLWsRg3J5x9jBbh9x",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
];
const SIGNATURE: &str = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=";
const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/// A valid input with characters replaced, inserted or removed at random places.
fn mutated(seed: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 0..4).prop_map(move |edits| {
        let mut chars: Vec<char> = seed.chars().collect();
        for (at, how, c) in edits {
            let i = at.index(chars.len() + 1);
            match how {
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

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,120}",
        prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "[A-Za-z0-9+/=]{0,120}",
        (0..ADDRESSES.len()).prop_flat_map(|i| mutated(ADDRESSES[i])),
        mutated(SIGNATURE),
        mutated(PHRASE),
        prop::collection::vec(prop::sample::select(vec!["abandon", "about", "zoo", "wrong", "ABANDON", "", "\u{3000}", "\u{1F600}"]), 0..30)
            .prop_map(|w| w.join(" ")),
    ]
}

fn network() -> impl Strategy<Value = Option<Network>> {
    prop_oneof![Just(None), Just(Some(Network::Mainnet)), Just(Some(Network::Testnet)), Just(Some(Network::Regtest))]
}

#[test]
fn offline_functions_never_panic() {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    runner
        .run(&(text(), text(), text(), network()), |(a, b, c, net)| {
            let parsed = offline::parse_address(&a, net);
            prop_assert_eq!(parsed.is_ok(), offline::is_valid_address(&a, net));
            if let Ok(info) = parsed {
                // the canonical form parses again, to the same kind and network
                let again = offline::parse_address(&info.address, Some(info.network)).expect("canonical form");
                prop_assert_eq!((again.kind, again.network), (info.kind, info.network));
            }
            let _ = offline::verify_message(&a, &b, &c);
            let _ = offline::verify_message(ADDRESSES[0], &b, &c);
            let _ = offline::validate_mnemonic(a.as_str());
            let _ = offline::wif_to_key(a.as_str(), net);
            let _ = offline::sign_message(a.as_str(), &b, KeyAddressType::P2pkh);
            Ok(())
        })
        .unwrap();
}
