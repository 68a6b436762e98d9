//! Runs every case of `tests/data/offline/vectors.json` (made by `scripts/gen-offline-vectors`
//! from a regtest Litecoin Core node, Core's unit-test data and the BIP39 vectors) against
//! `wallet_sdk::offline`. The file's `how_to_run` says how each section is read; the Python,
//! Kotlin and Swift tests run the same file.

use serde_json::Value;
use wallet_sdk::offline::{self, KeyAddressType, Network};
use wallet_sdk::{Error, ErrorKind, Secret};

const SECTIONS: [&str; 10] = [
    "parse_address",
    "sign_message",
    "verify_message",
    "wif_to_key",
    "address_from_public_key",
    "generate_mnemonic",
    "validate_mnemonic",
    "mnemonic_to_seed",
    "derive_key",
    "default_address",
];

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offline/vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn cases(section: &str) -> Vec<Value> {
    let v = vectors();
    let cases = v[section].as_array().unwrap_or_else(|| panic!("no section {section}")).clone();
    assert!(!cases.is_empty(), "section {section} is empty");
    cases
}

fn s<'a>(case: &'a Value, arg: &str) -> &'a str {
    case["args"][arg].as_str().unwrap_or_else(|| panic!("{}: args.{arg} is not a string", case["id"]))
}

fn network(case: &Value) -> Option<Network> {
    case["args"]["network"].as_str().map(|n| n.parse().unwrap())
}

fn address_type(case: &Value) -> KeyAddressType {
    s(case, "address_type").parse().unwrap()
}

/// Checks an outcome against the case: `result` (compared by `check`) or `error`.
fn expect<T: std::fmt::Debug>(case: &Value, outcome: Result<T, Error>, check: impl FnOnce(&T, &Value)) {
    let id = &case["id"];
    match (&outcome, case.get("error")) {
        (Ok(value), None) => check(value, &case["result"]),
        (Err(e), Some(want)) => {
            assert_eq!(e.kind(), ErrorKind::InvalidInput, "{id}: {e}");
            assert_eq!(want["kind"], "invalid_input", "{id}");
            assert_eq!(Some(want["field"].as_str().unwrap()), e.field(), "{id}: {e}");
            if let Some(part) = want["message_contains"].as_str() {
                assert!(e.message().contains(part), "{id}: message {:?} does not contain {part:?}", e.message());
            }
        }
        (Ok(value), Some(_)) => panic!("{id}: expected an error, got {value:?}"),
        (Err(e), None) => panic!("{id}: expected {}, got the error {e}", case["result"]),
    }
}

#[test]
fn the_file_has_every_section_and_nothing_else() {
    let v = vectors();
    let listed: Vec<&str> = v.as_object().unwrap().iter().filter(|(_, c)| c.is_array() && c[0].is_object()).map(|(k, _)| k.as_str()).collect();
    assert_eq!(listed, SECTIONS);
    let mut ids = std::collections::HashSet::new();
    for section in SECTIONS {
        for case in cases(section) {
            assert!(ids.insert(case["id"].as_str().unwrap().to_string()), "two cases {}", case["id"]);
            assert_ne!(case.get("result").is_some(), case.get("error").is_some(), "{}: result or error", case["id"]);
        }
    }
}

#[test]
fn parse_address() {
    for case in cases("parse_address") {
        let (address, net) = (s(&case, "address"), network(&case));
        let outcome = offline::parse_address(address, net);
        assert_eq!(offline::is_valid_address(address, net), outcome.is_ok(), "{}", case["id"]);
        expect(&case, outcome, |info, want| {
            let got = serde_json::json!({
                "address": info.address,
                "network": info.network.as_str(),
                "kind": info.kind.as_str(),
                "witness_version": info.witness_version,
                "script_pubkey": info.script_pubkey,
            });
            assert_eq!(&got, want, "{}", case["id"]);
        });
    }
}

#[test]
fn sign_message() {
    for case in cases("sign_message") {
        let outcome = offline::sign_message(s(&case, "private_key"), s(&case, "message"), address_type(&case));
        expect(&case, outcome, |sig, want| assert_eq!(sig, want.as_str().unwrap(), "{}", case["id"]));
    }
}

#[test]
fn verify_message() {
    for case in cases("verify_message") {
        let got = offline::verify_message(s(&case, "address"), s(&case, "message"), s(&case, "signature"));
        assert_eq!(got, case["result"].as_bool().unwrap(), "{}", case["id"]);
    }
}

#[test]
fn wif_to_key() {
    for case in cases("wif_to_key") {
        let outcome = offline::wif_to_key(s(&case, "wif"), network(&case));
        expect(&case, outcome, |info, want| {
            let id = &case["id"];
            assert_eq!(info.network.as_str(), want["network"], "{id}");
            assert_eq!(info.compressed, want["compressed"], "{id}");
            assert_eq!(info.public_key, want["public_key"], "{id}");
            for &t in KeyAddressType::ALL {
                match want["addresses"].get(t.as_str()) {
                    Some(a) => assert_eq!(info.address(t).unwrap(), a.as_str().unwrap(), "{id} {t}"),
                    None => assert_eq!(info.address(t).unwrap_err().field(), Some("address_type"), "{id} {t}"),
                }
            }
        });
    }
}

#[test]
fn address_from_public_key() {
    for case in cases("address_from_public_key") {
        let outcome = offline::address_from_public_key(s(&case, "public_key"), address_type(&case), network(&case).unwrap());
        expect(&case, outcome, |a, want| assert_eq!(a, want.as_str().unwrap(), "{}", case["id"]));
    }
}

#[test]
fn generate_mnemonic() {
    for case in cases("generate_mnemonic") {
        let n = case["args"]["word_count"].as_u64().unwrap() as u32;
        expect(&case, offline::generate_mnemonic(n), |phrase, want| {
            assert_eq!(phrase.expose().split(' ').count() as u64, want["word_count"].as_u64().unwrap());
            assert!(offline::validate_mnemonic(phrase));
            assert_ne!(phrase, &offline::generate_mnemonic(n).unwrap());
        });
    }
}

#[test]
fn validate_mnemonic() {
    for case in cases("validate_mnemonic") {
        assert_eq!(offline::validate_mnemonic(s(&case, "phrase")), case["result"].as_bool().unwrap(), "{}", case["id"]);
        // the same answer through a Secret
        assert_eq!(offline::validate_mnemonic(&Secret::new(s(&case, "phrase"))), case["result"].as_bool().unwrap());
    }
}

#[test]
fn mnemonic_to_seed() {
    for case in cases("mnemonic_to_seed") {
        let outcome = offline::mnemonic_to_seed(s(&case, "mnemonic"), s(&case, "passphrase"));
        expect(&case, outcome, |seed, want| assert_eq!(seed.expose(), want.as_str().unwrap(), "{}", case["id"]));
    }
}

#[test]
fn derive_key() {
    for case in cases("derive_key") {
        let net = network(&case).unwrap();
        let outcome = offline::derive_key(s(&case, "mnemonic"), s(&case, "path"), address_type(&case), net, s(&case, "passphrase"));
        expect(&case, outcome, |key, want| {
            let id = &case["id"];
            assert_eq!(key.path, want["path"].as_str().unwrap(), "{id}");
            assert_eq!(key.address, want["address"].as_str().unwrap(), "{id}");
            if let Some(public_key) = want.get("public_key") {
                assert_eq!(key.public_key, public_key.as_str().unwrap(), "{id}");
                let info = offline::wif_to_key(&key.private_key, Some(net)).unwrap();
                assert_eq!(info.public_key, key.public_key, "{id}: the WIF is not the key");
                assert!(info.compressed);
            }
            if let Some(wif) = want.get("private_key") {
                assert_eq!(key.private_key.expose(), wif.as_str().unwrap(), "{id}");
            }
        });
    }
}

#[test]
fn default_address() {
    for case in cases("default_address") {
        let t = case["args"]["address_type"].as_str().map(|t| t.parse::<KeyAddressType>().unwrap());
        let outcome = offline::default_address(s(&case, "mnemonic"), t, network(&case).unwrap());
        expect(&case, outcome, |a, want| assert_eq!(a, want.as_str().unwrap(), "{}", case["id"]));
    }
}
