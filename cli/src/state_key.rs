//! The CLI's own state key: each command is a process of its own, so the SDK's default (a
//! random key per process) would make every cursor and outcome token a command prints useless
//! to the next one. Without `WALLET_SDK_STATE_KEY` or `--state-key-file`, the CLI keeps a random
//! key in a file of the user's, made on first use and readable by the user only.

use std::io::Write;
use std::path::PathBuf;

use wallet_sdk::Secret;

use crate::exit::Failure;

/// Where the key is kept, as the help says it.
pub const DEFAULT_PLACE: &str = "$XDG_STATE_HOME/wallet-sdk/state-key (~/.local/state/…)";

fn place() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".local/state"),
    };
    Some(base.join("wallet-sdk").join("state-key"))
}

/// The kept key, made now if there is none.
pub fn kept() -> Result<Secret, Failure> {
    let path = place().ok_or_else(|| {
        Failure::Usage(format!("no place to keep the state key (HOME is not set): set {}", wallet_sdk::ENV_STATE_KEY))
    })?;
    let failed = |e: std::io::Error| Failure::Local(format!("state key {}: {e}", path.display()));
    match std::fs::read_to_string(&path) {
        Ok(text) => return Ok(Secret::new(text.trim_end().to_string())),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(failed(e)),
        Err(_) => {}
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    let key: String = rand::random::<[u8; 32]>().iter().map(|b| format!("{b:02x}")).collect();
    // written whole under a name of its own, then linked into place: another command never
    // reads half a key, and the first one linked is the key of every command
    let draft = path.with_extension(format!("{}.tmp", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&draft).and_then(|mut file| file.write_all(key.as_bytes()));
    let linked = written.and_then(|()| std::fs::hard_link(&draft, &path));
    let _ = std::fs::remove_file(&draft);
    match linked {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Ok(Secret::new(std::fs::read_to_string(&path).map_err(failed)?.trim_end().to_string()))
        }
        Err(e) => return Err(failed(e)),
    }
    Ok(Secret::new(key))
}
