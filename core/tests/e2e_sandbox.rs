//! End-to-end tests against a running sandbox (real `litecoind -regtest` behind it).
//!
//! Run under the launcher, which exports `WALLET_SDK_BASE_URL`, `WALLET_SDK_API_KEY`,
//! `WALLET_SDK_API_KEY_COMPAT_REAL` and `WALLET_SANDBOX_NODE_URL`:
//!
//! ```sh
//! scripts/with-sandbox cargo test -p wallet-sdk --test e2e_sandbox
//! ```
//!
//! This target has `test = false` in `Cargo.toml`, so a plain `cargo test -p wallet-sdk`
//! (unit and fault-server tests) does not need a sandbox. When named explicitly it FAILS if
//! the variables are missing; it never skips.
//!
//! Every one of the 43 operations is called with the async and with the blocking client, once
//! successfully and once with a documented failure; error cases run with both keys.

use std::fmt::Debug;
use std::io::{Read, Write};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{json, Value};
use wallet_sdk::*;

/// Tests that mine or count blocks run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn env(name: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{name} is not set: run the end-to-end tests under the launcher, e.g. \
             `scripts/with-sandbox cargo test -p wallet-sdk --test e2e_sandbox`"
        ),
    }
}

fn base_url() -> String {
    env("WALLET_SDK_BASE_URL")
}

fn builder(key: &str) -> ClientBuilder {
    Client::builder()
        .base_url(base_url())
        .credential(key)
        .timeout(Duration::from_secs(120))
        .retry_policy(RetryPolicy { max_attempts: 3, base_backoff: Duration::from_millis(100), ..Default::default() })
}

fn async_client() -> Client {
    builder(&env("WALLET_SDK_API_KEY")).build().expect("client")
}

fn blocking_client() -> blocking::Client {
    blocking::Client::from_builder(builder(&env("WALLET_SDK_API_KEY"))).expect("client")
}

fn unique(tag: &str) -> String {
    use rand::Rng;
    format!("rs_{tag}_{:08x}", rand::rng().random::<u32>())
}

/// A minimal blocking HTTP/1.1 POST to the sandbox's own endpoints (`/sandbox/...`).
fn sandbox_post(path: &str, body: Value) -> Value {
    let base = base_url();
    let hostport = base.trim_start_matches("http://").trim_end_matches('/').split('/').next().unwrap().to_string();
    let body = body.to_string();
    let mut s = std::net::TcpStream::connect(&hostport).expect("connect to sandbox");
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {hostport}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let pos = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("http response");
    let head = String::from_utf8_lossy(&resp[..pos]).to_ascii_lowercase();
    let mut payload = resp[pos + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        let mut rest = &payload[..];
        loop {
            let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") else { break };
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
            rest = &rest[eol + 2 + size + 2..];
        }
        payload = out;
    }
    assert!(head.starts_with("http/1.1 2"), "sandbox {path} failed: {head} {}", String::from_utf8_lossy(&payload));
    let v: Value = serde_json::from_slice(&payload).expect("sandbox JSON");
    match v.get("data") {
        Some(d) if v.get("successful").is_some() => d.clone(),
        _ => v,
    }
}

fn fund(address: &str, ltc: &str, mine: bool) -> String {
    let amount: Value = serde_json::from_str(ltc).unwrap();
    sandbox_post("/sandbox/fund", json!({"address": address, "amount": amount, "mine": mine}))["txid"]
        .as_str()
        .expect("fund txid")
        .to_string()
}

fn mine(blocks: u32) -> Value {
    sandbox_post("/sandbox/mine", json!({"blocks": blocks}))
}

fn mint_key(ttl: i64, compat: &str) -> String {
    sandbox_post("/sandbox/keys", json!({"ttlSeconds": ttl, "compat": compat}))["apiKey"].as_str().expect("apiKey").to_string()
}

#[track_caller]
fn expect_kind<T: Debug>(r: Result<T>, kind: ErrorKind, what: &str) -> Error {
    match r {
        Ok(v) => panic!("{what}: expected {kind} error, got success {v:?}"),
        Err(e) => {
            assert_eq!(e.kind(), kind, "{what}: {e}");
            assert!(!e.message().is_empty());
            e
        }
    }
}

fn ltc(s: &str) -> Amount {
    Amount::from_ltc(s).unwrap()
}

const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

macro_rules! aw {
    ($e:expr) => {
        $e.await
    };
}
macro_rules! sy {
    ($e:expr) => {
        $e
    };
}

/// The whole story, written once and instantiated for the async (`aw`) and the blocking
/// (`sy`) client.
macro_rules! every_operation {
    ($c:ident, $w:ident, $tag:expr) => {{
        let tag: &str = $tag;
        let missing = unique(&format!("{tag}_missing"));
        let msg = "hello litecoin";

        // B1 blockchain_info
        let info = $w!($c.blockchain_info()).expect("blockchain_info");
        assert_eq!(info.chain.as_deref(), Some("regtest"));
        let height = info.blocks.expect("blocks");
        assert!(info.raw().is_object());

        // W1 create_wallet
        let w1 = unique(&format!("{tag}_plain"));
        let created = $w!($c.create_wallet(&w1)).expect("create_wallet");
        assert_eq!(created.wallet_name.as_deref(), Some(w1.as_str()));
        expect_kind($w!($c.create_wallet(&w1)), ErrorKind::Conflict, "create_wallet twice");

        // W12 official_address
        let official = $w!($c.official_address(&w1)).expect("official_address");
        assert!(!official.address.is_empty());
        expect_kind($w!($c.official_address(&missing)), ErrorKind::NotFound, "official_address missing wallet");

        // W7 wallet_details (credential in the query)
        let details = $w!($c.wallet_details(&w1)).expect("wallet_details");
        assert_eq!(details.encrypted, Some(false));
        let e = expect_kind($w!($c.wallet_details(&missing)), ErrorKind::NotFound, "wallet_details missing wallet");
        assert!(e.to_string().contains("also answers 404 when the API key is rejected"), "{e}");

        // W9 wallet_balance
        let bal = $w!($c.wallet_balance(&w1)).expect("wallet_balance");
        assert_eq!((bal.confirmed, bal.unconfirmed), (Amount::ZERO, Amount::ZERO));
        expect_kind($w!($c.wallet_balance(&missing)), ErrorKind::NotFound, "wallet_balance missing wallet");

        // A1 create_address
        let legacy = $w!($c.create_address(&w1, CreateAddressOptions { address_type: Some(AddressType::Legacy), label: Some("e2e".into()), ..Default::default() }))
            .expect("create_address legacy");
        assert_eq!(legacy.address_type.as_deref(), Some("legacy"));
        let legacy2 = $w!($c.create_address(&w1, CreateAddressOptions { address_type: Some(AddressType::Legacy), ..Default::default() })).expect("create_address legacy 2");
        let bech = $w!($c.create_address(&w1, CreateAddressOptions { address_type: Some(AddressType::Bech32), ..Default::default() })).expect("create_address bech32");
        assert_eq!(bech.address_type.as_deref(), Some("bech32"));
        let dflt = $w!($c.create_address(&w1, CreateAddressOptions::default())).expect("create_address default type");
        assert!(dflt.address.starts_with("rltc1"), "omitted type -> bech32: {}", dflt.address);
        expect_kind(
            $w!($c.create_address(&w1, CreateAddressOptions { address_type: Some(AddressType::RawName("taproot".into())), ..Default::default() })),
            ErrorKind::Validation,
            "create_address unknown type",
        );

        // an address of another wallet
        let other = unique(&format!("{tag}_other"));
        $w!($c.create_wallet(&other)).expect("create other wallet");
        let foreign = $w!($c.create_address(&other, CreateAddressOptions { address_type: Some(AddressType::Legacy), ..Default::default() })).expect("foreign address").address;

        // fund
        fund(&legacy.address, "2.5", true);
        fund(&bech.address, "1", true);

        // W14 wallet_address_balance
        let wab = $w!($c.wallet_address_balance(&w1, &legacy.address)).expect("wallet_address_balance");
        assert_eq!(wab.confirmed, ltc("2.5"));
        expect_kind($w!($c.wallet_address_balance(&w1, &foreign)), ErrorKind::NotFound, "wallet_address_balance foreign");

        // A7 address_balance
        let ab = $w!($c.address_balance(&legacy.address)).expect("address_balance");
        assert_eq!(ab.confirmed, ltc("2.5"));
        assert_eq!(ab.unconfirmed, Amount::ZERO);
        let fresh = $w!($c.address_balance(&legacy2.address)).expect("address_balance unused");
        assert_eq!((fresh.confirmed, fresh.unconfirmed), (Amount::ZERO, Amount::ZERO));
        expect_kind($w!($c.address_balance("not-an-address")), ErrorKind::Validation, "address_balance invalid");

        // A3 address_details
        let ad = $w!($c.address_details(&w1, &legacy.address)).expect("address_details");
        assert_eq!(ad.is_mine, Some(true));
        expect_kind($w!($c.address_details(&w1, "not-an-address")), ErrorKind::Validation, "address_details invalid");

        // W10 wallet_addresses
        let was = $w!($c.wallet_addresses(&w1)).expect("wallet_addresses");
        assert!(was.addresses.iter().any(|a| a.address.as_deref() == Some(legacy.address.as_str())));
        expect_kind($w!($c.wallet_addresses(&missing)), ErrorKind::NotFound, "wallet_addresses missing");

        // W8 wallet_transactions (+ pages)
        let wt = $w!($c.wallet_transactions(&w1, WalletTransactionsOptions { skip: Some(0), count: Some(1) })).expect("wallet_transactions");
        assert_eq!(wt.items.len(), 1);
        expect_kind($w!($c.wallet_transactions(&missing, Default::default())), ErrorKind::NotFound, "wallet_transactions missing");

        // W15 wallet_address_transactions
        let wat = $w!($c.wallet_address_transactions(&w1, &legacy.address)).expect("wallet_address_transactions");
        assert!(!wat.items.is_empty());
        expect_kind($w!($c.wallet_address_transactions(&w1, &foreign)), ErrorKind::NotFound, "wallet_address_transactions foreign");

        // A6 address_transaction
        let at = $w!($c.address_transaction(&legacy.address, AddressTransactionOptions { take: Some(10), skip: None })).expect("address_transaction");
        assert!(!at.items.is_empty());
        assert_eq!(at.items[0].received, Some(ltc("2.5")));
        expect_kind($w!($c.address_transaction("not-an-address", Default::default())), ErrorKind::Validation, "address_transaction invalid");

        // W13 sign_wallet_message (unencrypted: no passphrase -> "" on the wire)
        let sig = $w!($c.sign_wallet_message(&w1, &legacy.address, msg, Default::default())).expect("sign_wallet_message");
        expect_kind($w!($c.sign_wallet_message(&w1, &bech.address, msg, Default::default())), ErrorKind::Rejected, "sign_wallet_message bech32");

        // A5 verify_message
        let v = $w!($c.verify_message(&legacy.address, msg, &sig.signature)).expect("verify_message");
        assert!(v.valid);
        let v = $w!($c.verify_message(&legacy.address, "another message", &sig.signature)).expect("verify_message wrong");
        assert!(!v.valid);
        expect_kind($w!($c.verify_message(&bech.address, msg, &sig.signature)), ErrorKind::Rejected, "verify_message bech32");

        // A8 address_private_key
        let pk = $w!($c.address_private_key(&w1, &legacy.address, Default::default())).expect("address_private_key");
        assert!(!pk.private_key.is_empty());
        assert_eq!(pk.raw()["privateKey"], "[REDACTED]");
        assert!(!format!("{pk:?}").contains(pk.private_key.expose()));
        expect_kind($w!($c.address_private_key(&w1, &foreign, Default::default())), ErrorKind::Validation, "address_private_key foreign");

        // A4 sign_message
        let sm = $w!($c.sign_message(msg, &pk.private_key)).expect("sign_message");
        assert_eq!(sm.signature, sig.signature, "deterministic signatures");
        assert_eq!(sm.address.as_deref(), Some(legacy.address.as_str()));
        expect_kind($w!($c.sign_message(msg, &Secret::new("cNotAKey"))), ErrorKind::Validation, "sign_message bad key");

        // U1 get_blockchain_otp, U2 verify_otp
        let otp = $w!($c.get_blockchain_otp(&sig.signature)).expect("get_blockchain_otp");
        assert_eq!(otp.code.expose().len(), 6);
        expect_kind($w!($c.get_blockchain_otp("bm90IGEgc2lnbmF0dXJl")), ErrorKind::Validation, "get_blockchain_otp bad signature");
        let ok = $w!($c.verify_otp(&sig.signature, &otp.code)).expect("verify_otp");
        assert!(ok.valid, "{:?}", ok.reason);
        expect_kind($w!($c.verify_otp(&sig.signature, &Secret::new("12"))), ErrorKind::Validation, "verify_otp bad code");

        // T2 create_raw_transaction, T5 sign_transaction, T6 broadcast_transaction
        let raw = $w!($c.create_raw_transaction(&w1, &legacy.address, &foreign, ltc("0.5"))).expect("create_raw_transaction");
        assert!(!raw.hex.is_empty());
        expect_kind($w!($c.create_raw_transaction(&w1, &legacy.address, &foreign, ltc("1000"))), ErrorKind::InsufficientFunds, "create_raw_transaction too much");
        let signed = $w!($c.sign_transaction(&w1, &raw.hex, &pk.private_key)).expect("sign_transaction");
        assert_eq!(signed.complete, Some(true));
        expect_kind($w!($c.sign_transaction(&w1, "00", &pk.private_key)), ErrorKind::Validation, "sign_transaction bad hex");
        let sent = $w!($c.broadcast_transaction(&signed.hex)).expect("broadcast_transaction");
        assert_eq!(Some(sent.txid.clone()), signed.txid);
        expect_kind($w!($c.broadcast_transaction(&raw.hex)), ErrorKind::Rejected, "broadcast unsigned");

        // L1 transaction_details
        let td = $w!($c.transaction_details(&sent.txid)).expect("transaction_details");
        assert_eq!(td.txid.as_deref(), Some(sent.txid.as_str()));
        let zeros = "0".repeat(64);
        expect_kind($w!($c.transaction_details(&zeros)), ErrorKind::NotFound, "transaction_details unknown");

        mine(1);
        // L2 get_utxo_details (the change back to the sender is output 1)
        let change = raw.change_position.expect("change position") as u32;
        let utxo = $w!($c.get_utxo_details(&sent.txid, change)).expect("get_utxo_details");
        assert_eq!(utxo.address.as_deref(), Some(legacy.address.as_str()));
        expect_kind($w!($c.get_utxo_details(&sent.txid, 99)), ErrorKind::NotFound, "get_utxo_details unknown vout");

        // T3 create_raw_transaction_v2
        let v2 = $w!($c.create_raw_transaction_v2(&legacy.address, &foreign, ltc("0.1"), vec![sent.txid.clone()], vec![change])).expect("create_raw_transaction_v2");
        assert!(!v2.hex.is_empty());
        expect_kind(
            $w!($c.create_raw_transaction_v2(&legacy.address, &foreign, ltc("0.1"), vec![sent.txid.clone()], vec![change, 0])),
            ErrorKind::Validation,
            "create_raw_transaction_v2 lengths",
        );

        // T4 create_raw_transaction_v3
        let v3 = $w!($c.create_raw_transaction_v3(&w1, &legacy.address, &foreign, ltc("0.1"), &legacy2.address, ltc("0.01"))).expect("create_raw_transaction_v3");
        assert!(v3.outputs.len() >= 2);
        expect_kind(
            $w!($c.create_raw_transaction_v3(&w1, &legacy.address, &foreign, ltc("0.1"), &foreign, ltc("0.01"))),
            ErrorKind::Validation,
            "create_raw_transaction_v3 duplicate address",
        );

        // B2-B4
        let tip = mine(0)["height"].as_i64().unwrap_or(height + 3);
        let stats = $w!($c.block_stat(&tip.to_string())).expect("block_stat");
        assert_eq!(stats.height, Some(tip));
        expect_kind($w!($c.block_stat("0")), ErrorKind::NotFound, "block_stat genesis");
        let header = $w!($c.block_header(&tip.to_string())).expect("block_header");
        let hash = header.hash.clone().expect("hash");
        expect_kind($w!($c.block_header("99999999")), ErrorKind::NotFound, "block_header beyond tip");
        let bt = $w!($c.block_transaction(&hash)).expect("block_transaction");
        assert!(!bt.transactions.is_empty());
        expect_kind($w!($c.block_transaction(&zeros)), ErrorKind::NotFound, "block_transaction unknown");

        // T1 send_funds_from_wallet
        let paid = $w!($c.send_funds_from_wallet(&w1, &foreign, ltc("0.1"), SendFundsFromWalletOptions { description: Some("e2e".into()), ..Default::default() })).expect("send_funds_from_wallet");
        assert_eq!(paid.txid.len(), 64);
        expect_kind($w!($c.send_funds_from_wallet(&w1, &foreign, ltc("100000"), Default::default())), ErrorKind::InsufficientFunds, "send_funds_from_wallet too much");

        // A2 create_multisig_address
        let ms = $w!($c.create_multisig_address(&w1, vec![legacy.address.clone(), legacy2.address.clone()], 2, AddressType::Legacy, Default::default())).expect("create_multisig_address");
        assert!(!ms.address.is_empty());
        expect_kind(
            $w!($c.create_multisig_address(&w1, vec![legacy.address.clone(), legacy2.address.clone()], 3, AddressType::Legacy, Default::default())),
            ErrorKind::Validation,
            "create_multisig_address n_required > keys",
        );

        // W2 encrypt_wallet, W11 change_passphrase
        let pp = Secret::new(format!("pp-{}", unique("x")));
        let enc = $w!($c.encrypt_wallet(&w1, &pp)).expect("encrypt_wallet");
        assert_eq!(enc.encrypted, Some(true));
        expect_kind($w!($c.encrypt_wallet(&w1, &pp)), ErrorKind::Conflict, "encrypt_wallet twice");
        let pp2 = Secret::new(format!("pp2-{}", unique("y")));
        $w!($c.change_passphrase(&w1, &pp, &pp2)).expect("change_passphrase");
        expect_kind($w!($c.change_passphrase(&w1, &pp, &pp2)), ErrorKind::WalletLocked, "change_passphrase wrong old");
        expect_kind(
            $w!($c.create_address(&w1, CreateAddressOptions { address_type: Some(AddressType::Legacy), ..Default::default() })),
            ErrorKind::WalletLocked,
            "create_address on an encrypted wallet without passphrase",
        );
        $w!($c.create_address(&w1, CreateAddressOptions { passphrase: Some(pp2.clone()), ..Default::default() })).expect("create_address with passphrase");

        // W16 set_wallet_mnemonics
        let set = $w!($c.set_wallet_mnemonics(&w1, &Secret::new(ABANDON), SetWalletMnemonicsOptions { passphrase: Some(pp2.clone()) })).expect("set_wallet_mnemonics");
        assert!(set.hd_seed_id.is_some());
        expect_kind(
            $w!($c.set_wallet_mnemonics(&w1, &Secret::new(ABANDON), SetWalletMnemonicsOptions { passphrase: Some(pp2.clone()) })),
            ErrorKind::Conflict,
            "set_wallet_mnemonics same phrase",
        );

        // W3 create_encrypted_wallet
        let w2 = unique(&format!("{tag}_enc"));
        let cw2 = $w!($c.create_encrypted_wallet(&w2)).expect("create_encrypted_wallet");
        assert!(!cw2.passphrase.is_empty());
        assert_eq!(cw2.raw()["encryptedPassphrase"], "[REDACTED]");
        expect_kind($w!($c.create_encrypted_wallet(&w2)), ErrorKind::Conflict, "create_encrypted_wallet twice");

        // W4 create_importable_wallet
        let w3 = unique(&format!("{tag}_imp"));
        let cw3 = $w!($c.create_importable_wallet(&w3)).expect("create_importable_wallet");
        assert_eq!(cw3.mnemonics.expose().split(' ').count(), 12);
        expect_kind($w!($c.create_importable_wallet(&w3)), ErrorKind::Conflict, "create_importable_wallet twice");
        let w3_official = $w!($c.official_address(&w3)).expect("official of importable").address;

        // W5 create_importable_encrypted_wallet
        let w4 = unique(&format!("{tag}_impenc"));
        let cw4 = $w!($c.create_importable_encrypted_wallet(&w4)).expect("create_importable_encrypted_wallet");
        assert!(!cw4.mnemonics.is_empty() && !cw4.passphrase.is_empty());
        expect_kind($w!($c.create_importable_encrypted_wallet(&w4)), ErrorKind::Conflict, "create_importable_encrypted_wallet twice");

        // W6 import_wallet
        let w5 = unique(&format!("{tag}_import"));
        let iw = $w!($c.import_wallet(&w5, &cw3.mnemonics)).expect("import_wallet");
        assert_eq!(iw.official_address.as_deref(), Some(w3_official.as_str()));
        expect_kind($w!($c.import_wallet(&unique("bad"), &Secret::new("abandon abandon"))), ErrorKind::Validation, "import_wallet bad phrase");

        // W17 wallet_default_address, W18 _v2
        let da = $w!($c.wallet_default_address(&cw3.mnemonics, WalletDefaultAddressOptions { address_type: Some(AddressType::Bech32) })).expect("wallet_default_address");
        assert_eq!(da.address, w3_official);
        expect_kind(
            $w!($c.wallet_default_address(&cw3.mnemonics, WalletDefaultAddressOptions { address_type: Some(AddressType::Mweb) })),
            ErrorKind::Rejected,
            "wallet_default_address mweb",
        );
        let v2a = $w!($c.wallet_default_address_v2(&Secret::new(ABANDON), WalletDefaultAddressOptions { address_type: Some(AddressType::Legacy) })).expect("wallet_default_address_v2");
        assert_eq!(v2a.address, "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
        expect_kind(
            $w!($c.wallet_default_address_v2(&Secret::new("abandon abandon"), Default::default())),
            ErrorKind::Validation,
            "wallet_default_address_v2 bad phrase",
        );

        // A9 address_private_key_v2
        let pk2 = $w!($c.address_private_key_v2(&w3, &w3_official, &cw3.mnemonics)).expect("address_private_key_v2");
        assert!(!pk2.private_key.is_empty());
        expect_kind($w!($c.address_private_key_v2(&w3, &w3_official, &cw4.mnemonics)), ErrorKind::WalletLocked, "address_private_key_v2 other phrase");

        // A10 screen_address
        let sc = $w!($c.screen_address(&w3, &foreign, &cw3.mnemonics)).expect("screen_address");
        assert_eq!(sc.is_valid, Some(true));
        expect_kind($w!($c.screen_address(&w3, &foreign, &cw4.mnemonics)), ErrorKind::WalletLocked, "screen_address other phrase");

        // A11 generate_default_address
        let gd = $w!($c.generate_default_address(&w3, GenerateDefaultAddressOptions { address_type: Some(AddressType::P2shSegwit), ..Default::default() })).expect("generate_default_address");
        assert_eq!(gd.address_type.as_deref(), Some("p2sh-segwit"));
        expect_kind(
            $w!($c.generate_default_address(&w3, GenerateDefaultAddressOptions { address_type: Some(AddressType::Mweb), ..Default::default() })),
            ErrorKind::Rejected,
            "generate_default_address mweb",
        );

        // client-side checks: nothing is sent
        let e = expect_kind($w!($c.wallet_balance("")), ErrorKind::InvalidInput, "empty wallet name");
        assert_eq!(e.to_string(), "invalid input `wallet_name`: it is required and must not be empty");
        legacy.address
    }};
}

#[tokio::test(flavor = "multi_thread")]
async fn async_client_every_operation() {
    let _g = serial();
    let c = async_client();
    let legacy = every_operation!(c, aw, "a");
    // paged iterator over the funded address's history
    let all = c.address_transaction_pages(&legacy, 1).collect_all().await.expect("address pages");
    assert!(all.len() >= 2, "{all:?}");
}

#[test]
fn blocking_client_every_operation() {
    let _g = serial();
    let c = blocking_client();
    let legacy = every_operation!(c, sy, "b");
    let pages: Vec<_> = c.address_transaction_pages(&legacy, 1).collect::<Result<Vec<_>>>().expect("pages");
    assert!(pages.len() >= 2);
}

/// Error cases with the compat `real` key: failures are HTTP 200 `successful:false` without a
/// code (service_error); a rejected key is a 404 with an empty body (credential_rejected).
#[tokio::test(flavor = "multi_thread")]
async fn compat_real_errors() {
    let key = env("WALLET_SDK_API_KEY_COMPAT_REAL");
    let c = builder(&key).build().unwrap();
    c.blockchain_info().await.expect("compat key works");
    let missing = unique("cr_missing");
    for e in [
        c.wallet_balance(&missing).await.unwrap_err(),
        c.wallet_details(&missing).await.unwrap_err(),
        c.address_balance("not-an-address").await.unwrap_err(),
        c.official_address(&missing).await.unwrap_err(),
    ] {
        assert_eq!(e.kind(), ErrorKind::ServiceError, "{e}");
        assert_eq!(e.status(), Some(200));
        assert_eq!(e.service_code(), None);
        assert!(e.service_message().is_some_and(|m| !m.is_empty()), "{e}");
        assert!(e.to_string().starts_with(&format!("{} failed: the service reported an error (HTTP 200): ", e.operation().unwrap())), "{e}");
    }
    // a non-idempotent op failing with 200/successful:false is a plain error, not outcome_unknown
    let w = unique("cr_dup");
    c.create_wallet(&w).await.unwrap();
    let e = c.create_wallet(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ServiceError, "{e}");

    // a just-expired compat key passes the local check (within the 60 s skew) and is
    // rejected by the service with a 404 and an empty body
    let expired = mint_key(-5, "real");
    let c2 = builder(&expired).build().unwrap();
    let e = c2.blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CredentialRejected, "{e}");
    assert_eq!(e.status(), Some(404));
    assert!(e.to_string().contains("the service answered 404 with an empty body, which is how it answers a rejected or expired API key"), "{e}");
    assert!(!e.to_string().contains(&expired));
    // same in the query form of wallet_details
    let e = c2.wallet_details(&missing).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CredentialRejected, "{e}");
    assert!(!e.to_string().contains(&expired));
}

/// Error cases with the default key.
#[tokio::test(flavor = "multi_thread")]
async fn default_mode_credential_errors() {
    let base = async_client();
    // expired (service side): within the local skew, rejected by the service
    let expired = mint_key(-5, "default");
    let c = builder(&expired).build().unwrap();
    let e = c.blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CredentialExpired, "{e}");
    assert_eq!(e.status(), Some(401));
    assert_eq!(e.field(), Some("credential"));
    assert!(!e.to_string().contains(&expired));
    // expired beyond the skew: refused locally, before sending
    let long_expired = mint_key(-3600, "default");
    let c = builder(&long_expired).build().unwrap();
    let e = c.blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CredentialExpired);
    assert!(e.to_string().ends_with("nothing was sent"), "{e}");
    // rotation: the same client works after set_credential
    c.set_credential(env("WALLET_SDK_API_KEY")).unwrap();
    c.blockchain_info().await.expect("after rotation");
    // a forged key (valid structure, wrong signature) is rejected
    let good = env("WALLET_SDK_API_KEY");
    let mut parts: Vec<&str> = good.split('.').collect();
    parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ";
    let forged = parts.join(".");
    let c = builder(&forged).build().unwrap();
    let e = c.wallet_balance("rs_whatever").await.unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::CredentialRejected), "{e}");
    assert!(!e.to_string().contains(&forged));
    drop(base);
}

#[tokio::test(flavor = "multi_thread")]
async fn node_url_credential_works() {
    let node = env("WALLET_SANDBOX_NODE_URL");
    let c = builder(&node).build().unwrap();
    assert!(c.credential().is_node_url());
    assert!(!format!("{c:?}").contains(&node));
    let info = c.blockchain_info().await.expect("blockchain_info via node URL");
    assert_eq!(info.chain.as_deref(), Some("regtest"));
    let e = c.wallet_balance(&unique("nu_missing")).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
}

/// Real-server timeouts through `/sandbox/faults`: a read is retried after a slow attempt; a
/// slow wallet creation is sent once and reported as outcome_unknown (and did happen).
#[tokio::test(flavor = "multi_thread")]
async fn server_delays_timeouts_and_outcome_unknown() {
    let _g = serial();
    // A key of its own, so that the faults armed for it are not consumed by concurrent tests.
    let key = sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600}))["apiKey"].as_str().unwrap().to_string();
    let fault = |path: &str, count: u32| sandbox_post("/sandbox/faults", json!({"path": path, "delayMs": 4000, "count": count, "apiKey": key}));
    let c = builder(&key).build().expect("client").with_timeout(Duration::from_millis(1500));
    fault("/api/Blocks/blockchain-info", 1);
    c.blockchain_info().await.expect("second attempt succeeds");

    let w = unique("slow");
    fault("/api/Wallet/create", 1);
    let e = c.create_wallet(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{e}");
    assert_eq!(e.attempts(), 1);
    tokio::time::sleep(Duration::from_secs(4)).await;
    // it did reach the service: creating again conflicts
    let e = async_client().create_wallet(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Conflict, "{e}");

    // the key in the query of wallet_details never shows, also on timeout
    fault("/api/Wallet/details", 3);
    let e = c.with_retry_policy(RetryPolicy::none()).wallet_details(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Timeout);
    assert!(!format!("{e} {e:?}").contains(&key));
}
