//! The RPC credentials of the sandbox's own litecoind never appear on its command line (which
//! every local user can read in `ps` or /proc/PID/cmdline): they reach the node through a
//! configuration file only its owner can read.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use common::{litecoind_children, OwnSandbox};
use serde_json::{json, Value};

fn cmdline(pid: u32) -> Vec<String> {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap();
    raw.split(|b| *b == 0).filter(|a| !a.is_empty()).map(|a| String::from_utf8_lossy(a).into_owned()).collect()
}

async fn rpc(url: &url::Url, user: &str, password: &str) -> u16 {
    let body = json!({ "jsonrpc": "1.0", "id": "t", "method": "getblockcount", "params": [] });
    let base = format!("http://{}:{}/", url.host_str().unwrap(), url.port().unwrap());
    reqwest::Client::new().post(base).basic_auth(user, Some(password)).json(&body).send().await.unwrap().status().as_u16()
}

#[tokio::test(flavor = "multi_thread")]
async fn rpc_credentials_are_not_on_the_node_command_line() {
    let sandbox = OwnSandbox::start(&[], &[]);
    let node_url = url::Url::parse(sandbox.ready["nodeUrl"].as_str().unwrap()).unwrap();
    let (user, password) = (node_url.username().to_string(), node_url.password().unwrap().to_string());
    assert!(password.len() >= 16, "a real password: {password:?}");

    let nodes = litecoind_children(sandbox.child.id());
    assert_eq!(nodes.len(), 1, "one litecoind child expected");
    let args = cmdline(nodes[0]);
    for arg in &args {
        assert!(!arg.contains(&password), "the RPC password is on litecoind's command line: {arg}");
        let name = arg.trim_start_matches('-').split('=').next().unwrap().to_ascii_lowercase();
        assert!(!["rpcpassword", "rpcauth", "rpcuser"].contains(&name.as_str()), "RPC credential option on the command line: {arg}");
    }

    // Where they are instead: the node's configuration file, mode 0600.
    let datadir = args.iter().find_map(|a| a.strip_prefix("-datadir=")).map(PathBuf::from).expect("-datadir");
    let conf = args
        .iter()
        .find_map(|a| a.strip_prefix("-conf="))
        .map(|c| if c.starts_with('/') { PathBuf::from(c) } else { datadir.join(c) })
        .unwrap_or_else(|| datadir.join("litecoin.conf"));
    let meta = std::fs::metadata(&conf).unwrap_or_else(|e| panic!("{}: {e}", conf.display()));
    assert_eq!(meta.permissions().mode() & 0o777, 0o600, "{} must be readable by its owner only", conf.display());
    let text = std::fs::read_to_string(&conf).unwrap();
    assert!(text.contains(&user), "the RPC user is configured in {}", conf.display());
    assert!(!text.contains(&password), "the file holds a salted hash (rpcauth), not the password itself");

    // The credentials of the ready line work, and only they do.
    assert_eq!(rpc(&node_url, &user, &password).await, 200);
    assert_eq!(rpc(&node_url, &user, "wrong-password").await, 401);
    assert_eq!(rpc(&node_url, "someone", &password).await, 401);
    // The sandbox itself talks to the node with them.
    let r = sandbox.api().get("/api/Blocks/blockchain-info", &[], &[]).await;
    let data: &Value = r.data();
    assert_eq!(data["chain"], "regtest", "{}", r.text);
}
