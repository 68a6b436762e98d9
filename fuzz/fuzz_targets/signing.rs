//! `signing`: the signing-at-home toolkit (`wallet_sdk::offline`) on transactions and PSBTs of
//! any shape: `sign_transaction_locally`, `review_transaction`, `psbt_from_transaction`,
//! `sign_psbt`, `combine_psbts`, `finalize_psbt` and `keys_from_phrase`. The input's bytes are
//! the transaction (given as hex) or the PSBT (given as base64), so the fuzzer works on their
//! structure, not on their text. Oracles: (a) no panic, stack overflow, endless loop or
//! unbounded allocation; (b) no error or result shows the key or the phrase; (c) a signed
//! transaction's txid is its hex's, and signing twice gives the same bytes; (d) a transaction
//! signed through a PSBT (made, signed, combined with itself, finalized) is the one signed
//! directly; (e) a review that passes accounts for every litoshi: the inputs are the outputs and
//! the fee, and the fee rate times the size is at most the fee.
//!
//! Input: a 4-byte header, then the bytes. Byte 0 the function; byte 1 the prevouts' script
//! (P2PKH, P2SH-P2WPKH, P2WPKH of the one key, or its 1-of-1 P2WSH multisig); bytes 2–3 the
//! prevouts' value.
#![no_main]

use std::sync::OnceLock;

use base64::Engine;
use libfuzzer_sys::fuzz_target;
use wallet_sdk::offline::{self, KeyAddressType, Network, Prevout, TransactionIntent};
use wallet_sdk::{Amount, Secret};
use wallet_sdk_fuzz::*;
use bitcoin::hashes::Hash;

const HEAD: usize = 4;
type Input<'a> = wallet_sdk_fuzz::Input<'a, HEAD>;

const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/// The one key the fuzzed transactions' prevouts pay, and its public key.
fn key() -> &'static (Secret, String) {
    static KEY: OnceLock<(Secret, String)> = OnceLock::new();
    KEY.get_or_init(|| {
        let k = offline::derive_key(PHRASE, "m/84'/1'/0'/0/0", KeyAddressType::P2wpkh, Network::Regtest, "").expect("a key");
        (k.private_key, k.public_key)
    })
}

/// The prevout script (and redeem script) byte 1 chooses, paid to the one key.
fn script(choice: u8) -> (String, Option<String>) {
    let (_, public_key) = key();
    if choice % 4 == 3 {
        // OP_1 <key> OP_1 OP_CHECKMULTISIG, as P2WSH
        let redeem = format!("5121{public_key}51ae");
        let hash = bitcoin::hashes::sha256::Hash::hash(&hex_bytes(&redeem));
        return (format!("0020{hash}"), Some(redeem));
    }
    let kind = KeyAddressType::ALL[usize::from(choice % 4)];
    let address = offline::address_from_public_key(public_key, kind, Network::Regtest).expect("an address");
    (offline::parse_address(&address, None).expect("its own address").script_pubkey.expect("a script"), None)
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0)).collect()
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A prevout for each input of the transaction (none when it does not decode).
fn prevouts(bytes: &[u8], choice: u8, value: i64) -> Vec<Prevout> {
    let Ok(tx) = bitcoin::consensus::deserialize::<bitcoin::Transaction>(bytes) else { return Vec::new() };
    let (script_pubkey, redeem_script) = script(choice);
    tx.input
        .iter()
        .map(|i| Prevout {
            txid: i.previous_output.txid.to_string(),
            vout: i.previous_output.vout,
            amount: Amount::from_litoshis(value),
            script_pubkey: script_pubkey.clone(),
            redeem_script: redeem_script.clone(),
        })
        .collect()
}

/// Nothing shown may hold the key or the phrase.
fn no_secret(sink: &str, text: &str) {
    let (wif, _) = key();
    for (what, secret) in [("wif", wif.expose()), ("phrase", PHRASE)] {
        if text.contains(secret) {
            finding(format!("leak sink={sink} secret={what}"), text);
        }
    }
}

fn shown<T: std::fmt::Debug>(sink: &str, r: &wallet_sdk::Result<T>) {
    match r {
        Ok(v) => no_secret(&format!("{sink}.debug"), &format!("{v:?}")),
        Err(e) => {
            no_secret(&format!("{sink}.display"), &e.to_string());
            no_secret(&format!("{sink}.debug"), &format!("{e:?}"));
        }
    }
}

fuzz_target!(|input: Input<'_>| {
    catch_stack_overflow();
    let h = input.head;
    let bytes = input.rest;
    let (wif, _) = key();
    let keys = [wif];
    let value = i64::from(h.u16(2)) * 10_000 + 1;
    match h.byte(0) % 5 {
        0 => {
            let hex = to_hex(bytes);
            let prevouts = prevouts(bytes, h.byte(1), value);
            let signed = offline::sign_transaction_locally(&hex, &keys, &prevouts);
            shown("sign_transaction_locally", &signed);
            let Ok(signed) = signed else { return };
            if signed.txid.as_ref() != offline::transaction_id(&signed.hex).ok().as_ref() {
                finding("signed_txid_not_its_hex".to_string(), format_args!("{signed:?}"));
            }
            let again = offline::sign_transaction_locally(&hex, &keys, &prevouts);
            if again.as_ref().ok().map(|a| &a.hex) != Some(&signed.hex) {
                finding("signing_not_deterministic".to_string(), format_args!("{hex}"));
            }
            // the same signatures through a PSBT
            let through_psbt = offline::psbt_from_transaction(&hex, &prevouts)
                .and_then(|p| offline::sign_psbt(&p, &keys))
                .and_then(|p| offline::combine_psbts(&[&p, &p]))
                .and_then(|p| offline::finalize_psbt(&p));
            shown("psbt_round_trip", &through_psbt);
            match through_psbt {
                Ok(p) if signed.complete == Some(true) && p.hex != signed.hex => {
                    finding("psbt_signature_differs".to_string(), format_args!("{hex}\n{}\n{}", signed.hex, p.hex));
                }
                _ => {}
            }
        }
        1 => {
            let hex = to_hex(bytes);
            let prevouts = prevouts(bytes, h.byte(1), value);
            // the intent: the key's address of a single-key type pays a fixed address
            let recipient = offline::derive_key(PHRASE, "m/84'/1'/0'/0/1", KeyAddressType::P2wpkh, Network::Regtest, "").expect("a key").address;
            let owner = offline::address_from_public_key(&key().1, KeyAddressType::ALL[usize::from(h.byte(1) % 3)], Network::Regtest).expect("an address");
            let intent = TransactionIntent {
                sender_address: owner,
                recipients: vec![(recipient, Amount::from_litoshis(i64::from(h.byte(3)) * 100_000 + 5_460))],
                change_address: None,
                service_fee: None,
                fee_policy: offline::FeePolicy::default(),
            };
            let review = offline::review_transaction(&hex, &intent, &prevouts, Some(u32::from(h.byte(2))));
            shown("review_transaction", &review);
            if let Ok(r) = review {
                let inputs: i64 = r.inputs.iter().map(|i| i.amount.litoshis()).sum();
                let outputs: i64 = r.outputs.iter().map(|o| o.amount.litoshis()).sum();
                if inputs != outputs + r.fee.litoshis() || r.fee_rate.saturating_mul(r.vsize) > r.fee.litoshis() as u64 {
                    finding("review_does_not_add_up".to_string(), format_args!("{r:?}"));
                }
            }
        }
        2 => {
            let psbt = base64::engine::general_purpose::STANDARD.encode(bytes);
            shown("sign_psbt", &offline::sign_psbt(&psbt, &keys));
            shown("finalize_psbt", &offline::finalize_psbt(&psbt));
        }
        3 => {
            // two PSBTs: the bytes cut where byte 1 says
            let cut = usize::from(h.byte(1)).min(bytes.len());
            let (a, b) = bytes.split_at(cut);
            let (a, b) = (base64::engine::general_purpose::STANDARD.encode(a), base64::engine::general_purpose::STANDARD.encode(b));
            shown("combine_psbts", &offline::combine_psbts(&[&a, &b]));
        }
        _ => {
            // the paths as text, one per 0xFF-separated part, from the one phrase
            let text = String::from_utf8_lossy(bytes);
            let paths: Vec<&str> = text.split('\u{FFFD}').take(64).collect();
            let keys = offline::keys_from_phrase(PHRASE, &paths, Network::Regtest, "");
            match &keys {
                Ok(k) => {
                    for (path, key) in paths.iter().zip(k) {
                        let one = offline::derive_key(PHRASE, path, KeyAddressType::P2wpkh, Network::Regtest, "").map(|d| d.private_key);
                        if one.as_ref().ok() != Some(key) {
                            finding("keys_from_phrase_differs_from_derive_key".to_string(), format_args!("{path:?}"));
                        }
                    }
                }
                Err(e) => {
                    no_secret("keys_from_phrase.display", &e.to_string());
                    no_secret("keys_from_phrase.debug", &format!("{e:?}"));
                }
            }
        }
    }
});
