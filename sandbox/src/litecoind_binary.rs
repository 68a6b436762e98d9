//! Which `litecoind` the sandbox starts, and the one message that says what to do when there is
//! none. Standard library only: the tests' harness (tests/common) includes this file, so that it
//! looks for the same program and fails with the same words (docs/adr/0012); its unit tests are
//! in tests/arguments.rs for that reason (here they would run again in every test binary).

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The environment variable naming the program: a path, or a name looked up on `PATH`.
pub const VAR: &str = "LITECOIND";

/// What to do about a missing node.
pub const INSTALL_HINT: &str =
    "install Litecoin Core (Debian/Ubuntu: `apt-get install -y litecoind`; `make deps` does it) or set LITECOIND to the program's path";

/// The program to start: `$LITECOIND` when set and not empty, else `litecoind`, found the way
/// `execvp` finds it (a name with a `/` as it is, any other on `PATH`).
pub fn find() -> Result<PathBuf, String> {
    locate(std::env::var_os(VAR), std::env::var_os("PATH"))
}

/// [`find`] with the two variables given.
pub fn locate(litecoind: Option<OsString>, path: Option<OsString>) -> Result<PathBuf, String> {
    let from_var = litecoind.filter(|v| !v.is_empty());
    let name = PathBuf::from(from_var.clone().unwrap_or_else(|| "litecoind".into()));
    let found = if name.as_os_str().as_bytes().contains(&b'/') {
        is_program(&name).then(|| name.clone())
    } else {
        path.iter().flat_map(std::env::split_paths).map(|dir| dir.join(&name)).find(|p| is_program(p))
    };
    found.ok_or_else(|| match from_var {
        Some(_) if name.as_os_str().as_bytes().contains(&b'/') => {
            format!("LITECOIND={} is not an executable file: {INSTALL_HINT}", name.display())
        }
        Some(_) => format!("LITECOIND={}: no such program on PATH: {INSTALL_HINT}", name.display()),
        None => format!("litecoind (Litecoin Core) was not found on PATH: {INSTALL_HINT}"),
    })
}

/// A file (or a link to one) that someone may execute.
fn is_program(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
