//! Sandbox-only endpoints (operations.md §1.15): health, keys, mine, fund, faults. No credential:
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
        _ => Err(ApiError::not_found(format!("No sandbox endpoint {method} {path}."))),
    }
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

/// Mines on the default node and returns once the address index has caught up.
pub async fn mine(state: &Arc<AppState>, blocks: u64, address: Option<String>) -> OpResult {
    let node = &state.default_node;
    let address = match address {
        Some(a) => a,
        None => miner_address(&node.rpc).await.map_err(ApiError::from)?,
    };
    let hashes = node.rpc("generatetoaddress", json!([blocks, address])).await.map_err(|e| {
        if e.code == "node_error" { ApiError::validation("address", e.message.clone()) } else { e }
    })?;
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
    let node = &state.default_node;
    let txid = node
        .wrpc(MINER_WALLET, "sendtoaddress", json!([address, amount::ltc(litoshis)]))
        .await
        .map_err(|e| if e.code == "node_error" { ApiError::validation("address", e.message.clone()) } else { e })?;
    if mine_after {
        mine(state, 1, None).await?;
    } else {
        node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    }
    ok("Funded", json!({ "txid": txid }))
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
