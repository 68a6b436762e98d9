//! `--sandbox`: a private `wallet-sandbox` (and its `litecoind -regtest`) for the duration of one
//! command. It is tied to this process through its stdin (`--exit-on-stdin-eof`), so it stops
//! when the command ends, however it ends.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

use crate::exit::Failure;

/// A running sandbox.
pub struct Sandbox {
    child: Child,
    stdin: Option<ChildStdin>,
    pub base_url: String,
    pub api_key: String,
}

/// `WALLET_SANDBOX_BIN`, else `wallet-sandbox` next to this executable, else on `PATH`.
fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("WALLET_SANDBOX_BIN") {
        return p.into();
    }
    if let Some(sibling) = std::env::current_exe().ok().and_then(|e| e.parent().map(|d| d.join("wallet-sandbox"))) {
        if sibling.is_file() {
            return sibling;
        }
    }
    "wallet-sandbox".into()
}

impl Sandbox {
    /// Starts one and waits for its ready line (the chain bootstrap takes some seconds).
    pub fn start() -> Result<Sandbox, Failure> {
        let bin = binary();
        let mut child = Command::new(&bin)
            .args(["--listen", "0", "--exit-on-stdin-eof"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                Failure::Local(format!(
                    "--sandbox: cannot start {} ({e}); build it with `cargo build -p wallet-sandbox`, put it on PATH \
                     or set WALLET_SANDBOX_BIN (it also needs litecoind)",
                    bin.display()
                ))
            })?;
        let stdin = child.stdin.take();
        let mut line = String::new();
        let read = child.stdout.take().map(|out| std::io::BufReader::new(out).read_line(&mut line));
        let ready: Option<serde_json::Value> = serde_json::from_str(&line).ok();
        let field = |k: &str| ready.as_ref().and_then(|r| r.get(k)).and_then(|v| v.as_str()).map(str::to_string);
        match (read, field("baseUrl"), field("apiKey")) {
            (Some(Ok(_)), Some(base_url), Some(api_key)) => Ok(Sandbox { child, stdin, base_url, api_key }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(Failure::Local(format!(
                    "--sandbox: {} did not start (is litecoind installed? run it alone to see its log)",
                    bin.display()
                )))
            }
        }
    }
}

impl Drop for Sandbox {
    /// Closes its stdin (it stops its node and removes its data directory), waits a little,
    /// and kills it if it is still there.
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
