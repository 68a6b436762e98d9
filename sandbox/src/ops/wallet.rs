//! Wallet operations (operations.md §2.1) other than creation and seeds: W2, W7–W15.

use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, OpResult, Req};
use crate::error::ApiError;
use crate::node::{validate_wallet_name, Node};
use crate::route;

pub fn routes() -> Vec<crate::app::Route> {
    vec![
        route!(GET "/api/Wallet/details" => details),
        route!(GET "/api/Wallet/balance" => balance),
        route!(GET "/api/Wallet/official-address" => official_address),
    ]
}

// ------------------------------------------------------------------------------------ helpers

/// The wallet named by the `walletName` header, validated (§1.9).
fn wallet_header(req: &Req) -> Result<String, ApiError> {
    let wallet = req.require_header("walletName")?;
    validate_wallet_name("walletName", &wallet)?;
    Ok(wallet)
}

/// A Core amount field as an exact 8-decimal LTC number (`null` when absent).
fn ltc_field(v: &Value, name: &str) -> Value {
    v.get(name).and_then(amount::from_json).map(amount::ltc).unwrap_or(Value::Null)
}

fn field(v: &Value, name: &str) -> Value {
    v.get(name).cloned().unwrap_or(Value::Null)
}

/// `addressType` of §1.8 from `validateaddress`/`getaddressinfo` output.
pub(crate) fn address_type(info: &Value) -> &'static str {
    let flag = |name: &str| info.get(name).and_then(Value::as_bool).unwrap_or(false);
    if info.get("isvalid").and_then(Value::as_bool) == Some(false) {
        "unknown"
    } else if flag("ismweb") {
        "mweb"
    } else if flag("iswitness") {
        if info.get("witness_version").and_then(Value::as_i64).unwrap_or(0) == 0 { "bech32" } else { "unknown" }
    } else if flag("isscript") {
        "p2sh-segwit"
    } else if info.get("address").is_some() || info.get("isvalid").is_some() {
        "legacy"
    } else {
        "unknown"
    }
}

/// The wallet's official address and its `getaddressinfo` (`None` when nothing is labelled
/// `official`). Prefers key `m/0'/0'/0'` if the label was ever given to more than one address.
async fn find_official(node: &Node, wallet: &str) -> Result<Option<(String, Value)>, ApiError> {
    let labelled = match node.wallet_call(wallet, "getaddressesbylabel", json!(["official"])).await {
        Ok(v) => v,
        // -11: "No addresses with label official"
        Err(e) if e.rpc_code() == Some(-11) => return Ok(None),
        Err(e) => return Err(e.into_api(wallet)),
    };
    let mut addresses: Vec<String> = labelled.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default();
    addresses.sort();
    let mut first = None;
    for address in addresses {
        let info = node.wrpc(wallet, "getaddressinfo", json!([address])).await?;
        if info.get("hdkeypath").and_then(Value::as_str) == Some("m/0'/0'/0'") {
            return Ok(Some((address, info)));
        }
        if first.is_none() {
            first = Some((address, info));
        }
    }
    Ok(first)
}

// ----------------------------------------------------------------------------- W7 details

async fn details(req: Req) -> OpResult {
    let wallet = req.require_query("walletName")?;
    validate_wallet_name("walletName", &wallet)?;
    let info = req.node.wrpc(&wallet, "getwalletinfo", json!([])).await?;
    let official = find_official(&req.node, &wallet).await?.map(|(a, _)| a);
    let importable = req.node.record(&wallet).map(|r| r.importable).unwrap_or(false);
    ok(
        "Wallet details",
        json!({
            "walletName": info.get("walletname").cloned().unwrap_or_else(|| json!(wallet)),
            "walletVersion": field(&info, "walletversion"),
            "format": field(&info, "format"),
            "encrypted": info.get("unlocked_until").is_some(),
            "unlockedUntil": field(&info, "unlocked_until"),
            "importable": importable,
            "hdSeedId": field(&info, "hdseedid"),
            "balance": ltc_field(&info, "balance"),
            "unconfirmedBalance": ltc_field(&info, "unconfirmed_balance"),
            "immatureBalance": ltc_field(&info, "immature_balance"),
            "txCount": field(&info, "txcount"),
            "keypoolSize": field(&info, "keypoolsize"),
            "keypoolSizeHdInternal": field(&info, "keypoolsize_hd_internal"),
            "privateKeysEnabled": field(&info, "private_keys_enabled"),
            "scanning": info.get("scanning").cloned().unwrap_or(json!(false)),
            "officialAddress": official,
        }),
    )
}

// ----------------------------------------------------------------------------- W9 balance

async fn balance(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let balances = req.node.wrpc(&wallet, "getbalances", json!([])).await?;
    let part = |name: &str| balances.pointer(&format!("/mine/{name}")).and_then(amount::from_json).unwrap_or(0);
    let (confirmed, unconfirmed, immature) = (part("trusted"), part("untrusted_pending"), part("immature"));
    ok(
        "Wallet balance",
        json!({
            "walletName": wallet,
            "confirmed": amount::ltc(confirmed),
            "unconfirmed": amount::ltc(unconfirmed),
            "immature": amount::ltc(immature),
            "total": amount::ltc(confirmed + unconfirmed + immature),
        }),
    )
}

// -------------------------------------------------------------------- W12 official-address

async fn official_address(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let (address, info) = find_official(&req.node, &wallet)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("Wallet '{wallet}' has no address labelled official.")))?;
    ok(
        "Official address",
        json!({
            "walletName": wallet,
            "address": address,
            "addressType": address_type(&info),
            "hdKeyPath": field(&info, "hdkeypath"),
        }),
    )
}
