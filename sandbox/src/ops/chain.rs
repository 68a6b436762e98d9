//! Chain operations: the Litecoin, Blocks and Utilities groups of docs/operations.md. None needs a wallet.

use std::collections::HashMap;

use base64::Engine;
use serde_json::{json, Map, Value};

use crate::amount;
use crate::app::{ok, OpResult, Req};
use crate::error::ApiError;
use crate::node::Node;
use crate::otp;
use crate::route;
use crate::rpc::RpcError;

pub fn routes() -> Vec<crate::app::Route> {
    vec![
        route!(GET "/api/Litecoin/transaction-details" => transaction_details),
        route!(GET "/api/Litecoin/get-utxo-details" => utxo_details),
        route!(GET "/api/Blocks/blockchain-info" => blockchain_info),
        route!(GET "/api/Blocks/block-stat" => block_stat),
        route!(GET "/api/Blocks/block-header" => block_header),
        route!(GET "/api/Blocks/block-transaction" => block_transaction),
        route!(GET "/api/Utilities/get-blockchain-otp" => get_blockchain_otp),
        route!(POST "/api/Utilities/verify-otp" => verify_otp),
    ]
}

// ------------------------------------------------------------------------------------ helpers

fn field(v: &Value, name: &str) -> Value {
    v.get(name).cloned().unwrap_or(Value::Null)
}

/// A Core amount in LTC as an exact 8-decimal number (`null` when absent).
fn ltc_field(v: &Value, name: &str) -> Value {
    v.get(name).and_then(amount::from_json).map(amount::ltc).unwrap_or(Value::Null)
}

fn is_hex64(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A required 64-hex id (txid or block hash), lower-cased.
fn require_hex64(req: &Req, name: &str) -> Result<String, ApiError> {
    let value = req.require_query(name)?;
    if !is_hex64(&value) {
        return Err(ApiError::validation(name, format!("{name} must be 64 hexadecimal characters.")));
    }
    Ok(value.to_ascii_lowercase())
}

/// A block named by height or by hash (`blockheight` is a string on the wire).
enum BlockRef {
    Height(u64),
    Hash(String),
}

fn parse_block_ref(name: &str, value: &str) -> Result<BlockRef, ApiError> {
    if is_hex64(value) {
        return Ok(BlockRef::Hash(value.to_ascii_lowercase()));
    }
    if !value.is_empty() && value.len() <= 10 && value.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(h) = value.parse::<u32>() {
            return Ok(BlockRef::Height(h as u64));
        }
    }
    Err(ApiError::validation(name, format!("{name} must be a block height (0 or more) or a 64-hex block hash.")))
}

/// Core's "no such block/transaction/height" answers → `not_found`; everything else as usual.
fn lookup_error(e: RpcError, what: &str) -> ApiError {
    match e {
        RpcError::Rpc { code, message } if matches!(code, -5 | -8) || (code == -1 && message.contains("undo data")) => {
            ApiError::not_found(format!("{what} not found: {message}")).with_node(code, &message)
        }
        other => ApiError::from(other),
    }
}

/// The block hash of a reference (`getblockhash` for heights).
async fn block_hash(node: &Node, r: &BlockRef) -> Result<String, ApiError> {
    match r {
        BlockRef::Hash(h) => Ok(h.clone()),
        BlockRef::Height(h) => {
            let hash = node.rpc.call("getblockhash", json!([h])).await.map_err(|e| lookup_error(e, "Block"))?;
            Ok(hash.as_str().unwrap_or_default().to_string())
        }
    }
}

/// The single address of a Core `scriptPubKey` (0.21 lists `addresses`; newer builds `address`).
fn script_address(script: &Value) -> Value {
    if let Some(a) = script.get("address") {
        return a.clone();
    }
    match script.get("addresses").and_then(Value::as_array) {
        Some(list) if list.len() == 1 => list[0].clone(),
        _ => Value::Null,
    }
}

fn is_mweb(v: &Value) -> bool {
    v.get("ismweb").and_then(Value::as_bool).unwrap_or(false)
}

/// A transaction output as the service renders it (`TxOut`).
fn tx_out(out: &Value) -> Value {
    let script = out.get("scriptPubKey").cloned().unwrap_or(Value::Null);
    json!({
        "n": field(out, "n"),
        "value": ltc_field(out, "value"),
        "isMweb": is_mweb(out),
        "type": field(&script, "type"),
        "address": script_address(&script),
        "scriptPubKeyHex": field(&script, "hex"),
    })
}

/// A transaction input as the service renders it (`TxIn`), with `address`/`value` left empty
/// (filled by transaction_details only).
fn tx_in(input: &Value) -> Value {
    json!({
        "txid": field(input, "txid"),
        "vout": field(input, "vout"),
        "coinbase": field(input, "coinbase"),
        "sequence": field(input, "sequence"),
        "isMweb": is_mweb(input),
        "address": null,
        "value": null,
    })
}

/// The HogEx (MWEB integration transaction) pays the `witness_mweb_hogaddr` output.
fn is_hogex(tx: &Value) -> bool {
    tx.get("hogex").and_then(Value::as_bool).unwrap_or(false)
        || tx.get("vout").and_then(Value::as_array).into_iter().flatten().any(|o| {
            o.pointer("/scriptPubKey/type").and_then(Value::as_str) == Some("witness_mweb_hogaddr")
        })
}

fn is_coinbase(tx: &Value) -> bool {
    tx.get("vin").and_then(Value::as_array).into_iter().flatten().any(|i| i.get("coinbase").is_some())
}

fn list<'a>(v: &'a Value, name: &str) -> impl Iterator<Item = &'a Value> {
    v.get(name).and_then(Value::as_array).into_iter().flatten()
}

// -------------------------------------------------------------- L1 transaction-details

async fn transaction_details(req: Req) -> OpResult {
    let txid = require_hex64(&req, "txid")?;
    let node = &req.node;
    let tx = node.rpc.call("getrawtransaction", json!([txid, true])).await.map_err(|e| lookup_error(e, "Transaction"))?;
    let coinbase = is_coinbase(&tx);
    let hogex = is_hogex(&tx);
    // Prevouts: one getrawtransaction per distinct parent.
    let mut parents: HashMap<String, Value> = HashMap::new();
    let mut inputs = Vec::new();
    let mut total_in: Option<i64> = Some(0);
    for input in list(&tx, "vin") {
        let mut item = tx_in(input);
        let prev = match (input.get("txid").and_then(Value::as_str), input.get("vout").and_then(Value::as_u64)) {
            (Some(prev_txid), Some(n)) if !coinbase && !is_mweb(input) => Some((prev_txid.to_string(), n)),
            _ => None,
        };
        let mut value = None;
        if let Some((prev_txid, n)) = prev {
            if !parents.contains_key(&prev_txid) {
                match node.rpc.call("getrawtransaction", json!([prev_txid, true])).await {
                    Ok(parent) => {
                        parents.insert(prev_txid.clone(), parent);
                    }
                    Err(RpcError::Rpc { .. }) => {}
                    Err(e) => return Err(e.into()),
                }
            }
            if let Some(out) = parents.get(&prev_txid).and_then(|p| list(p, "vout").find(|o| o.get("n").and_then(Value::as_u64) == Some(n))) {
                item["address"] = script_address(out.get("scriptPubKey").unwrap_or(&Value::Null));
                value = out.get("value").and_then(amount::from_json);
                item["value"] = value.map(amount::ltc).unwrap_or(Value::Null);
            }
        }
        total_in = match (total_in, value) {
            (Some(t), Some(v)) => Some(t + v),
            _ => None,
        };
        inputs.push(item);
    }
    let outputs: Vec<Value> = list(&tx, "vout").map(tx_out).collect();
    let total_out = list(&tx, "vout").try_fold(0i64, |t, o| o.get("value").and_then(amount::from_json).map(|v| t + v));
    let fee = match (coinbase || hogex, total_in, total_out) {
        (false, Some(i), Some(o)) if !inputs.is_empty() => amount::ltc(i - o),
        _ => Value::Null,
    };
    let block_hash = tx.get("blockhash").and_then(Value::as_str).map(str::to_string);
    let block_height = match &block_hash {
        Some(hash) => node.rpc("getblockheader", json!([hash, true])).await?.get("height").cloned().unwrap_or(Value::Null),
        None => Value::Null,
    };
    ok(
        "Transaction details",
        json!({
            "txid": field(&tx, "txid"),
            "hash": field(&tx, "hash"),
            "version": field(&tx, "version"),
            "size": field(&tx, "size"),
            "vsize": field(&tx, "vsize"),
            "weight": field(&tx, "weight"),
            "locktime": field(&tx, "locktime"),
            "blockHash": block_hash,
            "blockHeight": block_height,
            "confirmations": tx.get("confirmations").cloned().unwrap_or(json!(0)),
            "time": field(&tx, "time"),
            "blockTime": field(&tx, "blocktime"),
            "fee": fee,
            "inputs": inputs,
            "outputs": outputs,
            "hex": field(&tx, "hex"),
        }),
    )
}

// ------------------------------------------------------------------ L2 get-utxo-details

async fn utxo_details(req: Req) -> OpResult {
    let txid = require_hex64(&req, "txid")?;
    let vout = req.query("vout_n").ok_or_else(|| ApiError::missing("vout_n"))?;
    let vout: u32 = vout
        .parse::<i32>()
        .ok()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| ApiError::validation("vout_n", "vout_n must be an integer from 0 to 2147483647."))?;
    let out = req.node.rpc("gettxout", json!([txid, vout, true])).await?;
    if out.is_null() {
        return Err(ApiError::not_found(format!("No unspent output {txid}:{vout} (spent or never existed).")));
    }
    let script = out.get("scriptPubKey").cloned().unwrap_or(Value::Null);
    let confirmations = out.get("confirmations").and_then(Value::as_i64).unwrap_or(0);
    ok(
        "UTXO details",
        json!({
            "txid": txid,
            "vout": vout,
            "value": ltc_field(&out, "value"),
            "confirmations": confirmations,
            "coinbase": field(&out, "coinbase"),
            "inMempool": confirmations == 0,
            "bestBlock": field(&out, "bestblock"),
            "type": field(&script, "type"),
            "address": script_address(&script),
            "scriptPubKeyHex": field(&script, "hex"),
        }),
    )
}

// --------------------------------------------------------------------- B1 blockchain-info

async fn blockchain_info(req: Req) -> OpResult {
    let info = req.node.rpc("getblockchaininfo", json!([])).await?;
    let mut softforks = Map::new();
    for (name, fork) in info.get("softforks").and_then(Value::as_object).into_iter().flatten() {
        softforks.insert(
            name.clone(),
            json!({
                "type": field(fork, "type"),
                "active": field(fork, "active"),
                "height": field(fork, "height"),
                "status": fork.pointer("/bip9/status").cloned().unwrap_or(Value::Null),
            }),
        );
    }
    ok(
        "Blockchain info",
        json!({
            "chain": field(&info, "chain"),
            "blocks": field(&info, "blocks"),
            "headers": field(&info, "headers"),
            "bestBlockHash": field(&info, "bestblockhash"),
            "difficulty": field(&info, "difficulty"),
            "medianTime": field(&info, "mediantime"),
            "verificationProgress": field(&info, "verificationprogress"),
            "initialBlockDownload": field(&info, "initialblockdownload"),
            "chainWork": field(&info, "chainwork"),
            "sizeOnDisk": field(&info, "size_on_disk"),
            "pruned": field(&info, "pruned"),
            "softforks": softforks,
            "warnings": field(&info, "warnings"),
        }),
    )
}

// -------------------------------------------------------------------------- B2 block-stat

async fn block_stat(req: Req) -> OpResult {
    let block = parse_block_ref("blockheight", &req.require_query("blockheight")?)?;
    let arg = match &block {
        BlockRef::Height(h) => json!(h),
        BlockRef::Hash(h) => json!(h),
    };
    let s = req.node.rpc.call("getblockstats", json!([arg])).await.map_err(|e| lookup_error(e, "Block statistics"))?;
    let lit = |name: &str| amount::litoshi_field(&field(&s, name));
    ok(
        "Block statistics",
        json!({
            "blockHash": field(&s, "blockhash"),
            "height": field(&s, "height"),
            "time": field(&s, "time"),
            "medianTime": field(&s, "mediantime"),
            "txs": field(&s, "txs"),
            "ins": field(&s, "ins"),
            "outs": field(&s, "outs"),
            "totalFee": lit("totalfee"),
            "avgFee": lit("avgfee"),
            "minFee": lit("minfee"),
            "maxFee": lit("maxfee"),
            "medianFee": lit("medianfee"),
            "avgFeeRate": field(&s, "avgfeerate"),
            "minFeeRate": field(&s, "minfeerate"),
            "maxFeeRate": field(&s, "maxfeerate"),
            "feeRatePercentiles": field(&s, "feerate_percentiles"),
            "avgTxSize": field(&s, "avgtxsize"),
            "minTxSize": field(&s, "mintxsize"),
            "maxTxSize": field(&s, "maxtxsize"),
            "medianTxSize": field(&s, "mediantxsize"),
            "totalSize": field(&s, "total_size"),
            "totalWeight": field(&s, "total_weight"),
            "swTxs": field(&s, "swtxs"),
            "swTotalSize": field(&s, "swtotal_size"),
            "swTotalWeight": field(&s, "swtotal_weight"),
            "subsidy": lit("subsidy"),
            "totalOut": lit("total_out"),
            "utxoIncrease": field(&s, "utxo_increase"),
            "utxoSizeInc": field(&s, "utxo_size_inc"),
        }),
    )
}

// ------------------------------------------------------------------------ B3 block-header

fn mweb_header(h: &Value) -> Value {
    if !h.is_object() {
        return Value::Null;
    }
    json!({
        "hash": field(h, "hash"),
        "height": field(h, "height"),
        "kernelOffset": field(h, "kernel_offset"),
        "stealthOffset": field(h, "stealth_offset"),
        "numKernels": field(h, "num_kernels"),
        "numTxos": field(h, "num_txos"),
        "kernelRoot": field(h, "kernel_root"),
        "outputRoot": field(h, "output_root"),
        "leafRoot": field(h, "leaf_root"),
    })
}

async fn block_header(req: Req) -> OpResult {
    let block = parse_block_ref("blockheight", &req.require_query("blockheight")?)?;
    let hash = block_hash(&req.node, &block).await?;
    let h = req.node.rpc.call("getblockheader", json!([hash, true])).await.map_err(|e| lookup_error(e, "Block"))?;
    ok(
        "Block header",
        json!({
            "hash": field(&h, "hash"),
            "confirmations": field(&h, "confirmations"),
            "height": field(&h, "height"),
            "version": field(&h, "version"),
            "versionHex": field(&h, "versionHex"),
            "merkleRoot": field(&h, "merkleroot"),
            "time": field(&h, "time"),
            "medianTime": field(&h, "mediantime"),
            "nonce": field(&h, "nonce"),
            "bits": field(&h, "bits"),
            "difficulty": field(&h, "difficulty"),
            "chainWork": field(&h, "chainwork"),
            "nTx": field(&h, "nTx"),
            "previousBlockHash": field(&h, "previousblockhash"),
            "nextBlockHash": field(&h, "nextblockhash"),
            "mwebAmount": amount::litoshi_field(&field(&h, "mweb_amount")),
            "prevMwebAmount": amount::litoshi_field(&field(&h, "prev_mweb_amount")),
            "mwebHeader": mweb_header(&field(&h, "mweb_header")),
        }),
    )
}

// ------------------------------------------------------------------- B4 block-transaction

async fn block_transaction(req: Req) -> OpResult {
    // The wire names a hash; a decimal height is accepted too (as `blockheight` is on B2/B3).
    let block = parse_block_ref("blockhash", &req.require_query("blockhash")?)?;
    let hash = block_hash(&req.node, &block).await?;
    let b = req.node.rpc.call("getblock", json!([hash, 2])).await.map_err(|e| lookup_error(e, "Block"))?;
    let transactions: Vec<Value> = list(&b, "tx")
        .map(|tx| {
            json!({
                "txid": field(tx, "txid"),
                "hash": field(tx, "hash"),
                "version": field(tx, "version"),
                "size": field(tx, "size"),
                "vsize": field(tx, "vsize"),
                "weight": field(tx, "weight"),
                "locktime": field(tx, "locktime"),
                "isCoinbase": is_coinbase(tx),
                "isHogEx": is_hogex(tx),
                "inputs": list(tx, "vin").map(tx_in).collect::<Vec<_>>(),
                "outputs": list(tx, "vout").map(tx_out).collect::<Vec<_>>(),
            })
        })
        .collect();
    ok(
        "Block transactions",
        json!({
            "blockHash": field(&b, "hash"),
            "height": field(&b, "height"),
            "time": field(&b, "time"),
            "txCount": b.get("nTx").cloned().unwrap_or_else(|| json!(transactions.len())),
            "transactions": transactions,
        }),
    )
}

// ------------------------------------------------------------------------ U1/U2 OTP

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

fn decode_base64(s: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
    STANDARD.decode(s).or_else(|_| STANDARD_NO_PAD.decode(s)).ok()
}

async fn get_blockchain_otp(req: Req) -> OpResult {
    let signature = req.require_header("signature")?;
    if decode_base64(&signature).map(|b| b.len()) != Some(65) {
        return Err(ApiError::validation("signature", "signature must be a base64 compact message signature (65 bytes)."));
    }
    let tip = req.node.rpc("getbestblockhash", json!([])).await?;
    let tip = tip.as_str().unwrap_or_default().to_string();
    // The height of that very hash, even if a block arrives in between.
    let header = req.node.rpc("getblockheader", json!([tip, true])).await?;
    let now = unix_now();
    let step = otp::step_of(now);
    let code = otp::code(&req.state.config.otp_secret, &signature, &tip, step);
    ok(
        "One-time code issued",
        json!({
            "code": code,
            "blockHash": tip,
            "blockHeight": field(&header, "height"),
            "issuedAt": now,
            "expiresAt": otp::expires_at(step),
            "validForBlocks": otp::VALID_FOR_BLOCKS,
        }),
    )
}

async fn verify_otp(req: Req) -> OpResult {
    // `signtaure` is the wire spelling (C5); `signature` is accepted too.
    let (name, signature) = match req.body_str("signtaure")? {
        Some(s) => ("signtaure", s),
        None => ("signature", req.body_str("signature")?.ok_or_else(|| ApiError::missing("signtaure"))?),
    };
    let code = req.require_body_str("code")?;
    if decode_base64(&signature).is_none() {
        return Err(ApiError::validation(name, format!("{name} must be base64.")));
    }
    if !otp::is_well_formed(&code) {
        return Err(ApiError::validation("code", "code must be 6 digits."));
    }
    // The last VALID_FOR_BLOCKS hashes of the active chain, walking back from one tip.
    let tip = req.node.rpc("getbestblockhash", json!([])).await?;
    let mut hashes = vec![tip.as_str().unwrap_or_default().to_string()];
    while (hashes.len() as u64) < otp::VALID_FOR_BLOCKS {
        let header = req.node.rpc("getblockheader", json!([hashes.last().unwrap(), true])).await?;
        match header.get("previousblockhash").and_then(Value::as_str) {
            Some(prev) => hashes.push(prev.to_string()),
            None => break,
        }
    }
    let step = otp::step_of(unix_now());
    if otp::verify(&req.state.config.otp_secret, &signature, &code, &hashes, step) {
        ok("Code valid", json!({ "valid": true }))
    } else {
        ok("Code not valid", json!({ "valid": false, "reason": "mismatch_or_expired" }))
    }
}
