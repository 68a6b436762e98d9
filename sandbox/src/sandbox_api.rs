//! Sandbox-only endpoints: health, keys, mine, fund, faults, and the chain
//! events of docs/adr/0015 (reorg, replace). No credential:
//! the sandbox listens on loopback only, and `crate::guard` has already refused what a web page
//! could send here (a foreign Host or Origin, a POST that is not `application/json`).

use std::sync::Arc;

use axum::http::Method;
use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, AppState, OpResult};
use crate::auth::Compat;
use crate::error::ApiError;
use crate::litecoind::{miner_address, MINER_WALLET};

/// Bounds of the endpoints' numeric inputs (each is answered 400 naming the field outside them).
const MAX_BLOCKS: i64 = 1000;
const TTL_SECONDS: (i64, i64) = (-1_000_000_000, 1_000_000_000);
const FAULT_DELAY_MS: (i64, i64) = (0, 600_000);
const FAULT_COUNT: (i64, i64) = (1, 1_000_000);
const MAX_FAULT_PATH_LEN: usize = 2048;
/// The deepest reorganisation `/sandbox/reorg` makes (regtest chains are short; the address
/// index rebuilds from the genesis block after one).
const MAX_REORG_DEPTH: i64 = 100;
/// The height the sandbox's bootstrap mines to (MWEB active, mature coins): a reorg never goes below it.
const BOOTSTRAP_HEIGHT: i64 = 532;

pub async fn handle(state: &Arc<AppState>, method: &Method, path: &str, body: &[u8]) -> OpResult {
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice(body) {
            Ok(v @ Value::Object(_)) => v,
            _ => return Err(ApiError::validation("body", "The request body must be a JSON object.")),
        }
    };
    match (method.as_str(), path) {
        ("GET", "/sandbox/health") => health(state).await,
        ("POST", "/sandbox/keys") => keys(state, &body),
        ("POST", "/sandbox/mine") => {
            let blocks = int_field(&body, "blocks", 0, MAX_BLOCKS)?.unwrap_or(1);
            let address = str_field(&body, "address")?;
            mine(state, blocks.unsigned_abs(), address).await
        }
        ("POST", "/sandbox/fund") => fund(state, &body).await,
        ("POST", "/sandbox/faults") => faults(state, &body),
        ("POST", "/sandbox/reorg") => reorg(state, &body).await,
        ("POST", "/sandbox/replace") => replace(state, &body).await,
        ("POST", "/sandbox/flood") => flood(state, &body).await,
        ("POST", "/sandbox/requests") => requests(state, &body),
        ("POST", "/sandbox/psbt") => psbt(state, &body).await,
        _ => Err(ApiError::not_found(format!("No sandbox endpoint {method} {path}."))),
    }
}

/// The requests a key sent, as text; with `secrets` (a list of texts), also how many of them some
/// request carried (`carrying`): so that a test shows that none of its keys, phrases or
/// passphrases travelled, without the secrets in its own output.
fn requests(state: &Arc<AppState>, body: &Value) -> OpResult {
    let key = str_field(body, "apiKey")?.ok_or_else(|| ApiError::missing("apiKey"))?;
    let seen = state.requests_of(&key);
    let Some(secrets) = body.get("secrets").filter(|v| !v.is_null()) else { return ok("Requests seen", json!({ "requests": seen })) };
    let secrets: Vec<&str> = secrets
        .as_array()
        .and_then(|a| a.iter().map(Value::as_str).filter(|s| s.is_some_and(|s| !s.is_empty())).collect())
        .ok_or_else(|| ApiError::validation("secrets", "secrets must be a list of non-empty strings."))?;
    let carrying = secrets.iter().filter(|secret| seen.iter().any(|r| r.contains(*secret))).count();
    ok("Requests seen", json!({ "requests": seen.len(), "carrying": carrying }))
}

/// A PSBT through the node: signed by a wallet of the node first when `walletName` names one
/// (`walletprocesspsbt`), then finalized (`finalizepsbt`): `{hex, complete, inputs}` (`hex` null
/// while incomplete; `inputs` from `decodepsbt`).
async fn psbt(state: &Arc<AppState>, body: &Value) -> OpResult {
    let mut psbt = str_field(body, "psbt")?.ok_or_else(|| ApiError::missing("psbt"))?;
    let node = &state.default_node;
    let inputs = node.rpc("decodepsbt", json!([psbt])).await?.get("inputs").and_then(Value::as_array).map_or(0, Vec::len);
    if let Some(wallet) = str_field(body, "walletName")? {
        let processed = node.wrpc(&wallet, "walletprocesspsbt", json!([psbt, true, "ALL"])).await?;
        psbt = processed.get("psbt").and_then(Value::as_str).unwrap_or_default().to_string();
    }
    let done = node.rpc("finalizepsbt", json!([psbt])).await?;
    ok("PSBT finalized", json!({ "hex": done.get("hex"), "complete": done.get("complete"), "inputs": inputs }))
}

/// An optional integer field within `min..=max` (null counts as absent). Strings, fractions and
/// numbers out of range are refused naming the field, before any arithmetic sees them.
fn int_field(body: &Value, name: &str, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .filter(|n| (min..=max).contains(n))
            .map(Some)
            .ok_or_else(|| ApiError::validation(name, format!("{name} must be an integer from {min} to {max}."))),
    }
}

/// An optional non-empty string field (null counts as absent).
fn str_field(body: &Value, name: &str) -> Result<Option<String>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if !s.is_empty() => Ok(Some(s.clone())),
        Some(_) => Err(ApiError::validation(name, format!("{name} must be a non-empty string."))),
    }
}

/// An optional boolean field (null counts as absent).
fn bool_field(body: &Value, name: &str) -> Result<Option<bool>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(ApiError::validation(name, format!("{name} must be true or false."))),
    }
}

async fn health(state: &Arc<AppState>) -> OpResult {
    let node = &state.default_node;
    let info = node.rpc("getblockchaininfo", json!([])).await?;
    ok(
        "ok",
        json!({
            "ready": true,
            "chain": info.get("chain"),
            "height": info.get("blocks"),
            "indexedHeight": node.shared.index.indexed_height(),
        }),
    )
}

fn keys(state: &Arc<AppState>, body: &Value) -> OpResult {
    let ttl = int_field(body, "ttlSeconds", TTL_SECONDS.0, TTL_SECONDS.1)?.unwrap_or(3600);
    let compat = match str_field(body, "compat")? {
        None => Compat::Default,
        Some(c) => Compat::parse(&c).ok_or_else(|| ApiError::validation("compat", "compat must be \"default\" or \"real\"."))?,
    };
    let (key, exp) = state.issuer.mint(ttl, compat);
    ok("Key issued", json!({ "apiKey": key, "expiresAt": exp, "compat": compat.as_str() }))
}

/// One block producer at a time: two `generatetoaddress` calls at once to the same address in the
/// same second build the same block, and the node refuses the second ("ProcessNewBlock, block not
/// accepted"), which failed callers that mine or fund concurrently.
static MINING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Mines on the default node and returns once the address index has caught up.
pub async fn mine(state: &Arc<AppState>, blocks: u64, address: Option<String>) -> OpResult {
    let node = &state.default_node;
    let address = match address {
        Some(a) => a,
        None => miner_address(&node.rpc).await.map_err(ApiError::from)?,
    };
    let mining = MINING.lock().await;
    let hashes = node.rpc("generatetoaddress", json!([blocks, address])).await.map_err(|e| {
        if e.code == "node_error" { ApiError::validation("address", e.message.clone()) } else { e }
    })?;
    drop(mining);
    let height = node.rpc("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    // Wallets learn of new blocks asynchronously; callers expect to see them at once.
    node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    node.shared.index.wait_for_height(height).await;
    ok("Mined", json!({ "hashes": hashes, "height": height }))
}

async fn fund(state: &Arc<AppState>, body: &Value) -> OpResult {
    let address = str_field(body, "address")?.ok_or_else(|| ApiError::missing("address"))?;
    let amount_text = match body.get("amount") {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => s.clone(),
        None | Some(Value::Null) => return Err(ApiError::missing("amount")),
        Some(_) => return Err(ApiError::validation("amount", "amount must be a number.")),
    };
    let litoshis = amount::parse_ltc_text(&amount_text)
        .filter(|v| *v > 0 && *v <= amount::MAX_REQUEST_LITOSHIS)
        .ok_or_else(|| ApiError::validation("amount", "amount must be a positive decimal, at most 84000000, with at most 8 decimals."))?;
    let mine_after = bool_field(body, "mine")?.unwrap_or(false);
    // opt-in RBF (BIP125), so that `/sandbox/replace` can bump the payment's fee
    let replaceable = bool_field(body, "replaceable")?.unwrap_or(false);
    let node = &state.default_node;
    let txid = node
        .wrpc(MINER_WALLET, "sendtoaddress", json!([address, amount::ltc(litoshis), "", "", false, replaceable]))
        .await
        .map_err(|e| if e.code == "node_error" { ApiError::validation("address", e.message.clone()) } else { e })?;
    if mine_after {
        mine(state, 1, None).await?;
    } else {
        node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    }
    ok("Funded", json!({ "txid": txid }))
}

/// Reorganises the default node's chain: `invalidateblock` on the block at height
/// `tip - depth + 1` (its transactions and those of the blocks above it go back to the mempool),
/// then `blocks` new blocks (default `depth + 1`, so the new chain is longer than the old one)
/// mined to a fresh miner address, so that no new block can equal an invalidated one. With
/// `dropTransactions: true` the new blocks leave out every transaction of the mempool (see
/// [`mine_competing_chain`]): the disconnected transactions stay unconfirmed; otherwise the new
/// blocks take them from the mempool as usual. The invalidated blocks are never reconsidered
/// (only when mining the new chain fails, to give the node its old tip back). Returns once the
/// wallets and the address index have seen the new chain.
async fn reorg(state: &Arc<AppState>, body: &Value) -> OpResult {
    let depth = int_field(body, "depth", 1, MAX_REORG_DEPTH)?.ok_or_else(|| ApiError::missing("depth"))?;
    let blocks = int_field(body, "blocks", 1, MAX_BLOCKS)?.unwrap_or(depth + 1);
    let drop_transactions = bool_field(body, "dropTransactions")?.unwrap_or(false);
    let node = &state.default_node;
    let tip = node.rpc("getblockcount", json!([])).await?.as_i64().unwrap_or(0);
    let fork_height = tip - depth + 1;
    // the bootstrap's blocks (up to 532: MWEB activation and the miner's mature coinbase) stay
    if fork_height <= BOOTSTRAP_HEIGHT {
        return Err(ApiError::validation(
            "depth",
            format!("depth must leave the bootstrap's first {BOOTSTRAP_HEIGHT} blocks alone (the tip is {tip})."),
        ));
    }
    let invalidated = node.rpc("getblockhash", json!([fork_height])).await?;
    node.rpc("invalidateblock", json!([invalidated])).await?;
    let hashes = match mine_competing_chain(state, blocks, drop_transactions).await {
        Ok(hashes) => hashes,
        Err(e) => {
            // put the old chain back rather than leave the node without its tip
            let _ = node.rpc("reconsiderblock", json!([invalidated])).await;
            return Err(e);
        }
    };
    let height = node.rpc("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    node.shared.index.wait_for_height(height).await;
    ok("Reorganised", json!({ "invalidated": invalidated, "forkHeight": fork_height, "hashes": hashes, "height": height }))
}

/// Mines `blocks` blocks to a fresh miner address. With `drop_transactions`, every transaction
/// of the mempool is first given a fee delta of minus 1 LTC (`prioritisetransaction`), so that
/// the block assembler leaves it out, and given its fee back afterwards, whatever happened.
/// (`generateblock` with an empty list would be simpler, but Litecoin Core 0.21 fails it once
/// MWEB is active: "Internal bug detected: 'block.vtx.size() == 1'".)
#[allow(clippy::result_large_err)] // ApiError, as in every handler of the sandbox
async fn mine_competing_chain(state: &Arc<AppState>, blocks: i64, drop_transactions: bool) -> Result<Vec<Value>, ApiError> {
    const DELTA: i64 = 100_000_000;
    let node = &state.default_node;
    // a fresh address: a new block can never be byte-for-byte an invalidated one
    let address = node.wrpc(MINER_WALLET, "getnewaddress", json!([])).await?;
    let held: Vec<Value> = if drop_transactions {
        node.rpc("getrawmempool", json!([])).await?.as_array().cloned().unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut lowered = Vec::new();
    let mut result = Ok(());
    for txid in &held {
        match node.rpc("prioritisetransaction", json!([txid, 0, -DELTA])).await {
            Ok(_) => lowered.push(txid.clone()),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    let mined = match result {
        Ok(()) => {
            let _mining = MINING.lock().await;
            node.rpc("generatetoaddress", json!([blocks, address])).await
        }
        Err(e) => Err(e),
    };
    for txid in &lowered {
        let _ = node.rpc("prioritisetransaction", json!([txid, 0, DELTA])).await;
    }
    Ok(mined?.as_array().cloned().unwrap_or_default())
}

/// Replaces an unconfirmed transaction by a higher-fee one (`bumpfee`, BIP125) in the wallet that
/// sent it (`walletName`, default the miner wallet that `/sandbox/fund` pays from). The original
/// must signal opt-in RBF: `/sandbox/fund` with `replaceable: true` does; the service's
/// send-funds does not (Core's `-walletrbf` is off), and bumping such a transaction is answered
/// 400 with Core's message. The replacement pays the recipients the same amounts (the extra fee
/// comes out of the change).
async fn replace(state: &Arc<AppState>, body: &Value) -> OpResult {
    let txid = str_field(body, "txid")?.ok_or_else(|| ApiError::missing("txid"))?;
    if txid.len() != 64 || !txid.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::validation("txid", "txid must be 64 hexadecimal digits."));
    }
    let wallet = match str_field(body, "walletName")? {
        Some(w) => {
            crate::node::validate_wallet_name("walletName", &w)?;
            w
        }
        None => MINER_WALLET.to_string(),
    };
    let node = &state.default_node;
    let bumped = node
        .wrpc(&wallet, "bumpfee", json!([txid]))
        .await
        .map_err(|e| if e.code == "node_error" { ApiError::validation("txid", e.message.clone()) } else { e })?;
    // the wallet keeps a replacement the mempool refused, and bumpfee still succeeds: check
    let replacement = bumped.get("txid").cloned().unwrap_or(Value::Null);
    if node.rpc("getmempoolentry", json!([replacement])).await.is_err() {
        return Err(ApiError::transaction_rejected(format!(
            "The replacement {replacement} was not accepted into the mempool (is the node's -mempoolreplacement on?)."
        )));
    }
    node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    let fee = bumped.get("fee").and_then(amount::from_json).map(amount::ltc).unwrap_or(Value::Null);
    ok("Replaced", json!({ "txid": bumped.get("txid"), "replacedTxid": txid, "fee": fee }))
}

/// The most outputs of one `/sandbox/flood` (a standard transaction holds about 2,900).
const MAX_FLOOD_OUTPUTS: i64 = 2_000;

/// Pays a wallet `outputs` dust outputs (0.0001 LTC each, to as many new addresses of the wallet)
/// in one transaction from the miner, then mines it: as many new entries in the wallet's
/// `wallet_transactions`, as someone flooding the wallet would make.
async fn flood(state: &Arc<AppState>, body: &Value) -> OpResult {
    let wallet = str_field(body, "walletName")?.ok_or_else(|| ApiError::missing("walletName"))?;
    crate::node::validate_wallet_name("walletName", &wallet)?;
    let outputs = int_field(body, "outputs", 1, MAX_FLOOD_OUTPUTS)?.ok_or_else(|| ApiError::missing("outputs"))?;
    let node = &state.default_node;
    let mut amounts = serde_json::Map::new();
    for _ in 0..outputs {
        let address = node.wrpc(&wallet, "getnewaddress", json!([])).await?;
        let address = address.as_str().ok_or_else(|| ApiError::validation("walletName", "the node gave no address"))?.to_string();
        amounts.insert(address, json!(amount::ltc(10_000)));
    }
    let txid = node.wrpc(MINER_WALLET, "sendmany", json!(["", amounts])).await?;
    mine(state, 1, None).await?;
    ok("Flooded", json!({ "txid": txid, "outputs": outputs }))
}

fn faults(state: &Arc<AppState>, body: &Value) -> OpResult {
    let path = match body.get("path") {
        None | Some(Value::Null) => return Err(ApiError::missing("path")),
        Some(Value::String(p)) if p.starts_with('/') && p.len() <= MAX_FAULT_PATH_LEN => p.clone(),
        Some(_) => return Err(ApiError::validation("path", format!("path must be a string starting with / of at most {MAX_FAULT_PATH_LEN} characters."))),
    };
    let delay = int_field(body, "delayMs", FAULT_DELAY_MS.0, FAULT_DELAY_MS.1)?.ok_or_else(|| ApiError::missing("delayMs"))?;
    let count = int_field(body, "count", FAULT_COUNT.0, FAULT_COUNT.1)?.unwrap_or(1);
    let credential = str_field(body, "apiKey")?;
    // Both are within their (non-negative, small) bounds here, so the conversions are exact.
    state.arm_fault(&path, delay.unsigned_abs(), u32::try_from(count).unwrap_or(u32::MAX), credential);
    ok("Armed", json!({ "armed": true }))
}
