//! Shared test harness: one sandbox per test binary (or the one the launcher started, when
//! `WALLET_SDK_BASE_URL` is set), and small helpers to call it.
//!
//! Without `litecoind` every test that needs a node fails with one message saying what to install
//! (no backtrace, no retry per test); docs/adr/0012 says why it fails rather than skips.
#![allow(dead_code)]

#[path = "../../src/litecoind_binary.rs"]
mod litecoind_binary;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{json, Value};

/// Fails the current test with `message` alone: printed once into the test's output, then
/// unwound without the panic hook (so without a location line or a backtrace to read past).
pub fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::panic::resume_unwind(Box::new(message.to_string()))
}

/// The `litecoind` the sandbox will start (`LITECOIND` or `PATH`, as the sandbox finds it).
fn find_litecoind() -> Result<PathBuf, String> {
    litecoind_binary::find().map_err(|e| format!("this test starts a litecoind -regtest: {e}"))
}

/// [`find_litecoind`], failing the test with what to install when there is none.
pub fn litecoind() -> PathBuf {
    find_litecoind().unwrap_or_else(|e| fail(&e))
}

pub struct Sandbox {
    pub base_url: String,
    pub api_key: String,
    pub api_key_real: String,
    pub node_url: String,
}

/// The run's sandbox, or why there is none (started once: every test that asks gets the same answer).
static SANDBOX: OnceLock<Result<Sandbox, String>> = OnceLock::new();
/// Tests that count blocks take this exclusively; tests that mine take it shared.
pub static CHAIN: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

/// The sandbox of this test run.
pub fn sandbox() -> &'static Sandbox {
    let started = SANDBOX.get_or_init(|| match std::env::var("WALLET_SDK_BASE_URL") {
        Ok(base_url) => Ok(Sandbox {
            base_url,
            api_key: std::env::var("WALLET_SDK_API_KEY").expect("WALLET_SDK_API_KEY"),
            api_key_real: std::env::var("WALLET_SDK_API_KEY_COMPAT_REAL").expect("WALLET_SDK_API_KEY_COMPAT_REAL"),
            node_url: std::env::var("WALLET_SANDBOX_NODE_URL").expect("WALLET_SANDBOX_NODE_URL"),
        }),
        Err(_) => start_own(),
    });
    match started {
        Ok(sandbox) => sandbox,
        Err(why) => fail(why),
    }
}

/// Starts `wallet-sandbox` tied to this process: it stops when our end of its stdin closes,
/// which happens when the test binary exits, however it exits.
fn start_own() -> Result<Sandbox, String> {
    find_litecoind()?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let spawned = Command::new(env!("CARGO_BIN_EXE_wallet-sandbox"))
            .args(["--listen", "0", "--exit-on-stdin-eof"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => return tx.send(Err(format!("cannot start wallet-sandbox: {e}"))).unwrap_or(()),
        };
        let mut line = String::new();
        let _ = BufReader::new(child.stdout.take().unwrap()).read_line(&mut line);
        if line.trim().is_empty() {
            let status = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
            return tx.send(Err(format!("wallet-sandbox stopped ({status}) before its ready line; its log is above"))).unwrap_or(());
        }
        tx.send(Ok(line)).unwrap();
        // Keep stdin open for as long as this process lives.
        let _stdin = child.stdin.take();
        loop {
            std::thread::park();
        }
    });
    let line = rx.recv().map_err(|_| "wallet-sandbox did not start".to_string())??;
    let ready: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("bad ready line: {line}"));
    let base_url = ready["baseUrl"].as_str().unwrap().to_string();
    let api_key_real = blocking_key(&base_url, "real");
    Ok(Sandbox {
        base_url,
        api_key: ready["apiKey"].as_str().unwrap().to_string(),
        api_key_real,
        node_url: ready["nodeUrl"].as_str().unwrap().to_string(),
    })
}

fn blocking_key(base_url: &str, compat: &str) -> String {
    let base_url = base_url.to_string();
    let compat = compat.to_string();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let body = json!({ "ttlSeconds": 86400, "compat": compat });
            let r: Value = reqwest::Client::new().post(format!("{base_url}/sandbox/keys")).json(&body).send().await.unwrap().json().await.unwrap();
            r["data"]["apiKey"].as_str().unwrap().to_string()
        })
    })
    .join()
    .unwrap()
}

/// A response: status, headers and JSON body (`Value::Null` when the body is empty or not JSON).
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
    pub body: Value,
}

impl Resp {
    /// The `data` of a successful envelope; panics with the body otherwise.
    pub fn data(&self) -> &Value {
        assert_eq!(self.status, 200, "expected success, got {}: {}", self.status, self.text);
        assert_eq!(self.body["successful"], true, "expected success: {}", self.text);
        &self.body["data"]
    }

    /// Asserts a default-mode failure with this status and code.
    pub fn assert_error(&self, status: u16, code: &str) -> &Self {
        assert_eq!(self.status, status, "expected {status} {code}, got: {}", self.text);
        assert_eq!(self.body["successful"], false, "{}", self.text);
        assert_eq!(self.body["error"]["code"], code, "{}", self.text);
        self
    }

    /// Asserts the compat-`real` failure shape: HTTP 200, successful:false, no error object.
    pub fn assert_real_failure(&self) -> &Self {
        assert_eq!(self.status, 200, "{}", self.text);
        assert_eq!(self.body["successful"], false, "{}", self.text);
        assert!(self.body.get("error").is_none(), "{}", self.text);
        assert!(self.body["data"].is_null(), "{}", self.text);
        self
    }

    pub fn field(&self) -> &str {
        self.body["error"]["field"].as_str().unwrap_or("")
    }
}

/// A request builder bound to the sandbox and one credential.
pub struct Api {
    http: reqwest::Client,
    pub base_url: String,
    pub credential: String,
}

impl Api {
    /// Default-mode API key.
    pub fn new() -> Api {
        Self::with_credential(&sandbox().api_key)
    }

    /// Compat `real` API key.
    pub fn real() -> Api {
        Self::with_credential(&sandbox().api_key_real)
    }

    pub fn with_credential(credential: &str) -> Api {
        Api { http: reqwest::Client::new(), base_url: sandbox().base_url.clone(), credential: credential.to_string() }
    }

    /// GET with the credential header, extra headers and query parameters.
    pub async fn get(&self, path: &str, headers: &[(&str, &str)], query: &[(&str, &str)]) -> Resp {
        let mut req = self.http.get(format!("{}{path}", self.base_url)).header("nodeUrlOrApiAccessKey", &self.credential).query(query);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        send(req).await
    }

    /// POST a JSON body with the credential header and extra headers.
    pub async fn post(&self, path: &str, headers: &[(&str, &str)], body: Value) -> Resp {
        let mut req = self.http.post(format!("{}{path}", self.base_url)).header("nodeUrlOrApiAccessKey", &self.credential).json(&body);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        send(req).await
    }

    /// POST to a sandbox-only endpoint and return its `data`.
    pub async fn sandbox_post(&self, path: &str, body: Value) -> Value {
        let r = send(self.http.post(format!("{}{path}", self.base_url)).json(&body)).await;
        r.data().clone()
    }

    /// Mines `blocks` blocks (returns once the address index caught up).
    pub async fn mine(&self, blocks: u64) -> Value {
        self.sandbox_post("/sandbox/mine", json!({ "blocks": blocks })).await
    }

    /// Sends `amount` LTC (decimal text) from the miner to `address`; optionally mines a block.
    pub async fn fund(&self, address: &str, amount: &str, mine: bool) -> String {
        let amount: Value = serde_json::from_str(amount).unwrap();
        let d = self.sandbox_post("/sandbox/fund", json!({ "address": address, "amount": amount, "mine": mine })).await;
        d["txid"].as_str().unwrap().to_string()
    }
}

pub async fn send(req: reqwest::RequestBuilder) -> Resp {
    let r = req.send().await.expect("request reached the sandbox");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    let text = r.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    Resp { status, headers, text, body }
}

/// A wallet name unique to this run: `<prefix>_<random>`.
pub fn unique(prefix: &str) -> String {
    use rand::Rng;
    format!("{prefix}_{:08x}", rand::rng().random::<u32>())
}

/// An amount as the exact 8-decimal text the sandbox writes.
pub fn amount_text(v: &Value) -> String {
    v.to_string()
}

/// A sandbox started by one test with its own arguments, environment and log file; killed
/// (SIGKILL) on drop if the test did not stop it.
pub struct OwnSandbox {
    pub child: std::process::Child,
    pub ready: Value,
    pub log: std::path::PathBuf,
}

impl OwnSandbox {
    /// Fails the test with what to install when there is no `litecoind` (and no `--node-url`).
    pub fn start(args: &[&str], envs: &[(&str, &str)]) -> OwnSandbox {
        if !args.contains(&"--node-url") {
            litecoind();
        }
        let log = std::env::temp_dir().join(format!("sandbox-test-{}.log", unique("log")));
        let mut child = Command::new(env!("CARGO_BIN_EXE_wallet-sandbox"))
            .args(["--listen", "0"])
            .args(args)
            .envs(envs.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start wallet-sandbox");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("ready line");
        let ready: Value = serde_json::from_str(&line).unwrap_or_else(|_| {
            let log_text = std::fs::read_to_string(&log).unwrap_or_default();
            if line.trim().is_empty() {
                let status = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
                let _ = std::fs::remove_file(&log);
                panic!("wallet-sandbox stopped ({status}) before its ready line; its log:\n{log_text}");
            }
            panic!("bad ready line {line:?}; log: {log_text}")
        });
        OwnSandbox { child, ready, log }
    }

    pub fn base_url(&self) -> String {
        self.ready["baseUrl"].as_str().unwrap().to_string()
    }

    pub fn api(&self) -> Api {
        self.api_with(self.ready["apiKey"].as_str().unwrap())
    }

    pub fn api_with(&self, credential: &str) -> Api {
        Api { http: reqwest::Client::new(), base_url: self.base_url(), credential: credential.to_string() }
    }

    /// Sends `signal` and waits for the process to exit.
    pub fn signal_and_wait(&mut self, signal: &str) -> std::process::ExitStatus {
        Command::new("kill").args([&format!("-{signal}"), &self.child.id().to_string()]).status().unwrap();
        self.child.wait().unwrap()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for OwnSandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

/// Pids of the `litecoind` children of `parent`.
pub fn litecoind_children(parent: u32) -> Vec<u32> {
    let out = Command::new("pgrep").args(["-P", &parent.to_string(), "litecoind"]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).split_whitespace().filter_map(|p| p.parse().ok()).collect()
}

/// True while `pid` is a live (not zombie) process.
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'),
        Err(_) => false,
    }
}

/// Waits up to `secs` for `cond`.
pub fn wait_until(secs: u64, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < deadline {
        if cond() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    cond()
}

/// A JSON-RPC call straight to the sandbox's node (test set-up and cross-checks): the node-level
/// RPC, or one wallet's. `Err` carries Core's error object.
pub async fn node_call(wallet: Option<&str>, method: &str, params: Value) -> Result<Value, Value> {
    let url = url::Url::parse(&sandbox().node_url).unwrap();
    let path = wallet.map(|w| format!("/wallet/{w}")).unwrap_or_default();
    let base = format!("http://{}:{}{path}", url.host_str().unwrap(), url.port().unwrap());
    let body = json!({ "jsonrpc": "1.0", "id": "test", "method": method, "params": params });
    let r: Value = reqwest::Client::new()
        .post(base)
        .basic_auth(url.username(), url.password())
        .json(&body)
        .send()
        .await
        .expect("node reachable")
        .json()
        .await
        .expect("node JSON");
    if r["error"].is_null() {
        Ok(r["result"].clone())
    } else {
        Err(r["error"].clone())
    }
}

/// [`node_call`] that must succeed.
pub async fn node_rpc(wallet: Option<&str>, method: &str, params: Value) -> Value {
    node_call(wallet, method, params).await.unwrap_or_else(|e| panic!("{method}: {e}"))
}

/// A `wallet-fault-proxy` in front of `upstream`, tied to this test: it stops when the struct is
/// dropped (killed) or when this process exits (its stdin closes).
pub struct FaultProxy {
    pub child: std::process::Child,
    pub url: String,
    http: reqwest::Client,
}

impl FaultProxy {
    /// A proxy in front of the sandbox of this test run.
    pub fn start() -> FaultProxy {
        Self::start_with(&sandbox().base_url, &[])
    }

    pub fn start_with(upstream: &str, args: &[&str]) -> FaultProxy {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wallet-fault-proxy"))
            .args(["--listen", "127.0.0.1:0", "--upstream", upstream, "--exit-on-stdin-eof"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start wallet-fault-proxy");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("proxy ready line");
        let ready: Value = serde_json::from_str(&line).unwrap_or_else(|_| panic!("bad proxy ready line: {line:?}"));
        let url = ready["proxyUrl"].as_str().unwrap().to_string();
        FaultProxy { child, url, http: reqwest::Client::new() }
    }

    /// An [`Api`] that goes through the proxy with `credential`.
    pub fn api_with(&self, credential: &str) -> Api {
        Api { http: reqwest::Client::new(), base_url: self.url.clone(), credential: credential.to_string() }
    }

    /// `POST /_proxy/rules` with `rule`; returns the proxy's answer (status, JSON body).
    pub async fn try_arm(&self, rule: Value) -> (u16, Value) {
        let r = self.http.post(format!("{}/_proxy/rules", self.url)).json(&rule).send().await.expect("proxy reachable");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Arms `rule`, which must be accepted.
    pub async fn arm(&self, rule: Value) {
        let (status, body) = self.try_arm(rule.clone()).await;
        assert_eq!((status, &body), (200, &json!({ "armed": true })), "rule {rule} refused");
    }

    /// `(hits, forwarded)` of `path`; with `key`, only requests carrying that credential.
    pub async fn hits(&self, path: &str, key: Option<&str>) -> (u64, u64) {
        let mut query = vec![("path", path)];
        query.extend(key.map(|k| ("key", k)));
        let r: Value = self.http.get(format!("{}/_proxy/hits", self.url)).query(&query).send().await.unwrap().json().await.unwrap();
        (r["hits"].as_u64().unwrap(), r["forwarded"].as_u64().unwrap())
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
