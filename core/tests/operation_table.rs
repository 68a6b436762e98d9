//! The operation table matches the published facts (`operations.json`, copied into
//! `tests/data/`) and every operation is a method of both clients.

use serde_json::Value;
use wallet_sdk::operations::{self, HttpMethod, Location, Presence};

#[test]
fn table_matches_operations_json() {
    let facts: Value = serde_json::from_str(include_str!("data/operations.json")).unwrap();
    let facts = facts["operations"].as_array().unwrap();
    assert_eq!(facts.len(), 43);
    assert_eq!(operations::ALL.len(), 43);
    for f in facts {
        let name = f["name"].as_str().unwrap();
        let op = operations::by_name(name).unwrap_or_else(|| panic!("missing {name}"));
        assert_eq!(op.camel_name, f["camelName"].as_str().unwrap());
        assert_eq!(op.path, f["path"].as_str().unwrap(), "{name}");
        assert_eq!(op.group, f["tag"].as_str().unwrap(), "{name}");
        let method = match op.method {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
        };
        assert_eq!(method, f["method"].as_str().unwrap(), "{name}");

        let mut headers: Vec<&str> = op.params.iter().filter(|p| p.location == Location::Header).map(|p| p.wire_name).collect();
        let mut query: Vec<&str> = op.params.iter().filter(|p| p.location == Location::Query).map(|p| p.wire_name).collect();
        match op.credential_location {
            Location::Header => headers.insert(0, "nodeUrlOrApiAccessKey"),
            Location::Query => query.insert(0, "nodeUrlOrApiAccessKey"),
            Location::Body | Location::Sdk => panic!("credential never in the body or kept by the SDK"),
        }
        let mut want_h: Vec<&str> = f["headers"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let mut want_q: Vec<&str> = f["query"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
        headers.sort();
        want_h.sort();
        query.sort();
        want_q.sort();
        assert_eq!(headers, want_h, "{name} headers");
        assert_eq!(query, want_q, "{name} query");

        let body: Vec<&str> = op.params.iter().filter(|p| p.location == Location::Body).map(|p| p.wire_name).collect();
        let want_b: Vec<&str> = f["body_fields"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
        let (mut b1, mut b2) = (body.clone(), want_b.clone());
        b1.sort();
        b2.sort();
        assert_eq!(b1, b2, "{name} body");
        // wire-required body fields are sent always (required, or "" when absent)
        for bf in f["body_fields"].as_array().unwrap() {
            if bf["required"].as_bool().unwrap() {
                let p = op.params.iter().find(|p| p.location == Location::Body && p.wire_name == bf["name"].as_str().unwrap()).unwrap();
                assert_ne!(p.presence, Presence::Optional, "{name}.{}", p.wire_name);
            }
        }
    }
}

#[test]
fn idempotency_and_secrets_follow_section_3() {
    let not_idempotent = [
        "create_wallet", "encrypt_wallet", "create_encrypted_wallet", "create_importable_wallet",
        "create_importable_encrypted_wallet", "import_wallet", "change_passphrase", "set_wallet_mnemonics",
        "create_address", "create_multisig_address", "generate_default_address", "send_funds_from_wallet",
        "verify_otp",
    ];
    // the service's own description lists broadcast_transaction as not idempotent; the SDK repeats it safely
    // because the node never applies a transaction twice and its "already have it" answers
    // become success with the locally computed txid (docs/adr/0014)
    for op in operations::ALL {
        assert_eq!(op.idempotent, !not_idempotent.contains(&op.name), "{}", op.name);
        for p in op.params {
            let secret_wire = ["encryptedPassphrase", "passphrase", "mnemonics", "addressPrivatKey", "addressPrivateKey", "old_passphrase", "new_passphrase", "code"];
            assert_eq!(p.secret, secret_wire.contains(&p.wire_name), "{}.{}", op.name, p.wire_name);
        }
    }
    // one SDK name per concept
    for op in operations::ALL {
        for p in op.params {
            if ["walletName", "wallet", "new_wallet_name"].contains(&p.wire_name) {
                assert_eq!(p.sdk_name, "wallet_name", "{}", op.name);
            }
            if p.wire_name == "encryptedPassphrase" {
                assert_eq!(p.sdk_name, "passphrase", "{}", op.name);
            }
        }
    }
}

#[test]
fn naming_table_in_order() {
    let names: Vec<&str> = operations::ALL.iter().map(|o| o.name).collect();
    let facts: Value = serde_json::from_str(include_str!("data/operations.json")).unwrap();
    let want: Vec<&str> = facts["operations"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    let (mut a, mut b) = (names.clone(), want.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b);
    for n in &names {
        assert!(wallet_sdk::blocking::METHOD_NAMES.contains(n), "blocking client lacks {n}");
    }
}
