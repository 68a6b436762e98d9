//! The `wallet` binary against a running sandbox (run under scripts/with-sandbox, which exports
//! WALLET_SDK_BASE_URL and WALLET_SDK_API_KEY): every one of the 43 subcommands runs in both
//! output modes, a revealed run is compared with a redacted one, error exit codes, `--sandbox`,
//! and no secret ever shows on stdout or stderr unless revealed.

use std::collections::BTreeSet;
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use wallet_sdk::operations::{ALL, VARIANTS};

const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: run under scripts/with-sandbox"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `wallet` with the launcher's service and key, no other WALLET_* variable but `vars`.
fn wallet(args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wallet"));
    cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, _) in std::env::vars() {
        if k.starts_with("WALLET_") && k != "WALLET_SDK_BASE_URL" && k != "WALLET_SDK_API_KEY" {
            cmd.env_remove(k);
        }
    }
    // the state key the commands keep, in the build's own folder
    cmd.env("XDG_STATE_HOME", env!("CARGO_TARGET_TMPDIR"));
    cmd.envs(vars.iter().copied());
    cmd.output().expect("run wallet")
}

/// A run's transcript, with what every redacted run printed and which subcommands ran how.
struct Session {
    dir: std::path::PathBuf,
    printed: Vec<String>,
    covered: BTreeSet<(String, &'static str)>,
    files: usize,
}

impl Session {
    fn new() -> Session {
        let dir = std::env::temp_dir().join(format!("wallet-cli-sandbox-{}", std::process::id()));
        // `--out` refuses an existing file: none left by an earlier run with the same id
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Session { dir, printed: Vec::new(), covered: BTreeSet::new(), files: 0 }
    }

    #[track_caller]
    fn ok(&mut self, mode: &'static str, args: &[&str], vars: &[(&str, &str)]) -> String {
        let mut all: Vec<&str> = if mode == "json" { vec!["--json"] } else { vec![] };
        all.extend(args);
        let o = wallet(&all, vars);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert_eq!(o.status.code(), Some(0), "wallet {}\nstdout: {out}\nstderr: {err}", all.join(" "));
        assert!(!out.is_empty(), "wallet {} printed nothing", all.join(" "));
        self.printed.push(format!("{out}{err}"));
        self.covered.insert((args[0].to_string(), mode));
        out
    }

    /// `--json`: the parsed answer.
    #[track_caller]
    fn json(&mut self, args: &[&str], vars: &[(&str, &str)]) -> Value {
        let out = self.ok("json", args, vars);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
    }

    /// The readable table.
    #[track_caller]
    fn table(&mut self, args: &[&str], vars: &[(&str, &str)]) -> String {
        self.ok("table", args, vars)
    }

    /// `--json --reveal-secrets --out FILE`: nothing on stdout, the answer in the file.
    #[track_caller]
    fn revealed(&mut self, args: &[&str], vars: &[(&str, &str)]) -> Value {
        self.files += 1;
        let out = self.dir.join(format!("revealed-{}.json", self.files));
        let mut all = vec!["--json", "--reveal-secrets", "--out", out.to_str().unwrap()];
        all.extend(args);
        let o = wallet(&all, vars);
        assert_eq!(o.status.code(), Some(0), "wallet {}: {}", all.join(" "), text(&o.stderr));
        assert!(o.stdout.is_empty(), "a revealed answer goes only to --out");
        self.printed.push(text(&o.stderr));
        self.covered.insert((args[0].to_string(), "json"));
        serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap()
    }

    /// Writes a secret to a file of its own (mode 0600) for a `--NAME-file` flag.
    fn secret_file(&mut self, value: &str) -> String {
        self.files += 1;
        let path = self.dir.join(format!("secret-{}", self.files));
        std::fs::write(&path, format!("{value}\n")).unwrap();
        path.to_str().unwrap().to_string()
    }
}

fn s(v: &Value, field: &str) -> String {
    v[field].as_str().unwrap_or_else(|| panic!("no text `{field}` in {v}")).to_string()
}

/// The sandbox's own `/sandbox/fund` (not an operation of the service).
fn fund(address: &str, amount: &str) {
    let url = format!("{}/sandbox/fund", env("WALLET_SDK_BASE_URL").trim_end_matches('/'));
    let body = format!(r#"{{"address": "{address}", "amount": {amount}, "mine": true}}"#);
    let o = Command::new("curl")
        .args(["-fsS", "-X", "POST", "-H", "content-type: application/json", "-d", &body, &url])
        .output()
        .expect("curl");
    assert!(o.status.success(), "fund {address}: {}", text(&o.stderr));
}

/// A redacted answer and a revealed one of the same call: equal but for the secret fields,
/// which are `[REDACTED]` in one and real in the other. Returns the secrets.
#[track_caller]
fn compare(redacted: &Value, revealed: &Value, secret_fields: &[&str]) -> Vec<String> {
    let (r, v) = (redacted.as_object().unwrap(), revealed.as_object().unwrap());
    assert_eq!(r.keys().collect::<Vec<_>>(), v.keys().collect::<Vec<_>>(), "same fields in the same order");
    let mut secrets = Vec::new();
    for (k, rv) in r {
        if secret_fields.contains(&k.as_str()) {
            assert_eq!(rv, "[REDACTED]", "{k} redacted");
            let secret = v[k].as_str().expect("a revealed secret is text");
            assert!(!secret.is_empty() && secret != "[REDACTED]", "{k} revealed");
            secrets.push(secret.to_string());
        } else {
            assert_eq!(rv, &v[k], "{k} equal in both runs");
        }
    }
    secrets
}

fn unique() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("cli{:x}{:x}", std::process::id(), nanos)
}

#[test]
fn every_subcommand_in_both_output_modes() {
    let mut t = Session::new();
    let u = unique();
    let w = |tag: &str| format!("{u}_{tag}");
    let mut secrets: Vec<String> = vec![env("WALLET_SDK_API_KEY")];

    // ---- the story: wallet → address → funds → balance
    let tip = t.json(&["blockchain-info"], &[]);
    assert_eq!(tip["chain"], "regtest");
    assert!(t.table(&["blockchain-info"], &[]).contains("chain "));
    let plain = w("plain");
    let created = t.json(&["create-wallet", &plain], &[]);
    assert_eq!(s(&created, "walletName"), plain);
    assert!(t.table(&["create-wallet", &w("plain2")], &[]).contains(&w("plain2")));
    let a1 = s(&t.json(&["create-address", &plain, "--address-type", "legacy", "--label", "cli label"], &[]), "address");
    let a3 = s(&t.json(&["create-address", "--wallet-name", &plain, "--address-type=legacy"], &[]), "address");
    assert!(t.table(&["create-address", &plain], &[]).contains("address "));
    let zero = t.json(&["address-balance", &a1], &[]);
    assert_eq!(zero["confirmed"].to_string(), "0.00000000");
    fund(&a1, "1.5");
    fund(&a3, "2.25");
    // amounts exact, as the service wrote them
    let out = t.ok("json", &["address-balance", &a1], &[]);
    assert!(out.contains("\"confirmed\": 1.50000000"), "{out}");
    let table = t.table(&["address-balance", &a1], &[]);
    assert!(table.contains("confirmed    1.50000000\n"), "{table}");
    let bal = t.json(&["wallet-balance", &plain], &[]);
    assert_eq!(bal["confirmed"].to_string(), "3.75000000");
    assert!(t.table(&["wallet-balance", &plain], &[]).contains("3.75000000"));

    // ---- wallet reads
    for args in [
        vec!["wallet-details", plain.as_str()],
        vec!["official-address", &plain],
        vec!["wallet-addresses", &plain],
        vec!["wallet-transactions", &plain, "--skip", "0", "--count", "10"],
        vec!["address-details", &plain, &a1],
        vec!["wallet-address-balance", &plain, &a1],
        vec!["wallet-address-transactions", &plain, &a1],
        vec!["address-transaction", &a1, "--take", "10"],
    ] {
        t.json(&args, &[]);
        t.table(&args, &[]);
    }
    let listed = t.table(&["wallet-addresses", &plain], &[]);
    assert!(listed.contains("cli label") && listed.contains(&a1), "{listed}");

    // ---- messages, private keys, one-time codes
    let msg = format!("cli message {u}");
    let sig = s(&t.json(&["sign-wallet-message", &plain, "--address", &a1, "--message", &msg], &[]), "signature");
    t.table(&["sign-wallet-message", &plain, "--address", &a1, "--message", &msg], &[]);
    assert_eq!(t.json(&["verify-message", &a1, &msg, &sig], &[])["valid"], true);
    assert!(t.table(&["verify-message", &a1, "other", &sig], &[]).contains("false"));
    let redacted = t.json(&["address-private-key", &plain, &a1], &[]);
    let revealed = t.revealed(&["address-private-key", &plain, &a1], &[]);
    let pk1 = compare(&redacted, &revealed, &["privateKey"]).remove(0);
    secrets.push(pk1.clone());
    assert!(t.table(&["address-private-key", &plain, &a1], &[]).contains("privateKey  [REDACTED]"));
    let signed = t.json(&["sign-message", "--message", &msg], &[("WALLET_PRIVATE_KEY", &pk1)]);
    assert_eq!(s(&signed, "signature"), sig);
    let pk_file = t.secret_file(&pk1);
    t.table(&["sign-message", &msg, "--private-key-file", &pk_file], &[]);
    let otp = t.revealed(&["get-blockchain-otp", &sig], &[]);
    let code = s(&otp, "code");
    secrets.push(code.clone());
    assert_eq!(t.json(&["get-blockchain-otp", &sig], &[])["code"], "[REDACTED]");
    t.table(&["get-blockchain-otp", &sig], &[]);
    let code_file = t.secret_file(&code);
    assert_eq!(t.json(&["verify-otp", &sig, "--code-file", &code_file], &[])["valid"], true);
    t.table(&["verify-otp", &sig], &[("WALLET_CODE", "000000")]);

    // ---- wallets with secrets: revealed into --out, or knowingly discarded
    let enc = t.revealed(&["create-encrypted-wallet", &w("enc")], &[]);
    let pass = s(&enc, "encryptedPassphrase");
    secrets.push(pass.clone());
    let discarded = t.table(&["create-encrypted-wallet", &w("enc2"), "--discard-secrets"], &[]);
    assert!(discarded.contains("encryptedPassphrase  [REDACTED]"), "{discarded}");
    let enc_addr = t.json(&["create-address", &w("enc"), "--address-type", "legacy"], &[("WALLET_PASSPHRASE", &pass)]);
    let redacted = t.json(&["address-private-key", &w("enc"), &s(&enc_addr, "address")], &[("WALLET_PASSPHRASE", &pass)]);
    let pass_file = t.secret_file(&pass);
    let revealed =
        t.revealed(&["address-private-key", &w("enc"), &s(&enc_addr, "address"), "--passphrase-file", &pass_file], &[]);
    let revealed_key = s(&revealed, "privateKey");
    secrets.extend(compare(&redacted, &revealed, &["privateKey"]));
    // the variant of address-private-key-v2 that takes the passphrase instead of the phrase
    let with_pass = ["address-private-key-v2-with-passphrase", &w("enc"), &s(&enc_addr, "address")];
    let revealed = t.revealed(&[&with_pass[..], &["--passphrase-file", &pass_file]].concat(), &[]);
    assert_eq!(s(&revealed, "privateKey"), revealed_key);
    assert_eq!(t.json(&with_pass, &[("WALLET_PASSPHRASE", &pass)])["privateKey"], "[REDACTED]");
    t.table(&with_pass, &[("WALLET_PASSPHRASE", &pass)]);
    let (old, new) = (format!("old-{u}"), format!("new-{u}"));
    secrets.extend([old.clone(), new.clone()]);
    let (old_file, new_file) = (t.secret_file(&old), t.secret_file(&new));
    t.json(&["encrypt-wallet", &w("plain2"), "--passphrase-file", &old_file], &[]);
    t.table(&["create-wallet", &w("plain3")], &[]);
    t.table(&["encrypt-wallet", &w("plain3")], &[("WALLET_PASSPHRASE", &old)]);
    t.json(&["change-passphrase", &w("plain2"), "--old-passphrase-file", &old_file, "--new-passphrase-file", &new_file], &[]);
    t.table(&["change-passphrase", &w("plain2")], &[("WALLET_OLD_PASSPHRASE", &new), ("WALLET_NEW_PASSPHRASE", &old)]);
    let phrase_file = t.secret_file(PHRASE);
    t.json(&["set-wallet-mnemonics", &w("plain2"), "--mnemonics-file", &phrase_file, "--passphrase-file", &old_file], &[]);
    t.table(&["set-wallet-mnemonics", &w("plain3")], &[("WALLET_MNEMONICS", PHRASE), ("WALLET_PASSPHRASE", &old)]);

    let imp = t.revealed(&["create-importable-wallet", &w("imp")], &[]);
    let mnemonics = s(&imp, "mnemonics");
    secrets.push(mnemonics.clone());
    t.table(&["create-importable-wallet", &w("imp2"), "--discard-secrets"], &[]);
    let both = t.json(&["create-importable-encrypted-wallet", &w("impenc"), "--discard-secrets"], &[]);
    assert_eq!((&both["mnemonics"], &both["encryptedPassphrase"]), (&"[REDACTED]".into(), &"[REDACTED]".into()));
    t.table(&["create-importable-encrypted-wallet", &w("impenc2"), "--discard-secrets"], &[]);
    let m = [("WALLET_MNEMONICS", mnemonics.as_str())];
    let imported = t.json(&["import-wallet", &w("imported")], &m);
    let official = s(&t.json(&["official-address", &w("imp")], &[]), "address");
    assert_eq!(s(&imported, "officialAddress"), official);
    t.table(&["import-wallet", &w("imported2")], &m);
    let default = t.json(&["wallet-default-address", "--address-type", "bech32"], &m);
    assert_eq!(s(&default, "address"), official);
    t.table(&["wallet-default-address"], &m);
    let abandon = [("WALLET_MNEMONICS", PHRASE)];
    let v2 = t.json(&["wallet-default-address-v2", "--address-type", "legacy"], &abandon);
    assert_eq!(s(&v2, "address"), "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
    if v2.get("privateKey").is_some() {
        let revealed = t.revealed(&["wallet-default-address-v2", "--address-type", "legacy"], &abandon);
        compare(&v2, &revealed, &["privateKey"]);
    }
    t.table(&["wallet-default-address-v2"], &abandon);
    let redacted = t.json(&["address-private-key-v2", &w("imp"), &official], &m);
    let revealed = t.revealed(&["address-private-key-v2", &w("imp"), &official], &m);
    secrets.extend(compare(&redacted, &revealed, &["privateKey"]));
    t.table(&["address-private-key-v2", &w("imp"), &official], &m);
    t.json(&["screen-address", &w("imp"), &a1], &m);
    t.table(&["screen-address", &w("imp"), &a1], &m);
    let p2sh = t.json(&["generate-default-address", &w("imp"), "--address-type", "p2sh-segwit"], &[]);
    assert_eq!(p2sh["addressType"], "p2sh-segwit");
    t.table(&["generate-default-address", &w("imp"), "--address-type", "bech32"], &[]);

    // ---- transactions: a raw one from a3, signed and broadcast, then a wallet send
    let to = official.clone();
    let raw = t.json(&["create-raw-transaction", &plain, "--sender-address", &a3, "--recipient-address", &to, "--amount", "0.5"], &[]);
    t.table(&["create-raw-transaction", &plain, "--sender-address", &a3, "--recipient-address", &to, "--amount", "0.5"], &[]);
    // while a3 still has confirmed coins
    let v3_args = [
        "create-raw-transaction-v3", &plain, "--sender-address", &a3, "--recipient-address", &to, "--amount", "0.1",
        "--service-fee-address", &a1, "--service-fee-amount", "0.01",
    ];
    t.json(&v3_args, &[]);
    t.table(&v3_args, &[]);
    let revealed = t.revealed(&["address-private-key", &plain, &a3], &[]);
    let pk3 = s(&revealed, "privateKey");
    secrets.push(pk3.clone());
    let key = [("WALLET_PRIVATE_KEY", pk3.as_str())];
    let signed = t.json(&["sign-transaction", &plain, "--tx-hex", &s(&raw, "hex")], &key);
    assert_eq!(signed["complete"], true);
    t.table(&["sign-transaction", &plain, "--tx-hex", &s(&raw, "hex")], &key);
    let sent = s(&t.json(&["broadcast-transaction", &s(&signed, "hex")], &[]), "txid");
    t.table(&["broadcast-transaction", &s(&signed, "hex")], &[]); // the same transaction: no second payment
    t.json(&["transaction-details", &sent], &[]);
    t.table(&["transaction-details", &sent], &[]);
    let utxo = t.json(&["get-utxo-details", &sent, "1"], &[]);
    assert_eq!(s(&utxo, "address"), a3);
    t.table(&["get-utxo-details", &sent, "--vout", "1"], &[]);
    let v2_args = ["create-raw-transaction-v2", "--sender-address", &a3, "--recipient-address", &to, "--amount", "0.1", "--utxos", &sent, "--vouts", "1"];
    t.json(&v2_args, &[]);
    t.table(&v2_args, &[]);
    let multisig = ["create-multisig-address", &plain, "--addresses", &format!("{a1},{a3}"), "--n-required", "2", "--address-type", "legacy"];
    t.json(&multisig, &[]);
    t.table(&multisig, &[]);
    let paid = t.json(&["send-funds-from-wallet", &plain, &to, "0.25", "--description", "cli"], &[]);
    assert_eq!(s(&paid, "txid").len(), 64);
    t.table(&["send-funds-from-wallet", &plain, &to, "0.125", "--amount-include-fees"], &[]);

    // ---- blocks
    let tip = t.json(&["blockchain-info"], &[]);
    let height = tip["blocks"].to_string();
    t.json(&["block-stat", &height], &[]);
    t.table(&["block-stat", &height], &[]);
    let header = t.json(&["block-header", &height], &[]);
    t.table(&["block-header", &height], &[]);
    t.json(&["block-transaction", &s(&header, "hash")], &[]);
    t.table(&["block-transaction", &s(&header, "hash")], &[]);

    // every operation (and variant) ran in both modes
    for name in ALL.iter().chain(VARIANTS.iter()).map(|op| op.method_name) {
        let name = name.replace('_', "-");
        for mode in ["json", "table"] {
            assert!(t.covered.contains(&(name.clone(), mode)), "{name} never ran in {mode} mode");
        }
    }
    // and no redacted run ever printed a secret
    for secret in &secrets {
        assert!(secret.len() >= 6, "secret too short to search for");
        for printed in &t.printed {
            assert!(!printed.contains(secret.as_str()), "a secret was printed:\n{printed}");
        }
    }
}

#[test]
fn service_errors_have_their_exit_codes() {
    let missing = format!("{}_missing", unique());
    let o = wallet(&["--json", "wallet-balance", &missing], &[]);
    assert_eq!(o.status.code(), Some(8), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    let e: Value = serde_json::from_slice(&o.stderr).expect("a JSON error");
    assert_eq!(e["error"]["kind"], "not_found");
    assert_eq!(e["error"]["code"], "wallet_not_found");
    assert_eq!(e["error"]["status"], 404);
    assert!(e["error"]["requestId"].is_string());
    let o = wallet(&["wallet-balance", &missing], &[]);
    assert_eq!(o.status.code(), Some(8));
    assert!(text(&o.stderr).starts_with("error: not_found: wallet_balance failed"), "{}", text(&o.stderr));

    let name = format!("{}_dup", unique());
    assert_eq!(wallet(&["create-wallet", &name], &[]).status.code(), Some(0));
    assert_eq!(wallet(&["create-wallet", &name], &[]).status.code(), Some(9), "conflict");
    let o = wallet(&["create-address", &format!("{}_nope", unique())], &[("WALLET_PASSPHRASE", "wrong-passphrase")]);
    assert_eq!(o.status.code(), Some(8));
    assert!(!text(&o.stderr).contains("wrong-passphrase"));

    let forged = "eyJhbGciOiJIUzI1NiJ9.e30.Zm9yZ2VkLXNpZ25hdHVyZQ"; // a JWT the sandbox did not sign
    let o = wallet(&["--json", "blockchain-info"], &[("WALLET_SDK_API_KEY", forged)]);
    assert_eq!(o.status.code(), Some(6), "{}", text(&o.stderr));
    assert!(!text(&o.stderr).contains("Zm9yZ2Vk"), "the key never shows");
}

#[test]
fn sandbox_flag_runs_a_private_sandbox() {
    // no service configured: --sandbox brings its own (the wallet-sandbox next to `wallet`)
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wallet"));
    cmd.args(["--json", "--sandbox", "wallet-balance", "nobody"]).env_remove("WALLET_SDK_BASE_URL").env_remove("WALLET_SDK_API_KEY");
    let o = cmd.output().unwrap();
    assert_eq!(o.status.code(), Some(8), "{}", text(&o.stderr));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wallet"));
    cmd.args(["--json", "--sandbox", "blockchain-info"]).env_remove("WALLET_SDK_BASE_URL").env_remove("WALLET_SDK_API_KEY");
    let o = cmd.output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["chain"], "regtest");
}

#[test]
fn watch_prints_events_as_json_lines_and_resumes_from_a_cursor() {
    let name = unique();
    assert!(wallet(&["--json", "create-wallet", &name], &[]).status.success());
    let created: Value = serde_json::from_slice(&wallet(&["--json", "create-address", &name], &[]).stdout).unwrap();
    let address = s(&created, "address");
    fund(&address, "0.5");
    let o = wallet(&["watch", &name, "--count", "2", "--poll-interval", "0.2"], &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let lines: Vec<Value> = text(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    assert_eq!(lines.iter().map(|l| s(l, "kind")).collect::<Vec<_>>(), ["received", "confirmed"]);
    assert_eq!((s(&lines[0], "address"), s(&lines[0], "amount")), (address.clone(), "0.50000000".to_string()));
    // from the last cursor: the next payment, nothing repeated
    fund(&address, "0.25");
    let o = wallet(&["watch", &name, "--count", "1", "--poll-interval", "0.2", "--cursor", &s(&lines[1], "cursor")], &[]);
    let next: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((s(&next, "kind"), s(&next, "amount")), ("received".to_string(), "0.25000000".to_string()));
    assert_ne!(s(&next, "txid"), s(&lines[0], "txid"));
    // a forged cursor: invalid input (exit 3) on `cursor`
    let o = wallet(&["--json", "watch", &name, "--cursor", "wev1.forged"], &[]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("\"field\":\"cursor\""), "{}", text(&o.stderr));
}

#[test]
fn signing_at_home_reads_keys_from_a_file_and_sends_reviews_and_finalizes() {
    use wallet_sdk::offline::{self, KeyAddressType, Network};
    let phrase = offline::generate_mnemonic(12).unwrap();
    let key = |path: &str| offline::derive_key(&phrase, path, KeyAddressType::P2wpkh, Network::Regtest, "").unwrap();
    let (sender, recipient) = (key("m/84'/1'/0'/0/0"), key("m/84'/1'/0'/0/1").address);
    fund(&sender.address, "0.7");
    let dir = std::env::temp_dir().join(format!("wallet-cli-home-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let keys = dir.join("keys.txt");
    std::fs::write(&keys, format!("\n{}\n", sender.private_key.expose())).unwrap();
    let keys = keys.to_str().unwrap();

    let send = ["--json", "send", "--sign-locally", "--from", &sender.address, "--to", &recipient, "--amount", "0.2", "--keys-file", keys, "--build", "local", "--fee-rate", "11"];
    let o = wallet(&send, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let sent: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s(&sent, "txid").len(), 64);
    assert_eq!(sent["review"]["outputs"][0]["amount"], "0.20000000");
    assert!(!text(&o.stdout).contains(sender.private_key.expose()) && !text(&o.stderr).contains(sender.private_key.expose()));

    // an unsigned build of the change left: reviewed, exported, signed, finalized
    let client = wallet_sdk::blocking::Client::from_builder(wallet_sdk::Client::builder().base_url(env("WALLET_SDK_BASE_URL")).credential(env("WALLET_SDK_API_KEY"))).unwrap();
    let change = sent["review"]["outputs"].as_array().unwrap().iter().find(|o| o["role"] == "change").expect("change");
    let vout = sent["review"]["outputs"].as_array().unwrap().iter().position(|o| o["role"] == "change").unwrap() as u32;
    let txid = s(&sent, "txid");
    let raw = client.create_raw_transaction_v2(&sender.address, &recipient, "0.1".parse().unwrap(), vec![txid.clone()], vec![vout]).unwrap();
    assert!(change["amount"].as_str().is_some());
    let review = wallet(&["--json", "review", &raw.hex, "--from", &sender.address, "--pay", &format!("{recipient}=0.1")], &[]);
    assert_eq!(review.status.code(), Some(0), "{}", text(&review.stderr));
    let more = wallet(&["--json", "review", &raw.hex, "--from", &sender.address, "--pay", &format!("{recipient}=0.10000001")], &[]);
    assert_eq!(more.status.code(), Some(22), "a litoshi more is a transaction_mismatch: {}", text(&more.stderr));

    let exported: Value = serde_json::from_slice(&wallet(&["--json", "psbt", "export", &raw.hex], &[]).stdout).unwrap();
    let signed: Value = serde_json::from_slice(&wallet(&["--json", "psbt", "sign", &s(&exported, "psbt"), "--keys-file", keys], &[]).stdout).unwrap();
    let done: Value = serde_json::from_slice(&wallet(&["--json", "psbt", "finalize", &s(&signed, "psbt")], &[]).stdout).unwrap();
    assert_eq!(done["complete"], true);
    assert_eq!(client.broadcast_transaction(&s(&done, "hex")).unwrap().txid, s(&done, "txid"));

    // keys never come as an argument
    let no_file = wallet(&["send", "--sign-locally", "--from", &sender.address, "--to", &recipient, "--amount", "0.1"], &[]);
    assert_eq!(no_file.status.code(), Some(2), "{}", text(&no_file.stderr));

    // the key at a path of the phrase in the file, and a platform's fee paid exactly
    let phrase_file = dir.join("phrase.txt");
    std::fs::write(&phrase_file, format!("{}\n", phrase.expose())).unwrap();
    let payer = key("m/84'/1'/0'/0/7");
    fund(&payer.address, "0.5");
    let platform = key("m/84'/1'/0'/0/8").address;
    let fee = format!("{platform}=0.015");
    let with_fee = ["--json", "send", "--sign-locally", "--from", &payer.address, "--to", &recipient, "--amount", "0.1", "--build", "local",
        "--keys-file", phrase_file.to_str().unwrap(), "--path", "m/84'/1'/0'/0/7", "--service-fee", &fee];
    let o = wallet(&with_fee, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let sent: Value = serde_json::from_slice(&o.stdout).unwrap();
    let fee_output = sent["review"]["outputs"].as_array().unwrap().iter().find(|o| o["role"] == "service_fee").cloned().expect("the fee output");
    assert_eq!((fee_output["address"].as_str(), fee_output["amount"].as_str()), (Some(platform.as_str()), Some("0.01500000")));
    for secret in [phrase.expose(), payer.private_key.expose()] {
        assert!(!text(&o.stdout).contains(secret) && !text(&o.stderr).contains(secret));
    }
    // a service build of a fee needs the wallet that holds the sender
    let o = wallet(&["--json", "send", "--sign-locally", "--from", &payer.address, "--to", &recipient, "--amount", "0.1", "--keys-file", keys, "--service-fee", &fee], &[]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("\"field\":\"wallet_name\""), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}
