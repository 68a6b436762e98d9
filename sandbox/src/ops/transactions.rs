//! Transaction operations: send_funds_from_wallet, the three that build unsigned raw
//! transactions, signing with one key, and broadcast_transaction.
//!
//! Shared rules: MWEB addresses are refused in the raw transactions (Core builds an output with an empty script
//! for them); outputs below the dust limit are refused; raw transactions lock no coins and pay
//! change back to the sender.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, OpResult, Req, Route};
use crate::error::ApiError;
use crate::ops::shared::{
    kind_of, map_rpc_err, map_wallet_err, require_loopback_node, validate_address, validate_non_mweb, wallet_header,
    PASSPHRASE_HEADER,
};
use crate::route;

pub fn routes() -> Vec<Route> {
    vec![
        route!(POST "/api/Transactions/send-funds-from-wallet" => send_funds),
        route!(POST "/api/Transactions/create-raw-transaction" => create_raw),
        route!(POST "/api/Transactions/create-raw-transaction-v2" => create_raw_v2),
        route!(POST "/api/Transactions/create-raw-transaction-v3" => create_raw_v3),
        route!(POST "/api/Transactions/sign-transaction" => sign),
        route!(POST "/api/Transactions/broadcast-transaction" => broadcast),
    ]
}

/// Litecoin's dust limit for a P2PKH output: 5 459 litoshis is "dust", 5 460 is accepted.
pub const DUST_LITOSHIS: i64 = 5_460;
/// The wallet's fallback fee rate, litoshis per virtual byte.
const FEE_RATE: i64 = 10;

/// A positive amount of at least the dust limit, in litoshis.
fn output_amount(req: &Req, field: &str) -> Result<i64, ApiError> {
    let value = req.require_body_amount(field)?;
    if value < DUST_LITOSHIS {
        return Err(ApiError::validation(field, format!("{field} is below the dust limit of 0.00005460 LTC.")));
    }
    Ok(value)
}

fn is_hex(s: &str) -> bool {
    !s.is_empty() && s.len() % 2 == 0 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A required body field holding transaction hex.
fn hex_field(req: &Req, field: &str) -> Result<String, ApiError> {
    let hex = req.require_body_str(field)?;
    let hex = hex.trim().to_string();
    if !is_hex(&hex) {
        return Err(ApiError::validation(field, format!("{field} must be a transaction in hexadecimal.")));
    }
    Ok(hex)
}

// ---------------------------------------------------------------------------------------------
// T1. POST /api/Transactions/send-funds-from-wallet
// ---------------------------------------------------------------------------------------------

async fn send_funds(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let passphrase = req.header(PASSPHRASE_HEADER);
    let recipient = req.require_body_str("recipientAddress")?;
    let value = output_amount(&req, "amount")?;
    let description = req.body_str("description")?.unwrap_or_default();
    let recipient_name = req.body_str("recipientName")?.unwrap_or_default();
    let include_fees = req.body_bool("amountIncludeFees")?.unwrap_or(false);
    // MWEB recipients are fine here: the wallet makes a peg-in.
    validate_address(&req, "recipientAddress", &recipient).await?;
    let node = &req.node;
    let txid = node
        .with_unlocked(&wallet, passphrase.as_deref(), PASSPHRASE_HEADER, async || {
            let params = json!([recipient, amount::ltc(value), description, recipient_name, include_fees]);
            node.wallet_call(&wallet, "sendtoaddress", params).await.map_err(|e| {
                map_wallet_err(&wallet, e, |code, message| match code {
                    // -6 is shared by "Insufficient funds" and the too-small amounts.
                    -6 if message.contains("Insufficient funds") => Some(ApiError::insufficient_funds(message.to_string())),
                    -6 | -3 => Some(ApiError::validation("amount", message.to_string())),
                    -5 => Some(ApiError::validation("recipientAddress", message.to_string())),
                    _ => None,
                })
            })
        })
        .await?;
    let txid = txid.as_str().unwrap_or_default().to_string();
    // The coins have left: from here on nothing may fail the request (a caller would resend).
    let fee = match node.wrpc(&wallet, "gettransaction", json!([txid])).await {
        Ok(tx) => tx.get("fee").and_then(amount::from_json).map(i64::abs),
        Err(e) => {
            tracing::warn!(code = e.code, "gettransaction failed after a successful send");
            None
        }
    };
    let (received, debited) = match (fee, include_fees) {
        (Some(f), true) => (Some(value - f), Some(value)),
        (Some(f), false) => (Some(value), Some(value + f)),
        (None, true) => (None, Some(value)),
        (None, false) => (Some(value), None),
    };
    ok(
        "Funds sent",
        json!({
            "txid": txid,
            "recipientAddress": recipient,
            "amount": amount::ltc(value),
            "amountReceived": received.map(amount::ltc),
            "fee": fee.map(amount::ltc),
            "totalDebited": debited.map(amount::ltc),
            "amountIncludeFees": include_fees,
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// T2/T4: the wallet picks the sender's coins
// ---------------------------------------------------------------------------------------------

/// One coin of the sender.
struct Coin {
    txid: String,
    vout: u64,
    value: i64,
}

/// The `data` of T2–T4 from an unsigned transaction and the coins it spends.
async fn describe(req: &Req, hex: &str, fee: i64, change_position: Option<u64>, coins: &[Coin]) -> Result<Value, ApiError> {
    let decoded = req.node.rpc("decoderawtransaction", json!([hex])).await?;
    let outputs: Vec<Value> = decoded
        .get("vout")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|out| {
            json!({
                "address": out.pointer("/scriptPubKey/addresses/0").cloned().unwrap_or(Value::Null),
                "amount": out.get("value").and_then(amount::from_json).map(amount::ltc).unwrap_or(Value::Null),
            })
        })
        .collect();
    let inputs: Vec<Value> =
        coins.iter().map(|c| json!({ "txid": c.txid, "vout": c.vout, "amount": amount::ltc(c.value) })).collect();
    Ok(json!({
        "hex": hex,
        "fee": amount::ltc(fee),
        "changePosition": change_position,
        "inputs": inputs,
        "outputs": outputs,
    }))
}

/// `createrawtransaction` outputs as an array of one-entry objects, which keeps their order.
fn raw_outputs(outputs: &[(String, i64)]) -> Value {
    Value::Array(outputs.iter().map(|(address, value)| json!({ address.as_str(): amount::ltc(*value) })).collect())
}

fn map_create_raw_err(e: crate::rpc::RpcError) -> ApiError {
    map_rpc_err(e, |code, message| match code {
        -5 | -8 => Some(ApiError::validation("recipientAddress", message.to_string())),
        _ => None,
    })
}

/// T2 and T4: spend only `sender`'s confirmed coins (largest first, adding one more while the
/// wallet finds them insufficient), pay `outputs`, change back to the sender after them.
async fn fund_from_sender(req: &Req, wallet: &str, sender: &str, outputs: &[(String, i64)]) -> Result<Value, ApiError> {
    let node = &req.node;
    let info = node.wallet_call(wallet, "getaddressinfo", json!([sender])).await.map_err(|e| {
        map_wallet_err(wallet, e, |code, message| match code {
            -5 => Some(ApiError::validation("senderAddress", message.to_string())),
            _ => None,
        })
    })?;
    if info.get("ismine").and_then(Value::as_bool) != Some(true) {
        return Err(ApiError::not_found(format!("senderAddress {sender} is not an address of wallet '{wallet}'.")).with_field("senderAddress"));
    }
    let unspent = node.wrpc(wallet, "listunspent", json!([1, 9_999_999, [sender]])).await?;
    let mut coins: Vec<Coin> = unspent
        .as_array()
        .into_iter()
        .flatten()
        .filter(|u| u.get("spendable").and_then(Value::as_bool) != Some(false))
        .filter_map(|u| {
            Some(Coin {
                txid: u.get("txid")?.as_str()?.to_string(),
                vout: u.get("vout")?.as_u64()?,
                value: amount::from_json(u.get("amount")?)?,
            })
        })
        .collect();
    coins.sort_by(|a, b| b.value.cmp(&a.value));
    let wanted: i64 = outputs.iter().map(|(_, v)| v).sum();
    let available: i64 = coins.iter().map(|c| c.value).sum();
    let insufficient = || {
        ApiError::insufficient_funds(format!(
            "senderAddress has {} LTC in confirmed coins; the outputs need {} LTC plus the fee.",
            amount::ltc(available),
            amount::ltc(wanted)
        ))
    };
    // The fewest largest coins that cover the outputs; the fee may need more.
    let mut count = 0;
    let mut sum = 0;
    while sum < wanted && count < coins.len() {
        sum += coins[count].value;
        count += 1;
    }
    if sum < wanted {
        return Err(insufficient());
    }
    let change_position = outputs.len();
    loop {
        let used = &coins[..count];
        let inputs: Vec<Value> = used.iter().map(|c| json!({ "txid": c.txid, "vout": c.vout })).collect();
        let hex = node.rpc.call("createrawtransaction", json!([inputs, raw_outputs(outputs)])).await.map_err(map_create_raw_err)?;
        let options = json!({ "add_inputs": false, "changeAddress": sender, "changePosition": change_position, "lockUnspents": false });
        match node.wallet_call(wallet, "fundrawtransaction", json!([hex, options])).await {
            Ok(funded) => {
                let hex = funded.get("hex").and_then(Value::as_str).unwrap_or_default().to_string();
                let fee = funded.get("fee").and_then(amount::from_json).unwrap_or(0);
                let change = funded.get("changepos").and_then(Value::as_i64).filter(|p| *p >= 0).map(|p| p as u64);
                return describe(req, &hex, fee, change, used).await;
            }
            Err(e) if e.rpc_code() == Some(-4) && e.rpc_message().contains("Insufficient funds") => {
                if count == coins.len() {
                    return Err(insufficient());
                }
                count += 1;
            }
            Err(e) => {
                return Err(map_wallet_err(wallet, e, |code, message| match code {
                    -5 | -8 => Some(ApiError::validation("senderAddress", message.to_string())),
                    _ => None,
                }))
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// T2. POST /api/Transactions/create-raw-transaction
// ---------------------------------------------------------------------------------------------

async fn create_raw(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let recipient = req.require_body_str("recipientAddress")?;
    let sender = req.require_body_str("senderAddress")?;
    let value = output_amount(&req, "amount")?;
    validate_non_mweb(&req, "recipientAddress", &recipient).await?;
    validate_non_mweb(&req, "senderAddress", &sender).await?;
    let data = fund_from_sender(&req, &wallet, &sender, &[(recipient, value)]).await?;
    ok("Raw transaction created", data)
}

// ---------------------------------------------------------------------------------------------
// T4. POST /api/Transactions/create-raw-transaction-v3
// ---------------------------------------------------------------------------------------------

async fn create_raw_v3(req: Req) -> OpResult {
    let wallet = wallet_header(&req, "walletName")?;
    let sender = req.require_body_str("senderAddress")?;
    let service = req.require_body_str("serviceFeeAddress")?;
    let recipient = req.require_body_str("recipientAddress")?;
    let service_value = output_amount(&req, "serviceFeeAmount")?;
    let value = output_amount(&req, "amount")?;
    validate_non_mweb(&req, "recipientAddress", &recipient).await?;
    validate_non_mweb(&req, "serviceFeeAddress", &service).await?;
    validate_non_mweb(&req, "senderAddress", &sender).await?;
    if recipient == service {
        return Err(ApiError::validation("serviceFeeAddress", "serviceFeeAddress must differ from recipientAddress."));
    }
    let data = fund_from_sender(&req, &wallet, &sender, &[(recipient, value), (service, service_value)]).await?;
    ok("Raw transaction created", data)
}

// ---------------------------------------------------------------------------------------------
// T3. POST /api/Transactions/create-raw-transaction-v2
// ---------------------------------------------------------------------------------------------

/// Virtual size of spending one output of this address kind (the fee formula of docs/adr/0001); `None` if not estimable.
fn input_vbytes(info: &Value) -> Option<i64> {
    match kind_of(info) {
        "legacy" => Some(148),
        // Assumed P2SH-P2WPKH: the only P2SH a single key can spend.
        "p2sh-segwit" => Some(91),
        "bech32" if info.get("isscript").and_then(Value::as_bool) != Some(true) => Some(68),
        _ => None,
    }
}

/// Virtual size of one output paying this address kind (the fee formula of docs/adr/0001).
fn output_vbytes(info: &Value) -> i64 {
    match kind_of(info) {
        "legacy" => 34,
        "p2sh-segwit" => 32,
        "bech32" if info.get("isscript").and_then(Value::as_bool) != Some(true) => 31,
        _ => 43,
    }
}

/// The fee and change of T3: `fee = 10 × (11 + Σ inputs + Σ outputs)` vB; change below the dust
/// limit goes to the fee. Returns `(fee, change)`, or `None` when the inputs do not cover
/// amount + fee.
fn plan_v2(total_in: i64, value: i64, inputs_vb: i64, recipient_vb: i64, change_vb: i64) -> Option<(i64, Option<i64>)> {
    let fee_without_change = FEE_RATE * (11 + inputs_vb + recipient_vb);
    if total_in < value + fee_without_change {
        return None;
    }
    let fee_with_change = fee_without_change + FEE_RATE * change_vb;
    let change = total_in - value - fee_with_change;
    if change >= DUST_LITOSHIS {
        Some((fee_with_change, Some(change)))
    } else {
        Some((total_in - value, None))
    }
}

fn outpoints(req: &Req) -> Result<Vec<(String, u64)>, ApiError> {
    let txids = match req.body("utxos") {
        None => return Err(ApiError::missing("utxos")),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().map(|s| s.trim().to_ascii_lowercase()))
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| ApiError::validation("utxos", "utxos must be an array of transaction ids."))?,
        Some(_) => return Err(ApiError::validation("utxos", "utxos must be an array of transaction ids.")),
    };
    let vouts = match req.body("vouts_n") {
        None => return Err(ApiError::missing("vouts_n")),
        Some(Value::Array(items)) => items
            .iter()
            .map(Value::as_u64)
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| ApiError::validation("vouts_n", "vouts_n must be an array of output numbers (integers ≥ 0)."))?,
        Some(_) => return Err(ApiError::validation("vouts_n", "vouts_n must be an array of output numbers (integers ≥ 0).")),
    };
    if txids.is_empty() {
        return Err(ApiError::missing("utxos"));
    }
    if txids.len() != vouts.len() {
        return Err(ApiError::validation(
            "vouts_n",
            format!("utxos has {} entries but vouts_n has {}: entry i of each forms outpoint i.", txids.len(), vouts.len()),
        ));
    }
    if let Some(bad) = txids.iter().find(|t| t.len() != 64 || !is_hex(t)) {
        return Err(ApiError::validation("utxos", format!("'{bad}' is not a transaction id (64 hexadecimal characters).")));
    }
    let outpoints: Vec<(String, u64)> = txids.into_iter().zip(vouts).collect();
    let mut seen = HashSet::new();
    if let Some((txid, n)) = outpoints.iter().find(|o| !seen.insert((*o).clone())) {
        return Err(ApiError::validation("utxos", format!("Outpoint {txid}:{n} is listed twice.")));
    }
    Ok(outpoints)
}

async fn create_raw_v2(req: Req) -> OpResult {
    let sender = req.require_body_str("senderAddress")?;
    let recipient = req.require_body_str("recipientAddress")?;
    let value = output_amount(&req, "amount")?;
    let outpoints = outpoints(&req)?;
    let recipient_info = validate_non_mweb(&req, "recipientAddress", &recipient).await?;
    let sender_info = validate_non_mweb(&req, "senderAddress", &sender).await?;
    let input_vb = input_vbytes(&sender_info).ok_or_else(|| {
        ApiError::unsupported_address_type("senderAddress must be a single-key address (legacy, p2sh-segwit or bech32 P2WPKH).")
            .with_field("senderAddress")
    })?;
    let mut coins = Vec::new();
    for (txid, n) in &outpoints {
        let out = req.node.rpc.call("gettxout", json!([txid, n, true])).await.map_err(|e| {
            map_rpc_err(e, |code, message| match code {
                -8 | -5 => Some(ApiError::validation("utxos", message.to_string())),
                _ => None,
            })
        })?;
        if out.is_null() {
            return Err(ApiError::not_found(format!("Outpoint {txid}:{n} is spent or does not exist.")).with_field("utxos"));
        }
        if out.pointer("/scriptPubKey/addresses/0").and_then(Value::as_str) != Some(sender.as_str()) {
            return Err(ApiError::validation("utxos", format!("Outpoint {txid}:{n} does not pay senderAddress.")));
        }
        let value = out.get("value").and_then(amount::from_json).unwrap_or(0);
        coins.push(Coin { txid: txid.clone(), vout: *n, value });
    }
    let total_in: i64 = coins.iter().map(|c| c.value).sum();
    let inputs_vb = input_vb * coins.len() as i64;
    let (fee, change) = plan_v2(total_in, value, inputs_vb, output_vbytes(&recipient_info), output_vbytes(&sender_info))
        .ok_or_else(|| {
            ApiError::insufficient_funds(format!(
                "The outpoints hold {} LTC; amount plus fee needs more.",
                amount::ltc(total_in)
            ))
        })?;
    let mut outputs = vec![(recipient.clone(), value)];
    if let Some(change) = change {
        if recipient == sender {
            return Err(ApiError::validation("recipientAddress", "recipientAddress must differ from senderAddress when there is change."));
        }
        outputs.push((sender.clone(), change));
    }
    let inputs: Vec<Value> = coins.iter().map(|c| json!({ "txid": c.txid, "vout": c.vout })).collect();
    let hex = req.node.rpc.call("createrawtransaction", json!([inputs, raw_outputs(&outputs)])).await.map_err(map_create_raw_err)?;
    let hex = hex.as_str().unwrap_or_default().to_string();
    let data = describe(&req, &hex, fee, change.map(|_| 1), &coins).await?;
    ok("Raw transaction created", data)
}

// ---------------------------------------------------------------------------------------------
// T5. POST /api/Transactions/sign-transaction
// ---------------------------------------------------------------------------------------------

async fn sign(req: Req) -> OpResult {
    const KEY: &str = "addressPrivateKey";
    // The wallet travels in the header and/or the body (C9).
    let from_header = req.header("walletName");
    let from_body = req.body_str("walletName")?;
    let wallet = match (from_header, from_body) {
        (Some(h), Some(b)) if h != b => {
            return Err(ApiError::validation("walletName", "The walletName header and the walletName body field name different wallets."))
        }
        (Some(w), _) | (None, Some(w)) => w,
        (None, None) => return Err(ApiError::missing("walletName")),
    };
    crate::node::validate_wallet_name("walletName", &wallet)?;
    let key = req.require_body_str(KEY)?;
    let hex = hex_field(&req, "txhash")?;
    require_loopback_node(&req, "nodeUrlOrApiAccessKey")?;
    req.node.wrpc(&wallet, "getwalletinfo", json!([])).await?;
    let signed = req.node.rpc.call("signrawtransactionwithkey", json!([hex, [key]])).await.map_err(|e| {
        map_rpc_err(e, |code, message| match code {
            -5 if message.contains("private key") => {
                Some(ApiError::validation(KEY, "addressPrivateKey is not a valid WIF private key for this network."))
            }
            -22 | -8 => Some(ApiError::validation("txhash", message.to_string())),
            _ => None,
        })
    })?;
    let signed_hex = signed.get("hex").and_then(Value::as_str).unwrap_or_default().to_string();
    let decoded = req.node.rpc("decoderawtransaction", json!([signed_hex])).await?;
    let errors: Vec<Value> = signed
        .get("errors")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|e| json!({ "txid": e.get("txid"), "vout": e.get("vout"), "error": e.get("error") }))
        .collect();
    ok(
        "Transaction signed",
        json!({
            "hex": signed_hex,
            "complete": signed.get("complete").and_then(Value::as_bool).unwrap_or(false),
            "txid": decoded.get("txid"),
            "errors": errors,
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// T6. POST /api/Transactions/broadcast-transaction
// ---------------------------------------------------------------------------------------------

async fn broadcast(req: Req) -> OpResult {
    let hex = hex_field(&req, "signedTxHash")?;
    let txid = req.node.rpc.call("sendrawtransaction", json!([hex])).await.map_err(|e| {
        map_rpc_err(e, |code, message| match code {
            -22 => Some(ApiError::validation("signedTxHash", message.to_string())),
            -25 | -26 | -27 => Some(ApiError::transaction_rejected(format!("The node rejected the transaction: {message}"))),
            _ => None,
        })
    })?;
    ok("Transaction broadcast", json!({ "txid": txid }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v2_fee_matches_the_documented_estimates() {
        // 1×P2WPKH in + P2PKH recipient + P2WPKH change → 144 vB.
        let (fee, change) = plan_v2(100_000_000, 50_000_000, 68, 34, 31).unwrap();
        assert_eq!(fee, 1_440);
        assert_eq!(change, Some(100_000_000 - 50_000_000 - 1_440));
        // 2×P2PKH in + 2×P2PKH out → 11 + 296 + 68 = 375 vB.
        let (fee, _) = plan_v2(200_000_000, 100_000_000, 2 * 148, 34, 34).unwrap();
        assert_eq!(fee, 3_750);
    }

    #[test]
    fn v2_change_below_dust_goes_to_the_fee() {
        // Without change: 11 + 148 + 34 = 193 vB → 1 930; a change of 5 459 or less is dropped.
        let total = 10_000_000 + 1_930 + 340 + 5_459;
        let (fee, change) = plan_v2(total, 10_000_000, 148, 34, 34).unwrap();
        assert_eq!(change, None);
        assert_eq!(fee, total - 10_000_000);
        let (fee, change) = plan_v2(total + 1, 10_000_000, 148, 34, 34).unwrap();
        assert_eq!((fee, change), (2_270, Some(5_460)));
        assert_eq!(plan_v2(10_000_000 + 1_929, 10_000_000, 148, 34, 34), None);
    }
}
