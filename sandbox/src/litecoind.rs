//! Running a private `litecoind -regtest` for the sandbox's lifetime and bootstrapping its chain.

use std::io::Read;
use std::net::TcpListener;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::Rng;
use serde_json::json;

use crate::rpc::{NodeEndpoint, RpcClient, RpcError};

/// Prefix of the temporary data directories, so stale ones from killed runs can be found.
const TEMP_PREFIX: &str = "wallet-sandbox-";
/// Height at which MWEB activates on regtest.
const MWEB_HEIGHT: u64 = 432;
/// Height after bootstrap: MWEB active and 100 blocks of mature coinbase past it.
pub const BOOTSTRAP_HEIGHT: u64 = 532;
pub const MINER_WALLET: &str = "miner";
/// Keys each wallet derives ahead of the last one used, per keychain (`-keypool`).
const KEYPOOL: u32 = 20;

pub struct NodeProcess {
    child: Child,
    pub endpoint: NodeEndpoint,
    /// Removed on stop when the sandbox created it.
    temp_dir: Option<PathBuf>,
}

fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn random_token(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    (0..len).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// The node's configuration file, in its data directory: the RPC user (`rpcauth`) only.
const RPC_CONF: &str = "wallet-sandbox-rpc.conf";

/// `rpcauth=USER:SALT$HMAC` as Litecoin Core's `share/rpcauth/rpcauth.py` writes it: a random hex
/// salt and HMAC-SHA256 keyed with the salt's text over the password, in hex.
fn rpcauth_line(user: &str, password: &str) -> String {
    use hmac::{Hmac, Mac};
    let salt = hex::encode(rand::rng().random::<[u8; 16]>());
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(salt.as_bytes()).expect("HMAC takes any key length");
    mac.update(password.as_bytes());
    format!("rpcauth={user}:{salt}${}", hex::encode(mac.finalize().into_bytes()))
}

/// Writes `text` to a new file `path` of mode 0600, replacing any file of that name (a kept
/// `--data-dir` has the previous run's); never follows a symbolic link planted there.
fn write_private_new(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()
}

fn pid_alive(pid: i32) -> bool {
    // Signal 0 checks existence without delivering anything.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// How long a temporary data directory without a `sandbox.pid` is left alone: another sandbox may
/// be between creating it and writing the file (two starting at once removed each other's).
const UNCLAIMED_DIR_GRACE: std::time::Duration = std::time::Duration::from_secs(300);

/// Removes temporary data directories whose sandbox is gone (it was SIGKILLed and could not clean up).
pub fn remove_stale_temp_dirs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(TEMP_PREFIX) {
            continue;
        }
        let owner = std::fs::read_to_string(entry.path().join("sandbox.pid")).ok().and_then(|s| s.trim().parse::<i32>().ok());
        let stale = match owner {
            Some(pid) => !pid_alive(pid),
            None => entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|made| made.elapsed().is_ok_and(|age| age >= UNCLAIMED_DIR_GRACE)),
        };
        if !stale {
            continue;
        }
        tracing::info!(dir = %entry.path().display(), "removing stale sandbox data directory");
        let _ = std::fs::remove_dir_all(entry.path());
    }
}

/// On Linux the node dies with the sandbox, even when the sandbox is SIGKILLed.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    unsafe {
        command.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may already be gone between fork and prctl.
            if libc::getppid() == 1 {
                libc::_exit(1);
            }
            Ok(())
        });
    }
}

/// Elsewhere (macOS) there is no parent-death signal: the sandbox stops its node when it ends
/// normally (Ctrl-C, SIGTERM), and a sandbox that is SIGKILLed leaves the node running, which
/// the next sandbox's start-up does not reuse (a new data dir, new ports).
#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

impl NodeProcess {
    /// Spawns litecoind. Must be called from the main thread: `PR_SET_PDEATHSIG` fires when the
    /// spawning *thread* exits, and the main thread lives exactly as long as the sandbox.
    /// Fails with what to install, before creating anything, when there is no `litecoind`.
    pub fn spawn(data_dir: Option<&Path>) -> std::io::Result<NodeProcess> {
        let binary = crate::litecoind_binary::find()
            .map_err(|m| std::io::Error::new(std::io::ErrorKind::NotFound, format!("{m} (or attach to a running node with --node-url)")))?;
        let (dir, temp_dir) = match data_dir {
            Some(d) => {
                std::fs::create_dir_all(d)?;
                (d.to_path_buf(), None)
            }
            None => {
                remove_stale_temp_dirs();
                let d = std::env::temp_dir().join(format!("{TEMP_PREFIX}{}-{}", std::process::id(), random_token(6)));
                // Ours alone (it holds the wallets and the node's configuration), and new: an
                // existing directory of that name is not taken over.
                std::fs::DirBuilder::new().mode(0o700).create(&d)?;
                std::fs::write(d.join("sandbox.pid"), std::process::id().to_string())?;
                (d.clone(), Some(d))
            }
        };
        let node_dir = dir.join("node");
        std::fs::create_dir_all(&node_dir)?;
        let rpc_port = free_port()?;
        let p2p_port = free_port()?;
        let user = format!("sandbox{}", random_token(6));
        let password = random_token(32);
        // The credentials go in a file only we can read, never on the command line (which every
        // local user sees in `ps`), and as a salted HMAC: the file does not hold the password.
        let conf = node_dir.join(RPC_CONF);
        write_private_new(&conf, &format!("# Written by wallet-sandbox for this run of litecoind.\n{}\n", rpcauth_line(&user, &password)))?;
        let mut command = Command::new(&binary);
        command
            .arg("-regtest")
            .arg(format!("-datadir={}", node_dir.display()))
            .arg(format!("-conf={}", conf.display()))
            .arg("-txindex=1")
            .arg("-fallbackfee=0.0001")
            // BIP125 replacement in the mempool (Litecoin Core's default is off: a `bumpfee`
            // replacement would be kept by the wallet but refused by the mempool); only
            // transactions that signal opt-in RBF are replaceable (`/sandbox/replace`, ADR 0015)
            .arg("-mempoolreplacement=1")
            // Each new wallet derives this many keys ahead on each of its keychains. Litecoin
            // Core's 1,000 made `createwallet` cost about 2 s of CPU, most of the time of the
            // suites that use the sandbox; 20 is BIP44's gap limit, which a restore's rescan
            // still finds (ADR 0025).
            .arg(format!("-keypool={KEYPOOL}"))
            .arg("-server=1")
            .arg("-rpcbind=127.0.0.1")
            .arg("-rpcallowip=127.0.0.1")
            .arg(format!("-rpcport={rpc_port}"))
            .arg(format!("-port={p2p_port}"))
            .arg("-bind=127.0.0.1")
            .arg("-listenonion=0")
            .arg("-dnsseed=0")
            .arg("-discover=0")
            .arg("-upnp=0")
            .arg("-rpcworkqueue=256")
            .arg("-rpcthreads=8")
            .arg("-printtoconsole=0")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        die_with_parent(&mut command);
        let child = command.spawn().map_err(|e| {
            if let Some(d) = &temp_dir {
                let _ = std::fs::remove_dir_all(d);
            }
            std::io::Error::new(e.kind(), format!("cannot start {}: {e}", binary.display()))
        })?;
        let endpoint = NodeEndpoint { base: format!("http://127.0.0.1:{rpc_port}"), user, password };
        Ok(NodeProcess { child, endpoint, temp_dir })
    }

    /// Fails early with litecoind's own words when it exited during start-up.
    pub fn check_running(&mut self) -> Result<(), String> {
        if let Ok(Some(status)) = self.child.try_wait() {
            let mut err = String::new();
            if let Some(mut stderr) = self.child.stderr.take() {
                let _ = stderr.read_to_string(&mut err);
            }
            return Err(format!("litecoind exited ({status}): {}", err.trim()));
        }
        Ok(())
    }

    /// Asks the node to stop, waits, kills it if it lingers, and removes a temporary data dir.
    pub fn stop(mut self) {
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(100)),
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
            }
        }
        if let Some(dir) = self.temp_dir.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Waits until the node answers RPCs (it answers -28 while warming up); a spawned node that
/// exits meanwhile is reported with its own words.
pub async fn wait_ready(rpc: &RpcClient, mut process: Option<&mut NodeProcess>) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(p) = process.as_deref_mut() {
            p.check_running()?;
        }
        match rpc.call("getblockcount", json!([])).await {
            Ok(_) => return Ok(()),
            Err(RpcError::Unauthorized) => return Err("the node rejected the RPC user or password".into()),
            Err(e) if Instant::now() > deadline => return Err(format!("litecoind did not become ready: {}", e.message())),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// Loads or creates the miner wallet and mines until MWEB is active with mature coins.
pub async fn bootstrap(rpc: &RpcClient) -> Result<(), RpcError> {
    ensure_miner_wallet(rpc).await?;
    let height = rpc.call("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    if height >= BOOTSTRAP_HEIGHT {
        return Ok(());
    }
    let address = miner_address(rpc).await?;
    if height < MWEB_HEIGHT - 1 {
        rpc.call("generatetoaddress", json!([MWEB_HEIGHT - 1 - height, address])).await?;
    }
    let height = rpc.call("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    if height < MWEB_HEIGHT {
        // Block 432 needs a peg-in in the mempool, or CreateNewBlock fails with bad-txns-vin-empty.
        let mweb = rpc.wallet_call(MINER_WALLET, "getnewaddress", json!(["peg-in", "mweb"])).await?;
        rpc.wallet_call(MINER_WALLET, "sendtoaddress", json!([mweb, 1])).await?;
    }
    let height = rpc.call("getblockcount", json!([])).await?.as_u64().unwrap_or(0);
    rpc.call("generatetoaddress", json!([BOOTSTRAP_HEIGHT - height, address])).await?;
    Ok(())
}

pub async fn ensure_miner_wallet(rpc: &RpcClient) -> Result<(), RpcError> {
    let loaded = rpc.call("listwallets", json!([])).await?;
    if loaded.as_array().is_some_and(|w| w.iter().any(|n| n == MINER_WALLET)) {
        return Ok(());
    }
    match rpc.call("loadwallet", json!([MINER_WALLET, true])).await {
        Ok(_) => Ok(()),
        Err(RpcError::Rpc { .. }) => {
            rpc.call("createwallet", json!([MINER_WALLET, false, false, "", false, false, true])).await.map(|_| ())
        }
        Err(e) => Err(e),
    }
}

/// The miner's legacy coinbase address (created once, reused).
pub async fn miner_address(rpc: &RpcClient) -> Result<String, RpcError> {
    if let Ok(found) = rpc.wallet_call(MINER_WALLET, "getaddressesbylabel", json!(["coinbase"])).await {
        if let Some(addr) = found.as_object().and_then(|m| m.keys().next().cloned()) {
            return Ok(addr);
        }
    }
    let addr = rpc.wallet_call(MINER_WALLET, "getnewaddress", json!(["coinbase", "legacy"])).await?;
    Ok(addr.as_str().unwrap_or_default().to_string())
}

#[cfg(test)]
mod stale_dir_tests {
    use super::{random_token, remove_stale_temp_dirs, TEMP_PREFIX};

    fn temp_data_dir(pid: Option<u32>) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("{TEMP_PREFIX}test-{}", random_token(8)));
        std::fs::create_dir(&dir).unwrap();
        if let Some(pid) = pid {
            std::fs::write(dir.join("sandbox.pid"), pid.to_string()).unwrap();
        }
        dir
    }

    /// A directory another sandbox has just made and not yet claimed is left alone, as is a live
    /// sandbox's; a dead sandbox's goes.
    #[test]
    fn only_the_directories_of_sandboxes_that_are_gone_are_removed() {
        let mut exited = std::process::Command::new("true").spawn().unwrap();
        let dead = exited.id();
        exited.wait().unwrap();
        let unclaimed = temp_data_dir(None);
        let live = temp_data_dir(Some(std::process::id()));
        let gone = temp_data_dir(Some(dead));
        remove_stale_temp_dirs();
        let (unclaimed_kept, live_kept, gone_kept) = (unclaimed.exists(), live.exists(), gone.exists());
        for dir in [&unclaimed, &live, &gone] {
            let _ = std::fs::remove_dir_all(dir);
        }
        assert!(unclaimed_kept, "a directory not claimed yet was removed");
        assert!(live_kept, "a live sandbox's directory was removed");
        assert!(!gone_kept, "a dead sandbox's directory was kept");
    }
}
