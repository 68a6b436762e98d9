//! The offline toolkit and signing at home for JavaScript (`offline` of the package): each
//! function answers `{ok}` or `{error}` as the client's calls do. The records are converted from
//! their one declaration (`wallet_sdk::for_each_offline_record_declaration!`); enums are their
//! printed names, bytes `{"$bytes": base64}`.

use napi_derive::napi;
use serde_json::{json, Map, Value};
use wallet_sdk::offline::{self, KeyAddressType, Network, Prevout, QrErrorCorrection, QrFormat, TransactionIntent};
use wallet_sdk::{Amount, Error, Result, Secret};

use crate::client::NativeClient;
use crate::values;

/// A value as the JavaScript reads it.
pub trait ToJs {
    fn to_js(&self) -> Value;
}

macro_rules! plain {
    ($($t:ty),*) => { $( impl ToJs for $t { fn to_js(&self) -> Value { json!(self) } } )* };
}
plain!(String, bool, u8, u32, u64, i64);

macro_rules! printed {
    ($($t:ty),*) => { $( impl ToJs for $t { fn to_js(&self) -> Value { Value::String(self.as_str().to_string()) } } )* };
}
printed!(offline::Network, offline::AddressKind, offline::QrFormat, offline::InputKind, offline::OutputRole);

impl ToJs for Amount {
    fn to_js(&self) -> Value {
        json!({ "$amount": self.litoshis().to_string() })
    }
}
impl ToJs for Secret {
    fn to_js(&self) -> Value {
        json!({ "$secret": self.expose() })
    }
}
impl ToJs for Vec<u8> {
    fn to_js(&self) -> Value {
        json!({ "$bytes": base64(self) })
    }
}
impl<T: ToJs> ToJs for Option<T> {
    fn to_js(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToJs::to_js)
    }
}
macro_rules! lists {
    ($($t:ty),*) => { $( impl ToJs for Vec<$t> { fn to_js(&self) -> Value { Value::Array(self.iter().map(ToJs::to_js).collect()) } } )* };
}
lists!((String, String), Secret, offline::Prevout, offline::ReviewedInput, offline::ReviewedOutput);
impl ToJs for (String, String) {
    fn to_js(&self) -> Value {
        json!([self.0, self.1])
    }
}

macro_rules! declare_offline_to_js {
    ($( $(#[doc = $rdoc:literal])* $record:ident $([$flag:ident])? { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )*) => {
        $(
            impl ToJs for offline::$record {
                fn to_js(&self) -> Value {
                    let mut out = Map::new();
                    out.insert("$type".into(), Value::String(stringify!($record).into()));
                    $( out.insert(stringify!($field).into(), self.$field.to_js()); )*
                    Value::Object(out)
                }
            }
        )*
    };
}
wallet_sdk::for_each_offline_record_declaration!(declare_offline_to_js);

impl ToJs for wallet_sdk::SignedTransaction {
    fn to_js(&self) -> Value {
        use wallet_sdk::fields::ToField;
        values::value(self.to_field())
    }
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() { ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    out
}

/// `{ok}` or `{error}`; a panic (a bug) is an `internal` error.
fn answer<T: ToJs>(f: impl FnOnce() -> Result<T>) -> Value {
    match wallet_sdk::panic::catch(f) {
        Ok(r) => values::outcome(r, |v| v.to_js()),
        // a bug of the SDK: the base class, kind `internal`
        Err(panic) => json!({ "error": { "kind": "internal", "message": format!("internal error: {panic}"), "retryable": false, "attempts": 0 } }),
    }
}

fn network(name: &str) -> Result<Network> {
    name.parse()
}

fn keys(keys: &[String]) -> Vec<Secret> {
    keys.iter().map(|k| Secret::new(k.as_str())).collect()
}

fn refs(keys: &[Secret]) -> Vec<&Secret> {
    keys.iter().collect()
}

fn amount(field: &str, text: &str) -> Result<Amount> {
    Amount::from_ltc_for(field, text)
}

/// Prevouts as JSON objects (`txid`, `vout`, `amount` as LTC text, `scriptPubkey`,
/// `redeemScript`).
fn prevouts(given: &Value) -> Result<Vec<Prevout>> {
    let items = given.as_array().ok_or_else(|| Error::invalid_input("prevouts", "must be a list"))?;
    items
        .iter()
        .map(|p| {
            let text = |name: &str| p.get(name).and_then(Value::as_str).map(str::to_string);
            let bad = |why: &str| Error::invalid_input("prevouts", why);
            Ok(Prevout {
                txid: text("txid").ok_or_else(|| bad("a prevout needs its txid"))?,
                vout: p.get("vout").and_then(Value::as_u64).and_then(|v| u32::try_from(v).ok()).ok_or_else(|| bad("a prevout needs its vout"))?,
                amount: amount("prevouts", &text("amount").ok_or_else(|| bad("a prevout needs its amount"))?)?,
                script_pubkey: text("scriptPubkey").ok_or_else(|| bad("a prevout needs its scriptPubkey"))?,
                redeem_script: text("redeemScript"),
            })
        })
        .collect()
}

/// A `TransactionIntent` from `{senderAddress, recipients: [[address, ltc]…], changeAddress,
/// serviceFee: [address, ltc], feePolicy: {maxFee, maxFeeRate}}`.
fn intent(given: &Value) -> Result<TransactionIntent> {
    let text = |name: &str| given.get(name).and_then(Value::as_str).map(str::to_string);
    let pair = |v: &Value, field: &str| -> Result<(String, Amount)> {
        match v.as_array().map(Vec::as_slice) {
            Some([Value::String(a), Value::String(m)]) => Ok((a.clone(), amount(field, m)?)),
            _ => Err(Error::invalid_input(field, "must be [address, amount]")),
        }
    };
    let recipients = given.get("recipients").and_then(Value::as_array).ok_or_else(|| Error::invalid_input("recipients", "must be a list of [address, amount]"))?;
    let default = offline::FeePolicy::default();
    let policy = given.get("feePolicy").filter(|p| !p.is_null());
    Ok(TransactionIntent {
        sender_address: text("senderAddress").ok_or_else(|| Error::invalid_input("sender_address", "is required"))?,
        recipients: recipients.iter().map(|r| pair(r, "recipients")).collect::<Result<_>>()?,
        change_address: text("changeAddress"),
        service_fee: given.get("serviceFee").filter(|v| !v.is_null()).map(|v| pair(v, "service_fee")).transpose()?,
        fee_policy: offline::FeePolicy {
            max_fee: match policy.and_then(|p| p.get("maxFee")).and_then(Value::as_str) {
                Some(m) => amount("max_fee", m)?,
                None => default.max_fee,
            },
            max_fee_rate: policy.and_then(|p| p.get("maxFeeRate")).and_then(Value::as_u64).unwrap_or(default.max_fee_rate),
        },
    })
}

#[napi]
pub fn parse_address(address: String, network_name: Option<String>) -> Value {
    answer(|| offline::parse_address(&address, network_name.as_deref().map(network).transpose()?))
}

#[napi]
pub fn is_valid_address(address: String, network_name: Option<String>) -> bool {
    let network = network_name.as_deref().map(network);
    match network {
        Some(Err(_)) => false,
        Some(Ok(n)) => offline::is_valid_address(&address, Some(n)),
        None => offline::is_valid_address(&address, None),
    }
}

#[napi]
pub fn generate_mnemonic(word_count: Option<u32>) -> Value {
    answer(|| offline::generate_mnemonic(word_count.unwrap_or(12)))
}

#[napi]
pub fn validate_mnemonic(mnemonic: String) -> bool {
    offline::validate_mnemonic(mnemonic.as_str())
}

#[napi]
pub fn derive_key(mnemonic: String, path: String, address_type: String, network_name: String, passphrase: Option<String>) -> Value {
    answer(|| {
        let kind: KeyAddressType = address_type.parse()?;
        offline::derive_key(mnemonic.as_str(), &path, kind, network(&network_name)?, passphrase.as_deref().unwrap_or(""))
    })
}

#[napi]
pub fn keys_from_phrase(mnemonic: String, paths: Vec<String>, network_name: String, passphrase: Option<String>) -> Value {
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    answer(|| offline::keys_from_phrase(mnemonic.as_str(), &paths, network(&network_name)?, passphrase.as_deref().unwrap_or("")))
}

#[napi]
pub fn build_payment_uri(
    address: String,
    network_name: String,
    amount_ltc: Option<String>,
    label: Option<String>,
    message: Option<String>,
    extras: Option<Vec<Vec<String>>>,
) -> Value {
    answer(|| {
        let amount = amount_ltc.as_deref().map(|a| amount("amount", a)).transpose()?;
        let extras = extras
            .unwrap_or_default()
            .into_iter()
            .map(|pair| match <[String; 2]>::try_from(pair) {
                Ok([key, value]) => Ok((key, value)),
                Err(_) => Err(Error::invalid_input("extras", "each extra is [key, value]")),
            })
            .collect::<Result<Vec<_>>>()?;
        offline::build_payment_uri(&address, amount, label.as_deref(), message.as_deref(), &extras, network(&network_name)?)
    })
}

#[napi]
pub fn wif_to_key(wif: String, network_name: Option<String>) -> Value {
    answer(|| offline::wif_to_key(wif.as_str(), network_name.as_deref().map(network).transpose()?))
}

#[napi]
pub fn address_from_public_key(public_key: String, address_type: String, network_name: String) -> Value {
    answer(|| offline::address_from_public_key(&public_key, address_type.parse()?, network(&network_name)?))
}

#[napi]
pub fn sign_message(private_key: String, message: String, address_type: String) -> Value {
    answer(|| offline::sign_message(private_key.as_str(), &message, address_type.parse()?))
}

#[napi]
pub fn verify_message(address: String, message: String, signature: String) -> bool {
    offline::verify_message(&address, &message, &signature)
}

#[napi]
pub fn mnemonic_to_seed(mnemonic: String, passphrase: Option<String>) -> Value {
    answer(|| offline::mnemonic_to_seed(mnemonic.as_str(), passphrase.as_deref().unwrap_or("")))
}

#[napi]
pub fn default_address(mnemonic: String, network_name: String, address_type: Option<String>) -> Value {
    answer(|| offline::default_address(mnemonic.as_str(), address_type.as_deref().map(str::parse).transpose()?, network(&network_name)?))
}

#[napi]
pub fn parse_payment_uri(uri: String, network_name: String) -> Value {
    answer(|| offline::parse_payment_uri(&uri, network(&network_name)?))
}

#[napi]
pub fn payment_qr(text: String, format: Option<String>, error_correction: Option<String>, module_size: Option<u32>) -> Value {
    answer(|| {
        let format = match format.as_deref() {
            None | Some("svg") => QrFormat::Svg,
            Some("png") => QrFormat::Png,
            Some(other) => return Err(Error::invalid_input("format", format!("{other:?} is not svg or png"))),
        };
        let level = match error_correction.as_deref() {
            None | Some("M") => QrErrorCorrection::M,
            Some("L") => QrErrorCorrection::L,
            Some("Q") => QrErrorCorrection::Q,
            Some("H") => QrErrorCorrection::H,
            Some(other) => return Err(Error::invalid_input("error_correction", format!("{other:?} is not L, M, Q or H"))),
        };
        offline::payment_qr(&text, format, level, module_size)
    })
}

#[napi]
pub fn parse_input(text: String, network_name: String) -> Value {
    answer(|| Ok(offline::parse_input(&text, network(&network_name)?)))
}

#[napi]
pub fn sign_transaction_locally(unsigned_hex: String, keys_given: Vec<String>, prevouts_given: Value) -> Value {
    let keys = keys(&keys_given);
    answer(|| offline::sign_transaction_locally(&unsigned_hex, &refs(&keys), &prevouts(&prevouts_given)?))
}

#[napi]
pub fn psbt_from_transaction(unsigned_hex: String, prevouts_given: Value) -> Value {
    answer(|| offline::psbt_from_transaction(&unsigned_hex, &prevouts(&prevouts_given)?))
}

#[napi]
pub fn sign_psbt(psbt: String, keys_given: Vec<String>) -> Value {
    let keys = keys(&keys_given);
    answer(|| offline::sign_psbt(&psbt, &refs(&keys)))
}

#[napi]
pub fn combine_psbts(psbts: Vec<String>) -> Value {
    let psbts: Vec<&str> = psbts.iter().map(String::as_str).collect();
    answer(|| offline::combine_psbts(&psbts))
}

#[napi]
pub fn finalize_psbt(psbt: String) -> Value {
    answer(|| offline::finalize_psbt(&psbt))
}

#[napi]
impl NativeClient {
    /// The prevouts of each input of `unsignedHex`, read from the chain.
    #[napi]
    pub async fn prevouts_for(&self, unsigned_hex: String, cancel_id: Option<u32>) -> Value {
        self.read(cancel_id, async { values::outcome(self.core().prevouts_for(&unsigned_hex).await, |p| p.to_js()) }).await
    }

    /// `unsignedHex` reviewed against `intent` (see `intent`).
    #[napi]
    pub async fn review_transaction(&self, unsigned_hex: String, intent_given: Value, cancel_id: Option<u32>) -> Value {
        let intent = match intent(&intent_given) {
            Ok(i) => i,
            Err(e) => return json!({ "error": values::error(&e) }),
        };
        self.read(cancel_id, async { values::outcome(self.core().review_transaction(&unsigned_hex, &intent).await, |r| r.to_js()) }).await
    }

    /// A fee rate for about `targetBlocks` blocks.
    #[napi]
    pub async fn estimate_fee_rate(&self, target_blocks: Option<u32>, cancel_id: Option<u32>) -> Value {
        self.read(cancel_id, async { values::outcome(self.core().estimate_fee_rate(target_blocks).await, |r| r.to_js()) }).await
    }

    /// Pays with keys kept here: `options` `{build, feeRate, changeAddress, walletName,
    /// serviceFee: [address, ltc], feePolicy}`.
    #[napi]
    pub async fn send_signed_locally(&self, sender_address: String, recipient_address: String, amount_ltc: String, keys_given: Vec<String>, options: Option<Value>) -> Value {
        let keys = keys(&keys_given);
        let run = async {
            let options = options.unwrap_or(Value::Null);
            let text = |name: &str| options.get(name).and_then(Value::as_str).map(str::to_string);
            let policy = match options.get("feePolicy").filter(|p| !p.is_null()) {
                Some(p) => Some(intent(&json!({ "senderAddress": "", "recipients": [], "feePolicy": p }))?.fee_policy),
                None => None,
            };
            let core_options = wallet_sdk::SendLocallyOptions {
                fee_rate: options.get("feeRate").and_then(Value::as_u64),
                change_address: text("changeAddress"),
                build: match text("build").as_deref() {
                    None | Some("service") => wallet_sdk::BuildMode::Service,
                    Some("local") => wallet_sdk::BuildMode::Local,
                    Some(other) => return Err(Error::invalid_input("build", format!("{other:?} is not service or local"))),
                },
                fee_policy: policy,
                wallet_name: text("walletName"),
                service_fee: match options.get("serviceFee").and_then(Value::as_array).map(Vec::as_slice) {
                    Some([Value::String(a), Value::String(m)]) => Some((a.clone(), amount("service_fee", m)?)),
                    Some(_) => return Err(Error::invalid_input("service_fee", "must be [address, amount]")),
                    None => None,
                },
            };
            self.core().send_signed_locally(&sender_address, &recipient_address, amount("amount", &amount_ltc)?, &refs(&keys), core_options).await
        };
        values::outcome(run.await, |s| s.to_js())
    }
}
