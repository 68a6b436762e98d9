//! The Rust runner of the shared scenarios (`tests/scenarios/*.json`, format in
//! `tests/README.md`): each step calls the public async `Client` method it names, checks the
//! expectations and writes one transcript line. `make test-scenarios` runs the four languages'
//! runners against one sandbox and diffs their transcripts.
//!
//! Run under the launcher: `scripts/with-sandbox cargo test -p wallet-sdk --test scenarios`
//! (`test = false` in Cargo.toml: a plain `cargo test` does not need a sandbox). The
//! transcript goes to `$SCENARIO_TRANSCRIPT` (default `target/scenarios/rust.txt`).
//!
//! `hostile_cell` runs one hostile-answer cell when `HOSTILE_CELL` names one (scripts/test-hostile,
//! tests/hostile/README.md) and does nothing otherwise.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::time::Duration;

use serde_json::{json, Map, Value};
use wallet_sdk::fields::{FieldValue, Record, ToField};
use wallet_sdk::*;

fn env(name: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| panic!("{name} is not set: run under scripts/with-sandbox"))
}

fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("repo root").to_path_buf()
}

/// POST to the sandbox's own endpoints (`/sandbox/...`): the `data` of the answer.
fn sandbox_post(path: &str, body: Value) -> Value {
    http(&env("WALLET_SDK_BASE_URL"), "POST", path, Some(body))
}

/// One HTTP/1.0 request to `base` (the sandbox or the fault proxy's control API): the `data` of
/// the answer, or the whole JSON when it has no envelope.
fn http(base: &str, method: &str, path: &str, body: Option<Value>) -> Value {
    let hostport = base.trim_start_matches("http://").trim_end_matches('/').to_string();
    let mut s = std::net::TcpStream::connect(&hostport).expect("connect to the sandbox or the proxy");
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    match body {
        Some(body) => {
            let body = body.to_string();
            write!(s, "{method} {path} HTTP/1.0\r\nHost: {hostport}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        }
        None => write!(s, "{method} {path} HTTP/1.0\r\nHost: {hostport}\r\n\r\n").unwrap(),
    }
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let pos = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("an HTTP answer");
    let head = String::from_utf8_lossy(&resp[..pos]).to_string();
    assert!(head.starts_with("HTTP/1.1 2") || head.starts_with("HTTP/1.0 2"), "{method} {path}: {head} {}", String::from_utf8_lossy(&resp[pos + 4..]));
    let v: Value = serde_json::from_slice(&resp[pos + 4..]).expect("JSON");
    v.get("data").cloned().unwrap_or(v)
}

/// The settle time of the `proxied` client (tests/README.md): `resolve` of a lost request says
/// `not_applied` once it has passed.
const PROXIED_SETTLE_TIME: Duration = Duration::from_secs(2);

/// The inputs of one step after substitution.
struct Args(Map<String, Value>);

impl Args {
    fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name).filter(|v| !v.is_null())
    }
    fn s(&self, name: &str) -> String {
        self.os(name).unwrap_or_default()
    }
    fn os(&self, name: &str) -> Option<String> {
        self.get(name).map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    }
    fn secret(&self, name: &str) -> Secret {
        Secret::new(self.s(name))
    }
    fn osecret(&self, name: &str) -> Option<Secret> {
        self.os(name).map(Secret::new)
    }
    fn amount(&self, name: &str) -> Result<Amount> {
        Amount::from_ltc(&self.s(name))
    }
    fn oamount(&self, name: &str) -> Result<Option<Amount>> {
        self.os(name).map(|a| Amount::from_ltc(&a)).transpose()
    }
    fn network(&self, name: &str) -> Result<offline::Network> {
        self.s(name).parse()
    }
    fn address_type(&self, name: &str) -> Option<AddressType> {
        self.os(name).map(|n| AddressType::from_name(&n))
    }
    fn u32(&self, name: &str) -> Option<u32> {
        self.get(name).and_then(Value::as_u64).map(|n| n as u32)
    }
    fn list(&self, name: &str) -> Vec<String> {
        self.get(name).and_then(Value::as_array).map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()).unwrap_or_default()
    }
    fn u32_list(&self, name: &str) -> Vec<u32> {
        self.get(name).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_u64).map(|n| n as u32).collect()).unwrap_or_default()
    }
}

fn f<T: ToField>(r: Result<T>) -> Result<FieldValue> {
    r.map(|v| v.to_field())
}

/// The dispatch table: every operation through its public typed method.
async fn call(c: &Client, op: &str, a: &Args) -> Result<FieldValue> {
    match op {
        "create_address" => f(c.create_address(&a.s("wallet_name"), CreateAddressOptions { label: a.os("label"), address_type: a.address_type("address_type"), passphrase: a.osecret("passphrase") }).await),
        "create_multisig_address" => f(c.create_multisig_address(&a.s("wallet_name"), a.list("addresses"), a.u32("n_required").unwrap_or(0), a.address_type("address_type").unwrap_or(AddressType::Legacy), CreateMultisigAddressOptions { passphrase: a.osecret("passphrase") }).await),
        "address_details" => f(c.address_details(&a.s("wallet_name"), &a.s("address")).await),
        "sign_message" => f(c.sign_message(&a.s("message"), &a.secret("private_key")).await),
        "verify_message" => f(c.verify_message(&a.s("address"), &a.s("message"), &a.s("signature")).await),
        "address_transaction" => f(c.address_transaction(&a.s("address"), AddressTransactionOptions { take: a.u32("take"), skip: a.u32("skip") }).await),
        "address_balance" => f(c.address_balance(&a.s("address")).await),
        "address_private_key" => f(c.address_private_key(&a.s("wallet_name"), &a.s("address"), AddressPrivateKeyOptions { passphrase: a.osecret("passphrase") }).await),
        "address_private_key_v2" => f(c.address_private_key_v2(&a.s("wallet_name"), &a.s("address"), &a.secret("mnemonics")).await),
        "address_private_key_v2_with_passphrase" => f(c.address_private_key_v2_with_passphrase(&a.s("wallet_name"), &a.s("address"), &a.secret("passphrase")).await),
        "screen_address" => f(c.screen_address(&a.s("wallet_name"), &a.s("address"), &a.secret("mnemonics")).await),
        "generate_default_address" => f(c.generate_default_address(&a.s("wallet_name"), GenerateDefaultAddressOptions { address_type: a.address_type("address_type"), label: a.os("label"), passphrase: a.osecret("passphrase") }).await),
        "blockchain_info" => f(c.blockchain_info().await),
        "block_stat" => f(c.block_stat(&a.s("block_height")).await),
        "block_header" => f(c.block_header(&a.s("block_height")).await),
        "block_transaction" => f(c.block_transaction(&a.s("block_hash")).await),
        "transaction_details" => f(c.transaction_details(&a.s("txid")).await),
        "get_utxo_details" => f(c.get_utxo_details(&a.s("txid"), a.u32("vout").unwrap_or(0)).await),
        "send_funds_from_wallet" => {
            let options = SendFundsFromWalletOptions {
                recipient_name: a.os("recipient_name"),
                description: a.os("description"),
                amount_include_fees: a.get("amount_include_fees").and_then(Value::as_bool),
                passphrase: a.osecret("passphrase"),
                idempotency_key: a.os("idempotency_key"),
            };
            f(c.send_funds_from_wallet(&a.s("wallet_name"), &a.s("recipient_address"), a.amount("amount")?, options).await)
        }
        "create_raw_transaction" => f(c.create_raw_transaction(&a.s("wallet_name"), &a.s("sender_address"), &a.s("recipient_address"), a.amount("amount")?).await),
        "create_raw_transaction_v2" => f(c.create_raw_transaction_v2(&a.s("sender_address"), &a.s("recipient_address"), a.amount("amount")?, a.list("utxos"), a.u32_list("vouts")).await),
        "create_raw_transaction_v3" => f(c.create_raw_transaction_v3(&a.s("wallet_name"), &a.s("sender_address"), &a.s("recipient_address"), a.amount("amount")?, &a.s("service_fee_address"), a.amount("service_fee_amount")?).await),
        "sign_transaction" => f(c.sign_transaction(&a.s("wallet_name"), &a.s("tx_hex"), &a.secret("private_key")).await),
        "broadcast_transaction" => f(c.broadcast_transaction(&a.s("signed_tx_hex")).await),
        "get_blockchain_otp" => f(c.get_blockchain_otp(&a.s("signature")).await),
        "verify_otp" => f(c.verify_otp(&a.s("signature"), &a.secret("code")).await),
        "create_wallet" => f(c.create_wallet(&a.s("wallet_name")).await),
        "encrypt_wallet" => f(c.encrypt_wallet(&a.s("wallet_name"), &a.secret("passphrase")).await),
        "create_encrypted_wallet" => f(c.create_encrypted_wallet(&a.s("wallet_name")).await),
        "create_importable_wallet" => f(c.create_importable_wallet(&a.s("wallet_name")).await),
        "create_importable_encrypted_wallet" => f(c.create_importable_encrypted_wallet(&a.s("wallet_name")).await),
        "import_wallet" => f(c.import_wallet(&a.s("wallet_name"), &a.secret("mnemonics")).await),
        "wallet_details" => f(c.wallet_details(&a.s("wallet_name")).await),
        "wallet_transactions" => f(c.wallet_transactions(&a.s("wallet_name"), WalletTransactionsOptions { skip: a.u32("skip"), count: a.u32("count") }).await),
        "wallet_balance" => f(c.wallet_balance(&a.s("wallet_name")).await),
        "wallet_addresses" => f(c.wallet_addresses(&a.s("wallet_name")).await),
        "change_passphrase" => f(c.change_passphrase(&a.s("wallet_name"), &a.secret("old_passphrase"), &a.secret("new_passphrase")).await),
        "official_address" => f(c.official_address(&a.s("wallet_name")).await),
        "sign_wallet_message" => f(c.sign_wallet_message(&a.s("wallet_name"), &a.s("address"), &a.s("message"), SignWalletMessageOptions { passphrase: a.osecret("passphrase") }).await),
        "wallet_address_balance" => f(c.wallet_address_balance(&a.s("wallet_name"), &a.s("address")).await),
        "wallet_address_transactions" => f(c.wallet_address_transactions(&a.s("wallet_name"), &a.s("address")).await),
        "set_wallet_mnemonics" => f(c.set_wallet_mnemonics(&a.s("wallet_name"), &a.secret("mnemonics"), SetWalletMnemonicsOptions { passphrase: a.osecret("passphrase") }).await),
        "wallet_default_address" => f(c.wallet_default_address(&a.secret("mnemonics"), WalletDefaultAddressOptions { address_type: a.address_type("address_type") }).await),
        "wallet_default_address_v2" => f(c.wallet_default_address_v2(&a.secret("mnemonics"), WalletDefaultAddressOptions { address_type: a.address_type("address_type") }).await),
        // the paged iterators: every entry of every page
        "wallet_transactions_pages" => {
            let all = c.wallet_transactions_pages(&a.s("wallet_name"), a.u32("page_size").unwrap_or(wallet_sdk::DEFAULT_PAGE_SIZE)).collect_all().await?;
            Ok(entries(all.to_field()))
        }
        "address_transaction_pages" => {
            let all = c.address_transaction_pages(&a.s("address"), a.u32("page_size").unwrap_or(wallet_sdk::DEFAULT_PAGE_SIZE)).collect_all().await?;
            Ok(entries(all.to_field()))
        }
        // the offline payment functions (no client): results as records of snake_case fields
        "build_payment_uri" => {
            let uri = offline::build_payment_uri(&a.s("address"), a.oamount("amount")?, a.os("label").as_deref(), a.os("message").as_deref(), &[], a.network("network")?)?;
            Ok(record("PaymentUri", vec![("uri", FieldValue::Text(uri))]))
        }
        "parse_payment_uri" => Ok(payment_request(&offline::parse_payment_uri(&a.s("uri"), a.network("network")?)?)),
        "parse_input" => Ok(parsed_input(&offline::parse_input(&a.s("text"), a.network("network")?))),
        // signing at home: the prevouts read from the chain, the key kept here
        "sign_transaction_locally" => {
            let prevouts = c.prevouts_for(&a.s("unsigned_hex")).await?;
            f(offline::sign_transaction_locally(&a.s("unsigned_hex"), &[&a.secret("key")], &prevouts))
        }
        "psbt_round_trip" => {
            let prevouts = c.prevouts_for(&a.s("unsigned_hex")).await?;
            let unsigned = offline::psbt_from_transaction(&a.s("unsigned_hex"), &prevouts)?;
            let signed = offline::sign_psbt(&unsigned, &[&a.secret("key")])?;
            let done = offline::finalize_psbt(&signed)?;
            Ok(record(
                "PsbtRoundTrip",
                vec![
                    ("hex", FieldValue::Text(done.hex)),
                    ("txid", text(done.txid.as_deref())),
                    ("complete", done.complete.map_or(FieldValue::Null, FieldValue::Bool)),
                    ("unsigned_psbt", FieldValue::Text(unsigned)),
                    ("signed_psbt", FieldValue::Text(signed)),
                ],
            ))
        }
        "review_transaction" => {
            let intent = offline::TransactionIntent {
                sender_address: a.s("sender_address"),
                recipients: vec![(a.s("recipient_address"), a.amount("amount")?)],
                change_address: None,
                service_fee: None,
                fee_policy: offline::FeePolicy::default(),
            };
            let r = c.review_transaction(&a.s("unsigned_hex"), &intent).await?;
            Ok(record("TransactionReview", vec![("fee", FieldValue::Amount(r.fee)), ("fee_rate", int(i64::try_from(r.fee_rate).ok())), ("vsize", int(i64::try_from(r.vsize).ok()))]))
        }
        "send_signed_locally" => {
            let build = if a.s("build") == "local" { wallet_sdk::BuildMode::Local } else { wallet_sdk::BuildMode::Service };
            let options = wallet_sdk::SendLocallyOptions { build, fee_rate: a.u32("fee_rate").map(u64::from), ..Default::default() };
            let sent = c.send_signed_locally(&a.s("sender_address"), &a.s("recipient_address"), a.amount("amount")?, &[&a.secret("key")], options).await?;
            Ok(record("SentTransaction", vec![("txid", text(Some(&sent.txid))), ("fee", FieldValue::Amount(sent.fee)), ("fee_rate", int(i64::try_from(sent.review.fee_rate).ok()))]))
        }
        "estimate_fee_rate" => {
            let rate = c.estimate_fee_rate(a.u32("target_blocks")).await?;
            Ok(record("FeeRate", vec![("litoshis_per_vbyte", int(i64::try_from(rate.litoshis_per_vbyte).ok()))]))
        }
        // the wallet event stream: `count` events collected (within WATCH_TIMEOUT), and a payment waited for
        "watch_wallet" => {
            let d = WatchOptions::default();
            let options = WatchOptions {
                cursor: a.os("cursor"),
                poll_interval: Duration::from_millis(a.get("poll_interval_ms").and_then(Value::as_u64).unwrap_or(200)),
                confirmations: a.u32("confirmations").unwrap_or(d.confirmations),
                history: a.u32("history").unwrap_or(d.history),
                ..d
            };
            let count = a.u32("count").unwrap_or(1) as usize;
            let mut stream = c.watch_wallet(&a.s("wallet_name"), options);
            let deadline = tokio::time::Instant::now() + WATCH_TIMEOUT;
            let mut events = Vec::new();
            let mut incomplete = None;
            while events.len() < count {
                match tokio::time::timeout_at(deadline, stream.next()).await {
                    Ok(Some(Ok(e))) => events.push(e),
                    Ok(Some(Err(e))) => return Err(e),
                    Ok(None) => {
                        incomplete = Some(format!("the stream ended after {} of {count} events", events.len()));
                        break;
                    }
                    Err(_) => {
                        incomplete = Some(format!("{} of {count} events within {} s", events.len(), WATCH_TIMEOUT.as_secs()));
                        break;
                    }
                }
            }
            let cursor = events.last().map(|e: &WalletEvent| e.cursor.clone());
            let events = events
                .iter()
                .map(|e| {
                    record(
                        "WalletEvent",
                        vec![
                            ("kind", text(Some(e.kind.as_str()))),
                            ("txid", text(Some(&e.txid))),
                            ("address", text(e.address.as_deref())),
                            ("amount", FieldValue::Amount(e.amount)),
                            ("confirmations", FieldValue::Int(e.confirmations)),
                            ("cursor", text(Some(&e.cursor))),
                        ],
                    )
                })
                .collect();
            Ok(record("WatchedEvents", vec![("events", FieldValue::List(events)), ("cursor", text(cursor.as_deref())), ("incomplete", text(incomplete.as_deref()))]))
        }
        "wait_for_payment" => {
            let d = WaitForPaymentOptions::default();
            let timeout = a.get("timeout_ms").and_then(Value::as_u64).map(Duration::from_millis);
            let options = WaitForPaymentOptions {
                confirmations: a.u32("confirmations").unwrap_or(d.confirmations),
                timeout,
                poll_interval: Duration::from_millis(a.get("poll_interval_ms").and_then(Value::as_u64).unwrap_or(200)),
                ..d
            };
            let bound = timeout.unwrap_or_default() + WATCH_TIMEOUT;
            match tokio::time::timeout(bound, c.wait_for_payment(&a.s("wallet_name"), &a.s("address"), a.amount("amount")?, options)).await {
                Ok(p) => {
                    let p = p?;
                    Ok(record(
                        "Payment",
                        vec![
                            ("status", text(Some(p.status.as_str()))),
                            ("received", FieldValue::Amount(p.received)),
                            ("confirmations", FieldValue::Int(p.confirmations)),
                            ("txids", FieldValue::List(p.txids.iter().map(|t| text(Some(t))).collect())),
                            ("incomplete", FieldValue::Null),
                        ],
                    ))
                }
                Err(_) => Ok(record("Payment", vec![("incomplete", text(Some(&format!("no answer within {} s", bound.as_secs()))))])),
            }
        }
        other => panic!("the scenario names an unknown operation `{other}`"),
    }
}

/// How long a `watch_wallet` step waits for its `count` events (and a `wait_for_payment` step
/// beyond its own timeout) before the step fails: a hung stream fails the step, not the run.
const WATCH_TIMEOUT: Duration = Duration::from_secs(60);

fn entries(list: FieldValue) -> FieldValue {
    record("Pages", vec![("entries", list)])
}

fn record(type_name: &'static str, fields: Vec<(&'static str, FieldValue)>) -> FieldValue {
    FieldValue::Record(Record { type_name, fields, raw: None })
}

fn text(s: Option<&str>) -> FieldValue {
    s.map_or(FieldValue::Null, |s| FieldValue::Text(s.to_string()))
}

fn int<T: Into<i64>>(n: Option<T>) -> FieldValue {
    n.map_or(FieldValue::Null, |n| FieldValue::Int(n.into()))
}

fn flag(b: Option<bool>) -> FieldValue {
    b.map_or(FieldValue::Null, FieldValue::Bool)
}

fn payment_request(r: &offline::PaymentRequest) -> FieldValue {
    let extras = r.extras.iter().map(|(k, v)| record("PaymentUriParameter", vec![("key", text(Some(k))), ("value", text(Some(v)))])).collect();
    record(
        "PaymentRequest",
        vec![
            ("address", text(Some(&r.address))),
            ("network", text(Some(r.network.as_str()))),
            ("amount", r.amount.to_field()),
            ("label", text(r.label.as_deref())),
            ("message", text(r.message.as_deref())),
            ("extras", FieldValue::List(extras)),
        ],
    )
}

fn parsed_input(p: &offline::ParsedInput) -> FieldValue {
    let address = p.address.as_ref().map_or(FieldValue::Null, |a| {
        record(
            "AddressInfo",
            vec![
                ("address", text(Some(&a.address))),
                ("network", text(Some(a.network.as_str()))),
                ("kind", text(Some(a.kind.as_str()))),
                ("witness_version", int(a.witness_version)),
                ("script_pubkey", text(a.script_pubkey.as_deref())),
            ],
        )
    });
    record(
        "ParsedInput",
        vec![
            ("kind", text(Some(p.kind.as_str()))),
            ("is_secret", FieldValue::Bool(p.kind.is_secret())),
            ("network", text(p.network.map(|n| n.as_str()))),
            ("address", address),
            ("payment_request", p.payment_request.as_ref().map_or(FieldValue::Null, payment_request)),
            ("compressed", flag(p.compressed)),
            ("mnemonic_valid", flag(p.mnemonic_valid)),
            ("word_count", int(p.word_count)),
            ("depth", int(p.depth)),
            ("txid", text(p.txid.as_deref())),
            ("problem", text(p.problem.as_deref())),
        ],
    )
}

fn resolution(r: &Resolution) -> FieldValue {
    record(
        "Resolution",
        vec![
            ("state", text(Some(r.state.as_str()))),
            ("operation", text(r.operation.as_deref())),
            ("txid", text(r.txid.as_deref())),
            ("wallet_name", text(r.wallet_name.as_deref())),
            ("sent", r.sent.to_field()),
            ("secret_lost", FieldValue::Bool(r.secret_lost)),
            ("reason", text(Some(&r.reason))),
        ],
    )
}

/// A field of a result by a dotted path (`items.0.received`).
fn field_at<'a>(v: &'a FieldValue, path: &str) -> Option<&'a FieldValue> {
    let mut cur = v;
    for part in path.split('.').filter(|p| !p.is_empty()) {
        cur = match cur {
            FieldValue::Record(r) => &r.fields.iter().find(|(n, _)| *n == part)?.1,
            FieldValue::List(items) => items.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// The plain value of a field, for substitution into later steps (secrets exposed).
fn plain(v: &FieldValue) -> Value {
    match v {
        FieldValue::Null => Value::Null,
        FieldValue::Bool(b) => Value::Bool(*b),
        FieldValue::Int(i) => Value::from(*i),
        FieldValue::Float(x) => json!(x),
        FieldValue::Text(s) => Value::String(s.clone()),
        FieldValue::Amount(a) => Value::String(a.to_string()),
        FieldValue::Secret(s) => Value::String(s.expose().to_string()),
        FieldValue::Json(j) => j.to_value(),
        FieldValue::List(items) => Value::Array(items.iter().map(plain).collect()),
        // only `into_field` streams; the runner reads results through `to_field`
        FieldValue::Items(_) => unreachable!("to_field never streams"),
        FieldValue::Map(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), plain(v))).collect()),
        FieldValue::Record(r) => Value::Object(r.fields.iter().map(|(k, v)| (k.to_string(), plain(v))).collect()),
    }
}

/// The canonical text of a value in a transcript (secrets `[REDACTED]`, amounts with 8 decimals).
fn canonical(v: &FieldValue) -> String {
    match v {
        FieldValue::Null => "null".into(),
        FieldValue::Secret(_) => "[REDACTED]".into(),
        FieldValue::List(items) => format!("[{} items]", items.len()),
        FieldValue::Record(_) | FieldValue::Map(_) => "{…}".into(),
        other => match plain(other) {
            Value::String(s) => s,
            x => x.to_string(),
        },
    }
}

struct Runner {
    vars: Vec<(String, String)>,
    outputs: HashMap<String, FieldValue>,
    /// The errors of failed steps with an `id`, for `resolve` (`error_of`).
    errors: HashMap<String, Error>,
    /// The scenario's own API key for the `proxied` client and the proxy steps (made on first use).
    proxy_key: Option<String>,
    clients: HashMap<String, std::result::Result<Client, Error>>,
    lines: Vec<String>,
    failures: Vec<String>,
}

impl Runner {
    fn resolve_ref(&self, r: &str) -> Value {
        if let Some((_, v)) = self.vars.iter().find(|(n, _)| n == r) {
            return Value::String(v.clone());
        }
        let (step, path) = r.split_once('.').unwrap_or((r, ""));
        let out = self.outputs.get(step).unwrap_or_else(|| panic!("no output of step `{step}` for ${{{r}}}"));
        field_at(out, path).map(plain).unwrap_or_else(|| panic!("step `{step}` has no field `{path}`"))
    }

    /// `${name}` in a string is replaced by the text of the variable or earlier output.
    fn substitute(&self, v: &Value) -> Value {
        match v {
            Value::String(s) => {
                let mut out = s.clone();
                while let Some(start) = out.find("${") {
                    let end = out[start..].find('}').map(|e| start + e).expect("closing brace");
                    let value = match self.resolve_ref(&out[start + 2..end]) {
                        Value::String(x) => x,
                        other => other.to_string(),
                    };
                    out.replace_range(start..=end, &value);
                }
                Value::String(out)
            }
            Value::Array(a) => Value::Array(a.iter().map(|x| self.substitute(x)).collect()),
            Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), self.substitute(x))).collect()),
            other => other.clone(),
        }
    }

    /// Replaces the values of the scenario's variables and of earlier outputs by their names,
    /// and request ids by `*`, so that transcripts of different runs and languages compare.
    fn normalize(&self, text: &str) -> String {
        let mut known: Vec<(String, String)> = self.vars.iter().map(|(n, v)| (v.clone(), format!("${{{n}}}"))).collect();
        for (step, out) in &self.outputs {
            if let FieldValue::Record(r) = out {
                for (name, v) in &r.fields {
                    if let FieldValue::Text(s) = v {
                        if s.len() >= 8 {
                            known.push((s.clone(), format!("${{{step}.{name}}}")));
                        }
                    }
                }
            }
        }
        // longest first; ties by name, so that every language replaces alike
        known.sort_by(|(v1, n1), (v2, n2)| v2.len().cmp(&v1.len()).then(n1.cmp(n2)));
        let mut out = text.to_string();
        for (value, name) in known {
            out = out.replace(&value, &name);
        }
        match out.find("[request id ") {
            Some(i) => {
                let end = out[i..].find(']').map(|e| i + e).unwrap_or(out.len() - 1);
                out.replace_range(i..=end, "[request id *]");
                out
            }
            None => out,
        }
    }

    /// The scenario's own key (`/sandbox/keys`), so that the proxy's rules and counters of one
    /// scenario in one language touch nothing else.
    fn proxy_key(&mut self) -> String {
        self.proxy_key
            .get_or_insert_with(|| sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600, "compat": "default"}))["apiKey"].as_str().expect("apiKey").to_string())
            .clone()
    }

    fn client(&mut self, spec: &str) -> std::result::Result<Client, Error> {
        let mut base = env("WALLET_SDK_BASE_URL");
        let credential = match spec {
            "proxied" => {
                base = env("WALLET_FAULT_PROXY_URL");
                self.proxy_key()
            }
            "default" => env("WALLET_SDK_API_KEY"),
            "compat_real" => env("WALLET_SDK_API_KEY_COMPAT_REAL"),
            "node_url" => env("WALLET_SANDBOX_NODE_URL"),
            other => match self.substitute(&Value::String(other.to_string())) {
                Value::String(s) => s,
                v => v.to_string(),
            },
        };
        self.clients
            .entry(format!("{base}\n{credential}"))
            .or_insert_with(|| {
                let builder = Client::builder()
                    .base_url(base)
                    .credential(credential)
                    .timeout(Duration::from_secs(120))
                    .retry_policy(RetryPolicy { base_backoff: Duration::from_millis(100), ..Default::default() });
                // the proxied client's lost requests settle in 2 s, so that resolve can say not_applied
                if spec == "proxied" { builder.settle_time(PROXIED_SETTLE_TIME) } else { builder }.build()
            })
            .clone()
    }

    /// Checks one expected field; the transcript text of the check.
    fn check(&self, result: &FieldValue, path: &str, matcher: &Value) -> (bool, String) {
        let actual = field_at(result, path);
        let shown = actual.map(|a| self.normalize(&canonical(a))).unwrap_or_else(|| "(missing)".into());
        let Some(actual) = actual else { return (false, shown) };
        match matcher {
            Value::Object(m) if m.contains_key("ref") => {
                let name = m["ref"].as_str().unwrap_or_default();
                let want = self.resolve_ref(name);
                let ok = plain(actual) == want || canonical(actual) == canonical_json(&want);
                (ok, if ok { format!("${{{name}}}") } else { shown })
            }
            Value::Object(m) if m.contains_key("prefix") => {
                let prefixes: Vec<&str> = m["prefix"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
                let ok = matches!(actual, FieldValue::Text(s) if prefixes.iter().any(|p| s.starts_with(p)));
                (ok, if ok { format!("prefix({})", prefixes.join("|")) } else { shown })
            }
            Value::Object(m) if m.contains_key("len") => {
                let ok = matches!(actual, FieldValue::Text(s) if Some(s.len() as u64) == m["len"].as_u64());
                (ok, if ok { format!("len({})", m["len"]) } else { shown })
            }
            Value::Object(m) if m.contains_key("min") => {
                let ok = matches!(actual, FieldValue::Int(i) if Some(*i) >= m["min"].as_i64());
                (ok, if ok { format!(">={}", m["min"]) } else { shown })
            }
            Value::Object(m) if m.contains_key("count") || m.contains_key("min_items") => {
                let n = match actual { FieldValue::List(items) => items.len() as u64, _ => u64::MAX };
                let ok = m.get("count").map_or(true, |c| Some(n) == c.as_u64()) && m.get("min_items").map_or(true, |c| c.as_u64().is_some_and(|c| n >= c) && n != u64::MAX);
                let want = m.get("count").map(|c| format!("{c} items")).unwrap_or_else(|| format!(">={} items", m["min_items"]));
                (ok, if ok { want } else { shown })
            }
            Value::Object(m) if m.contains_key("has_item") => {
                let FieldValue::List(items) = actual else { return (false, shown) };
                let want = m["has_item"].as_object().cloned().unwrap_or_default();
                let ok = items.iter().any(|item| want.iter().all(|(p, mt)| self.check(item, p, mt).0));
                (ok, if ok { format!("has_item({})", want.keys().cloned().collect::<Vec<_>>().join(",")) } else { shown })
            }
            Value::String(s) if s == "non_empty" => {
                let ok = match actual { FieldValue::Text(t) => !t.is_empty(), FieldValue::List(l) => !l.is_empty(), _ => false };
                (ok, if ok { "non_empty".into() } else { shown })
            }
            Value::String(s) if s == "secret" => (matches!(actual, FieldValue::Secret(x) if !x.is_empty()), shown),
            Value::String(s) if s == "regtest_address" => {
                let ok = matches!(actual, FieldValue::Text(a) if ["m", "n", "Q", "2", "rltc1", "tmweb1"].iter().any(|p| a.starts_with(p)));
                (ok, if ok { "regtest_address".into() } else { shown })
            }
            literal => {
                let want = canonical_json(&self.substitute(literal));
                (canonical(actual) == want, shown)
            }
        }
    }

    async fn step(&mut self, scenario: &Value, index: usize, step: &Value) {
        let label = format!("{}#{index}", scenario["name"].as_str().unwrap_or("?"));
        let args = Args(self.substitute(step.get("args").unwrap_or(&json!({}))).as_object().cloned().unwrap_or_default());
        let sandbox_helper = step.get("sandbox").and_then(Value::as_str);
        if let (Some(helper), None) = (sandbox_helper, step.get("expect")) {
            let out = self.sandbox(helper, &args);
            if let Some(id) = step.get("id").and_then(Value::as_str) {
                self.outputs.insert(id.to_string(), out);
            }
            self.lines.push(format!("{label} sandbox.{helper} ok"));
            return;
        }
        let (op, result) = if let Some(helper) = sandbox_helper {
            (format!("sandbox.{helper}"), Ok(self.sandbox(helper, &args)))
        } else if let Some(helper) = step.get("proxy").and_then(Value::as_str) {
            let out = self.proxy(helper, &args);
            if step.get("expect").is_none() {
                self.lines.push(format!("{label} proxy.{helper} ok"));
                return;
            }
            (format!("proxy.{helper}"), Ok(out))
        } else {
            let op = step["op"].as_str().expect("op").to_string();
            let spec = step.get("client").or_else(|| scenario.get("client")).and_then(Value::as_str).unwrap_or("default").to_string();
            let result = match self.client(&spec) {
                Ok(c) if op == "resolve" => {
                    let of = args.s("error_of");
                    let e = self.errors.get(&of).unwrap_or_else(|| panic!("resolve: no failed step `{of}`")).clone();
                    c.resolve(&e).await.map(|r| resolution(&r))
                }
                // given up by its caller after this long: the step's error is what the caller
                // learns (outcome_unknown with the token once the request may have left)
                Ok(c) => match step.get("cancel_after_ms").and_then(Value::as_u64) {
                    Some(ms) => {
                        let cell = wallet_sdk::OutcomeTokenCell::new();
                        match tokio::time::timeout(Duration::from_millis(ms), cell.record(call(&c, &op, &args))).await {
                            Ok(result) => result,
                            Err(_) => Err(cell.seal_error().unwrap_or_else(|| panic!("{label}: cancelled before its request left"))),
                        }
                    }
                    None => call(&c, &op, &args).await,
                },
                Err(e) => Err(e),
            };
            (op, result)
        };
        let expect = &step["expect"];
        let mut line = format!("{label} {op}");
        let mut failed = false;
        match (&result, expect.get("ok"), expect.get("error")) {
            (Ok(v), Some(fields), _) => {
                line.push_str(" ok");
                for (path, matcher) in fields.as_object().into_iter().flatten() {
                    let (ok, text) = self.check(v, path, matcher);
                    failed |= !ok;
                    line.push_str(&format!(" {path}={}{text}", if ok { "" } else { "MISMATCH:" }));
                }
            }
            (Err(e), _, Some(want)) => {
                line.push_str(&format!(" error kind={}", e.kind()));
                failed |= want.get("kind").and_then(Value::as_str) != Some(e.kind().as_str());
                let facts = [
                    ("field", e.field().map(|f| Value::String(f.into())).unwrap_or(Value::Null)),
                    ("status", e.status().map(Value::from).unwrap_or(Value::Null)),
                    ("code", e.service_code().map(|c| Value::String(c.into())).unwrap_or(Value::Null)),
                    ("message", Value::String(self.normalize(e.message()))),
                ];
                for (name, actual) in facts {
                    if let Some(w) = want.get(name) {
                        let ok = *w == actual;
                        failed |= !ok;
                        line.push_str(&format!(" {name}={}{}", if ok { "" } else { "MISMATCH:" }, canonical_json(&actual)));
                    }
                }
            }
            (Ok(_), None, _) => {
                failed = true;
                line.push_str(" UNEXPECTED-SUCCESS");
            }
            (Err(e), _, None) => {
                failed = true;
                line.push_str(&format!(" UNEXPECTED-ERROR kind={} message={}", e.kind(), self.normalize(e.message())));
            }
        }
        // a watch or wait that did not finish in time fails its step
        if let Ok(v) = &result {
            if let Some(FieldValue::Text(why)) = field_at(v, "incomplete") {
                failed = true;
                line.push_str(&format!(" INCOMPLETE({why})"));
            }
        }
        match (result, step.get("id").and_then(Value::as_str)) {
            (Ok(v), Some(id)) => {
                self.outputs.insert(id.to_string(), v);
            }
            (Err(e), Some(id)) => {
                self.errors.insert(id.to_string(), e);
            }
            _ => {}
        }
        if failed {
            self.failures.push(line.clone());
        }
        self.lines.push(line);
    }

    /// A fault-proxy step: `arm` one rule (the args are its fields, docs/fault-proxy.md; `count`
    /// 1 unless given) scoped to the scenario's proxy key, or `forwarded`: how many requests of
    /// that key on `path` the proxy wrote to the sandbox (`hits`, `forwarded`).
    fn proxy(&mut self, helper: &str, a: &Args) -> FieldValue {
        let key = self.proxy_key();
        let base = env("WALLET_FAULT_PROXY_URL");
        match helper {
            "arm" => {
                let mut rule = a.0.clone();
                rule.entry("count").or_insert(json!(1));
                rule.insert("header".into(), json!({"name": "nodeUrlOrApiAccessKey", "value": key}));
                let out = http(&base, "POST", "/_proxy/rules", Some(Value::Object(rule)));
                assert_eq!(out["armed"], true, "the proxy did not arm the rule: {out}");
                record("Proxy", vec![])
            }
            "forwarded" => {
                let out = http(&base, "GET", &format!("/_proxy/hits?path={}&key={key}", a.s("path")), None);
                record("ProxyHits", vec![("hits", int(out["hits"].as_i64())), ("forwarded", int(out["forwarded"].as_i64()))])
            }
            other => panic!("unknown proxy step `{other}`"),
        }
    }

    fn sandbox(&self, helper: &str, a: &Args) -> FieldValue {
        let out = match helper {
            "fund" => sandbox_post(
                "/sandbox/fund",
                json!({"address": a.s("address"), "amount": a.s("amount"), "mine": a.get("mine").and_then(Value::as_bool).unwrap_or(true), "replaceable": a.get("replaceable").and_then(Value::as_bool).unwrap_or(false)}),
            ),
            "reorg" => {
                let depth = a.u32("depth").unwrap_or(1);
                sandbox_post("/sandbox/reorg", json!({"depth": depth, "blocks": a.u32("blocks").unwrap_or(depth + 1), "dropTransactions": a.get("drop_transactions").and_then(Value::as_bool).unwrap_or(false)}))
            }
            "replace" => sandbox_post("/sandbox/replace", json!({"txid": a.s("txid"), "walletName": a.os("wallet_name")})),
            "mine" => sandbox_post("/sandbox/mine", json!({"blocks": a.u32("blocks").unwrap_or(1)})),
            "key" => sandbox_post("/sandbox/keys", json!({"ttlSeconds": a.get("ttl_seconds"), "compat": a.s("compat")})),
            "forged_key" => {
                let good = env("WALLET_SDK_API_KEY");
                let mut parts: Vec<&str> = good.split('.').collect();
                parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ";
                json!({"apiKey": parts.join(".")})
            }
            // any other helper: its endpoint, with the args' names in camelCase
            other => sandbox_post(&format!("/sandbox/{other}"), Value::Object(a.0.iter().map(|(k, v)| (camel(k), v.clone())).collect())),
        };
        // outputs are read with snake_case names, as results are
        let fields = out
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| {
                let value = match v {
                    Value::String(s) => FieldValue::Text(s.clone()),
                    Value::Bool(b) => FieldValue::Bool(*b),
                    Value::Number(n) if n.is_i64() => int(n.as_i64()),
                    other => FieldValue::Json(serde_json::from_value(other.clone()).expect("JSON")),
                };
                (leak(snake(k)), value)
            })
            .collect();
        FieldValue::Record(Record { type_name: "Sandbox", fields, raw: None })
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn camel(snake: &str) -> String {
    wallet_sdk::fields::wire_name_from_attrs(snake, &[])
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for ch in camel.chars() {
        if ch.is_ascii_uppercase() {
            out.push('_');
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

fn canonical_json(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn unique_value(kind: &str, lang: &str) -> String {
    use rand::Rng;
    let n: u32 = rand::rng().random();
    match kind {
        "wallet" => format!("sc_{lang}_{n:08x}"),
        _ => format!("scenario text {lang} {n:08x}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn scenarios() {
    let dir = repo_root().join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/scenarios").map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
    files.sort();
    let mut transcript = Vec::new();
    let mut failures = Vec::new();
    let mut steps = 0;
    for file in files {
        let scenario: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let vars = scenario.get("vars").and_then(Value::as_object).map(|m| m.iter().map(|(n, k)| (n.clone(), unique_value(k.as_str().unwrap_or("text"), "rs"))).collect()).unwrap_or_default();
        let mut runner = Runner { vars, outputs: HashMap::new(), errors: HashMap::new(), proxy_key: None, clients: HashMap::new(), lines: Vec::new(), failures: Vec::new() };
        for (i, step) in scenario["steps"].as_array().expect("steps").iter().enumerate() {
            runner.step(&scenario, i, step).await;
            steps += 1;
        }
        transcript.extend(runner.lines);
        failures.extend(runner.failures);
    }
    let path = std::env::var("SCENARIO_TRANSCRIPT").map(std::path::PathBuf::from).unwrap_or_else(|_| repo_root().join("target/scenarios/rust.txt"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, transcript.join("\n") + "\n").unwrap();
    assert!(failures.is_empty(), "{} of {steps} steps failed:\n{}", failures.len(), failures.join("\n"));
    // every operation is called at least once
    let called: Vec<&str> = transcript.iter().filter_map(|l| l.split(' ').nth(1)).collect();
    let missing: Vec<&str> = operations::ALL.iter().map(|o| o.name).filter(|n| !called.contains(n)).collect();
    assert!(missing.is_empty(), "operations no scenario calls: {missing:?}");
}

// ---- hostile-answer cells (tests/hostile/cells.json, run by scripts/test-hostile)

/// Results whose raw JSON is larger than this are not also printed through `{:?}` (a list of
/// millions of items would print gigabytes); the raw JSON itself is always printed.
const HOSTILE_REPR_LIMIT: usize = 1024 * 1024;

/// One hostile-answer cell, in this process (scripts/test-hostile starts one per cell, so that a
/// crash is that cell's failure): `HOSTILE_CELL=<name>` (cells from `HOSTILE_CELLS`, default
/// tests/hostile/cells.json). The rule is already armed on the fault proxy for this process's
/// credential `WALLET_SDK_API_KEY`; the call goes through `WALLET_FAULT_PROXY_URL` with the
/// cell's `args`, and one line `HOSTILE-RESULT {json}` tells the outcome: the kind (`ok` for a
/// success), the error's message, `Display`, `{:?}` and every text field, or the result's raw
/// JSON and `{:?}`. Every call event and the SDK's own logs (target `wallet_sdk`, TRACE) go to
/// stderr, which is checked for secrets too. Without `HOSTILE_CELL` this test does nothing.
#[tokio::test(flavor = "multi_thread")]
async fn hostile_cell() {
    let Ok(name) = std::env::var("HOSTILE_CELL") else { return };
    let path = std::env::var("HOSTILE_CELLS").map(std::path::PathBuf::from).unwrap_or_else(|_| repo_root().join("tests/hostile/cells.json"));
    let cells: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("the cells file")).expect("cells JSON");
    let cell = cells["cells"].as_array().expect("cells").iter().find(|c| c["name"] == name.as_str()).unwrap_or_else(|| panic!("no cell {name}")).clone();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("wallet_sdk=trace"))
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
    let client = Client::builder()
        .base_url(env("WALLET_FAULT_PROXY_URL"))
        .credential(env("WALLET_SDK_API_KEY"))
        .timeout(Duration::from_secs(120))
        .retry_policy(RetryPolicy { base_backoff: Duration::from_millis(100), ..Default::default() })
        .on_call(|event| eprintln!("call event {event:?}"))
        .build()
        .expect("a client");
    let args = Args(cell["args"].as_object().cloned().unwrap_or_default());
    let op = cell["op"].as_str().expect("op");
    let mut out = Map::new();
    out.insert("cell".into(), json!(name));
    match call(&client, op, &args).await {
        Ok(v) => {
            out.insert("kind".into(), json!("ok"));
            let raw = match &v {
                FieldValue::Record(r) => r.raw.as_ref().map(|r| r.as_str().to_string()),
                _ => None,
            };
            let repr = if raw.as_ref().map_or(0, String::len) > HOSTILE_REPR_LIMIT { "(not printed: the raw JSON is larger than 1 MiB)".to_string() } else { format!("{v:?}") };
            out.insert("raw_json".into(), json!(raw));
            out.insert("repr".into(), json!(repr));
        }
        Err(e) => {
            out.insert("kind".into(), json!(e.kind().as_str()));
            out.insert("message".into(), json!(e.message()));
            out.insert("str".into(), json!(e.to_string()));
            out.insert("repr".into(), json!(format!("{e:?}")));
            out.insert(
                "fields".into(),
                json!({
                    "status": e.status(), "service_code": e.service_code(), "service_message": e.service_message(),
                    "request_id": e.request_id(), "field": e.field(), "operation": e.operation(), "node_code": e.node_code(),
                    "node_message": e.node_message(), "attempts": e.attempts(), "retryable": e.is_retryable(), "raw_body": e.raw_body(),
                }),
            );
        }
    }
    let mut stdout = std::io::stdout().lock();
    // on a line of its own (libtest has written `test hostile_cell ... ` without a newline)
    writeln!(stdout, "\nHOSTILE-RESULT {}", Value::Object(out)).unwrap();
    stdout.flush().unwrap();
}
