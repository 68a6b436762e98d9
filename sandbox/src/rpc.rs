//! JSON-RPC client for Litecoin Core, with bounded concurrency (Core's work queue is finite).

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::Semaphore;

/// Concurrent RPCs per node; Core runs with `-rpcthreads=8 -rpcworkqueue=256`.
const MAX_CONCURRENT_RPCS: usize = 16;

#[derive(Debug, Clone)]
pub enum RpcError {
    /// Core answered with a JSON-RPC error.
    Rpc { code: i64, message: String },
    /// The node could not be reached or did not answer in time.
    Unavailable(String),
    /// The node answered HTTP 401 (wrong user or password in the node URL).
    Unauthorized,
}

impl RpcError {
    pub fn code(&self) -> Option<i64> {
        match self {
            RpcError::Rpc { code, .. } => Some(*code),
            _ => None,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            RpcError::Rpc { message, .. } => message,
            RpcError::Unavailable(m) => m,
            RpcError::Unauthorized => "unauthorized",
        }
    }
}

/// Where a node lives and how to log in; the password never appears in Debug output.
#[derive(Clone)]
pub struct NodeEndpoint {
    /// `http://host:port` without userinfo.
    pub base: String,
    pub user: String,
    pub password: String,
}

impl std::fmt::Debug for NodeEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NodeEndpoint").field("base", &self.base).field("user", &"[REDACTED]").finish()
    }
}

impl NodeEndpoint {
    /// Parses `http://user:pass@host:port`; the host is returned for allow-listing.
    pub fn parse(node_url: &str) -> Result<(NodeEndpoint, String), String> {
        let url = url::Url::parse(node_url).map_err(|_| "The node URL is not a valid URL.".to_string())?;
        if url.scheme() != "http" {
            return Err("Only http:// node URLs on loopback are supported by the sandbox.".into());
        }
        let host = url.host_str().ok_or("The node URL has no host.")?.trim_matches(['[', ']']).to_string();
        let port = url.port().ok_or("The node URL has no port.")?;
        let user = percent_encoding::percent_decode_str(url.username()).decode_utf8_lossy().into_owned();
        let password = percent_encoding::percent_decode_str(url.password().unwrap_or(""))
            .decode_utf8_lossy()
            .into_owned();
        let host_in_url = url.host_str().unwrap_or_default();
        Ok((NodeEndpoint { base: format!("http://{host_in_url}:{port}"), user, password }, host))
    }

    /// `host:port`, the identity of the node (shared by every credential that reaches it).
    pub fn key(&self) -> String {
        self.base.trim_start_matches("http://").to_string()
    }

    pub fn url_with_credentials(&self) -> String {
        format!("http://{}:{}@{}", self.user, self.password, self.key())
    }
}

#[derive(Clone)]
pub struct RpcClient {
    endpoint: NodeEndpoint,
    http: reqwest::Client,
    permits: Arc<Semaphore>,
}

impl RpcClient {
    pub fn new(endpoint: NodeEndpoint, http: reqwest::Client) -> Self {
        RpcClient { endpoint, http, permits: Arc::new(Semaphore::new(MAX_CONCURRENT_RPCS)) }
    }

    pub fn endpoint(&self) -> &NodeEndpoint {
        &self.endpoint
    }

    /// Calls a node-level RPC.
    pub async fn call(&self, method: &str, params: Value) -> Result<Value, RpcError> {
        self.post("/", method, params).await
    }

    /// Calls an RPC on one wallet (`/wallet/<name>`); names are validated before this point.
    pub async fn wallet_call(&self, wallet: &str, method: &str, params: Value) -> Result<Value, RpcError> {
        self.post(&format!("/wallet/{wallet}"), method, params).await
    }

    async fn post(&self, path: &str, method: &str, params: Value) -> Result<Value, RpcError> {
        let _permit = self.permits.acquire().await.expect("semaphore never closed");
        let body = json!({ "jsonrpc": "1.0", "id": "sandbox", "method": method, "params": params });
        let response = self
            .http
            .post(format!("{}{}", self.endpoint.base, path))
            .basic_auth(&self.endpoint.user, Some(&self.endpoint.password))
            .timeout(rpc_timeout(method))
            .json(&body)
            .send()
            .await
            .map_err(|e| RpcError::Unavailable(describe(&e)))?;
        if response.status() == reqwest::StatusCode::UNAUTHORIZED {
            return Err(RpcError::Unauthorized);
        }
        let status = response.status();
        let text = response.text().await.map_err(|e| RpcError::Unavailable(describe(&e)))?;
        let reply: Value = serde_json::from_str(&text)
            .map_err(|_| RpcError::Unavailable(format!("the node answered HTTP {status} without JSON")))?;
        if let Some(err) = reply.get("error").filter(|e| !e.is_null()) {
            return Err(RpcError::Rpc {
                code: err.get("code").and_then(Value::as_i64).unwrap_or(-1),
                message: err.get("message").and_then(Value::as_str).unwrap_or("").to_string(),
            });
        }
        Ok(reply.get("result").cloned().unwrap_or(Value::Null))
    }
}

/// Rescans and UTXO-set scans take long; everything else should be quick.
fn rpc_timeout(method: &str) -> Duration {
    match method {
        "rescanblockchain" | "scantxoutset" | "generatetoaddress" | "createwallet" | "loadwallet" => Duration::from_secs(300),
        _ => Duration::from_secs(60),
    }
}

/// Describes a transport failure without the URL (which could carry credentials).
fn describe(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        "timed out".into()
    } else if e.is_connect() {
        "connection refused".into()
    } else {
        "connection failed".into()
    }
}
