//! `wallet-sandbox`: the wallet-and-address service on a real Litecoin Core regtest node.
//!
//! With no arguments it starts a private `litecoind -regtest`, bootstraps the chain (MWEB active,
//! mature coins), serves on 127.0.0.1:8080 and prints one ready line (JSON) on stdout.

mod amount;
mod app;
mod auth;
mod error;
mod guard;
mod index;
mod keys;
mod launch;
mod litecoind;
mod litecoind_binary;
mod node;
mod ops;
mod otp;
mod rpc;
mod sandbox_api;
mod sync;

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;

use axum::response::IntoResponse;
use serde_json::json;

use crate::app::{AppState, Config, Network};
use crate::auth::Compat;
use crate::litecoind::NodeProcess;
use crate::rpc::{NodeEndpoint, RpcClient};

/// What `--help` says after the options: the environment variables the sandbox reads.
const ENVIRONMENT: &str = "\
Environment:
  SANDBOX_JWT_SECRET          key that signs the API keys (default: random for each run)
  SANDBOX_ACCEPT_ANY_JWT=1    accept any well-formed API key, signed or not (expiry still checked)
  SANDBOX_BAD_KEY_STATUS=404  answer a rejected API key with 404 instead of 401
  SANDBOX_ALLOWED_NODE_HOSTS  hosts a node-URL credential may name (default 127.0.0.1,localhost,::1)
  SANDBOX_OTP_SECRET          key that signs the OTPs (default: random for each run)
  SANDBOX_RATE_LIMIT          requests per second per credential (default 0: no limit)
  SANDBOX_DENYLIST            file of addresses that screen-address flags (one per line, # comments)
  SANDBOX_NETWORK             regtest (default), testnet or main: WIF/xprv prefixes, BIP44 coin type
  SANDBOX_COMPAT=real         every key answers failures the way the real service has been seen to
  SANDBOX_DETAILS_QUERY_ONLY=1  wallet details take the credential from the query only
  SANDBOX_LOG                 log filter for stderr (default info)
  LITECOIND                   the litecoind to start (default: litecoind on PATH)";

/// The wallet-and-address service on a real Litecoin Core regtest node.
///
/// With no arguments it starts a private `litecoind -regtest`, bootstraps the chain (MWEB active,
/// mature coins), serves on 127.0.0.1:8080 and prints one ready line (JSON) on stdout.
#[derive(clap::Parser)]
#[command(name = "wallet-sandbox", after_help = ENVIRONMENT, args_override_self = true)]
struct Args {
    /// Port on 127.0.0.1 (0 picks a free port)
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    listen: u16,
    /// Also write the ready line to PATH (mode 0600)
    #[arg(long, value_name = "PATH", allow_hyphen_values = true)]
    ready_file: Option<PathBuf>,
    /// Attach to an existing node (http://user:pass@127.0.0.1:PORT) instead of starting one
    // The variable's value (a password) is never shown in the help.
    #[arg(long, value_name = "URL", env = "SANDBOX_RPC_URL", hide_env_values = true, allow_hyphen_values = true)]
    node_url: Option<String>,
    /// Keep the node's and the sandbox's state in DIR between runs
    #[arg(long, value_name = "DIR", allow_hyphen_values = true)]
    data_dir: Option<PathBuf>,
    /// Stop when stdin closes (lets a test harness tie the sandbox to its own life)
    #[arg(long)]
    exit_on_stdin_eof: bool,
}

/// Parses the arguments; `--help` and usage errors end the process (status 0 and 2, clap's own).
fn parse_args() -> Result<Args, String> {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Args::command().get_matches();
    let mut args = Args::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    // An empty SANDBOX_RPC_URL means no URL (an empty --node-url is still refused as a URL).
    if matches.value_source("node_url") == Some(clap::parser::ValueSource::EnvVariable) && args.node_url.as_deref() == Some("") {
        args.node_url = None;
    }
    Ok(args)
}

fn random_bytes(n: usize) -> Vec<u8> {
    use rand::RngCore;
    let mut b = vec![0u8; n];
    rand::rng().fill_bytes(&mut b);
    b
}

fn env_config(state_dir: Option<PathBuf>) -> Result<Config, String> {
    let var = |name: &str| std::env::var(name).ok().filter(|s| !s.is_empty());
    let denylist: HashSet<String> = match var("SANDBOX_DENYLIST") {
        Some(path) => std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read SANDBOX_DENYLIST {path}: {e}"))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect(),
        None => HashSet::new(),
    };
    let network = match var("SANDBOX_NETWORK").as_deref() {
        None | Some("regtest") => Network::Regtest,
        Some("testnet") => Network::Testnet,
        Some("main") => Network::Main,
        Some(other) => return Err(format!("SANDBOX_NETWORK must be regtest, testnet or main, not {other}")),
    };
    Ok(Config {
        jwt_secret: var("SANDBOX_JWT_SECRET").map(String::into_bytes).unwrap_or_else(|| random_bytes(32)),
        accept_any_jwt: var("SANDBOX_ACCEPT_ANY_JWT").as_deref() == Some("1"),
        bad_key_status_404: var("SANDBOX_BAD_KEY_STATUS").as_deref() == Some("404"),
        allowed_node_hosts: var("SANDBOX_ALLOWED_NODE_HOSTS")
            .unwrap_or_else(|| "127.0.0.1,localhost,::1".into())
            .split(',')
            .map(|h| h.trim().to_string())
            .collect(),
        otp_secret: var("SANDBOX_OTP_SECRET").map(String::into_bytes).unwrap_or_else(|| random_bytes(32)),
        rate_limit: var("SANDBOX_RATE_LIMIT").map(|v| v.parse().map_err(|_| "SANDBOX_RATE_LIMIT must be an integer")).transpose()?.unwrap_or(0),
        denylist,
        network,
        compat_all_real: var("SANDBOX_COMPAT").and_then(|c| Compat::parse(&c)) == Some(Compat::Real),
        details_query_only: var("SANDBOX_DETAILS_QUERY_ONLY").as_deref() == Some("1"),
        state_dir,
    })
}

fn main() {
    let args = launch::start("SANDBOX_LOG", parse_args);
    // Spawned here, on the main thread, so that PR_SET_PDEATHSIG ties the node to this process.
    let mut process = match &args.node_url {
        Some(_) => None,
        None => match NodeProcess::spawn(args.data_dir.as_deref()) {
            Ok(p) => Some(p),
            Err(e) => {
                tracing::error!("{e}");
                std::process::exit(1);
            }
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    let outcome = runtime.block_on(run(args, process.as_mut()));
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    if let Some(p) = process {
        tracing::info!("stopping litecoind");
        p.stop();
    }
    if let Err(e) = outcome {
        tracing::error!("{e}");
        std::process::exit(1);
    }
}

async fn run(args: Args, process: Option<&mut NodeProcess>) -> Result<(), String> {
    let endpoint = match (&args.node_url, &process) {
        (Some(url), _) => NodeEndpoint::parse(url).map_err(|e| format!("--node-url: {e}"))?.0,
        (None, Some(p)) => p.endpoint.clone(),
        (None, None) => unreachable!("a node is either attached or spawned"),
    };
    let config = env_config(args.data_dir.clone())?;
    let probe = RpcClient::new(endpoint.clone(), reqwest::Client::new());
    litecoind::wait_ready(&probe, process).await?;
    tracing::info!("bootstrapping the regtest chain");
    litecoind::bootstrap(&probe).await.map_err(|e| format!("bootstrap failed: {}", e.message()))?;

    let state = AppState::new(config, endpoint.clone());
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], args.listen)))
        .await
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", args.listen))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let (api_key, _) = state.issuer.mint(7 * 24 * 3600, Compat::Default);
    let ready = json!({
        "baseUrl": format!("http://127.0.0.1:{port}"),
        "apiKey": api_key,
        "nodeUrl": endpoint.url_with_credentials(),
        "pid": std::process::id(),
    })
    .to_string();
    launch::announce_ready(&ready, args.ready_file.as_deref())?;
    tracing::info!(port, "wallet-sandbox ready");

    let app_state = state.clone();
    let router = axum::Router::new().fallback(move |method, uri, headers, body| {
        let state = app_state.clone();
        // Like a real server, finish (and log) a request whose client went away: an abandoned
        // wallet creation still happens, which is what clients must be prepared for.
        async move {
            tokio::spawn(app::handle(state, method, uri, headers, body))
                .await
                .unwrap_or_else(|_| axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response())
        }
    });
    axum::serve(listener, router)
        .with_graceful_shutdown(launch::shutdown_signal(args.exit_on_stdin_eof))
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!("shutting down");
    Ok(())
}
