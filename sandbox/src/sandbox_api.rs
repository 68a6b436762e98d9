//! Sandbox-only endpoints (operations.md §1.15): health, keys, mine, fund, faults. No credential:
//! the sandbox listens on loopback only.

use std::sync::Arc;

use axum::http::Method;
use serde_json::{json, Value};

use crate::amount;
use crate::app::{ok, AppState, OpResult};
use crate::auth::Compat;
use crate::error::ApiError;
use crate::litecoind::{miner_address, MINER_WALLET};

pub async fn handle(state: &Arc<AppState>, method: &Method, path: &str, body: &[u8]) -> OpResult {
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        serde_json::from_slice(body).map_err(|_| ApiError::validation("body", "The request body must be a JSON object."))?
    };
    match (method.as_str(), path) {
        ("GET", "/sandbox/health") => health(state).await,
        ("POST", "/sandbox/keys") => keys(state, &body),
        ("POST", "/sandbox/mine") => {
            let blocks = body.get("blocks").map(|b| b.as_u64().filter(|n| *n <= 1000))
                .unwrap_or(Some(1))
                .ok_or_else(|| ApiError::validation("blocks", "blocks must be an integer from 0 to 1000."))?;
            let address = body.get("address").and_then(Value::as_str).map(str::to_string);
            mine(state, blocks, address).await
        }
        ("POST", "/sandbox/fund") => fund(state, &body).await,
        ("POST", "/sandbox/faults") => faults(state, &body),
        _ => Err(ApiError::not_found(format!("No sandbox endpoint {method} {path}."))),
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
    let ttl = match body.get("ttlSeconds") {
        None | Some(Value::Null) => 3600,
        Some(v) => v.as_i64().ok_or_else(|| ApiError::validation("ttlSeconds", "ttlSeconds must be an integer."))?,
    };
    let compat = match body.get("compat").and_then(Value::as_str) {
        None => Compat::Default,
        Some(c) => Compat::parse(c).ok_or_else(|| ApiError::validation("compat", "compat must be \"default\" or \"real\"."))?,
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
    let address = body.get("address").and_then(Value::as_str).filter(|a| !a.is_empty()).ok_or_else(|| ApiError::missing("address"))?;
    let amount_text = match body.get("amount") {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => s.clone(),
        _ => return Err(ApiError::missing("amount")),
    };
    let litoshis = amount::parse_ltc_text(&amount_text)
        .filter(|v| *v > 0)
        .ok_or_else(|| ApiError::validation("amount", "amount must be a positive decimal with at most 8 decimals."))?;
    let node = &state.default_node;
    let txid = node
        .wrpc(MINER_WALLET, "sendtoaddress", json!([address, amount::ltc(litoshis)]))
        .await
        .map_err(|e| if e.code == "node_error" { ApiError::validation("address", e.message.clone()) } else { e })?;
    if body.get("mine").and_then(Value::as_bool) == Some(true) {
        mine(state, 1, None).await?;
    } else {
        node.rpc("syncwithvalidationinterfacequeue", json!([])).await?;
    }
    ok("Funded", json!({ "txid": txid }))
}

fn faults(state: &Arc<AppState>, body: &Value) -> OpResult {
    let path = body.get("path").and_then(Value::as_str).filter(|p| p.starts_with('/')).ok_or_else(|| ApiError::missing("path"))?;
    let delay = body.get("delayMs").and_then(Value::as_u64).ok_or_else(|| ApiError::missing("delayMs"))?;
    let count = body.get("count").map(|c| c.as_u64().filter(|n| *n >= 1)).unwrap_or(Some(1))
        .ok_or_else(|| ApiError::validation("count", "count must be a positive integer."))?;
    let credential = match body.get("apiKey") {
        None | Some(Value::Null) => None,
        Some(Value::String(k)) if !k.is_empty() => Some(k.clone()),
        Some(_) => return Err(ApiError::validation("apiKey", "apiKey must be a non-empty string.")),
    };
    state.arm_fault(path, delay, count as u32, credential);
    ok("Armed", json!({ "armed": true }))
}
