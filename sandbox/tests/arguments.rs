//! The command line and a missing `litecoind`: what the binary does before it has a node. None of
//! these tests needs Litecoin Core; they run the binary with a `PATH` that has no `litecoind`.

use std::ffi::OsString;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../src/litecoind_binary.rs"]
mod litecoind_binary;

use litecoind_binary::locate;

const BIN: &str = env!("CARGO_BIN_EXE_wallet-sandbox");

/// An empty directory to use as `PATH`: no `litecoind` (and nothing else) on it.
fn empty_path_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sandbox-no-node-{}-{:08x}", std::process::id(), rand::random::<u32>()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The binary with `args`, `PATH` without `litecoind`, `LITECOIND` and `SANDBOX_RPC_URL` unset,
/// then `envs`, in an empty working directory; waits at most 20 s (a hang fails the test instead
/// of blocking the run). Returns what it did and its pid.
fn run_without_node(args: &[&str], envs: &[(&str, &str)]) -> (Output, u32) {
    let path = empty_path_dir();
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(&path)
        .env("PATH", &path)
        .env_remove("LITECOIND")
        .env_remove("SANDBOX_RPC_URL")
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_dir_all(&path);
            panic!("wallet-sandbox {args:?} was still running after 20 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    child.stdout.take().unwrap().read_to_end(&mut stdout).unwrap();
    child.stderr.take().unwrap().read_to_end(&mut stderr).unwrap();
    let _ = std::fs::remove_dir_all(&path);
    (Output { status, stdout, stderr }, child.id())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_is_generated_and_lists_every_flag_and_environment_variable() {
    let secret_url = "http://someone:hunter2secret@127.0.0.1:1";
    for flag in ["--help", "-h"] {
        let (out, _) = run_without_node(&[flag], &[("SANDBOX_RPC_URL", secret_url)]);
        assert_eq!(out.status.code(), Some(0), "{flag}: {}", text(&out.stderr));
        let help = text(&out.stdout);
        assert!(help.contains("Usage: wallet-sandbox [OPTIONS]"), "{help}");
        for item in ["--listen <PORT>", "--ready-file <PATH>", "--node-url <URL>", "--data-dir <DIR>", "--exit-on-stdin-eof", "8080"] {
            assert!(help.contains(item), "{flag} does not mention {item}:\n{help}");
        }
        for var in [
            "SANDBOX_RPC_URL",
            "SANDBOX_JWT_SECRET",
            "SANDBOX_ACCEPT_ANY_JWT",
            "SANDBOX_BAD_KEY_STATUS",
            "SANDBOX_ALLOWED_NODE_HOSTS",
            "SANDBOX_OTP_SECRET",
            "SANDBOX_RATE_LIMIT",
            "SANDBOX_DENYLIST",
            "SANDBOX_NETWORK",
            "SANDBOX_COMPAT",
            "SANDBOX_DETAILS_QUERY_ONLY",
            "SANDBOX_LOG",
            "LITECOIND",
        ] {
            assert!(help.contains(var), "{flag} does not mention {var}:\n{help}");
        }
        // clap would show an environment variable's value; this one holds the node's password.
        assert!(!help.contains("hunter2secret"), "{flag} shows SANDBOX_RPC_URL's password:\n{help}");
    }
}

#[test]
fn bad_arguments_are_refused_with_usage_and_status_2() {
    for (args, names) in [
        (&["--bogus"][..], "Usage: wallet-sandbox [OPTIONS]"),
        (&["stray"], "Usage: wallet-sandbox [OPTIONS]"),
        (&["--listen", "notaport"], "--listen <PORT>"),
        (&["--listen", "70000"], "--listen <PORT>"),
        (&["--listen"], "--listen <PORT>"),
    ] {
        let (out, _) = run_without_node(args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(names) && err.contains("--help"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed on stdout: {}", text(&out.stdout));
    }
}

/// The one message a missing node gives, wherever it is met.
fn assert_names_what_to_install(stderr: &str) {
    assert!(stderr.contains("apt-get install -y litecoind"), "no install hint: {stderr}");
    assert!(stderr.contains("LITECOIND"), "does not say LITECOIND can name the binary: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn without_litecoind_the_sandbox_exits_1_saying_what_to_install() {
    let (out, pid) = run_without_node(&["--listen", "0"], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "a ready line without a node: {}", text(&out.stdout));
    assert_names_what_to_install(&text(&out.stderr));
    // It gave up before creating anything: no temporary data directory of that process is left.
    let prefix = format!("wallet-sandbox-{pid}-");
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect();
    for dir in &left {
        std::fs::remove_dir_all(dir).ok();
    }
    assert!(left.is_empty(), "half-made data directories: {left:?}");
}

#[test]
fn a_litecoind_variable_naming_no_program_is_reported_as_such() {
    for value in ["/nonexistent/bin/litecoind", "litecoind-not-installed"] {
        let (out, _) = run_without_node(&["--listen", "0"], &[("LITECOIND", value)]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(value), "the message does not name LITECOIND's value {value}: {err}");
        assert_names_what_to_install(&err);
    }
    // A directory is not a program either.
    let dir = empty_path_dir();
    let (out, _) = run_without_node(&["--listen", "0"], &[("LITECOIND", dir.to_str().unwrap())]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_names_what_to_install(&text(&out.stderr));
}

#[test]
fn arguments_are_accepted_as_before() {
    // Parsed fine (the run then stops at the missing node, status 1, not 2): a repeated flag
    // takes its last value, a value may start with '-', an empty SANDBOX_RPC_URL is no URL.
    let ready = std::env::temp_dir().join("-sandbox-ready-never-written");
    let cases: Vec<(Vec<&str>, Vec<(&str, &str)>)> = vec![
        (vec!["--listen", "1", "--listen", "0", "--exit-on-stdin-eof", "--exit-on-stdin-eof"], vec![]),
        (vec!["--listen", "0", "--ready-file", ready.to_str().unwrap()], vec![]),
        (vec!["--listen", "0", "--data-dir", "-not-created-because-the-node-is-missing"], vec![]),
        (vec!["--listen", "0"], vec![("SANDBOX_RPC_URL", "")]),
    ];
    for (args, envs) in cases {
        let (out, _) = run_without_node(&args, &envs);
        assert_eq!(out.status.code(), Some(1), "{args:?} {envs:?}: {}", text(&out.stderr));
        assert_names_what_to_install(&text(&out.stderr));
    }
    assert!(!ready.exists());
}

/// Attach mode (`--node-url` or `SANDBOX_RPC_URL`) starts no node, so it needs no `litecoind`:
/// against a port where nothing listens it waits for the node instead of refusing to start.
#[test]
fn attaching_to_a_node_needs_no_litecoind() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://u:p@127.0.0.1:{port}");
    let path = empty_path_dir();
    for (args, envs) in
        [(vec!["--listen", "0", "--node-url", url.as_str()], vec![]), (vec!["--listen", "0"], vec![("SANDBOX_RPC_URL", url.as_str())])]
    {
        let mut child = Command::new(BIN)
            .args(&args)
            .env("PATH", &path)
            .env_remove("LITECOIND")
            .env_remove("SANDBOX_RPC_URL")
            .envs(envs.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        let exited = child.try_wait().unwrap();
        let _ = child.kill();
        let _ = child.wait();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        assert!(exited.is_none(), "{args:?} {envs:?} exited ({exited:?}): {err}");
        assert!(!err.contains("apt-get"), "{args:?} {envs:?} asked for litecoind: {err}");
    }
    std::fs::remove_dir_all(&path).ok();
}

// ---------------------------------------------------------------- the lookup itself (src/litecoind_binary.rs)

fn lookup_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("litecoind-binary-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn program(dir: &Path, name: &str, mode: u32) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
    file
}

#[test]
fn finds_litecoind_on_path_in_order_and_only_executable() {
    let (a, b) = (lookup_dir("a"), lookup_dir("b"));
    program(&a, "litecoind", 0o644);
    let wanted = program(&b, "litecoind", 0o755);
    let path = std::env::join_paths([a.clone(), b.clone()]).unwrap();
    assert_eq!(locate(None, Some(path.clone())), Ok(wanted.clone()));
    // An empty LITECOIND is no LITECOIND.
    assert_eq!(locate(Some("".into()), Some(path.clone())), Ok(wanted.clone()));
    // LITECOIND as a name is looked up on PATH too; as a path, taken as it is.
    let other = program(&a, "litecoind-21", 0o700);
    assert_eq!(locate(Some("litecoind-21".into()), Some(path.clone())), Ok(other.clone()));
    assert_eq!(locate(Some(other.clone().into()), None), Ok(other));
    std::fs::remove_dir_all(a).ok();
    std::fs::remove_dir_all(b).ok();
}

#[test]
fn a_missing_program_says_what_to_install() {
    let empty = lookup_dir("empty");
    for (var, named) in [
        (None, "litecoind (Litecoin Core) was not found on PATH"),
        (Some("/no/such/litecoind"), "LITECOIND=/no/such/litecoind is not an executable file"),
        (Some(empty.to_str().unwrap()), "is not an executable file"),
        (Some("litecoind-nowhere"), "LITECOIND=litecoind-nowhere: no such program on PATH"),
    ] {
        let err = locate(var.map(OsString::from), Some(empty.clone().into())).unwrap_err();
        assert!(err.contains(named), "{err}");
        assert!(err.contains("apt-get install -y litecoind") && err.contains("set LITECOIND"), "{err}");
    }
    assert!(locate(None, None).is_err());
    std::fs::remove_dir_all(empty).ok();
}
