//! Address index for arbitrary addresses : Core has none, so the sandbox
//! follows the active chain and records, per address, what each transaction paid to it and
//! spent from it. MWEB inputs and outputs are not public and are not indexed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::{watch, Notify};

use crate::amount;
use crate::rpc::{RpcClient, RpcError};
use crate::sync::lock;

/// How often the index polls the node for new blocks.
const POLL_INTERVAL: Duration = Duration::from_secs(2);

/// One transaction's effect on one address.
#[derive(Debug, Clone)]
pub struct AddressTx {
    pub txid: String,
    /// `None` while in the mempool.
    pub block_height: Option<u64>,
    pub block_hash: Option<String>,
    pub time: Option<i64>,
    pub received: i64,
    pub sent: i64,
}

#[derive(Default)]
struct Tables {
    /// Active-chain block hash per height; `hashes.len() - 1` is the indexed height.
    hashes: Vec<String>,
    outpoints: HashMap<(String, u64), (String, i64)>,
    history: HashMap<String, Vec<AddressTx>>,
}

pub struct AddressIndex {
    rpc: RpcClient,
    tables: Mutex<Tables>,
    height_tx: watch::Sender<Option<u64>>,
    wake: Notify,
}

impl AddressIndex {
    /// Starts following the chain in the background.
    pub fn spawn(rpc: RpcClient) -> Arc<AddressIndex> {
        let (height_tx, _) = watch::channel(None);
        let index = Arc::new(AddressIndex { rpc, tables: Mutex::new(Tables::default()), height_tx, wake: Notify::new() });
        let worker = Arc::downgrade(&index);
        tokio::spawn(async move {
            loop {
                let Some(index) = worker.upgrade() else { return };
                if let Err(e) = index.sync().await {
                    tracing::debug!(error = e.message(), "address index sync failed; retrying");
                }
                let wait = tokio::time::sleep(POLL_INTERVAL);
                tokio::select! { _ = wait => {}, _ = index.wake.notified() => {} }
            }
        });
        index
    }

    /// The highest block indexed so far (`None` before the first block).
    pub fn indexed_height(&self) -> Option<u64> {
        *self.height_tx.borrow()
    }

    /// Returns once the index has reached `height` (wakes the worker at once).
    pub async fn wait_for_height(&self, height: u64) {
        let mut rx = self.height_tx.subscribe();
        self.wake.notify_one();
        let _ = rx.wait_for(|h| h.is_some_and(|h| h >= height)).await;
    }

    /// Confirmed history of an address, newest first.
    pub fn confirmed_history(&self, address: &str) -> Vec<AddressTx> {
        let tables = lock(&self.tables);
        let mut items = tables.history.get(address).cloned().unwrap_or_default();
        items.reverse();
        items
    }

    /// Whether the address appears in any indexed block.
    pub fn has_history(&self, address: &str) -> bool {
        lock(&self.tables).history.get(address).is_some_and(|h| !h.is_empty())
    }

    /// Mempool transactions touching the address, computed now.
    pub async fn mempool_history(&self, rpc: &RpcClient, address: &str) -> Result<Vec<AddressTx>, RpcError> {
        let txids = rpc.call("getrawmempool", json!([])).await?;
        let mut items = Vec::new();
        for txid in txids.as_array().into_iter().flatten().filter_map(Value::as_str) {
            let tx = match rpc.call("getrawtransaction", json!([txid, true])).await {
                Ok(tx) => tx,
                // Mined or evicted since getrawmempool.
                Err(RpcError::Rpc { .. }) => continue,
                Err(e) => return Err(e),
            };
            let received = outputs(&tx).filter(|(_, a, _)| a == address).map(|(_, _, v)| v).sum::<i64>();
            let mut sent = 0;
            for (prev_txid, prev_n) in inputs(&tx) {
                let known = lock(&self.tables).outpoints.get(&(prev_txid.clone(), prev_n)).cloned();
                let prevout = match known {
                    Some(p) => Some(p),
                    // Spends an unconfirmed parent.
                    None => match rpc.call("getrawtransaction", json!([prev_txid, true])).await {
                        Ok(parent) => outputs(&parent).find(|(n, _, _)| *n == prev_n).map(|(_, a, v)| (a, v)),
                        Err(_) => None,
                    },
                };
                if let Some((a, v)) = prevout {
                    if a == address {
                        sent += v;
                    }
                }
            }
            if received != 0 || sent != 0 {
                items.push(AddressTx { txid: txid.to_string(), block_height: None, block_hash: None, time: None, received, sent });
            }
        }
        Ok(items)
    }

    async fn sync(&self) -> Result<(), RpcError> {
        let tip = self.rpc.call("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
        loop {
            let next = lock(&self.tables).hashes.len() as u64;
            if next > tip {
                return Ok(());
            }
            let hash = self.rpc.call("getblockhash", json!([next])).await?;
            let block = self.rpc.call("getblock", json!([hash, 2])).await?;
            let mut tables = lock(&self.tables);
            let previous = block.get("previousblockhash").and_then(Value::as_str);
            if next > 0 && tables.hashes.last().map(String::as_str) != previous {
                // Reorganisation: rebuild from the genesis block (regtest chains are short).
                *tables = Tables::default();
                drop(tables);
                self.height_tx.send_replace(None);
                continue;
            }
            index_block(&mut tables, &block, next);
            tables.hashes.push(hash.as_str().unwrap_or_default().to_string());
            drop(tables);
            self.height_tx.send_replace(Some(next));
        }
    }
}

/// `(n, address, litoshis)` of every public single-address output.
fn outputs(tx: &Value) -> impl Iterator<Item = (u64, String, i64)> + '_ {
    tx.get("vout").and_then(Value::as_array).into_iter().flatten().filter_map(|out| {
        if out.get("ismweb").and_then(Value::as_bool) == Some(true) {
            return None;
        }
        let addresses = out.pointer("/scriptPubKey/addresses")?.as_array()?;
        if addresses.len() != 1 {
            return None;
        }
        Some((out.get("n")?.as_u64()?, addresses[0].as_str()?.to_string(), amount::from_json(out.get("value")?)?))
    })
}

/// Outpoints spent by the public inputs of a transaction.
fn inputs(tx: &Value) -> impl Iterator<Item = (String, u64)> + '_ {
    tx.get("vin").and_then(Value::as_array).into_iter().flatten().filter_map(|input| {
        if input.get("ismweb").and_then(Value::as_bool) == Some(true) {
            return None;
        }
        Some((input.get("txid")?.as_str()?.to_string(), input.get("vout")?.as_u64()?))
    })
}

fn index_block(tables: &mut Tables, block: &Value, height: u64) {
    let block_hash = block.get("hash").and_then(Value::as_str).map(str::to_string);
    let time = block.get("time").and_then(Value::as_i64);
    for tx in block.get("tx").and_then(Value::as_array).into_iter().flatten() {
        let Some(txid) = tx.get("txid").and_then(Value::as_str) else { continue };
        let mut effects: HashMap<String, (i64, i64)> = HashMap::new();
        for (prev_txid, prev_n) in inputs(tx) {
            if let Some((address, value)) = tables.outpoints.get(&(prev_txid, prev_n)) {
                let effect = effects.entry(address.clone()).or_default();
                effect.1 = effect.1.saturating_add(*value);
            }
        }
        for (n, address, value) in outputs(tx) {
            let effect = effects.entry(address.clone()).or_default();
            effect.0 = effect.0.saturating_add(value);
            tables.outpoints.insert((txid.to_string(), n), (address, value));
        }
        for (address, (received, sent)) in effects {
            tables.history.entry(address).or_default().push(AddressTx {
                txid: txid.to_string(),
                block_height: Some(height),
                block_hash: block_hash.clone(),
                time,
                received,
                sent,
            });
        }
    }
}
