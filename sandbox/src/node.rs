//! What a request acts on: one Litecoin node, reached with the request's credential, plus the
//! sandbox's per-node state (wallet locks, wallet records, address index).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::OwnedMutexGuard;

use crate::error::ApiError;
use crate::index::AddressIndex;
use crate::rpc::{RpcClient, RpcError};
use crate::sync::lock;

/// Seconds a wallet stays unlocked for one operation (it is locked again right after).
const UNLOCK_SECONDS: u64 = 30;

/// What the sandbox remembers of a wallet that Core cannot tell.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct WalletRecord {
    pub importable: bool,
    #[serde(rename = "createdBy")]
    pub created_by: String,
}

/// State shared by every credential that reaches one node (`host:port`).
pub struct NodeShared {
    pub key: String,
    wallet_locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    records: Mutex<HashMap<String, WalletRecord>>,
    records_file: Option<PathBuf>,
    /// `scantxoutset` runs one scan at a time per node.
    pub scan_lock: tokio::sync::Mutex<()>,
    pub index: Arc<AddressIndex>,
}

impl NodeShared {
    /// `records_file` keeps the wallet records between runs (with `--data-dir`).
    pub fn new(key: String, records_file: Option<PathBuf>, index_rpc: RpcClient) -> Arc<NodeShared> {
        let records = records_file
            .as_ref()
            .and_then(|f| std::fs::read(f).ok())
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        Arc::new(NodeShared {
            key,
            wallet_locks: Mutex::new(HashMap::new()),
            records: Mutex::new(records),
            records_file,
            scan_lock: tokio::sync::Mutex::new(()),
            index: AddressIndex::spawn(index_rpc),
        })
    }
}

/// The node a request talks to, with that request's RPC credentials.
#[derive(Clone)]
pub struct Node {
    pub rpc: RpcClient,
    pub shared: Arc<NodeShared>,
}

/// `^[A-Za-z0-9_-]{1,64}$`: Core treats a name that is a path as a path.
pub fn validate_wallet_name(field: &str, name: &str) -> Result<(), ApiError> {
    let ok = !name.is_empty() && name.len() <= 64 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::validation(field, "Wallet names are 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'."))
    }
}

impl Node {
    /// A node-level RPC with the default error mapping.
    pub async fn rpc(&self, method: &str, params: Value) -> Result<Value, ApiError> {
        self.rpc.call(method, params).await.map_err(ApiError::from)
    }

    /// A wallet RPC; a wallet that exists on disk but is not loaded is loaded once.
    /// The raw Core error is returned so that callers can map it for their operation.
    pub async fn wallet_call(&self, wallet: &str, method: &str, params: Value) -> Result<Value, WalletCallError> {
        match self.rpc.wallet_call(wallet, method, params.clone()).await {
            Err(RpcError::Rpc { code: -18, .. }) => {
                match self.rpc.call("loadwallet", json!([wallet])).await {
                    Ok(_) => {}
                    // Loaded concurrently by another request.
                    Err(RpcError::Rpc { code: -35, .. }) => {}
                    Err(RpcError::Rpc { code: -18, .. }) | Err(RpcError::Rpc { code: -4, .. }) => {
                        return Err(WalletCallError::NotFound)
                    }
                    Err(e) => return Err(WalletCallError::Rpc(e)),
                }
                self.rpc.wallet_call(wallet, method, params).await.map_err(WalletCallError::Rpc)
            }
            other => other.map_err(WalletCallError::Rpc),
        }
    }

    /// A wallet RPC with the default error mapping (`wallet_not_found`, then `crate::error`'s).
    pub async fn wrpc(&self, wallet: &str, method: &str, params: Value) -> Result<Value, ApiError> {
        self.wallet_call(wallet, method, params).await.map_err(|e| e.into_api(wallet))
    }

    /// Serialises every unlock/operate/lock sequence (and anything else that must not interleave)
    /// on one wallet.
    pub async fn lock_wallet(&self, wallet: &str) -> OwnedMutexGuard<()> {
        let lock = {
            let mut locks = lock(&self.shared.wallet_locks);
            locks.entry(wallet.to_string()).or_default().clone()
        };
        lock.lock_owned().await
    }

    /// Whether Core reports the wallet as encrypted (`unlocked_until` present).
    pub async fn is_encrypted(&self, wallet: &str) -> Result<bool, ApiError> {
        let info = self.wrpc(wallet, "getwalletinfo", json!([])).await?;
        Ok(info.get("unlocked_until").is_some())
    }

    /// Runs `op` with the wallet unlocked by `passphrase` when it is encrypted: `walletpassphrase` → op → `walletlock`, serialised per wallet. Unencrypted
    /// wallets ignore the passphrase. `field` names the request field carrying it.
    pub async fn with_unlocked<T>(
        &self,
        wallet: &str,
        passphrase: Option<&str>,
        field: &str,
        op: impl AsyncFnOnce() -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let _guard = self.lock_wallet(wallet).await;
        if !self.is_encrypted(wallet).await? {
            return op().await;
        }
        let passphrase = passphrase.filter(|p| !p.is_empty()).ok_or_else(|| ApiError::wallet_locked(field))?;
        match self.wallet_call(wallet, "walletpassphrase", json!([passphrase, UNLOCK_SECONDS])).await {
            Ok(_) => {}
            Err(WalletCallError::Rpc(RpcError::Rpc { code: -14, .. })) => return Err(ApiError::bad_passphrase(field)),
            Err(e) => return Err(e.into_api(wallet)),
        }
        let result = op().await;
        // Locking must happen whatever the operation did; a failure here is logged, not hidden.
        if let Err(e) = self.wallet_call(wallet, "walletlock", json!([])).await {
            tracing::error!(wallet, error = ?e.into_api(wallet).code, "walletlock failed after an operation");
        }
        result
    }

    pub fn record(&self, wallet: &str) -> Option<WalletRecord> {
        lock(&self.shared.records).get(wallet).cloned()
    }

    pub fn set_record(&self, wallet: &str, record: WalletRecord) {
        let mut records = lock(&self.shared.records);
        records.insert(wallet.to_string(), record);
        if let Some(file) = &self.shared.records_file {
            if let Ok(bytes) = serde_json::to_vec_pretty(&*records) {
                let _ = std::fs::write(file, bytes);
            }
        }
    }
}

/// A wallet RPC failure before mapping.
#[derive(Debug)]
pub enum WalletCallError {
    NotFound,
    Rpc(RpcError),
}

impl WalletCallError {
    pub fn into_api(self, wallet: &str) -> ApiError {
        match self {
            WalletCallError::NotFound => ApiError::wallet_not_found(wallet),
            WalletCallError::Rpc(RpcError::Rpc { code: -18, .. }) => ApiError::wallet_not_found(wallet),
            WalletCallError::Rpc(e) => ApiError::from(e),
        }
    }

    /// The Core error code, for operation-specific mappings.
    pub fn rpc_code(&self) -> Option<i64> {
        match self {
            WalletCallError::Rpc(e) => e.code(),
            WalletCallError::NotFound => None,
        }
    }

    pub fn rpc_message(&self) -> &str {
        match self {
            WalletCallError::Rpc(e) => e.message(),
            WalletCallError::NotFound => "",
        }
    }
}
