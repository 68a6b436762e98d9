//! The `wallet` binary without a service: help, completions, man pages, argument and
//! configuration errors and their exit codes, every offline command, `--out`, and hostile
//! answers of a canned local service.

use std::process::{Command, Output, Stdio};

use serde_json::Value;
use wallet_sdk::operations::ALL;

/// A well-formed API key (a JWT without `exp`).
const KEY: &str = "eyJhbGciOiJIUzI1NiJ9.e30.c2ln";
const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/// Runs `wallet` with a clean environment (no service, no secrets, the state key it keeps in the
/// build's own folder) plus `env`, feeding `stdin`.
fn wallet(args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wallet"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, _) in std::env::vars() {
        if k.starts_with("WALLET_") {
            cmd.env_remove(k);
        }
    }
    cmd.env("XDG_STATE_HOME", env!("CARGO_TARGET_TMPDIR"));
    cmd.envs(env.iter().copied());
    let mut child = cmd.spawn().expect("run wallet");
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            input.write_all(s.as_bytes()).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

#[track_caller]
fn ok_json(o: &Output) -> Value {
    assert_eq!(code(o), 0, "stdout: {}\nstderr: {}", text(&o.stdout), text(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

/// The JSON error object printed on stderr with `--json`.
#[track_caller]
fn json_error(o: &Output, exit: i32, kind: &str) -> Value {
    assert_eq!(code(o), exit, "stdout: {}\nstderr: {}", text(&o.stdout), text(&o.stderr));
    assert!(o.stdout.is_empty(), "nothing on stdout after an error");
    let v: Value = serde_json::from_slice(&o.stderr).expect("JSON error on stderr");
    assert_eq!(v["error"]["kind"], kind, "{v}");
    assert_eq!(v["error"]["exitCode"], exit);
    v["error"].clone()
}

/// A path in this run's temporary directory, with nothing there (`--out` never writes over a
/// file, and a reused process id would find an old run's).
fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wallet-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    path
}

/// A service on loopback that answers every request with `status` and the JSON `body`; its
/// base URL.
fn canned_service(status: &str, body: &str) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let answer = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    std::thread::spawn(move || {
        for mut sock in listener.incoming().flatten() {
            // the operations used here are GETs: the request ends with its head
            let mut request = Vec::new();
            let mut buf = [0u8; 4096];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match sock.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            let _ = sock.write_all(answer.as_bytes());
        }
    });
    url
}

/// What a terminal must never receive from the service: C0/C1 controls but the layout's
/// newlines, and bidirectional overrides.
#[track_caller]
fn assert_inert(printed: &[u8]) {
    let printed = text(printed);
    let bad: Vec<char> = printed.chars().filter(|c| (c.is_control() && *c != '\n') || ('\u{202a}'..='\u{202e}').contains(c)).collect();
    assert!(bad.is_empty(), "raw {bad:?} in {printed:?}");
}

#[test]
fn help_lists_every_operation_and_each_has_its_own_help() {
    let o = wallet(&["--help"], &[], None);
    assert_eq!(code(&o), 0);
    let help = text(&o.stdout);
    let listed: Vec<&str> = help.lines().filter_map(|l| l.strip_prefix("  ")).filter_map(|l| l.split(' ').next()).collect();
    for op in ALL {
        let name = op.name.replace('_', "-");
        assert!(listed.contains(&name.as_str()), "`wallet --help` lacks {name}");
        let sub = wallet(&[&name, "--help"], &[], None);
        assert_eq!(code(&sub), 0, "{name} --help");
        let sub = text(&sub.stdout);
        assert!(sub.contains(op.path), "{name} --help names its path");
        for p in op.params {
            let flag = p.sdk_name.replace('_', "-");
            let flag = if p.secret { format!("--{flag}-file") } else { format!("--{flag}") };
            assert!(sub.contains(&flag), "{name} --help lacks {flag}");
        }
    }
    for word in ["offline", "completions", "man", "Exit codes:", "outcome_unknown", "--reveal-secrets", "--sandbox"] {
        assert!(help.contains(word), "`wallet --help` lacks {word}");
    }
    // no subcommand: the help, as a usage error
    let o = wallet(&[], &[], None);
    assert_eq!(code(&o), 2);
    assert!(text(&o.stderr).contains("Usage: wallet"));
}

#[test]
fn completions_and_man_pages() {
    let o = wallet(&["completions", "bash"], &[], None);
    assert_eq!(code(&o), 0);
    assert!(text(&o.stdout).contains("create-importable-encrypted-wallet"));
    let o = wallet(&["man"], &[], None);
    assert_eq!(code(&o), 0);
    assert!(text(&o.stdout).starts_with(".ie") || text(&o.stdout).contains(".TH wallet"), "{}", text(&o.stdout));
    let dir = temp_path("man");
    let o = wallet(&["man", "--dir", dir.to_str().unwrap()], &[], None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    for page in ["wallet.1", "wallet-create-wallet.1", "wallet-offline-derive-key.1"] {
        assert!(dir.join(page).is_file(), "man --dir wrote no {page}");
    }
}

#[test]
fn configuration_and_argument_errors_have_their_exit_codes() {
    // no service configured
    let e = json_error(&wallet(&["--json", "blockchain-info"], &[], None), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains("WALLET_SDK_BASE_URL"));
    // no API key (stdin is not a terminal: no prompt)
    let url = [("WALLET_SDK_BASE_URL", "http://127.0.0.1:9")];
    let e = json_error(&wallet(&["--json", "blockchain-info"], &url, None), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains("WALLET_SDK_API_KEY"));
    // a required input missing, an unknown flag, a bad integer
    let key = [("WALLET_SDK_BASE_URL", "http://127.0.0.1:9"), ("WALLET_SDK_API_KEY", KEY)];
    let e = json_error(&wallet(&["--json", "address-details", "w1"], &key, None), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains("`address`"), "{e}");
    assert_eq!(code(&wallet(&["wallet-balance", "w", "--api-key", "k"], &key, None)), 2);
    assert_eq!(code(&wallet(&["get-utxo-details", "txid", "--vout", "x"], &key, None)), 2);
    assert_eq!(code(&wallet(&["get-utxo-details", "txid", "one"], &key, None)), 2);
    // a required secret missing: never taken from a plain flag
    let e = json_error(&wallet(&["--json", "import-wallet", "w"], &key, None), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains("--mnemonics-file"), "{e}");
    // a creation that would lose its returned-once secret
    let e = json_error(&wallet(&["--json", "create-encrypted-wallet", "w"], &key, None), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains("--reveal-secrets"));
    // secrets revealed only on a terminal or into --out
    let o = wallet(&["--json", "--reveal-secrets", "address-private-key", "w", "a"], &key, None);
    json_error(&o, 2, "usage");
    // the SDK's own checks: http:// to another host, an expired key, an amount with 9 decimals
    let insecure = [("WALLET_SDK_BASE_URL", "http://wallet.example"), ("WALLET_SDK_API_KEY", KEY)];
    let o = wallet(&["--json", "blockchain-info"], &[key[0], ("WALLET_SDK_API_KEY", "not a key")], None);
    assert_eq!(json_error(&o, 3, "invalid_input")["field"], "credential");
    json_error(&wallet(&["--json", "blockchain-info"], &insecure, None), 4, "insecure_transport");
    let expired = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEwMDAwMDAwMDB9.c2ln"; // {"exp": 1000000000}
    let o = wallet(&["--json", "blockchain-info"], &[key[0], ("WALLET_SDK_API_KEY", expired)], None);
    json_error(&o, 5, "credential_expired");
    let o = wallet(&["--json", "send-funds-from-wallet", "w", "addr", "0.000000001"], &key, None);
    let e = json_error(&o, 3, "invalid_input");
    assert_eq!(e["field"], "amount");
    // nothing listens on port 9: a transport failure, in the table style too
    let o = wallet(&["--timeout", "2", "blockchain-info"], &key, None);
    assert_eq!(code(&o), 17, "{}", text(&o.stderr));
    assert!(text(&o.stderr).starts_with("error: transport: "), "{}", text(&o.stderr));
}

#[test]
fn offline_addresses_and_messages() {
    let v = ok_json(&wallet(&["--json", "offline", "parse-address", "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"], &[], None));
    assert_eq!(v["network"], "mainnet");
    assert_eq!(v["kind"], "p2wpkh");
    assert_eq!(v["witnessVersion"], 0);
    let o = wallet(&["offline", "parse-address", "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"], &[], None);
    assert!(text(&o.stdout).contains("kind            p2wpkh\n"), "{}", text(&o.stdout));
    let v = ok_json(&wallet(&["--json", "offline", "is-valid-address", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"], &[], None));
    assert_eq!(v["valid"], false);
    let e = json_error(&wallet(&["--json", "offline", "parse-address", "nonsense"], &[], None), 3, "invalid_input");
    assert_eq!(e["field"], "address");

    // a key from a phrase on stdin, signing with it from the environment, verifying
    let args = ["--json", "offline", "derive-key", "--path", "m/44'/1'/0'/0/0", "--address-type", "p2pkh", "--network", "regtest", "--mnemonics-file", "-"];
    let redacted = ok_json(&wallet(&args, &[], Some(&format!("{PHRASE}\n"))));
    assert_eq!(redacted["address"], "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
    assert_eq!(redacted["privateKey"], "[REDACTED]");
    let out = temp_path("derived.json");
    let mut revealed_args = args.to_vec();
    revealed_args.extend(["--reveal-secrets", "--out", out.to_str().unwrap()]);
    let o = wallet(&revealed_args, &[], Some(PHRASE));
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
    let revealed: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_private(&out);
    let wif = revealed["privateKey"].as_str().unwrap().to_string();
    assert!(wif.starts_with('c'), "a regtest WIF");
    // the two runs differ only in the secret
    let mut unredacted = revealed.clone();
    unredacted["privateKey"] = "[REDACTED]".into();
    assert_eq!(unredacted, redacted);

    let signed = ok_json(&wallet(&["--json", "offline", "sign-message", "hello"], &[("WALLET_PRIVATE_KEY", &wif)], None));
    let signature = signed["signature"].as_str().unwrap();
    let v = ok_json(&wallet(&["--json", "offline", "verify-message", "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV", "hello", signature], &[], None));
    assert_eq!(v["valid"], true);
    let v = ok_json(&wallet(&["--json", "offline", "verify-message", "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV", "hello!", signature], &[], None));
    assert_eq!(v["valid"], false);
    let wif_file = temp_path("key.wif");
    std::fs::write(&wif_file, format!("{wif}\n")).unwrap();
    let o = wallet(&["--json", "offline", "wif-to-key", "--wif-file", wif_file.to_str().unwrap()], &[], None);
    let v = ok_json(&o);
    assert_eq!(v["publicKey"], redacted["publicKey"]);
    assert_eq!(v["addresses"]["p2pkh"], "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
    // the WIF never shows unless revealed
    for o in [&o, &wallet(&["offline", "derive-key", "--path", "m/44'/1'/0'/0/0", "--network", "regtest"], &[("WALLET_MNEMONICS", PHRASE)], None)] {
        assert!(!text(&o.stdout).contains(&wif) && !text(&o.stderr).contains(&wif));
    }
    // a bad WIF: the error names the input, never its value
    let o = wallet(&["--json", "offline", "wif-to-key"], &[("WALLET_WIF", "cNotAValidWifAtAllButSecretLooking")], None);
    let e = json_error(&o, 3, "invalid_input");
    assert!(!e.to_string().contains("cNotAValidWif"));
}

#[test]
fn offline_mnemonics() {
    let v = ok_json(&wallet(&["--json", "offline", "default-address", "--address-type", "p2pkh", "--network", "regtest"], &[("WALLET_MNEMONICS", PHRASE)], None));
    assert_eq!(v["address"], "n2EtDkV6bVADRnm4QECEoAj8hD3eh2oujZ");
    let v = ok_json(&wallet(&["--json", "offline", "validate-mnemonic", "--mnemonics-file", "-"], &[], Some(PHRASE)));
    assert_eq!(v["valid"], true);
    let v = ok_json(&wallet(&["--json", "offline", "validate-mnemonic"], &[("WALLET_MNEMONICS", "abandon abandon about")], None));
    assert_eq!(v["valid"], false);
    // a required secret missing, stdin not a terminal: a usage error, no prompt
    json_error(&wallet(&["--json", "offline", "validate-mnemonic"], &[], None), 2, "usage");

    let o = wallet(&["offline", "generate-mnemonic", "--words", "24"], &[], None);
    assert_eq!(code(&o), 0);
    assert_eq!(text(&o.stdout), "mnemonics  [REDACTED]\n");
    assert!(text(&o.stderr).contains("--reveal-secrets"));
    let out = temp_path("phrase.txt");
    let o = wallet(&["--json", "--reveal-secrets", "--out", out.to_str().unwrap(), "offline", "generate-mnemonic", "--words", "15"], &[], None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    assert_private(&out);
    let v: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let phrase = v["mnemonics"].as_str().unwrap();
    assert_eq!(phrase.split(' ').count(), 15);
    let v = ok_json(&wallet(&["--json", "offline", "validate-mnemonic"], &[("WALLET_MNEMONICS", phrase)], None));
    assert_eq!(v["valid"], true);
    // revealing to a pipe is refused
    let o = wallet(&["--reveal-secrets", "offline", "generate-mnemonic"], &[], None);
    assert_eq!(code(&o), 2);
    assert!(o.stdout.is_empty());
}

#[cfg(unix)]
fn assert_private(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{} has mode {mode:o}", path.display());
}

#[cfg(not(unix))]
fn assert_private(_: &std::path::Path) {}

#[test]
fn out_never_writes_over_a_file_or_through_a_symlink() {
    let run = |out: &std::path::Path| wallet(&["--json", "--out", out.to_str().unwrap(), "offline", "is-valid-address", "x"], &[], None);
    let existing = temp_path("existing.json");
    std::fs::write(&existing, "keep").unwrap();
    let e = json_error(&run(&existing), 2, "usage");
    assert!(e["message"].as_str().unwrap().contains(existing.to_str().unwrap()), "{e}");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep");

    #[cfg(unix)]
    {
        // a link planted where the secrets are to go, to a file or to nowhere yet
        let target = temp_path("target");
        let link = temp_path("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = json_error(&run(&link), 2, "usage");
        assert!(e["message"].as_str().unwrap().contains(link.to_str().unwrap()), "{e}");
        assert!(!target.exists(), "--out followed the link");
        std::fs::write(&target, "keep").unwrap();
        json_error(&run(&link), 2, "usage");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    }

    // a directory that does not exist: the CLI's own failure
    let nowhere = temp_path("no-such-dir").join("out.json");
    let e = json_error(&run(&nowhere), 1, "cli");
    assert!(e["message"].as_str().unwrap().contains(nowhere.to_str().unwrap()), "{e}");

    let help = text(&wallet(&["--help"], &[], None).stdout);
    assert!(help.contains("never overwrites"), "{help}");
}

#[test]
fn out_is_checked_before_the_call_and_not_left_empty() {
    // a refused --out stops the run before anything is sent (an answer's returned-once
    // secrets would be lost): a usage error, not the transport failure of port 9
    let key = [("WALLET_SDK_BASE_URL", "http://127.0.0.1:9"), ("WALLET_SDK_API_KEY", KEY)];
    let existing = temp_path("before-call.json");
    std::fs::write(&existing, "").unwrap();
    let o = wallet(&["--json", "--out", existing.to_str().unwrap(), "--timeout", "2", "blockchain-info"], &key, None);
    json_error(&o, 2, "usage");
    // a failed call leaves no empty file behind
    let fresh = temp_path("failed-call.json");
    let o = wallet(&["--json", "--out", fresh.to_str().unwrap(), "--timeout", "2", "blockchain-info"], &key, None);
    json_error(&o, 17, "transport");
    assert!(!fresh.exists());
}

#[test]
fn timeouts_out_of_range_are_usage_errors() {
    let key = [("WALLET_SDK_BASE_URL", "http://127.0.0.1:9"), ("WALLET_SDK_API_KEY", KEY)];
    for bad in ["1e300", "86401", "inf", "NaN", "0", "-1", "1e-300", "x"] {
        let flag = format!("--timeout={bad}");
        let o = wallet(&[&flag, "blockchain-info"], &key, None);
        let err = text(&o.stderr);
        assert_eq!(code(&o), 2, "{flag}: {err}");
        assert!(err.contains("--timeout") && !err.contains("panicked"), "{flag}: {err}");
    }
    let o = wallet(&["--timeout", "86400", "blockchain-info"], &key, None);
    assert_eq!(code(&o), 17, "{}", text(&o.stderr));
}

#[test]
fn hostile_answers_reach_the_terminal_escaped() {
    let body = r#"{"successful": true, "message": "ok", "data": {
        "chain\u001b]0;pwned\u0007": "regtest", "nested": {"k\nfake  row": "v\u009b31m"},
        "peers": [{"addr\u001b[2J": "\u202egnp.exe", "n": 1}]}}"#;
    let url = canned_service("200 OK", body);
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY)];
    let o = wallet(&["blockchain-info"], &env, None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    assert_inert(&o.stdout);
    assert!(text(&o.stdout).contains("chain\\u{1b}]0;pwned\\u{7}  regtest"), "{}", text(&o.stdout));
    let o = wallet(&["--json", "blockchain-info"], &env, None);
    assert_inert(&o.stdout);
    assert_eq!(ok_json(&o)["peers"][0]["addr\u{1b}[2J"], "\u{202e}gnp.exe");

    let body = r#"{"successful": false, "message": "no wallet\u001b[2J\u009b31m\u202e", "data": null}"#;
    let url = canned_service("404 Not Found", body);
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY)];
    for mode in [&["wallet-balance", "w"][..], &["--json", "wallet-balance", "w"]] {
        let o = wallet(mode, &env, None);
        assert_eq!(code(&o), 8, "{}", text(&o.stderr));
        assert_inert(&o.stderr);
    }
}

#[test]
fn payment_requests_and_parse() {
    let addr = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w";
    // the URI, then the QR drawing
    let o = wallet(&["request", addr, "--amount", "0.25", "--label", "Coffee shop", "--param", "shop=42"], &[], None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    let printed = text(&o.stdout);
    let mut lines = printed.lines();
    assert_eq!(lines.next(), Some(format!("litecoin:{addr}?amount=0.25&label=Coffee%20shop&shop=42").as_str()));
    assert!(lines.clone().count() > 20 && lines.all(|l| l.chars().all(|c| "█▀▄ ".contains(c))));
    // --json gives the URI and the request it reads back to
    let v = ok_json(&wallet(&["--json", "request", addr, "--amount", "0.25", "--no-qr"], &[], None));
    assert_eq!(v["request"]["amount"], "0.25000000");
    // a PNG file, never over an existing one
    let png = temp_path("request.png");
    let o = wallet(&["--json", "request", addr, "--qr-out", png.to_str().unwrap()], &[], None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    assert_eq!(code(&wallet(&["request", addr, "--qr-out", png.to_str().unwrap()], &[], None)), 1);
    // bad input: a typed error naming the field, exit 3 like every invalid input
    let e = json_error(&wallet(&["--json", "request", addr, "--amount", "1e-3"], &[], None), 3, "invalid_input");
    assert_eq!(e["field"], "amount");
    let e = json_error(&wallet(&["--json", "request", addr, "--network", "testnet"], &[], None), 3, "invalid_input");
    assert_eq!(e["field"], "address");

    // parse: from the argument, or from stdin (a key stays out of the shell's history); never echoed
    let v = ok_json(&wallet(&["--json", "parse", &format!("LITECOIN:{}?amount=1", addr.to_uppercase())], &[], None));
    assert_eq!((v["kind"].as_str(), v["paymentRequest"]["amount"].as_str()), (Some("payment_uri"), Some("1.00000000")));
    let wif = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE";
    let o = wallet(&["--json", "parse"], &[], Some(&format!("{wif}\n")));
    let v = ok_json(&o);
    assert_eq!((v["kind"].as_str(), v["isSecret"].as_bool(), v["compressed"].as_bool()), (Some("wif"), Some(true), Some(true)));
    assert!(!text(&o.stdout).contains(&wif[..10]) && !text(&o.stderr).contains(&wif[..10]));
    let o = wallet(&["parse", "-"], &[], Some(PHRASE));
    assert!(text(&o.stdout).contains("mnemonic") && !text(&o.stdout).contains("abandon"));
}

/// The state key of the tokens below.
const STATE_KEY: &str = "the-state-key-of-these-tests-0123456789";

/// The outcome token of a creation of `w1` (a wallet, or an address in it) whose request may
/// have left, signed with `state_key` and settled at once, as a client of another process made it.
fn token_of(operation: &str, state_key: &str) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let client = wallet_sdk::Client::builder()
            .base_url("http://127.0.0.1:9")
            .credential(KEY)
            .state_key(state_key)
            .settle_time(std::time::Duration::from_millis(1))
            .build()
            .unwrap();
        let cell = wallet_sdk::OutcomeTokenCell::new();
        let _ = match operation {
            "create_wallet" => cell.record(client.create_wallet("w1")).await.map(drop),
            _ => cell.record(client.create_address("w1", Default::default())).await.map(drop),
        };
        cell.take().expect("a token")
    })
}

#[test]
fn resolve_tells_applied_not_applied_and_refuses_forged_tokens() {
    // a wallet creation whose answer was lost: the wallet exists -> applied, exit 0
    let url = canned_service("200 OK", r#"{"successful": true, "message": "ok", "data": {"walletName": "w1", "balance": 0}}"#);
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY), ("WALLET_SDK_STATE_KEY", STATE_KEY)];
    let token = &token_of("create_wallet", STATE_KEY);
    let o = wallet(&["--json", "resolve", token], &env, None);
    let v = ok_json(&o);
    assert_eq!((v["state"].as_str(), v["walletName"].as_str()), (Some("applied"), Some("w1")), "{v}");
    // from stdin too
    assert_eq!(ok_json(&wallet(&["--json", "resolve"], &env, Some(token)))["state"], "applied");

    // no such wallet, and the request settled long ago -> not applied, exit 21 (after the
    // allowance for another host's clock: at most the settle time, 1 s here)
    let body = r#"{"successful": false, "message": "Wallet w1 not found", "error": {"code": "wallet_not_found", "field": "walletName"}}"#;
    let url = canned_service("404 Not Found", body);
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY), ("WALLET_SDK_STATE_KEY", STATE_KEY)];
    let o = wallet(&["--json", "--settle-time", "1", "resolve", token], &env, None);
    assert_eq!(code(&o), 21, "{}{}", text(&o.stdout), text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["state"], "not_applied");
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));

    // an address creation cannot be checked -> still unknown, exit 20
    let o = wallet(&["--json", "resolve", &token_of("create_address", STATE_KEY)], &env, None);
    assert_eq!(code(&o), 20);

    // a forged token (changed, or signed with another key): invalid_input on `token`, before any request
    let env = [("WALLET_SDK_BASE_URL", "http://127.0.0.1:9"), ("WALLET_SDK_API_KEY", KEY), ("WALLET_SDK_STATE_KEY", STATE_KEY)];
    let changed = token.replace("w1", "w2");
    let other = token_of("create_wallet", "another-state-key-of-these-tests-98765");
    for forged in ["garbage", r#"{"v":2,"operation":"create_wallet","wallet_name":"w1","x":1}"#, &"[".repeat(100_000), &changed, &other] {
        let e = json_error(&wallet(&["--json", "resolve", forged], &env, None), 3, "invalid_input");
        assert_eq!(e["field"], "token");
    }
    // without a state key of its own the CLI keeps one (made on first use) for the next command
    let home = std::env::temp_dir().join(format!("wallet-cli-state-{}", std::process::id()));
    let state_home = home.to_str().unwrap();
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY), ("XDG_STATE_HOME", state_home)];
    let o = wallet(&["--json", "resolve", token], &env, None);
    assert_eq!(json_error(&o, 3, "invalid_input")["field"], "token");
    let kept = std::fs::read_to_string(home.join("wallet-sdk/state-key")).expect("the kept key");
    assert_eq!(kept.len(), 64);
    #[cfg(unix)]
    assert_eq!(std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(home.join("wallet-sdk/state-key")).unwrap().permissions()) & 0o777, 0o600);
    let o = wallet(&["--json", "--settle-time", "1", "resolve", &token_of("create_wallet", &kept)], &env, None);
    assert_eq!(code(&o), 21, "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(std::fs::read_to_string(home.join("wallet-sdk/state-key")).unwrap(), kept, "the same key for every command");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn ctrl_c_during_a_create_prints_the_token_that_resolves_it() {
    // a service that takes the request and never answers
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for sock in listener.incoming().flatten() {
            held.push(sock);
        }
    });
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wallet"));
    cmd.args(["--json", "create-wallet", "w1"]).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, _) in std::env::vars() {
        if k.starts_with("WALLET_") {
            cmd.env_remove(k);
        }
    }
    cmd.envs([("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY)]);
    let child = cmd.spawn().expect("run wallet");
    std::thread::sleep(std::time::Duration::from_millis(1_500));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill");
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let e = json_error(&o, 130, "interrupted");
    let token = e["outcomeToken"].as_str().unwrap_or_else(|| panic!("no token: {e}"));
    assert!(token.contains(r#""operation":"create_wallet""#) && token.contains(r#""wallet_name":"w1""#), "{token}");
}

#[test]
fn secrets_given_as_arguments_are_refused_without_being_echoed() {
    // a key or phrase as the argument of `parse`: refused (usage), never echoed; from stdin it is read
    let wif = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE";
    for secret in [wif, PHRASE] {
        let o = wallet(&["parse", secret], &[], None);
        assert_eq!(code(&o), 2, "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains("wallet parse -"), "{}", text(&o.stderr));
        let printed = format!("{}{}", text(&o.stdout), text(&o.stderr));
        assert!(!printed.contains(&wif[..10]) && !printed.contains("abandon"), "{printed}");
    }
    // a proxy password on the command line: refused before anything is sent, not echoed
    let url = canned_service("200 OK", &format!(r#"{{"successful": true, "data": {}}}"#, r#"{"chain":"regtest","blocks":7}"#));
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY)];
    let o = wallet(&["--json", "--proxy", "http://alice:S3cret-pa/ss@proxy.example:3128", "blockchain-info"], &env, None);
    assert_eq!(json_error(&o, 2, "usage")["message"].as_str().unwrap().contains("--proxy-file"), true);
    assert!(!text(&o.stderr).contains("S3cret"), "{}", text(&o.stderr));
    // from a file it is taken (a loopback service is reached directly)
    let file = std::env::temp_dir().join(format!("wallet-cli-proxy-{}", std::process::id()));
    std::fs::write(&file, "http://alice:S3cret-pa/ss@proxy.example:3128\n").unwrap();
    let v = ok_json(&wallet(&["--json", "--proxy-file", file.to_str().unwrap(), "blockchain-info"], &env, None));
    assert_eq!(v["blocks"], 7);
    // an unsupported proxy with such a password: the configuration error hides it whole
    std::fs::write(&file, "https://alice:S3cret-pa/ss?x#y@proxy.example:3128\n").unwrap();
    let remote = [("WALLET_SDK_BASE_URL", "https://wallet.example"), ("WALLET_SDK_API_KEY", KEY)];
    let o = wallet(&["--json", "--proxy-file", file.to_str().unwrap(), "blockchain-info"], &remote, None);
    assert_ne!(code(&o), 0);
    assert!(text(&o.stderr).contains("[REDACTED]@proxy.example"), "{}", text(&o.stderr));
    assert!(!text(&o.stderr).contains("S3cret") && !text(&o.stderr).contains("pa/ss"), "{}", text(&o.stderr));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn watch_escapes_what_the_service_writes_into_an_event() {
    // an entry whose address carries a bidirectional override and a C1 control
    let entry = format!(
        r#"{{"txid":"{}","category":"receive","address":"rltc1q\u202eevil\u0085","amount":0.5,"vout":0,"confirmations":1,"blockHash":"{}","time":1795305274}}"#,
        "ab".repeat(32),
        "cd".repeat(32)
    );
    let url = canned_service("200 OK", &format!(r#"{{"successful":true,"data":{{"items":[{entry}]}}}}"#));
    let env = [("WALLET_SDK_BASE_URL", url.as_str()), ("WALLET_SDK_API_KEY", KEY)];
    let o = wallet(&["watch", "shop", "--count", "1", "--poll-interval", "0.05"], &env, None);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    assert_inert(&o.stdout);
    let event: Value = serde_json::from_slice(&o.stdout).expect("one JSON line");
    assert_eq!(event["address"], "rltc1q\u{202e}evil\u{85}", "the same text to a JSON reader");
}
