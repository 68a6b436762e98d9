//! Start-up, ready line, shutdown, and no `litecoind` outliving the sandbox — also on SIGKILL.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};

use common::{alive, litecoind_children, wait_until, OwnSandbox};

fn temp_dirs_of(pid: u32) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&format!("wallet-sandbox-{pid}-")))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn ready_line_ready_file_and_clean_shutdown_on_sigterm() {
    let ready_file = std::env::temp_dir().join(common::unique("ready"));
    let mut sandbox = OwnSandbox::start(&["--ready-file", ready_file.to_str().unwrap()], &[]);
    let pid = sandbox.child.id();
    for key in ["baseUrl", "apiKey", "nodeUrl", "pid"] {
        assert!(!sandbox.ready[key].is_null(), "ready line lacks {key}: {}", sandbox.ready);
    }
    assert_eq!(sandbox.ready["pid"], pid);
    assert!(sandbox.ready["nodeUrl"].as_str().unwrap().starts_with("http://"));
    let from_file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&ready_file).unwrap()).unwrap();
    assert_eq!(from_file, sandbox.ready);
    assert_eq!(std::fs::metadata(&ready_file).unwrap().permissions().mode() & 0o777, 0o600);

    let health = sandbox.api().get("/sandbox/health", &[], &[]).await;
    assert!(health.data()["height"].as_u64().unwrap() >= 532);
    let nodes = litecoind_children(pid);
    assert_eq!(nodes.len(), 1, "one litecoind child expected");
    assert_eq!(temp_dirs_of(pid).len(), 1);

    let status = sandbox.signal_and_wait("TERM");
    assert!(status.success(), "sandbox exit status {status}");
    assert!(!alive(nodes[0]), "litecoind outlived the sandbox");
    assert!(temp_dirs_of(pid).is_empty(), "temporary data dir left behind");
    std::fs::remove_file(ready_file).ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn sigkill_leaves_no_litecoind_and_the_next_start_removes_the_stale_dir() {
    let mut sandbox = OwnSandbox::start(&[], &[]);
    let pid = sandbox.child.id();
    let nodes = litecoind_children(pid);
    assert_eq!(nodes.len(), 1);
    sandbox.signal_and_wait("KILL");
    assert!(wait_until(10, || !alive(nodes[0])), "litecoind {} survived a SIGKILL of the sandbox", nodes[0]);
    assert_eq!(temp_dirs_of(pid).len(), 1, "a SIGKILLed sandbox cannot clean up its own dir");

    let next = OwnSandbox::start(&[], &[]);
    assert!(temp_dirs_of(pid).is_empty(), "stale temporary dir of a dead sandbox not removed at start");
    drop(next);
}

#[tokio::test(flavor = "multi_thread")]
async fn stdin_eof_stops_the_sandbox_when_asked() {
    common::litecoind();
    let mut child = Command::new(env!("CARGO_BIN_EXE_wallet-sandbox"))
        .args(["--listen", "0", "--exit-on-stdin-eof"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let nodes = litecoind_children(child.id());
    drop(child.stdin.take());
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(!nodes.iter().any(|p| alive(*p)));
}

/// A node started by the test, for `--node-url` attach mode.
struct OwnNode {
    child: std::process::Child,
    dir: std::path::PathBuf,
    port: u16,
}

impl OwnNode {
    fn start(dir: &std::path::Path, port: u16) -> OwnNode {
        std::fs::create_dir_all(dir).unwrap();
        let child = Command::new(common::litecoind())
            .args([
                "-regtest",
                &format!("-datadir={}", dir.display()),
                "-txindex=1",
                "-fallbackfee=0.0001",
                "-rpcbind=127.0.0.1",
                "-rpcallowip=127.0.0.1",
                &format!("-rpcport={port}"),
                "-listen=0",
                "-rpcuser=u",
                "-rpcpassword=p",
                "-printtoconsole=0",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        OwnNode { child, dir: dir.to_path_buf(), port }
    }

    fn stop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

impl Drop for OwnNode {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn attached_node_going_away_gives_node_unavailable_and_recovers() {
    let dir = std::env::temp_dir().join(common::unique("attach-node"));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut node = OwnNode::start(&dir, port);
    let url = format!("http://u:p@127.0.0.1:{port}");
    let sandbox = OwnSandbox::start(&["--node-url", &url], &[]);
    let api = sandbox.api();
    api.get("/api/Blocks/blockchain-info", &[], &[]).await.data();

    node.stop();
    let r = api.get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(502, "node_unavailable");
    assert!(!r.text.contains(":p@"), "node password leaked: {}", r.text);

    let mut node = OwnNode::start(&node.dir.clone(), node.port);
    let mut recovered = false;
    for _ in 0..100 {
        if api.get("/api/Blocks/blockchain-info", &[], &[]).await.status == 200 {
            recovered = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(recovered, "sandbox did not serve again after the node came back");
    drop(sandbox);
    node.stop();
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn data_dir_keeps_chain_and_wallets_between_runs() {
    let dir = std::env::temp_dir().join(common::unique("data-dir"));
    let wallet = common::unique("kept");
    let first_height = {
        let mut sandbox = OwnSandbox::start(&["--data-dir", dir.to_str().unwrap()], &[]);
        let api = sandbox.api();
        api.post("/api/Wallet/create-importable-wallet", &[], serde_json::json!({ "walletName": wallet })).await.data();
        let height = api.mine(3).await["height"].as_u64().unwrap();
        assert!(sandbox.signal_and_wait("TERM").success());
        height
    };
    assert!(dir.join("node").is_dir(), "--data-dir must not be removed on exit");
    let sandbox = OwnSandbox::start(&["--data-dir", dir.to_str().unwrap()], &[]);
    let api = sandbox.api();
    let health = api.get("/sandbox/health", &[], &[]).await;
    assert_eq!(health.data()["height"].as_u64().unwrap(), first_height, "the chain was not kept");
    let details = api.get("/api/Wallet/details", &[], &[("walletName", &wallet), ("nodeUrlOrApiAccessKey", &api.credential)]).await;
    assert_eq!(details.data()["importable"], true, "the wallet and its sandbox record were not kept");
    drop(sandbox);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test(flavor = "multi_thread")]
async fn environment_switches_rate_limit_bad_key_status_and_compat() {
    let sandbox = OwnSandbox::start(
        &[],
        &[("SANDBOX_RATE_LIMIT", "3"), ("SANDBOX_BAD_KEY_STATUS", "404"), ("SANDBOX_COMPAT", "real")],
    );
    let api = sandbox.api();
    // SANDBOX_COMPAT=real: every key answers like the real service.
    let r = api.get("/api/Wallet/balance", &[("walletName", "no_such_wallet_x")], &[]).await;
    r.assert_real_failure();
    // SANDBOX_RATE_LIMIT: a burst beyond the bucket gets 429 with Retry-After, in every mode.
    let mut limited = None;
    for _ in 0..10 {
        let r = api.get("/api/Blocks/blockchain-info", &[], &[]).await;
        if r.status == 429 {
            limited = Some(r);
            break;
        }
    }
    let limited = limited.expect("no 429 after a burst of 10 requests at 3/s");
    limited.assert_error(429, "rate_limited");
    assert!(limited.headers.get("retry-after").is_some());
    // A rejected key: 404 with an empty body (compat real).
    let r = sandbox.api_with("bad.key.here").get("/api/Blocks/blockchain-info", &[], &[]).await;
    assert_eq!((r.status, r.text.as_str()), (404, ""));
    drop(sandbox);

    // SANDBOX_BAD_KEY_STATUS=404 alone keeps the default envelope but with status 404.
    // SANDBOX_DETAILS_QUERY_ONLY=1: wallet details ignore the credential header.
    let sandbox = OwnSandbox::start(&[], &[("SANDBOX_BAD_KEY_STATUS", "404"), ("SANDBOX_DETAILS_QUERY_ONLY", "1")]);
    let r = sandbox.api_with("bad.key.here").get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(404, "invalid_credential");
    let api = sandbox.api();
    let r = api.get("/api/Wallet/details", &[], &[("walletName", "no_such_wallet_q")]).await;
    r.assert_error(400, "missing_credential");
    let r = api.get("/api/Wallet/details", &[], &[("walletName", "no_such_wallet_q"), ("nodeUrlOrApiAccessKey", &api.credential)]).await;
    r.assert_error(404, "wallet_not_found");
}
