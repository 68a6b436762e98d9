//! Signing at home against the sandbox's real node: for each single-key script type, a
//! transaction signed by `offline::sign_transaction_locally` is byte for byte the one the
//! service's `sign_transaction` (Litecoin Core's `signrawtransactionwithkey`) makes, and the node
//! accepts and mines it; a 2-of-3 multisig (P2WSH, P2SH-P2WSH and P2SH) signed locally is
//! accepted too. PSBTs made, signed, combined and finalized here agree with the node's
//! (`decodepsbt`, `walletprocesspsbt`, `combinepsbt`, `finalizepsbt`) byte for byte. Through
//! the fault proxy, a service whose build pays someone else, adds an output, drops the change,
//! spends a foreign input, raises the fee or moves a litoshi is refused before anything is signed,
//! and nothing is broadcast; one that lies about its inputs' values is not believed.
//!
//! ```sh
//! scripts/with-sandbox cargo test -p wallet-sdk --test sign_at_home
//! ```
//!
//! `test = false` in `Cargo.toml`: named explicitly it FAILS without a sandbox; it never skips.

use std::time::Duration;

use bitcoin::hashes::Hash;
use wallet_sdk::offline::{self, KeyAddressType, Network, Prevout};
use wallet_sdk::*;

#[path = "common/sandbox.rs"]
mod sandbox;
use sandbox::{base_url, env, fund, http_get, http_post, node_rpc, sandbox_post};
use serde_json::json;

fn client() -> Client {
    Client::builder().base_url(base_url()).credential(env("WALLET_SDK_API_KEY")).timeout(Duration::from_secs(120)).build().expect("client")
}

fn ltc(s: &str) -> Amount {
    s.parse().unwrap()
}

/// The output of `txid` that pays `address`, as a prevout read from the chain.
async fn prevout_paying(c: &Client, txid: &str, address: &str, redeem_script: Option<String>) -> Prevout {
    for vout in 0..2 {
        let utxo = c.get_utxo_details(txid, vout).await.expect("utxo");
        if utxo.address.as_deref() == Some(address) {
            return Prevout {
                txid: txid.to_string(),
                vout,
                amount: utxo.value.expect("value"),
                script_pubkey: utxo.script_pub_key_hex.expect("script"),
                redeem_script,
            };
        }
    }
    panic!("{txid} pays nothing to {address}");
}

#[tokio::test]
async fn single_key_signatures_are_cores_byte_for_byte_and_the_node_takes_them() {
    let c = client();
    let wallet = format!("rs_home_{:08x}", rand::random::<u32>());
    c.create_wallet(&wallet).await.expect("wallet");
    let recipient = offline::derive_key("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", "m/84'/1'/0'/0/7", KeyAddressType::P2wpkh, Network::Regtest, "").unwrap().address;
    let phrase = offline::generate_mnemonic(12).unwrap();
    for (kind, path) in [(KeyAddressType::P2pkh, "m/44'/1'/0'/0/0"), (KeyAddressType::P2shP2wpkh, "m/49'/1'/0'/0/0"), (KeyAddressType::P2wpkh, "m/84'/1'/0'/0/0")] {
        let key = offline::derive_key(&phrase, path, kind, Network::Regtest, "").unwrap();
        let funding = fund(&key.address, "1.25", true);
        let prevout = prevout_paying(&c, &funding, &key.address, None).await;
        let raw = c.create_raw_transaction_v2(&key.address, &recipient, ltc("0.5"), vec![funding.clone()], vec![prevout.vout]).await.expect("build");

        // the build does what was asked, with its prevouts read from the chain
        let intent = offline::TransactionIntent {
            sender_address: key.address.clone(),
            recipients: vec![(recipient.clone(), ltc("0.5"))],
            change_address: None,
            service_fee: None,
            fee_policy: offline::FeePolicy::default(),
        };
        let review = c.review_transaction(&raw.hex, &intent).await.expect("review");
        assert_eq!(Some(review.fee), raw.fee, "{kind}");
        assert_eq!(c.prevouts_for(&raw.hex).await.unwrap(), vec![prevout.clone()]);
        let asked_more = offline::TransactionIntent { recipients: vec![(recipient.clone(), ltc("0.50000001"))], ..intent.clone() };
        let e = c.review_transaction(&raw.hex, &asked_more).await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TransactionMismatch, "{e}");

        let local = offline::sign_transaction_locally(&raw.hex, &[&key.private_key], std::slice::from_ref(&prevout)).expect("sign");
        let service = c.sign_transaction(&wallet, &raw.hex, &key.private_key).await.expect("service sign");
        assert_eq!(local.complete, Some(true), "{kind}");
        assert_eq!(local.hex, service.hex, "{kind}: the local signature differs from Core's");
        assert_eq!(local.txid, service.txid, "{kind}");
        assert_eq!(local.raw().to_value(), serde_json::json!({"hex": service.hex, "complete": true, "txid": service.txid, "errors": []}));

        let sent = c.broadcast_transaction(&local.hex).await.expect("broadcast");
        assert_eq!(Some(sent.txid), local.txid);
    }
}

#[tokio::test]
async fn a_fee_rate_is_estimated_from_recent_blocks_never_below_the_relay_minimum() {
    let c = client();
    for target in [1, 6, 100] {
        assert!(c.estimate_fee_rate(Some(target)).await.unwrap().litoshis_per_vbyte >= MIN_RELAY_FEE_RATE);
    }
    assert_eq!(c.estimate_fee_rate(Some(0)).await.unwrap_err().field(), Some("target_blocks"));
}

#[tokio::test]
async fn inputs_without_their_key_stay_unsigned_and_bad_prevouts_are_refused() {
    let c = client();
    let phrase = offline::generate_mnemonic(12).unwrap();
    let key = offline::derive_key(&phrase, "m/84'/1'/0'/0/0", KeyAddressType::P2wpkh, Network::Regtest, "").unwrap();
    let other = offline::derive_key(&phrase, "m/84'/1'/0'/0/1", KeyAddressType::P2wpkh, Network::Regtest, "").unwrap();
    let funding = fund(&key.address, "0.75", true);
    let prevout = prevout_paying(&c, &funding, &key.address, None).await;
    let raw = c.create_raw_transaction_v2(&key.address, &other.address, ltc("0.25"), vec![funding], vec![prevout.vout]).await.expect("build");

    let unsigned = offline::sign_transaction_locally(&raw.hex, &[&other.private_key], std::slice::from_ref(&prevout)).unwrap();
    assert_eq!(unsigned.complete, Some(false));
    assert_eq!(unsigned.errors.len(), 1);
    assert_eq!(unsigned.hex, raw.hex, "an input no key signs is left as it was");

    let missing = offline::sign_transaction_locally(&raw.hex, &[&key.private_key], &[]).unwrap_err();
    assert_eq!((missing.kind(), missing.field()), (ErrorKind::InvalidInput, Some("prevouts")));
    let twice = offline::sign_transaction_locally(&raw.hex, &[&key.private_key], &[prevout.clone(), prevout.clone()]).unwrap_err();
    assert_eq!(twice.field(), Some("prevouts"));
    let bad_key = offline::sign_transaction_locally(&raw.hex, &["not a key"], std::slice::from_ref(&prevout)).unwrap_err();
    assert_eq!(bad_key.field(), Some("keys"));
    assert!(!bad_key.to_string().contains("not a key"), "a key is never quoted");
}

/// Three keys of a phrase and their 2-of-3 multisig script.
fn two_of_three_keys(phrase: &Secret) -> (Vec<offline::DerivedKey>, bitcoin::ScriptBuf) {
    let keys: Vec<_> = (0..3).map(|i| offline::derive_key(phrase, &format!("m/48'/1'/0'/2'/{i}"), KeyAddressType::P2wpkh, Network::Regtest, "").unwrap()).collect();
    let public: Vec<Vec<u8>> = keys.iter().map(|k| (0..k.public_key.len()).step_by(2).map(|i| u8::from_str_radix(&k.public_key[i..i + 2], 16).unwrap()).collect()).collect();
    let script = two_of_three(&public);
    (keys, script)
}

/// `OP_2 <a> <b> <c> OP_3 OP_CHECKMULTISIG`.
fn two_of_three(keys: &[Vec<u8>]) -> bitcoin::ScriptBuf {
    let mut b = bitcoin::script::Builder::new().push_opcode(bitcoin::opcodes::all::OP_PUSHNUM_2);
    for k in keys {
        b = b.push_slice(<&bitcoin::script::PushBytes>::try_from(k.as_slice()).unwrap());
    }
    b.push_opcode(bitcoin::opcodes::all::OP_PUSHNUM_3).push_opcode(bitcoin::opcodes::all::OP_CHECKMULTISIG).into_script()
}

/// A regtest address of an output script (P2WSH as bech32 `rltc`, P2SH as Base58 version 0x3a).
fn regtest_address(script: &bitcoin::ScriptBuf) -> String {
    let bytes = script.as_bytes();
    if script.is_p2wsh() {
        let hrp = bitcoin::bech32::Hrp::parse("rltc").unwrap();
        bitcoin::bech32::segwit::encode_v0(hrp, &bytes[2..34]).unwrap()
    } else {
        let mut payload = vec![0x3a];
        payload.extend_from_slice(&bytes[2..22]);
        bitcoin::base58::encode_check(&payload)
    }
}

#[tokio::test]
async fn a_two_of_three_multisig_signed_at_home_is_accepted_in_each_script_form() {
    let c = client();
    let phrase = offline::generate_mnemonic(12).unwrap();
    let (keys, script) = two_of_three_keys(&phrase);
    let wsh = bitcoin::ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::hash(script.as_bytes()));
    let forms = [
        ("p2wsh", wsh.clone()),
        ("p2sh-p2wsh", bitcoin::ScriptBuf::new_p2sh(&bitcoin::ScriptHash::hash(wsh.as_bytes()))),
        ("p2sh", bitcoin::ScriptBuf::new_p2sh(&bitcoin::ScriptHash::hash(script.as_bytes()))),
    ];
    let recipient = keys[0].address.clone();
    for (form, spk) in forms {
        let address = regtest_address(&spk);
        let funding = fund(&address, "0.5", true);
        let prevout = prevout_paying(&c, &funding, &address, Some(script.to_hex_string())).await;
        let unsigned = spend(&prevout, &recipient, 10_000);
        let one = offline::sign_transaction_locally(&unsigned, &[&keys[2].private_key], std::slice::from_ref(&prevout)).unwrap();
        assert_eq!(one.complete, Some(false), "{form}: one key of 2-of-3 does not complete it");
        let two = offline::sign_transaction_locally(&unsigned, &[&keys[2].private_key, &keys[0].private_key], std::slice::from_ref(&prevout)).unwrap();
        assert_eq!(two.complete, Some(true), "{form}");
        let sent = c.broadcast_transaction(&two.hex).await.unwrap_or_else(|e| panic!("{form}: the node refused it: {e}"));
        assert_eq!(Some(sent.txid), two.txid, "{form}");
    }
}

/// A transaction spending `prevout` to `to`, less `fee` litoshis, unsigned.
fn spend(prevout: &Prevout, to: &str, fee: i64) -> String {
    let tx = bitcoin::Transaction {
        version: bitcoin::transaction::Version::TWO,
        lock_time: bitcoin::absolute::LockTime::ZERO,
        input: vec![bitcoin::TxIn {
            previous_output: bitcoin::OutPoint { txid: prevout.txid.parse().unwrap(), vout: prevout.vout },
            sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
            ..Default::default()
        }],
        output: vec![bitcoin::TxOut {
            value: bitcoin::Amount::from_sat((prevout.amount.litoshis() - fee) as u64),
            script_pubkey: bitcoin::ScriptBuf::from_hex(&offline::parse_address(to, Some(Network::Regtest)).unwrap().script_pubkey.unwrap()).unwrap(),
        }],
    };
    bitcoin::consensus::encode::serialize_hex(&tx)
}

#[tokio::test]
async fn a_psbt_signed_here_is_the_one_the_nodes_wallet_signs() {
    let c = client();
    let phrase = offline::generate_mnemonic(12).unwrap();
    for (kind, path) in [(KeyAddressType::P2shP2wpkh, "m/49'/1'/0'/0/3"), (KeyAddressType::P2wpkh, "m/84'/1'/0'/0/3")] {
        let key = offline::derive_key(&phrase, path, kind, Network::Regtest, "").unwrap();
        let funding = fund(&key.address, "0.4", true);
        let prevout = prevout_paying(&c, &funding, &key.address, None).await;
        let unsigned = spend(&prevout, &key.address, 10_000);
        let psbt = offline::psbt_from_transaction(&unsigned, std::slice::from_ref(&prevout)).unwrap();
        let decoded = node_rpc(None, "decodepsbt", json!([psbt]));
        assert_eq!(decoded["tx"]["txid"], json!(offline::transaction_id(&unsigned).unwrap()), "{kind}");
        assert_eq!(decoded["inputs"][0]["witness_utxo"]["scriptPubKey"]["hex"], json!(prevout.script_pubkey), "{kind}");

        // the node's wallet, holding the key, signs the same PSBT
        let wallet = format!("rs_psbt_{:08x}", rand::random::<u32>());
        node_rpc(None, "createwallet", json!([wallet]));
        node_rpc(Some(&wallet), "importprivkey", json!([key.private_key.expose(), "", false]));
        let by_node = node_rpc(Some(&wallet), "walletprocesspsbt", json!([psbt, true, "ALL", true]));
        let node_final = node_rpc(None, "finalizepsbt", json!([by_node["psbt"]]));

        let signed = offline::sign_psbt(&psbt, &[&key.private_key]).unwrap();
        let ours = offline::finalize_psbt(&signed).unwrap();
        assert_eq!(ours.complete, Some(true), "{kind}");
        assert_eq!(json!(ours.hex), node_final["hex"], "{kind}: the finalized transactions differ");
        let node_finalizes_ours = node_rpc(None, "finalizepsbt", json!([signed]));
        assert_eq!(json!(ours.hex), node_finalizes_ours["hex"], "{kind}");
        assert_eq!(Some(c.broadcast_transaction(&ours.hex).await.unwrap().txid), ours.txid);
    }
}

#[tokio::test]
async fn a_multisig_psbt_signed_by_two_parties_is_combined_and_finalized_as_the_node_does() {
    let c = client();
    let phrase = offline::generate_mnemonic(12).unwrap();
    let (keys, script) = two_of_three_keys(&phrase);
    let spk = bitcoin::ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::hash(script.as_bytes()));
    let address = regtest_address(&spk);
    let funding = fund(&address, "0.3", true);
    let prevout = prevout_paying(&c, &funding, &address, Some(script.to_hex_string())).await;
    let psbt = offline::psbt_from_transaction(&spend(&prevout, &keys[1].address, 10_000), std::slice::from_ref(&prevout)).unwrap();
    assert_eq!(node_rpc(None, "decodepsbt", json!([psbt]))["inputs"][0]["witness_script"]["hex"], json!(script.to_hex_string()));

    let first = offline::sign_psbt(&psbt, &[&keys[0].private_key]).unwrap();
    let second = offline::sign_psbt(&psbt, &[&keys[2].private_key]).unwrap();
    assert_eq!(offline::finalize_psbt(&first).unwrap().complete, Some(false), "one signature of two");
    let combined = offline::combine_psbts(&[&first, &second]).unwrap();
    let by_node = node_rpc(None, "combinepsbt", json!([[first, second]]));
    let ours = offline::finalize_psbt(&combined).unwrap();
    assert_eq!(ours.complete, Some(true));
    assert_eq!(json!(ours.hex), node_rpc(None, "finalizepsbt", json!([by_node]))["hex"]);
    assert_eq!(Some(c.broadcast_transaction(&ours.hex).await.unwrap().txid), ours.txid);
    assert_eq!(offline::combine_psbts(&[]).unwrap_err().field(), Some("psbts"));
    assert_eq!(offline::sign_psbt("not a psbt", &[&keys[0].private_key]).unwrap_err().field(), Some("psbt"));
}

#[tokio::test]
async fn send_signed_locally_pays_once_in_each_build_and_no_request_carries_a_secret() {
    // a key of its own, so that every request of the flow can be read back from the sandbox
    let api_key = sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600}))["apiKey"].as_str().unwrap().to_string();
    let c = Client::builder().base_url(base_url()).credential(api_key.as_str()).timeout(Duration::from_secs(120)).build().unwrap();
    let phrase = offline::generate_mnemonic(12).unwrap();
    let recipient = offline::derive_key(&phrase, "m/84'/1'/0'/0/9", KeyAddressType::P2wpkh, Network::Regtest, "").unwrap().address;
    for (build, kind, path) in [
        (BuildMode::Service, KeyAddressType::P2wpkh, "m/84'/1'/0'/0/4"),
        (BuildMode::Local, KeyAddressType::P2shP2wpkh, "m/49'/1'/0'/0/4"),
        (BuildMode::Local, KeyAddressType::P2pkh, "m/44'/1'/0'/0/4"),
    ] {
        let key = offline::derive_key(&phrase, path, kind, Network::Regtest, "").unwrap();
        fund(&key.address, "0.2", false);
        fund(&key.address, "0.3", true);
        let options = SendLocallyOptions { build, fee_rate: Some(12), ..SendLocallyOptions::default() };
        let sent = c.send_signed_locally(&key.address, &recipient, ltc("0.4"), &[&key.private_key], options).await.unwrap_or_else(|e| panic!("{build:?} {kind}: {e}"));
        assert_eq!(sent.txid, offline::transaction_id(&sent.hex).unwrap());
        assert_eq!(sent.review.inputs.len(), 2, "{build:?} {kind}: both coins are needed");
        assert_eq!(sent.review.outputs[0].amount, ltc("0.4"));
        // broadcasting the kept transaction again is safe: the same id
        assert_eq!(c.broadcast_transaction(&sent.hex).await.unwrap().txid, sent.txid);
        if build == BuildMode::Local {
            assert!(sent.review.fee_rate >= 12, "{build:?} {kind}: {} litoshis per vbyte", sent.review.fee_rate);
        }
        let short = c.send_signed_locally(&key.address, &recipient, ltc("5"), &[&key.private_key], SendLocallyOptions { build, ..Default::default() }).await.unwrap_err();
        assert_eq!(short.kind(), ErrorKind::InsufficientFunds, "{build:?} {kind}: {short}");
        let wrong_key = c.send_signed_locally(&key.address, &recipient, ltc("0.01"), &[&keys_of_another(&phrase)], SendLocallyOptions { build, ..Default::default() }).await;
        assert!(matches!(wrong_key, Err(ref e) if e.field() == Some("keys")), "{build:?} {kind}: {wrong_key:?}");
        let secrets = [key.private_key.expose().to_string(), phrase.expose().to_string(), key.public_key.clone()];
        let seen = sandbox_post("/sandbox/requests", json!({"apiKey": api_key}))["requests"].as_array().unwrap().clone();
        assert!(seen.len() > 5, "the flow's requests were recorded");
        for request in &seen {
            let text = request.as_str().unwrap();
            for secret in &secrets[..2] {
                assert!(!text.contains(secret.as_str()), "a request carried a secret: {}", text.lines().next().unwrap_or(""));
            }
        }
    }
}

#[tokio::test]
async fn a_wallets_build_and_a_service_fee_are_reviewed_and_paid_exactly() {
    let c = client();
    // the service's wallet holds the sender's address (and here its key, which only the test reads)
    let wallet = format!("home-wallet-{}", rand::random::<u32>());
    c.create_wallet(&wallet).await.unwrap();
    let sender = c.create_address(&wallet, CreateAddressOptions { address_type: Some(AddressType::Bech32), ..Default::default() }).await.unwrap().address;
    let key = c.address_private_key(&wallet, &sender, AddressPrivateKeyOptions::default()).await.unwrap().private_key;
    let phrase = offline::generate_mnemonic(12).unwrap();
    let other = |i: u32| offline::derive_key(&phrase, &format!("m/84'/1'/0'/0/{i}"), KeyAddressType::P2wpkh, Network::Regtest, "").unwrap().address;
    let (recipient, platform) = (other(1), other(2));
    fund(&sender, "1", true);
    let fee_output = (platform.clone(), ltc("0.015"));
    for (what, build, wallet_name, service_fee) in [
        ("create_raw_transaction", BuildMode::Service, Some(wallet.clone()), None),
        ("create_raw_transaction_v3", BuildMode::Service, Some(wallet.clone()), Some(fee_output.clone())),
        ("a local build with a service fee", BuildMode::Local, None, Some(fee_output.clone())),
    ] {
        let options = SendLocallyOptions { build, wallet_name, service_fee: service_fee.clone(), fee_rate: Some(11), ..Default::default() };
        let sent = c.send_signed_locally(&sender, &recipient, ltc("0.1"), &[&key], options).await.unwrap_or_else(|e| panic!("{what}: {e}"));
        let paid = |role: offline::OutputRole| sent.review.outputs.iter().filter(|o| o.role == role).map(|o| (o.address.clone(), o.amount)).collect::<Vec<_>>();
        assert_eq!(paid(offline::OutputRole::Recipient), [(recipient.clone(), ltc("0.1"))], "{what}");
        assert_eq!(paid(offline::OutputRole::ServiceFee), service_fee.into_iter().collect::<Vec<_>>(), "{what}");
        assert_eq!(node_rpc(None, "getrawtransaction", json!([sent.txid, true]))["txid"], json!(sent.txid), "{what}: the node has it");
        // through the sandbox, which waits for its address index: the next build reads the change
        sandbox_post("/sandbox/mine", json!({"blocks": 1}));
    }
    let refused = [
        (BuildMode::Service, None, Some(fee_output.clone()), "wallet_name"),
        (BuildMode::Local, Some(wallet.clone()), None, "wallet_name"),
        (BuildMode::Service, Some(String::new()), None, "wallet_name"),
        (BuildMode::Local, None, Some((platform.clone(), Amount::from_litoshis(0))), "service_fee"),
    ];
    for (build, wallet_name, service_fee, field) in refused {
        let options = SendLocallyOptions { build, wallet_name, service_fee, ..Default::default() };
        let e = c.send_signed_locally(&sender, &recipient, ltc("0.1"), &[&key], options).await.unwrap_err();
        assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some(field)), "{e}");
    }
}

/// A key that owns nothing the tests pay.
fn keys_of_another(phrase: &Secret) -> Secret {
    offline::derive_key(phrase, "m/84'/1'/0'/0/99", KeyAddressType::P2wpkh, Network::Regtest, "").unwrap().private_key
}

/// The build of `create_raw_transaction_v2` as the service would answer it, for the proxy.
fn build_answer(hex: &str, claimed_fee: &str) -> String {
    json!({"successful": true, "message": "Raw transaction created", "data": {"hex": hex, "fee": claimed_fee, "inputs": [], "outputs": []}}).to_string()
}

#[tokio::test]
async fn hostile_builds_are_refused_before_signing_and_nothing_is_broadcast() {
    use bitcoin::consensus::encode::{deserialize_hex, serialize_hex};
    let proxy = env("WALLET_FAULT_PROXY_URL");
    let direct = client();
    let phrase = offline::generate_mnemonic(12).unwrap();
    let key = |i: u32| offline::derive_key(&phrase, &format!("m/84'/1'/0'/0/{i}"), KeyAddressType::P2wpkh, Network::Regtest, "").unwrap();
    let (sender, recipient, stranger) = (key(0), key(1).address, key(2));
    let foreign_funding = fund(&stranger.address, "0.3", true);
    let foreign = prevout_paying(&direct, &foreign_funding, &stranger.address, None).await;
    let stranger_script = bitcoin::ScriptBuf::from_hex(&offline::parse_address(&stranger.address, None).unwrap().script_pubkey.unwrap()).unwrap();

    type Mutation = fn(&mut bitcoin::Transaction, &Prevout, &bitcoin::ScriptBuf);
    let hostile: [(&str, Mutation); 7] = [
        ("pays another address", |tx, _, s| tx.output[0].script_pubkey = s.clone()),
        ("adds an output", |tx, _, s| {
            tx.output[1].value -= bitcoin::Amount::from_sat(10_000);
            tx.output.push(bitcoin::TxOut { value: bitcoin::Amount::from_sat(10_000), script_pubkey: s.clone() });
        }),
        ("drops the change", |tx, _, _| {
            tx.output.pop();
        }),
        ("spends a foreign input", |tx, f, _| {
            tx.input.push(bitcoin::TxIn { previous_output: bitcoin::OutPoint { txid: f.txid.parse().unwrap(), vout: f.vout }, sequence: bitcoin::Sequence::MAX, ..Default::default() });
            tx.output[1].value += bitcoin::Amount::from_sat((f.amount.litoshis() - 1_000) as u64);
        }),
        ("raises the fee", |tx, _, _| tx.output[1].value -= bitcoin::Amount::from_sat(2_000_000)),
        ("pays a litoshi less", |tx, _, _| {
            tx.output[0].value -= bitcoin::Amount::from_sat(1);
            tx.output[1].value += bitcoin::Amount::from_sat(1);
        }),
        ("pays a litoshi more", |tx, _, _| {
            tx.output[0].value += bitcoin::Amount::from_sat(1);
            tx.output[1].value -= bitcoin::Amount::from_sat(1);
        }),
    ];
    for (what, mutate) in hostile {
        let api_key = sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600 + rand::random::<u16>() as u64}))["apiKey"].as_str().unwrap().to_string();
        let through_proxy = Client::builder().base_url(&proxy).credential(api_key.as_str()).timeout(Duration::from_secs(120)).build().unwrap();
        let funding = fund(&sender.address, "0.6", true);
        let prevout = prevout_paying(&direct, &funding, &sender.address, None).await;
        let honest = direct.create_raw_transaction_v2(&sender.address, &recipient, ltc("0.2"), vec![funding], vec![prevout.vout]).await.unwrap();
        let mut tx: bitcoin::Transaction = deserialize_hex(&honest.hex).unwrap();
        mutate(&mut tx, &foreign, &stranger_script);
        let rule = json!({"path": "/api/Transactions/create-raw-transaction-v2", "action": "respond", "status": 200, "count": 10,
            "header": {"name": "nodeUrlOrApiAccessKey", "value": api_key}, "body": build_answer(&serialize_hex(&tx), "0.0001")});
        assert_eq!(http_post(&proxy, "/_proxy/rules", rule)["armed"], true);
        let options = SendLocallyOptions { build: BuildMode::Service, ..Default::default() };
        let e = through_proxy.send_signed_locally(&sender.address, &recipient, ltc("0.2"), &[&sender.private_key], options).await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TransactionMismatch, "{what}: {e}");
        let hits = http_get(&proxy, &format!("/_proxy/hits?path=/api/Transactions/broadcast-transaction&key={api_key}"));
        assert_eq!(hits["hits"], 0, "{what}: something was broadcast");
        let signed = http_get(&proxy, &format!("/_proxy/hits?path=/api/Transactions/sign-transaction&key={api_key}"));
        assert_eq!(signed["hits"], 0, "{what}");
    }

    // an honest build whose answer lies about the fee: the fee paid is the chain's
    let api_key = sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600 + rand::random::<u16>() as u64}))["apiKey"].as_str().unwrap().to_string();
    let through_proxy = Client::builder().base_url(&proxy).credential(api_key.as_str()).timeout(Duration::from_secs(120)).build().unwrap();
    let funding = fund(&sender.address, "0.6", true);
    let prevout = prevout_paying(&direct, &funding, &sender.address, None).await;
    let honest = direct.create_raw_transaction_v2(&sender.address, &recipient, ltc("0.2"), vec![funding], vec![prevout.vout]).await.unwrap();
    let rule = json!({"path": "/api/Transactions/create-raw-transaction-v2", "action": "respond", "status": 200, "count": 10,
        "header": {"name": "nodeUrlOrApiAccessKey", "value": api_key}, "body": build_answer(&honest.hex, "0.00000001")});
    assert_eq!(http_post(&proxy, "/_proxy/rules", rule)["armed"], true);
    let sent = through_proxy.send_signed_locally(&sender.address, &recipient, ltc("0.2"), &[&sender.private_key], SendLocallyOptions::default()).await.unwrap();
    assert_eq!(Some(sent.fee), honest.fee, "the fee is read from the chain, not from the answer");
}
