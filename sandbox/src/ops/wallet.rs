//! Wallet operations other than creation and seeds (`seeds.rs`): encrypt_wallet and the
//! wallet reads, passphrase changes, signing and one-time codes.

use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, OpResult, Req};
use crate::error::ApiError;
use crate::node::{validate_wallet_name, Node, WalletCallError};
use crate::route;

pub fn routes() -> Vec<crate::app::Route> {
    vec![
        route!(POST "/api/Wallet/encrypt-wallet" => encrypt_wallet),
        route!(GET "/api/Wallet/details" => details),
        route!(GET "/api/Wallet/transactions" => transactions),
        route!(GET "/api/Wallet/balance" => balance),
        route!(GET "/api/Wallet/addresses" => addresses),
        route!(POST "/api/Wallet/change-passphrase" => change_passphrase),
        route!(GET "/api/Wallet/official-address" => official_address),
        route!(POST "/api/Wallet/sign-wallet-message" => sign_wallet_message),
        route!(GET "/api/Wallet/wallet-address-balance" => wallet_address_balance),
        route!(GET "/api/Wallet/wallet-address-transactions" => wallet_address_transactions),
    ]
}

// ------------------------------------------------------------------------------------ helpers

/// The wallet named by the `walletName` header, validated.
fn wallet_header(req: &Req) -> Result<String, ApiError> {
    let wallet = req.require_header("walletName")?;
    validate_wallet_name("walletName", &wallet)?;
    Ok(wallet)
}

/// Waits until Core has delivered every accepted transaction and block to the wallets.
/// Wallet notifications are queued asynchronously in Core, so without this a payment made (or a
/// block mined) just before the request can be missing from the wallet's view. The RPC is hidden
/// but present in every 0.21 build; a node without it is simply not waited for.
async fn settle(node: &Node) {
    let _ = node.rpc.call("syncwithvalidationinterfacequeue", json!([])).await;
}

/// A Core amount field as an exact 8-decimal LTC number (`null` when absent).
fn ltc_field(v: &Value, name: &str) -> Value {
    v.get(name).and_then(amount::from_json).map(amount::ltc).unwrap_or(Value::Null)
}

fn field(v: &Value, name: &str) -> Value {
    v.get(name).cloned().unwrap_or(Value::Null)
}

/// The `addressType` name from `validateaddress`/`getaddressinfo` output.
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
    settle(&req.node).await;
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
    settle(&req.node).await;
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

// ------------------------------------------------------------------------- W2 encrypt-wallet

/// Passphrases must be able to travel in a header later: printable ASCII, no
/// leading or trailing whitespace.
fn require_passphrase(req: &Req, name: &str) -> Result<String, ApiError> {
    let passphrase = req.require_body_str(name)?;
    let printable = passphrase.bytes().all(|b| (0x20..=0x7e).contains(&b));
    if !printable || passphrase.trim() != passphrase {
        return Err(ApiError::validation(
            name,
            format!("{name} must be printable ASCII (0x20-0x7E) without leading or trailing spaces."),
        ));
    }
    Ok(passphrase)
}

async fn encrypt_wallet(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let passphrase = require_passphrase(&req, "passphrase")?;
    let node = &req.node;
    let _guard = node.lock_wallet(&wallet).await;
    let before = node.wrpc(&wallet, "getwalletinfo", json!([])).await?;
    if before.get("unlocked_until").is_some() {
        return Err(ApiError::conflict(format!("Wallet '{wallet}' is already encrypted.")));
    }
    match node.wallet_call(&wallet, "encryptwallet", json!([passphrase])).await {
        Ok(_) => {}
        Err(e) if e.rpc_code() == Some(-8) => {
            let message = e.rpc_message().to_string();
            return Err(ApiError::validation("passphrase", message.clone()).with_node(-8, &message));
        }
        Err(e) => return Err(e.into_api(&wallet)),
    }
    let after = node.wrpc(&wallet, "getwalletinfo", json!([])).await?;
    let before_seed = field(&before, "hdseedid");
    let after_seed = field(&after, "hdseedid");
    ok(
        "Wallet encrypted",
        json!({
            "walletName": wallet,
            "encrypted": after.get("unlocked_until").is_some(),
            "hdSeedId": after_seed,
            "hdSeedChanged": before_seed != after_seed,
        }),
    )
}

// ------------------------------------------------------------------------ W8 transactions

/// A `listtransactions` entry as the service's `WalletTx`.
fn wallet_tx(entry: &Value) -> Value {
    let category = entry.get("category").and_then(Value::as_str).unwrap_or("");
    let fee = if category == "send" {
        entry.get("fee").and_then(amount::from_json).map(|f| amount::ltc(f.abs())).unwrap_or(Value::Null)
    } else {
        Value::Null
    };
    json!({
        "txid": field(entry, "txid"),
        "category": field(entry, "category"),
        "address": field(entry, "address"),
        "label": field(entry, "label"),
        "amount": ltc_field(entry, "amount"),
        "fee": fee,
        "vout": field(entry, "vout"),
        "mwebOutputId": field(entry, "mweb_out"),
        "confirmations": field(entry, "confirmations"),
        // Core writes `trusted` only for unconfirmed entries; a confirmed one is trusted and a
        // conflicted one (negative confirmations) is not.
        "trusted": entry.get("trusted").cloned().unwrap_or_else(|| json!(entry.get("confirmations").and_then(Value::as_i64).unwrap_or(0) > 0)),
        "blockHash": field(entry, "blockhash"),
        "blockHeight": field(entry, "blockheight"),
        "blockIndex": field(entry, "blockindex"),
        "blockTime": field(entry, "blocktime"),
        "time": field(entry, "time"),
        "timeReceived": field(entry, "timereceived"),
        "comment": field(entry, "comment"),
        "to": field(entry, "to"),
        "replaceable": field(entry, "bip125-replaceable"),
        "abandoned": field(entry, "abandoned"),
    })
}

/// `listtransactions` pages come oldest → newest; the API lists newest first.
fn newest_first(list: &Value) -> Vec<&Value> {
    list.as_array().map(|a| a.iter().rev().collect()).unwrap_or_default()
}

async fn transactions(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let skip = req.query_int("skip", 0, 0, i32::MAX as i64)?;
    let count = req.query_int("count", 25, 1, 500)?;
    settle(&req.node).await;
    let list = req.node.wrpc(&wallet, "listtransactions", json!(["*", count, skip, false])).await?;
    let items: Vec<Value> = newest_first(&list).into_iter().map(wallet_tx).collect();
    ok("Wallet transactions", json!({ "walletName": wallet, "skip": skip, "count": count, "items": items }))
}

// -------------------------------------------------------------------------- W10 addresses

async fn addresses(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    settle(&req.node).await;
    let list = req.node.wrpc(&wallet, "listreceivedbyaddress", json!([0, true])).await?;
    let mut out = Vec::new();
    for entry in list.as_array().into_iter().flatten() {
        let Some(address) = entry.get("address").and_then(Value::as_str) else { continue };
        let info = req.node.rpc("validateaddress", json!([address])).await?;
        out.push(json!({
            "address": address,
            "label": field(entry, "label"),
            "addressType": address_type(&info),
            "totalReceived": ltc_field(entry, "amount"),
            "txCount": entry.get("txids").and_then(Value::as_array).map(Vec::len).unwrap_or(0),
            "confirmations": entry.get("confirmations").cloned().unwrap_or(json!(0)),
        }));
    }
    ok("Wallet addresses", json!({ "walletName": wallet, "addresses": out }))
}

// ------------------------------------------------------------------ W11 change-passphrase

async fn change_passphrase(req: Req) -> OpResult {
    let wallet = req.require_body_str("wallet")?;
    validate_wallet_name("wallet", &wallet)?;
    let old = req.require_body_str("old_passphrase")?;
    let new = require_passphrase(&req, "new_passphrase")?;
    let node = &req.node;
    let _guard = node.lock_wallet(&wallet).await;
    match node.wallet_call(&wallet, "walletpassphrasechange", json!([old, new])).await {
        Ok(_) => {}
        Err(e) => {
            let (code, message) = (e.rpc_code(), e.rpc_message().to_string());
            return Err(match code {
                Some(-14) => ApiError::bad_passphrase("old_passphrase").with_node(-14, &message),
                Some(-15) => ApiError::conflict(format!("Wallet '{wallet}' is not encrypted.")).with_node(-15, &message),
                Some(-8) => ApiError::validation("new_passphrase", message.clone()).with_node(-8, &message),
                _ => e.into_api(&wallet),
            });
        }
    }
    ok("Passphrase changed", json!({ "walletName": wallet, "changed": true }))
}

// ---------------------------------------------------------------- W13 sign-wallet-message

async fn sign_wallet_message(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let message = req.require_body_str("message")?;
    let address = req.require_body_str("address")?;
    let passphrase = req.body_str("passphrase")?;
    let node = &req.node;
    let info = node.rpc("validateaddress", json!([address])).await?;
    if info.get("isvalid").and_then(Value::as_bool) != Some(true) {
        return Err(ApiError::validation("address", format!("Invalid address: {address}.")));
    }
    let kind = address_type(&info);
    if kind != "legacy" {
        return Err(ApiError::unsupported_address_type(format!(
            "Messages can only be signed with legacy (P2PKH) addresses, not {kind}."
        ))
        .with_field("address"));
    }
    let signature = node
        .with_unlocked(&wallet, passphrase.as_deref(), "passphrase", async || {
            node.wallet_call(&wallet, "signmessage", json!([address, message])).await.map_err(|e| sign_error(e, &wallet))
        })
        .await?;
    ok("Message signed", json!({ "address": address, "message": message, "signature": signature }))
}

fn sign_error(e: WalletCallError, wallet: &str) -> ApiError {
    let (code, message) = (e.rpc_code(), e.rpc_message().to_string());
    match code {
        Some(-3) => ApiError::unsupported_address_type(message.clone()).with_field("address").with_node(-3, &message),
        Some(-4) | Some(-5) => ApiError::validation("address", message.clone()).with_node(code.unwrap_or(0), &message),
        Some(-13) => ApiError::wallet_locked("passphrase").with_node(-13, &message),
        _ => e.into_api(wallet),
    }
}

// --------------------------------------------------- W14/W15 one address of the wallet

/// Checks that `address` is valid and belongs to the wallet.
async fn own_address(node: &Node, wallet: &str, address: &str) -> Result<(), ApiError> {
    let info = match node.wallet_call(wallet, "getaddressinfo", json!([address])).await {
        Ok(info) => info,
        Err(e) if e.rpc_code() == Some(-5) => {
            let message = e.rpc_message().to_string();
            return Err(ApiError::validation("address", message.clone()).with_node(-5, &message));
        }
        Err(e) => return Err(e.into_api(wallet)),
    };
    if info.get("ismine").and_then(Value::as_bool) != Some(true) {
        return Err(ApiError::not_found(format!("Address {address} is not in wallet '{wallet}'.")).with_field("address"));
    }
    Ok(())
}

async fn wallet_address_balance(req: Req) -> OpResult {
    let wallet = wallet_header(&req)?;
    let address = req.require_query("address")?;
    let node = &req.node;
    own_address(node, &wallet, &address).await?;
    settle(node).await;
    let unspent = node.wrpc(&wallet, "listunspent", json!([0, 9_999_999, [address]])).await?;
    let (mut confirmed, mut unconfirmed) = (0i64, 0i64);
    for utxo in unspent.as_array().into_iter().flatten() {
        // MWEB entries lack vout/scriptPubKey/solvable/desc/safe; only these fields are read.
        let value = utxo.get("amount").and_then(amount::from_json).unwrap_or(0);
        if utxo.get("confirmations").and_then(Value::as_i64).unwrap_or(0) >= 1 {
            confirmed += value;
        } else {
            unconfirmed += value;
        }
    }
    // getreceivedbyaddress answers 0 for MWEB addresses, while listreceivedbyaddress counts their
    // receipts; it only lists address-book entries, so other keys (change) fall back.
    let listed = node.wrpc(&wallet, "listreceivedbyaddress", json!([0, true, false, address])).await?;
    let received = match listed.as_array().and_then(|l| l.iter().find(|e| e.get("address").and_then(Value::as_str) == Some(&address))) {
        Some(entry) => field(entry, "amount"),
        None => node.wrpc(&wallet, "getreceivedbyaddress", json!([address, 0])).await?,
    };
    ok(
        "Address balance",
        json!({
            "walletName": wallet,
            "address": address,
            "confirmed": amount::ltc(confirmed),
            "unconfirmed": amount::ltc(unconfirmed),
            "totalReceived": amount::from_json(&received).map(amount::ltc).unwrap_or(Value::Null),
        }),
    )
}

async fn wallet_address_transactions(req: Req) -> OpResult {
    let wallet = req.require_query("walletName")?;
    validate_wallet_name("walletName", &wallet)?;
    let address = req.require_query("address")?;
    let node = &req.node;
    own_address(node, &wallet, &address).await?;
    settle(node).await;
    let list = node.wrpc(&wallet, "listtransactions", json!(["*", 100_000, 0, false])).await?;
    let items: Vec<Value> = newest_first(&list)
        .into_iter()
        .filter(|e| e.get("address").and_then(Value::as_str) == Some(address.as_str()))
        .map(wallet_tx)
        .collect();
    ok("Address transactions", json!({ "walletName": wallet, "address": address, "items": items }))
}
