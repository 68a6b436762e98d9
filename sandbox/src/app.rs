//! The HTTP front: credential checks, compat rendering, rate limits, injected delays, one log
//! line per request, and dispatch to the 43 operations and the sandbox-only endpoints.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::Response;
use serde_json::{json, Value};

use crate::amount;
use crate::auth::{is_node_url, Compat, KeyIssuer};
use crate::error::ApiError;
use crate::node::{Node, NodeShared};
use crate::rpc::{NodeEndpoint, RpcClient};
use crate::sync::lock;

/// A successful operation: the envelope's free-text `message` and its `data`.
pub struct Reply {
    pub message: String,
    pub data: Value,
}

pub fn ok(message: &str, data: Value) -> Result<Reply, ApiError> {
    Ok(Reply { message: message.to_string(), data })
}

pub type OpResult = Result<Reply, ApiError>;
pub type OpFuture = Pin<Box<dyn Future<Output = OpResult> + Send>>;

/// One operation: method, path as in operations.json, and its handler.
pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub handler: fn(Req) -> OpFuture,
}

/// `route!(POST "/api/Wallet/create" => create_wallet)` registers `async fn create_wallet(req: Req) -> OpResult`.
#[macro_export]
macro_rules! route {
    ($method:ident $path:literal => $handler:path) => {
        $crate::app::Route { method: axum::http::Method::$method, path: $path, handler: |req| Box::pin($handler(req)) }
    };
}

/// Bitcoin-style network parameters the sandbox serves (`SANDBOX_NETWORK`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Network {
    Regtest,
    Testnet,
    Main,
}

impl Network {
    pub fn name(self) -> &'static str {
        match self {
            Network::Regtest => "regtest",
            Network::Testnet => "testnet",
            Network::Main => "main",
        }
    }
}

pub struct Config {
    pub jwt_secret: Vec<u8>,
    pub accept_any_jwt: bool,
    pub bad_key_status_404: bool,
    pub allowed_node_hosts: Vec<String>,
    pub otp_secret: Vec<u8>,
    pub rate_limit: u32,
    pub denylist: HashSet<String>,
    pub network: Network,
    pub compat_all_real: bool,
    /// `SANDBOX_DETAILS_QUERY_ONLY=1`: `/api/Wallet/details` takes the credential from the query
    /// only (the header is ignored), so that a client proves where it puts it.
    pub details_query_only: bool,
    pub state_dir: Option<PathBuf>,
}

pub struct AppState {
    pub config: Config,
    pub issuer: KeyIssuer,
    pub default_node: Node,
    http: reqwest::Client,
    nodes: Mutex<HashMap<String, Arc<NodeShared>>>,
    routes: HashMap<(Method, String), fn(Req) -> OpFuture>,
    faults: Mutex<Vec<Fault>>,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
    /// The last requests to `/api/…` as they arrived, for the tests that check what a client
    /// sends (`POST /sandbox/requests`): that no private key, phrase or passphrase travels.
    seen: Mutex<std::collections::VecDeque<SeenRequest>>,
}

/// One request to `/api/…`, as it arrived: its credential, request line, headers and body.
pub struct SeenRequest {
    pub credential: String,
    pub text: String,
}

/// How many requests `AppState::seen` keeps.
const SEEN_REQUESTS: usize = 5_000;

impl AppState {
    pub fn new(config: Config, default_endpoint: NodeEndpoint) -> Arc<AppState> {
        let http = reqwest::Client::builder().pool_max_idle_per_host(32).build().expect("HTTP client");
        let rpc = RpcClient::new(default_endpoint.clone(), http.clone());
        // The default node's port changes between runs; its records keep one file name.
        let records_file = config.state_dir.as_ref().map(|d| d.join("wallets.json"));
        let shared = NodeShared::new(default_endpoint.key(), records_file, rpc.clone());
        let mut nodes = HashMap::new();
        nodes.insert(shared.key.clone(), shared.clone());
        let routes = crate::ops::routes()
            .into_iter()
            .map(|r| ((r.method, r.path.to_ascii_lowercase()), r.handler))
            .collect();
        Arc::new(AppState {
            issuer: KeyIssuer::new(config.jwt_secret.clone(), config.accept_any_jwt),
            config,
            default_node: Node { rpc, shared },
            http,
            nodes: Mutex::new(nodes),
            routes,
            faults: Mutex::new(Vec::new()),
            buckets: Mutex::new(HashMap::new()),
            seen: Mutex::new(std::collections::VecDeque::new()),
        })
    }

    /// The requests seen with `credential`, oldest first, each as text (request line, headers,
    /// body).
    pub fn requests_of(&self, credential: &str) -> Vec<String> {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.iter().filter(|r| r.credential == credential).map(|r| r.text.clone()).collect()
    }

    fn remember(&self, credential: &str, method: &Method, uri: &Uri, headers: &HeaderMap, body: &Bytes) {
        let mut text = format!("{method} {uri}\n");
        for (name, value) in headers {
            text.push_str(&format!("{name}: {}\n", String::from_utf8_lossy(value.as_bytes())));
        }
        text.push('\n');
        text.push_str(&String::from_utf8_lossy(body));
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() == SEEN_REQUESTS {
            seen.pop_front();
        }
        seen.push_back(SeenRequest { credential: credential.to_string(), text });
    }

    /// The node behind a node-URL credential; nodes are shared by `host:port`.
    fn node_for_url(&self, url: &str) -> Result<Node, ApiError> {
        let (endpoint, host) = NodeEndpoint::parse(url).map_err(ApiError::invalid_credential)?;
        if !self.config.allowed_node_hosts.iter().any(|h| h.eq_ignore_ascii_case(&host)) {
            return Err(ApiError::invalid_credential("The sandbox only accepts node URLs on its allowed hosts (loopback)."));
        }
        let rpc = RpcClient::new(endpoint.clone(), self.http.clone());
        let shared = lock(&self.nodes)
            .entry(endpoint.key())
            .or_insert_with(|| {
                let file = self.config.state_dir.as_ref().map(|d| d.join(format!("wallets-{}.json", endpoint.key().replace([':', '[', ']'], "_"))));
                NodeShared::new(endpoint.key(), file, rpc.clone())
            })
            .clone();
        Ok(Node { rpc, shared })
    }

    /// Delays the next `count` requests to `path` by `delay_ms` (for cancellation and timeout
    /// tests); with `credential`, only requests carrying that credential, so that concurrent
    /// tests don't consume each other's faults.
    pub fn arm_fault(&self, path: &str, delay_ms: u64, count: u32, credential: Option<String>) {
        let path = path.to_ascii_lowercase();
        let mut faults = lock(&self.faults);
        faults.retain(|f| !(f.path == path && f.credential == credential));
        faults.push(Fault { path, delay: Duration::from_millis(delay_ms), remaining: count, credential });
    }

    fn take_fault(&self, path: &str, credential: &str) -> Option<Duration> {
        let mut faults = lock(&self.faults);
        let i = faults.iter().position(|f| f.path == path && f.credential.as_deref().is_none_or(|c| c == credential))?;
        let fault = &mut faults[i];
        let delay = fault.delay;
        fault.remaining = fault.remaining.saturating_sub(1);
        if fault.remaining == 0 {
            faults.remove(i);
        }
        Some(delay)
    }

    /// Token bucket per credential; `None` when allowed, else seconds to wait.
    fn rate_check(&self, credential: &str) -> Option<u64> {
        let rate = self.config.rate_limit as f64;
        if rate <= 0.0 {
            return None;
        }
        let mut buckets = lock(&self.buckets);
        let now = Instant::now();
        let (tokens, last) = buckets.entry(credential.to_string()).or_insert((rate, now));
        *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * rate).min(rate);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            None
        } else {
            Some(((1.0 - *tokens) / rate).ceil().max(1.0) as u64)
        }
    }
}

/// An injected delay (`POST /sandbox/faults`).
struct Fault {
    path: String,
    delay: Duration,
    remaining: u32,
    credential: Option<String>,
}

/// One request to an operation, as its handler sees it.
pub struct Req {
    pub node: Node,
    pub state: Arc<AppState>,
    headers: HeaderMap,
    query: Vec<(String, String)>,
    body: Value,
}

impl Req {
    /// A header value; empty counts as absent.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name).and_then(|v| v.to_str().ok()).filter(|v| !v.is_empty()).map(str::to_string)
    }

    pub fn require_header(&self, name: &str) -> Result<String, ApiError> {
        self.header(name).ok_or_else(|| ApiError::missing(name))
    }

    /// A query parameter, matched case-insensitively (as ASP.NET does); empty counts as absent.
    pub fn query(&self, name: &str) -> Option<String> {
        self.query.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone()).filter(|v| !v.is_empty())
    }

    pub fn require_query(&self, name: &str) -> Result<String, ApiError> {
        self.query(name).ok_or_else(|| ApiError::missing(name))
    }

    /// An integer query parameter with a default and inclusive bounds.
    pub fn query_int(&self, name: &str, default: i64, min: i64, max: i64) -> Result<i64, ApiError> {
        match self.query(name) {
            None => Ok(default),
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(ApiError::validation(name, format!("{name} must be an integer from {min} to {max}."))),
            },
        }
    }

    /// A body field; JSON null counts as absent.
    pub fn body(&self, name: &str) -> Option<&Value> {
        self.body.get(name).filter(|v| !v.is_null())
    }

    /// A string body field; empty counts as absent.
    pub fn body_str(&self, name: &str) -> Result<Option<String>, ApiError> {
        match self.body(name) {
            None => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(ApiError::validation(name, format!("{name} must be a string."))),
        }
    }

    pub fn require_body_str(&self, name: &str) -> Result<String, ApiError> {
        self.body_str(name)?.ok_or_else(|| ApiError::missing(name))
    }

    pub fn body_bool(&self, name: &str) -> Result<Option<bool>, ApiError> {
        match self.body(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::validation(name, format!("{name} must be true or false."))),
        }
    }

    /// An amount in LTC: > 0, ≤ 84 000 000, ≤ 8 decimals; returns litoshis.
    pub fn require_body_amount(&self, name: &str) -> Result<i64, ApiError> {
        let value = self.body(name).ok_or_else(|| ApiError::missing(name))?;
        let text = match value {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return Err(ApiError::validation(name, format!("{name} must be a number."))),
        };
        match amount::parse_ltc_text(&text) {
            Some(v) if v > 0 && v <= amount::MAX_REQUEST_LITOSHIS => Ok(v),
            Some(_) => Err(ApiError::validation(name, format!("{name} must be greater than 0 and at most 84000000."))),
            None => Err(ApiError::validation(name, format!("{name} must be a decimal number with at most 8 decimals."))),
        }
    }

    /// An integer body field (accepts integer-valued strings too).
    pub fn body_int(&self, name: &str) -> Result<Option<i64>, ApiError> {
        match self.body(name) {
            None => Ok(None),
            Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| ApiError::validation(name, format!("{name} must be an integer."))),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| ApiError::validation(name, format!("{name} must be an integer."))),
            Some(_) => Err(ApiError::validation(name, format!("{name} must be an integer."))),
        }
    }

    pub fn network(&self) -> Network {
        self.state.config.network
    }
}

fn new_request_id() -> String {
    use rand::Rng;
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The query parameters as the server reads them: names and values percent- and `+`-decoded.
fn query_pairs(uri: &Uri) -> Vec<(String, String)> {
    uri.query().map(|q| url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()).unwrap_or_default()
}

/// Query keys whose values never reach a log line.
const SECRET_QUERY_KEYS: &[&str] = &["nodeurlorapiaccesskey", "mnemonics", "encryptedpassphrase", "passphrase", "addressprivatkey", "addressprivatekey"];

/// The query string for the access log, each secret value replaced by `[REDACTED]`. A key name is
/// compared as the server reads it (`dispatch` and [`Req::query`]): percent- and `+`-decoded
/// (`form_urlencoded`), then without regard to ASCII case, so that `nodeUrl%4FrApiAccessKey` is
/// redacted like `nodeUrlOrApiAccessKey`. Everything else is logged as sent.
fn redacted_query(uri: &Uri) -> String {
    let Some(q) = uri.query() else { return String::new() };
    q.split('&')
        .map(|pair| {
            let key = pair.split('=').next().unwrap_or("");
            let decoded: String = url::form_urlencoded::parse(key.as_bytes()).map(|(k, _)| k.into_owned()).next().unwrap_or_default();
            if SECRET_QUERY_KEYS.iter().any(|secret| decoded.eq_ignore_ascii_case(secret)) {
                format!("{key}=[REDACTED]")
            } else {
                pair.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn json_response(status: StatusCode, body: &Value, content_type: &'static str) -> Response {
    Response::builder()
        .status(status)
        .header("content-type", content_type)
        .body(Body::from(body.to_string()))
        .expect("valid response")
}

/// Renders a failure for the request's compat mode (default, or `real`: docs/adr/0001).
fn error_response(e: &ApiError, compat: Compat, request_id: &str) -> Response {
    let mut response = if compat == Compat::Real && e.is_credential_rejection() {
        Response::builder().status(StatusCode::NOT_FOUND).body(Body::empty()).expect("valid response")
    } else if compat == Compat::Real && e.code != "missing_credential" && e.code != "rate_limited" {
        // in compat `real` every failure but a missing credential and rate limiting
        // (validation included) is HTTP 200 `successful: false` without an error object.
        json_response(StatusCode::OK, &json!({ "successful": false, "message": e.message, "data": null }), "application/json; charset=utf-8")
    } else {
        let content_type = if e.is_problem() { "application/problem+json; charset=utf-8" } else { "application/json; charset=utf-8" };
        json_response(e.status, &e.body(&format!("00-{request_id}-01")), content_type)
    };
    if let Some(secs) = e.retry_after {
        response.headers_mut().insert("retry-after", HeaderValue::from(secs));
    }
    response
}

/// The single entry point for every request.
pub async fn handle(state: Arc<AppState>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let started = Instant::now();
    let request_id = headers
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 128)
        .map(str::to_string)
        .unwrap_or_else(new_request_id);
    let path = uri.path().to_string();
    let mut response = dispatch(&state, &method, &uri, headers, body, &request_id).await;
    if let Ok(v) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert("x-request-id", v);
    }
    tracing::info!(
        target: "access",
        method = %method,
        path = %path,
        query = %redacted_query(&uri),
        status = response.status().as_u16(),
        latency_ms = started.elapsed().as_millis() as u64,
        request_id = %request_id,
    );
    response
}

async fn dispatch(state: &Arc<AppState>, method: &Method, uri: &Uri, headers: HeaderMap, body: Bytes, request_id: &str) -> Response {
    // Before anything else, for every endpoint: a foreign Host is a DNS-rebinding page.
    if let Err(e) = crate::guard::check_host(uri, &headers) {
        return error_response(&e, Compat::Default, request_id);
    }
    let lower_path = uri.path().to_ascii_lowercase();
    if lower_path.starts_with("/sandbox/") {
        // No credential here: refuse what a web page of another origin could send.
        if let Err(e) = crate::guard::check_sandbox_request(method, &headers) {
            return error_response(&e, Compat::Default, request_id);
        }
        let result = crate::sandbox_api::handle(state, method, &lower_path, &body).await;
        return render(result, Compat::Default, request_id);
    }
    let global_compat = if state.config.compat_all_real { Compat::Real } else { Compat::Default };
    let Some(handler) = state.routes.get(&(method.clone(), lower_path.clone())).copied() else {
        let known_path = state.routes.keys().any(|(_, p)| *p == lower_path);
        let e = if known_path {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "validation_failed", format!("{} does not accept {method}.", uri.path()))
        } else {
            ApiError::not_found(format!("No operation at {}.", uri.path()))
        };
        return error_response(&e, global_compat, request_id);
    };
    let query = query_pairs(uri);

    // The credential: a query parameter on /api/Wallet/details, a header everywhere else.
    let from_query = query.iter().find(|(k, _)| k.eq_ignore_ascii_case("nodeUrlOrApiAccessKey")).map(|(_, v)| v.clone());
    let from_header = headers.get("nodeUrlOrApiAccessKey").and_then(|v| v.to_str().ok()).map(str::to_string);
    let credential = match lower_path.as_str() {
        "/api/wallet/details" if state.config.details_query_only => from_query,
        "/api/wallet/details" => from_query.or(from_header),
        _ => from_header,
    };
    let credential = credential.map(|c| c.trim().to_string()).filter(|c| !c.is_empty());
    let Some(credential) = credential else {
        return error_response(&ApiError::missing_credential(), global_compat, request_id);
    };
    state.remember(&credential, method, uri, &headers, &body);
    let (node, compat) = if is_node_url(&credential) {
        match state.node_for_url(&credential) {
            Ok(node) => (node, global_compat),
            Err(e) => return error_response(&e, global_compat, request_id),
        }
    } else {
        match state.issuer.verify(&credential) {
            Ok(key) => (state.default_node.clone(), if state.config.compat_all_real { Compat::Real } else { key.compat }),
            Err(mut e) => {
                if state.config.bad_key_status_404 {
                    e.status = StatusCode::NOT_FOUND;
                }
                // An expired key still says which mode it was minted for.
                let compat = if state.config.compat_all_real { Compat::Real } else { crate::auth::claimed_compat(&credential) };
                return error_response(&e, compat, request_id);
            }
        }
    };
    if let Some(wait) = state.rate_check(&credential) {
        return error_response(&ApiError::rate_limited(wait), compat, request_id);
    }
    if let Some(delay) = state.take_fault(&lower_path, &credential) {
        tokio::time::sleep(delay).await;
    }
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice::<Value>(&body) {
            Ok(v @ Value::Object(_)) => v,
            _ => {
                let e = ApiError::validation("body", "The request body must be a JSON object.");
                return error_response(&e, compat, request_id);
            }
        }
    };
    let req = Req { node, state: state.clone(), headers, query, body };
    render(handler(req).await, compat, request_id)
}

fn render(result: OpResult, compat: Compat, request_id: &str) -> Response {
    match result {
        Ok(reply) => json_response(
            StatusCode::OK,
            &json!({ "successful": true, "message": reply.message, "data": reply.data }),
            "application/json; charset=utf-8",
        ),
        Err(e) => error_response(&e, compat, request_id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redacted(query: &str) -> String {
        redacted_query(&format!("/api/Wallet/details?{query}").parse::<Uri>().unwrap())
    }

    /// The value the server reads as the credential (`dispatch`'s parsing and matching).
    fn credential_read(query: &str) -> Option<String> {
        query_pairs(&format!("/api/Wallet/details?{query}").parse::<Uri>().unwrap())
            .into_iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("nodeUrlOrApiAccessKey"))
            .map(|(_, v)| v)
    }

    #[test]
    fn the_credential_is_redacted_however_its_name_is_encoded() {
        for name in [
            "nodeUrlOrApiAccessKey",
            "NODEURLORAPIACCESSKEY",
            "nodeUrl%4FrApiAccessKey",
            "nodeUrl%4frApiAccessKey",
            "%6EodeUrlOrApiAccessKey",
            "nodeUrlOrApiAccessKe%79",
            "%6E%6F%64%65%55%72%6C%4F%72%41%70%69%41%63%63%65%73%73%4B%65%79",
        ] {
            let query = format!("walletName=w&{name}=SECRET-KEY&x=1");
            assert_eq!(credential_read(&query).as_deref(), Some("SECRET-KEY"), "the server reads ?{name}=");
            let out = redacted(&query);
            assert!(!out.contains("SECRET"), "?{name}= not redacted: {out}");
            assert_eq!(out, format!("walletName=w&{name}=[REDACTED]&x=1"));
        }
    }

    #[test]
    fn every_secret_query_value_is_redacted_under_any_spelling_and_the_rest_is_kept() {
        assert_eq!(redacted("mn%65monics=a+b+c&address=Q1"), "mn%65monics=[REDACTED]&address=Q1");
        assert_eq!(redacted("Encrypted%50assphrase=p&addressPrivat%4Bey=k"), "Encrypted%50assphrase=[REDACTED]&addressPrivat%4Bey=[REDACTED]");
        // Names the server does not read as a secret are logged as sent.
        assert_eq!(redacted("nodeUrlOrApiAccessKey+=v&walletName=w"), "nodeUrlOrApiAccessKey+=v&walletName=w");
        // A repeated key: every occurrence is redacted, not only the one the server reads.
        assert_eq!(redacted("nodeUrlOrApiAccessKey=a&nodeurl%4FrApiAccessKey=b"), "nodeUrlOrApiAccessKey=[REDACTED]&nodeurl%4FrApiAccessKey=[REDACTED]");
        // Invalid escapes and UTF-8 do not break the log line.
        assert_eq!(redacted("a=%ZZ&%FF=1&nodeUrlOrApiAccessKey"), "a=%ZZ&%FF=1&nodeUrlOrApiAccessKey=[REDACTED]");
    }
}
