//! Chain operations (operations.md §2.4–2.6): L1–L2, B1–B4, U1–U2.

use serde_json::{json, Map, Value};

use crate::app::{ok, OpResult, Req};
use crate::route;

pub fn routes() -> Vec<crate::app::Route> {
    vec![route!(GET "/api/Blocks/blockchain-info" => blockchain_info)]
}

fn field(v: &Value, name: &str) -> Value {
    v.get(name).cloned().unwrap_or(Value::Null)
}

/// B1: `getblockchaininfo`.
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
