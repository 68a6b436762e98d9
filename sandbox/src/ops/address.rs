//! Address operations: create_address, create_multisig_address, address_details,
//! sign_message, verify_message, address_transaction, address_balance,
//! address_private_key, generate_default_address. address_private_key_v2 and screen_address
//! live with the mnemonic operations (`seeds.rs`); the address helpers they share with the
//! transaction operations are in `shared.rs`.

use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, OpResult, Req, Route};
use crate::error::ApiError;
use crate::route;
use crate::rpc::RpcError;

use super::shared::*;

pub fn routes() -> Vec<Route> {
    vec![
        route!(POST "/api/Address/create" => create),
        route!(POST "/api/Address/create-muti-sig-address" => create_multisig),
        route!(GET "/api/Address/address-details" => details),
        route!(POST "/api/Address/sign-message" => sign_message),
        route!(POST "/api/Address/verify-message" => verify_message),
        route!(GET "/api/Address/address-transaction" => history),
        route!(GET "/api/Address/address-balance" => balance),
        route!(GET "/api/Address/address-private-key" => private_key),
        route!(POST "/api/Address/generate-default-address" => generate_default),
    ]
}

fn str_field(v: &Value, name: &str) -> Value {
    v.get(name).and_then(Value::as_str).map(|s| json!(s)).unwrap_or(Value::Null)
}

/// Labels as Core 0.21 prints them: strings, or `{name, purpose}` objects when asked for.
fn labels(info: &Value) -> Vec<String> {
    info.get("labels")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|l| l.as_str().or_else(|| l.get("name").and_then(Value::as_str)).map(str::to_string))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// A1. POST /api/Address/create
// ---------------------------------------------------------------------------------------------

async fn create(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let passphrase = req.header(PASSPHRASE_HEADER);
    let label = req.body_str("label")?.unwrap_or_default();
    let kind = AddressType::from_body(&req, "type")?.unwrap_or(AddressType::Bech32);
    let node = &req.node;
    // keypoolrefill only where the keypool cannot refill itself: encrypted wallets, while unlocked.
    let encrypted = node.is_encrypted(&wallet).await?;
    let address = node
        .with_unlocked(&wallet, passphrase.as_deref(), PASSPHRASE_HEADER, async || {
            if encrypted {
                node.wrpc(&wallet, "keypoolrefill", json!([])).await?;
            }
            node.wallet_call(&wallet, "getnewaddress", json!([label, kind.core_name()])).await.map_err(|e| {
                map_wallet_err(&wallet, e, |code, message| match code {
                    -11 => Some(ApiError::validation("label", message.to_string())),
                    -5 => Some(ApiError::validation("type", message.to_string())),
                    _ => None,
                })
            })
        })
        .await?;
    let address = address.as_str().unwrap_or_default().to_string();
    let info = node.wrpc(&wallet, "getaddressinfo", json!([address])).await?;
    ok(
        "Address created",
        json!({
            "walletName": wallet,
            "address": address,
            "label": label,
            "addressType": kind.core_name(),
            "hdKeyPath": str_field(&info, "hdkeypath"),
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// A2. POST /api/Address/create-muti-sig-address
// ---------------------------------------------------------------------------------------------

/// `addresses` is one string (C8): a JSON array `["a","b"]` or comma-separated; a real JSON
/// array is accepted too.
fn multisig_keys(req: &Req) -> Result<Vec<String>, ApiError> {
    const FIELD: &str = "addresses";
    let bad = || ApiError::validation(FIELD, "addresses must be a JSON array of strings or a comma-separated list.");
    let items: Vec<String> = match req.body(FIELD) {
        None => return Err(ApiError::missing(FIELD)),
        Some(Value::Array(items)) => items.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(bad)).collect::<Result<_, _>>()?,
        Some(Value::String(s)) if s.trim_start().starts_with('[') => {
            let parsed: Vec<Value> = serde_json::from_str(s).map_err(|_| bad())?;
            parsed.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(bad)).collect::<Result<_, _>>()?
        }
        Some(Value::String(s)) => s.split(',').map(str::to_string).collect(),
        Some(_) => return Err(bad()),
    };
    let items: Vec<String> = items.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    if items.is_empty() {
        return Err(ApiError::missing(FIELD));
    }
    Ok(items)
}

fn is_hex_pubkey(s: &str) -> bool {
    (s.len() == 66 || s.len() == 130) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

async fn create_multisig(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let passphrase = req.header(PASSPHRASE_HEADER);
    let keys = multisig_keys(&req)?;
    let required = req.body_int("nreqired")?.ok_or_else(|| ApiError::missing("nreqired"))?;
    let kind = AddressType::from_body(&req, "address_type")?.unwrap_or(AddressType::Bech32);
    if kind == AddressType::Mweb {
        return Err(ApiError::unsupported_address_type("MWEB address type not supported for multi-sig.").with_field("address_type"));
    }
    if required < 1 {
        return Err(ApiError::validation("nreqired", "nreqired must be at least 1."));
    }
    if required as usize > keys.len() {
        return Err(ApiError::validation(
            "nreqired",
            format!("nreqired is {required} but only {} keys were given.", keys.len()),
        ));
    }
    for key in keys.iter().filter(|k| !is_hex_pubkey(k)) {
        let info = validate_address(&req, "addresses", key).await?;
        if kind_of(&info) == "mweb" {
            return Err(ApiError::unsupported_address_type("MWEB addresses cannot be multisig keys.").with_field("addresses"));
        }
    }
    let node = &req.node;
    // No key material is needed, but an encrypted wallet's passphrase is still verified (create_multisig_address).
    let created = node
        .with_unlocked(&wallet, passphrase.as_deref(), PASSPHRASE_HEADER, async || {
            node.wallet_call(&wallet, "addmultisigaddress", json!([required, keys, "", kind.core_name()])).await.map_err(|e| {
                map_wallet_err(&wallet, e, |code, message| match code {
                    -5 if message.contains("MWEB") => Some(ApiError::unsupported_address_type(message.to_string()).with_field("address_type")),
                    -5 | -8 => Some(ApiError::validation("addresses", message.to_string())),
                    _ => None,
                })
            })
        })
        .await?;
    let address = created.get("address").and_then(Value::as_str).unwrap_or_default().to_string();
    let info = node.rpc("validateaddress", json!([address])).await?;
    ok(
        "Multisig address created",
        json!({
            "walletName": wallet,
            "address": address,
            "addressType": kind_of(&info),
            "nRequired": required,
            "keys": keys,
            "redeemScript": str_field(&created, "redeemScript"),
            "descriptor": str_field(&created, "descriptor"),
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// A3. GET /api/Address/address-details
// ---------------------------------------------------------------------------------------------

async fn details(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let address = req.require_query("address")?;
    let info = req.node.wallet_call(&wallet, "getaddressinfo", json!([address])).await.map_err(|e| {
        map_wallet_err(&wallet, e, |code, message| match code {
            -5 => Some(ApiError::validation("address", message.to_string())),
            _ => None,
        })
    })?;
    let flag = |name: &str| info.get(name).and_then(Value::as_bool).map(Value::Bool).unwrap_or(Value::Null);
    let script_pub_key = info.get("scriptPubKey").and_then(Value::as_str).filter(|s| !s.is_empty());
    ok(
        "Address details",
        json!({
            "address": str_field(&info, "address"),
            "addressType": kind_of(&info),
            "scriptPubKey": script_pub_key,
            "isMine": flag("ismine"),
            "isWatchOnly": flag("iswatchonly"),
            "solvable": flag("solvable"),
            "isScript": flag("isscript"),
            "isWitness": flag("iswitness"),
            "witnessVersion": info.get("witness_version").cloned().unwrap_or(Value::Null),
            "witnessProgram": str_field(&info, "witness_program"),
            "isMweb": flag("ismweb"),
            "pubKey": str_field(&info, "pubkey"),
            "isCompressed": flag("iscompressed"),
            "isChange": flag("ischange"),
            "hdKeyPath": str_field(&info, "hdkeypath"),
            "hdSeedId": str_field(&info, "hdseedid"),
            "hdMasterFingerprint": str_field(&info, "hdmasterfingerprint"),
            "labels": labels(&info),
            "timestamp": info.get("timestamp").cloned().unwrap_or(Value::Null),
            "descriptor": str_field(&info, "desc"),
            "scanPubKey": str_field(&info, "scan_pubkey"),
            "spendPubKey": str_field(&info, "spend_pubkey"),
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// A4. POST /api/Address/sign-message, A5. POST /api/Address/verify-message
// ---------------------------------------------------------------------------------------------

/// A required string body field that may be empty (a message can be "").
fn require_text(req: &Req, field: &str) -> Result<String, ApiError> {
    match req.body(field) {
        None => Err(ApiError::missing(field)),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(ApiError::validation(field, format!("{field} must be a string."))),
    }
}

async fn sign_message(req: Req) -> OpResult {
    const KEY: &str = "addressPrivatKey";
    let message = require_text(&req, "message")?;
    let key = req.require_body_str(KEY)?;
    require_loopback_node(&req, "nodeUrlOrApiAccessKey")?;
    // Core's messages here never echo the key; the descriptor parser's would ("key '…' is not
    // valid"), so its failures are reported without Core's text.
    let invalid_key = || ApiError::validation(KEY, "addressPrivatKey is not a valid WIF private key for this network.");
    let signature = req.node.rpc.call("signmessagewithprivkey", json!([key, message])).await.map_err(|e| {
        map_rpc_err(e, |code, _| match code {
            -5 => Some(invalid_key()),
            _ => None,
        })
    })?;
    let described = req.node.rpc.call("getdescriptorinfo", json!([format!("pkh({key})")])).await.map_err(|e| match e {
        RpcError::Rpc { .. } => invalid_key(),
        other => ApiError::from(other),
    })?;
    let descriptor = described.get("descriptor").and_then(Value::as_str).unwrap_or_default();
    let addresses = req.node.rpc("deriveaddresses", json!([descriptor])).await?;
    ok(
        "Message signed",
        json!({ "address": addresses.get(0).cloned().unwrap_or(Value::Null), "signature": signature }),
    )
}

async fn verify_message(req: Req) -> OpResult {
    let address = req.require_body_str("address")?;
    let message = require_text(&req, "message")?;
    let signature = req.require_body_str("signature")?;
    // Core answers -3 both for an invalid address and for a non-P2PKH one: tell them apart first.
    validate_address(&req, "address", &address).await?;
    let valid = req.node.rpc.call("verifymessage", json!([address, signature, message])).await.map_err(|e| {
        map_rpc_err(e, |code, message| match code {
            -3 => Some(
                ApiError::unsupported_address_type("Message signatures exist only for legacy (P2PKH) addresses.").with_field("address"),
            ),
            -5 => Some(ApiError::validation("signature", message.to_string())),
            _ => None,
        })
    })?;
    ok("Message verified", json!({ "address": address, "valid": valid.as_bool() == Some(true) }))
}

// ---------------------------------------------------------------------------------------------
// A6. GET /api/Address/address-transaction
// ---------------------------------------------------------------------------------------------

async fn history(req: Req) -> OpResult {
    let address = req.require_query("address")?;
    let take = req.query_int("take", 25, 1, 500)?;
    let skip = req.query_int("skip", 0, 0, i64::from(u32::MAX))?;
    let info = validate_address(&req, "address", &address).await?;
    if kind_of(&info) == "mweb" {
        return Err(ApiError::unsupported_address_type("MWEB amounts and addresses are not public: no history can be shown.")
            .with_field("address"));
    }
    let index = &req.node.shared.index;
    let tip = req.node.rpc("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    let mempool = index.mempool_history(&req.node.rpc, &address).await.map_err(ApiError::from)?;
    let confirmed = index.confirmed_history(&address);
    // A transaction mined between the two reads shows once, as confirmed.
    let mempool: Vec<_> = mempool.into_iter().filter(|m| !confirmed.iter().any(|c| c.txid == m.txid)).collect();
    let total = mempool.len() + confirmed.len();
    let items: Vec<Value> = mempool
        .iter()
        .chain(confirmed.iter())
        .skip(skip as usize)
        .take(take as usize)
        .map(|t| {
            let confirmations = t.block_height.map(|h| (tip + 1).saturating_sub(h)).unwrap_or(0);
            json!({
                "txid": t.txid,
                "blockHeight": t.block_height,
                "blockHash": t.block_hash,
                "time": t.time,
                "confirmations": confirmations,
                "received": amount::ltc(t.received),
                "sent": amount::ltc(t.sent),
                "net": amount::ltc(t.received - t.sent),
            })
        })
        .collect();
    ok(
        "Address transactions",
        json!({
            "address": address,
            "skip": skip,
            "take": take,
            "total": total,
            "items": items,
            "indexedHeight": index.indexed_height(),
            "tipHeight": tip,
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// A7. GET /api/Address/address-balance
// ---------------------------------------------------------------------------------------------

async fn balance(req: Req) -> OpResult {
    let address = req.require_query("address")?;
    let info = validate_address(&req, "address", &address).await?;
    if kind_of(&info) == "mweb" {
        return mweb_balance(&req, &address).await;
    }
    let scan = {
        // Core runs one scan at a time (-8 "Scan already in progress").
        let _scan = req.node.shared.scan_lock.lock().await;
        req.node.rpc("scantxoutset", json!(["start", [format!("addr({address})")]])).await?
    };
    let confirmed = scan.get("total_amount").and_then(amount::from_json).unwrap_or(0);
    let utxo_count = scan.get("unspents").and_then(Value::as_array).map_or(0, Vec::len);
    let mempool = req.node.shared.index.mempool_history(&req.node.rpc, &address).await.map_err(ApiError::from)?;
    let unconfirmed: i64 = mempool.iter().map(|t| t.received - t.sent).sum();
    ok(
        "Address balance",
        json!({
            "address": address,
            "confirmed": amount::ltc(confirmed),
            "unconfirmed": amount::ltc(unconfirmed),
            "height": scan.get("height").cloned().unwrap_or(Value::Null),
            "utxoCount": utxo_count,
        }),
    )
}

/// `scantxoutset` sees no MWEB outputs: ask the loaded wallet that owns the address (address_balance).
async fn mweb_balance(req: &Req, address: &str) -> OpResult {
    let node = &req.node;
    // Wallets learn of mempool transactions asynchronously: let them catch up first.
    let _ = node.rpc.call("syncwithvalidationinterfacequeue", json!([])).await;
    let wallets = node.rpc("listwallets", json!([])).await?;
    for wallet in wallets.as_array().into_iter().flatten().filter_map(Value::as_str) {
        let Ok(info) = node.rpc.wallet_call(wallet, "getaddressinfo", json!([address])).await else { continue };
        if info.get("ismine").and_then(Value::as_bool) != Some(true) {
            continue;
        }
        let unspent = node.rpc.wallet_call(wallet, "listunspent", json!([0, 9_999_999, [address]])).await.map_err(ApiError::from)?;
        let (mut confirmed, mut unconfirmed, mut count) = (0i64, 0i64, 0usize);
        for u in unspent.as_array().into_iter().flatten() {
            let value = u.get("amount").and_then(amount::from_json).unwrap_or(0);
            if u.get("confirmations").and_then(Value::as_i64).unwrap_or(0) >= 1 {
                confirmed += value;
            } else {
                unconfirmed += value;
            }
            count += 1;
        }
        let height = node.rpc("getblockcount", json!([])).await?;
        return ok(
            "Address balance",
            json!({
                "address": address,
                "confirmed": amount::ltc(confirmed),
                "unconfirmed": amount::ltc(unconfirmed),
                "height": height,
                "utxoCount": count,
            }),
        );
    }
    Err(ApiError::unsupported_address_type(
        "The balance of an MWEB address is visible only to its wallet, and no loaded wallet owns it.",
    )
    .with_field("address"))
}

// ---------------------------------------------------------------------------------------------
// A8. GET /api/Address/address-private-key
// ---------------------------------------------------------------------------------------------

async fn private_key(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "wallet")?;
    let passphrase = req.header(PASSPHRASE_HEADER);
    let address = req.require_query("address")?;
    let info = validate_address(&req, "address", &address).await?;
    let format = if kind_of(&info) == "mweb" { "wif-mweb" } else { "wif" };
    let node = &req.node;
    let key = node
        .with_unlocked(&wallet, passphrase.as_deref(), PASSPHRASE_HEADER, async || {
            node.wallet_call(&wallet, "dumpprivkey", json!([address])).await.map_err(|e| {
                map_wallet_err(&wallet, e, |code, message| match code {
                    -3 => Some(ApiError::unsupported_address_type(format!("{message}: script addresses have no single private key.")).with_field("address")),
                    -4 | -5 => Some(ApiError::validation("address", message.to_string())),
                    _ => None,
                })
            })
        })
        .await?;
    ok("Private key exported", json!({ "address": address, "privateKey": key, "format": format }))
}

// ---------------------------------------------------------------------------------------------
// A11. POST /api/Address/generate-default-address
// ---------------------------------------------------------------------------------------------

async fn generate_default(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let passphrase = req.header(PASSPHRASE_HEADER);
    let kind = AddressType::from_body(&req, "addressType")?.unwrap_or(AddressType::Bech32);
    let label = req.body_str("label")?.unwrap_or_else(|| "default".to_string());
    let template = match kind {
        AddressType::Legacy => "pkh({})",
        AddressType::P2shSegwit => "sh(wpkh({}))",
        AddressType::Bech32 => "wpkh({})",
        AddressType::Mweb => {
            return Err(ApiError::unsupported_address_type("The default key has no MWEB encoding.").with_field("addressType"))
        }
    };
    let node = &req.node;
    let official = node.wallet_call(&wallet, "getaddressesbylabel", json!(["official"])).await.map_err(|e| {
        map_wallet_err(&wallet, e, |code, _| match code {
            -11 => Some(ApiError::not_found("The wallet has no official address (it was not created by this service).")),
            _ => None,
        })
    })?;
    let official = official.as_object().and_then(|m| m.keys().next().cloned()).ok_or_else(|| {
        ApiError::not_found("The wallet has no official address (it was not created by this service).")
    })?;
    let official_info = node.wrpc(&wallet, "getaddressinfo", json!([official])).await?;
    let pubkey = official_info
        .get("pubkey")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::node_error(-1, "The official address has no public key."))?;
    let described = node.rpc("getdescriptorinfo", json!([template.replace("{}", pubkey)])).await?;
    let descriptor = described.get("descriptor").and_then(Value::as_str).unwrap_or_default();
    let derived = node.rpc("deriveaddresses", json!([descriptor])).await?;
    let address = derived.get(0).and_then(Value::as_str).unwrap_or_default().to_string();
    let info = node.wrpc(&wallet, "getaddressinfo", json!([address])).await?;
    if info.get("ismine").and_then(Value::as_bool) != Some(true) {
        return Err(ApiError::node_error(-1, "The wallet does not recognise the encoding of its default key."));
    }
    // The official address keeps its label: relabelling it would lose the wallet's official address.
    let label = if address == official { "official".to_string() } else { label };
    node.with_unlocked(&wallet, passphrase.as_deref(), PASSPHRASE_HEADER, async || {
        if address != official {
            node.wallet_call(&wallet, "setlabel", json!([address, label])).await.map_err(|e| {
                map_wallet_err(&wallet, e, |code, message| match code {
                    -11 => Some(ApiError::validation("label", message.to_string())),
                    _ => None,
                })
            })?;
        }
        Ok(())
    })
    .await?;
    ok(
        "Default address",
        json!({
            "walletName": wallet,
            "address": address,
            "addressType": kind.core_name(),
            "label": label,
            "hdKeyPath": str_field(&official_info, "hdkeypath"),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_types_parse_codes_names_and_integer_strings() {
        assert_eq!(AddressType::parse("type", &json!(0)).unwrap(), AddressType::Legacy);
        assert_eq!(AddressType::parse("type", &json!("2")).unwrap(), AddressType::Bech32);
        assert_eq!(AddressType::parse("type", &json!("p2sh-segwit")).unwrap(), AddressType::P2shSegwit);
        assert_eq!(AddressType::parse("type", &json!("MWEB")).unwrap(), AddressType::Mweb);
        for bad in [json!(4), json!(-1), json!("bech32m"), json!("taproot"), json!(1.5), json!(true)] {
            let e = AddressType::parse("type", &bad).unwrap_err();
            assert_eq!(e.code, "validation_failed", "{bad}");
            assert_eq!(e.field.as_deref(), Some("type"));
        }
    }

    #[test]
    fn kinds_follow_the_script_shape() {
        assert_eq!(kind_of(&json!({"scriptPubKey": "76a914aa88ac", "isscript": false, "iswitness": false})), "legacy");
        assert_eq!(kind_of(&json!({"isscript": true, "iswitness": false})), "p2sh-segwit");
        assert_eq!(kind_of(&json!({"isscript": false, "iswitness": true, "witness_version": 0})), "bech32");
        assert_eq!(kind_of(&json!({"isscript": true, "iswitness": true, "witness_version": 0})), "bech32");
        assert_eq!(kind_of(&json!({"iswitness": true, "witness_version": 1})), "unknown");
        assert_eq!(kind_of(&json!({"ismweb": true, "scriptPubKey": ""})), "mweb");
    }

    #[test]
    fn hex_pubkeys_are_told_from_addresses() {
        assert!(is_hex_pubkey(&format!("02{}", "ab".repeat(32))));
        assert!(!is_hex_pubkey("mydnvWuUF4KbZ1kQDKa8n8sZi9ZK33yWTS"));
    }
}
