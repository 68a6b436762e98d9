//! Process plumbing shared by the package's binaries (`wallet-sandbox`, `wallet-fault-proxy`):
//! logging and arguments, the ready line and its private file, and the shutdown signal.

use std::io::Write;

/// Logs to stderr (level from the environment variable `log_env`, default info) and parses the
/// arguments; a usage error ends the process with status 2.
pub fn start<A>(log_env: &str, parse_args: fn() -> Result<A, String>) -> A {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env(log_env).unwrap_or_else(|_| "info".into()))
        .with_ansi(false)
        .init();
    match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}

/// Writes `text` and a newline to `path` with mode 0600 (via a temporary file and a rename, so a
/// reader never sees half a line).
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&tmp)?;
    writeln!(f, "{text}")?;
    drop(f);
    std::fs::rename(tmp, path)
}

/// Announces readiness: writes the ready line to `ready_file` (if any), then prints it on stdout.
pub fn announce_ready(ready: &str, ready_file: Option<&std::path::Path>) -> Result<(), String> {
    if let Some(path) = ready_file {
        write_private(path, ready).map_err(|e| format!("cannot write --ready-file {}: {e}", path.display()))?;
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{ready}");
    let _ = out.flush();
    Ok(())
}

/// Resolves on SIGTERM, SIGINT or, with `exit_on_stdin_eof`, when stdin closes (which lets a test
/// harness tie the process to its own life).
pub async fn shutdown_signal(exit_on_stdin_eof: bool) {
    use tokio::io::AsyncReadExt;
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate()).expect("SIGTERM handler");
    let mut int = signal(SignalKind::interrupt()).expect("SIGINT handler");
    let stdin_closed = async {
        if !exit_on_stdin_eof {
            return std::future::pending().await;
        }
        let mut stdin = tokio::io::stdin();
        let mut buf = [0u8; 64];
        while let Ok(n) = stdin.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    };
    tokio::select! {
        _ = term.recv() => {},
        _ = int.recv() => {},
        _ = stdin_closed => {},
    }
}
