//! `wallet`: the command-line tool of the wallet SDK. Every one of the 43 operations is a
//! subcommand generated from the core's operation table and run through the core's untyped
//! call (the eight whose answers carry a secret, and the variants of `operations::VARIANTS`, go
//! through their typed methods, see `typed`); the offline toolkit is `wallet offline …`.
//! See cli/README.md.

mod answer;
mod command;
mod exit;
mod home;
mod offline;
mod payments;
mod ops;
mod render;
mod sandbox;
mod secrets;
mod state_key;

use std::future::Future;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{ArgMatches, FromArgMatches};
use serde_json::Value;
use wallet_sdk::{Client, ErrorKind};

use command::*;
use exit::Failure;
use render::Output;
use secrets::{SecretSource, Stdin};

fn main() -> ExitCode {
    let matches = command().get_matches();
    let mut out = Output::new(matches.get_flag("json"), matches.get_flag("reveal_secrets"), matches.get_one::<PathBuf>("out").cloned());
    match run(&matches, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            out.discard_empty();
            // `wallet resolve` has printed its answer: only the exit code is left to give
            if !matches!(f, Failure::Resolved(_)) {
                render::report(&f, out.json);
            }
            ExitCode::from(f.exit_code())
        }
    }
}

fn run(matches: &ArgMatches, out: &mut Output) -> Result<(), Failure> {
    match matches.subcommand() {
        Some(("offline", m)) => {
            out.prepare()?;
            let cmd = offline::Offline::from_arg_matches(m).map_err(|e| Failure::Usage(e.to_string()))?;
            let value = offline::run(&cmd, out)?;
            emit(out, value, 0)
        }
        Some(("request" | "parse", _)) => {
            out.prepare()?;
            let cmd = payments::Payments::from_arg_matches(matches).map_err(|e| Failure::Usage(e.to_string()))?;
            let (value, drawing) = payments::run(&cmd)?;
            match drawing {
                // the drawing goes to the terminal as it is, after the URI
                Some(drawing) if !out.json => {
                    println!("{}", value["uri"].as_str().unwrap_or_default());
                    print!("{drawing}");
                    Ok(())
                }
                _ => emit(out, value, 0),
            }
        }
        Some(("send" | "review" | "psbt", _)) => {
            out.prepare()?;
            let cmd = home::Home::from_arg_matches(matches).map_err(|e| Failure::Usage(e.to_string()))?;
            let mut stdin = Stdin::new();
            let client = if cmd.online() { Some(client(matches, None, &mut stdin)?) } else { None };
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| Failure::Local(format!("cannot start the async runtime: {e}")))?;
            let value = runtime.block_on(interruptible(false, home::run(&cmd, client.as_ref())))??;
            emit(out, value, 0)
        }
        Some(("watch", m)) => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| Failure::Local(format!("cannot start the async runtime: {e}")))?;
            runtime.block_on(watch(matches, m))
        }
        Some(("resolve", m)) => {
            out.prepare()?;
            let token = match m.get_one::<String>("token").map(String::as_str) {
                Some(t) if t != "-" => t.to_string(),
                _ => {
                    let mut t = String::new();
                    std::io::Read::read_to_string(&mut std::io::Read::take(std::io::stdin(), 64 * 1024), &mut t)
                        .map_err(|e| Failure::Usage(format!("cannot read the token from stdin: {e}")))?;
                    t
                }
            };
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| Failure::Local(format!("cannot start the async runtime: {e}")))?;
            runtime.block_on(resolve(matches, token.trim(), out))
        }
        Some(("completions", m)) => {
            let shell = *m.get_one::<clap_complete::Shell>("shell").expect("required");
            clap_complete::generate(shell, &mut command(), "wallet", &mut std::io::stdout());
            Ok(())
        }
        Some(("man", m)) => man(m.get_one::<PathBuf>("dir")),
        Some((name, m)) => {
            let method = ops::by_subcommand(name).expect("every other subcommand is an operation");
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| Failure::Local(format!("cannot start the async runtime: {e}")))?;
            runtime.block_on(run_operation(method, matches, m, out))
        }
        None => unreachable!("a subcommand is required"),
    }
}

/// `wallet watch`: one JSON line per event on stdout, flushed, until Ctrl-C or `--count`.
async fn watch(g: &ArgMatches, m: &ArgMatches) -> Result<(), Failure> {
    use std::io::Write;
    let mut stdin = Stdin::new();
    let client = client(g, None, &mut stdin)?;
    let defaults = wallet_sdk::WatchOptions::default();
    let options = wallet_sdk::WatchOptions {
        cursor: m.get_one::<String>("cursor").cloned(),
        poll_interval: m.get_one::<Duration>("poll_interval").copied().unwrap_or(defaults.poll_interval),
        confirmations: m.get_one::<u32>("confirmations").copied().unwrap_or(defaults.confirmations),
        history: m.get_one::<u32>("history").copied().unwrap_or(defaults.history),
        ..defaults
    };
    let wallet = m.get_one::<String>("wallet_name").expect("required");
    let mut events = client.watch_wallet(wallet, options);
    let limit = m.get_one::<u64>("count").copied();
    let mut stdout = std::io::stdout().lock();
    let mut printed = 0u64;
    while limit.is_none_or(|n| printed < n) {
        let event = match interruptible(false, events.next()).await {
            Err(Failure::Interrupted { .. }) => return Ok(()), // Ctrl-C ends a watch normally
            Err(f) => return Err(f),
            Ok(None) => return Ok(()),
            Ok(Some(event)) => event?,
        };
        let line = serde_json::json!({
            "kind": event.kind.as_str(), "txid": event.txid, "address": event.address,
            "amount": event.amount.to_string(), "confirmations": event.confirmations, "cursor": event.cursor,
        });
        // the address is the service's text: its bidirectional marks and C1 controls escaped too
        let line = render::escape_json(line.to_string());
        writeln!(stdout, "{line}").and_then(|()| stdout.flush()).map_err(|e| Failure::Local(format!("cannot write the event: {e}")))?;
        printed += 1;
    }
    Ok(())
}

/// `wallet resolve`: the resolution, and an exit code per state.
async fn resolve(g: &ArgMatches, token: &str, out: &mut Output) -> Result<(), Failure> {
    let mut stdin = Stdin::new();
    let client = client(g, None, &mut stdin)?;
    let r = interruptible(false, waiting("resolve", client.resolve_token(token))).await??;
    let sent = r.sent.as_ref().map(|s| serde_json::json!({ "txid": s.txid, "replayed": s.replayed }));
    let value = serde_json::json!({
        "state": r.state.as_str(), "operation": r.operation, "txid": r.txid, "walletName": r.wallet_name,
        "secretLost": r.secret_lost, "sent": sent, "reason": r.reason,
    });
    emit(out, value, 0)?;
    match r.state {
        wallet_sdk::ResolutionState::Applied => Ok(()),
        wallet_sdk::ResolutionState::NotApplied => Err(Failure::Resolved(exit::NOT_APPLIED)),
        _ => Err(Failure::Resolved(exit::code_of(wallet_sdk::ErrorKind::OutcomeUnknown))),
    }
}

/// Prints the result, and a note on stderr when it had secrets that are not shown.
fn emit(out: &Output, value: Value, hidden: usize) -> Result<(), Failure> {
    out.emit(&value)?;
    let redacted = hidden > 0 || (!out.reveal && value.to_string().contains(render::REDACTED));
    if redacted && !out.reveal {
        eprintln!("note: secrets are shown as {} (--reveal-secrets shows them)", render::REDACTED);
    }
    Ok(())
}

async fn run_operation(method: ops::Method, g: &ArgMatches, m: &ArgMatches, out: &mut Output) -> Result<(), Failure> {
    let op = method.op;
    // a wallet created now would be unusable if its returned-once secrets were not seen
    let returned_once = !op.idempotent && !op.secret_outputs.is_empty();
    if returned_once && !out.reveal && !g.get_flag("discard_secrets") {
        return Err(Failure::Usage(format!(
            "`{}` returns {} once and never again: give --reveal-secrets (with --out FILE unless stdout is a \
             terminal) to keep them, or --discard-secrets to go on without them",
            ops::kebab(method.name),
            op.secret_outputs.join(" and ")
        )));
    }
    out.prepare()?;
    let mut stdin = Stdin::new();
    let args = ops::arguments(method, m, &mut stdin)?;
    let sandbox = if g.get_flag("sandbox") {
        let started = interruptible(false, waiting("starting wallet-sandbox", tokio::task::spawn_blocking(sandbox::Sandbox::start))).await?;
        Some(started.map_err(|e| Failure::Local(format!("--sandbox: {e}")))??)
    } else {
        None
    };
    let client = client(g, sandbox.as_ref(), &mut stdin)?;
    let call = async { answer::call(&client, method.name, &args).await.map(|a| (a.redacted, a.secrets)) };
    // a call given up with Ctrl-C after its request may have left still says how to resolve it
    let cell = wallet_sdk::OutcomeTokenCell::new();
    let (mut value, secrets) = match interruptible(!op.idempotent, waiting(method.name, cell.record(call))).await {
        Err(Failure::Interrupted { .. }) => {
            // sealed: a request not written by now is never written, so "nothing sent" holds
            return Err(match cell.seal() {
                wallet_sdk::SealedCall::NothingSent => Failure::Interrupted { outcome_unknown: false, outcome_token: None },
                wallet_sdk::SealedCall::MayHaveBeenSent { outcome_token, .. } => Failure::Interrupted { outcome_unknown: true, outcome_token },
            });
        }
        other => other??,
    };
    if out.reveal {
        if let Value::Object(map) = &mut value {
            for (field, secret) in &secrets {
                map.insert(field.clone(), Value::String(secret.expose().to_string()));
            }
        }
    }
    let result = emit(out, value, secrets.len());
    drop(sandbox);
    result
}

/// The client of the command: `--sandbox`'s, else from the flags and the environment.
fn client(g: &ArgMatches, sandbox: Option<&sandbox::Sandbox>, stdin: &mut Stdin) -> Result<Client, Failure> {
    let (base_url, api_key) = match sandbox {
        Some(s) => (s.base_url.clone(), wallet_sdk::Secret::new(s.api_key.clone())),
        None => {
            let base_url = g.get_one::<String>("base_url").cloned().ok_or_else(|| {
                Failure::Usage(format!("no service: set {} or give --base-url (or use --sandbox)", wallet_sdk::ENV_BASE_URL))
            })?;
            let source = SecretSource::path(g.get_one::<String>("api_key_file").cloned());
            let key = secrets::read_from("API key", wallet_sdk::ENV_API_KEY, source, true, stdin)?.ok_or_else(|| {
                Failure::Usage(format!("no API key: set {} or give --api-key-file PATH (or use --sandbox)", wallet_sdk::ENV_API_KEY))
            })?;
            (base_url, key)
        }
    };
    let suffix = match g.get_one::<String>("user_agent_suffix") {
        Some(extra) => format!("wallet-cli/{} {extra}", env!("CARGO_PKG_VERSION")),
        None => format!("wallet-cli/{}", env!("CARGO_PKG_VERSION")),
    };
    let source = SecretSource::path(g.get_one::<String>("state_key_file").cloned());
    let state_key = match secrets::read_from("state key", wallet_sdk::ENV_STATE_KEY, source, false, stdin)? {
        Some(key) => key,
        None => state_key::kept()?,
    };
    let mut b = Client::builder()
        .base_url(base_url)
        .credential(api_key.expose())
        .state_key(state_key.expose())
        .user_agent_suffix(suffix)
        .allow_insecure_http(g.get_flag("allow_insecure_http"))
        .tls_certs_only(g.get_flag("ca_cert_only"));
    let duration = |name: &str| g.get_one::<Duration>(name).copied();
    if let Some(t) = duration("timeout") {
        b = b.timeout(t);
    }
    if let Some(t) = duration("connect_timeout") {
        b = b.connect_timeout(t);
    }
    if let Some(t) = duration("expiry_skew") {
        b = b.expiry_skew(t);
    }
    if let Some(t) = duration("settle_time") {
        b = b.settle_time(t);
    }
    let mut retry = wallet_sdk::RetryPolicy::default();
    retry.max_attempts = g.get_one::<u32>("max_attempts").copied().unwrap_or(retry.max_attempts);
    retry.base_backoff = duration("backoff").unwrap_or(retry.base_backoff);
    retry.max_backoff = duration("max_backoff").unwrap_or(retry.max_backoff);
    b = b.retry_policy(retry);
    if let Some(n) = g.get_one::<u64>("max_response_bytes") {
        b = b.max_response_bytes(usize::try_from(*n).unwrap_or(usize::MAX));
    }
    for path in g.get_many::<PathBuf>("ca_cert").into_iter().flatten() {
        let pem = std::fs::read(path).map_err(|e| Failure::Usage(format!("--ca-cert {}: {e}", path.display())))?;
        b = b.add_root_certificate_pem(pem);
    }
    if let Some(p) = g.get_one::<String>("proxy") {
        if has_password(p) {
            return Err(Failure::Usage(
                "--proxy: a password on the command line stays in `ps` and the shell's history; give the URL in \
                 --proxy-file PATH (or '-' for stdin), or in HTTPS_PROXY"
                    .into(),
            ));
        }
        b = b.proxy(p);
    }
    if let Some(path) = g.get_one::<String>("proxy_file") {
        let source = SecretSource::path(Some(path.clone()));
        let url = secrets::read_from("proxy URL", "", source, true, stdin)?.ok_or_else(|| Failure::Usage("--proxy-file: no URL".into()))?;
        b = b.proxy(url.expose().trim());
    }
    if g.get_flag("no_proxy") {
        b = b.no_proxy();
    }
    if let Some(codes) = g.get_one::<wallet_sdk::AddressTypeCodes>("address_type_codes") {
        b = b.address_type_codes(*codes);
    }
    Ok(b.build()?)
}

/// Whether a URL holds a password (`user:password@`), which must not come as an argument.
fn has_password(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.rfind('@').is_some_and(|at| rest[..at].contains(':'))
}

/// Awaits `fut`, with a spinner on stderr once it has taken 300 ms (only when stderr is a
/// terminal).
async fn waiting<F: Future>(label: &str, fut: F) -> F::Output {
    if !std::io::stderr().is_terminal() {
        return fut.await;
    }
    let mut fut = std::pin::pin!(fut);
    tokio::select! {
        out = &mut fut => return out,
        _ = tokio::time::sleep(Duration::from_millis(300)) => {}
    }
    /// Clears the spinner however the wait ends (also when Ctrl-C drops it).
    struct Spinner(indicatif::ProgressBar);
    impl Drop for Spinner {
        fn drop(&mut self) {
            self.0.finish_and_clear();
        }
    }
    let spinner = Spinner(indicatif::ProgressBar::new_spinner().with_message(label.replace('_', "-")));
    spinner.0.enable_steady_tick(Duration::from_millis(100));
    fut.await
}

/// Awaits `fut` unless Ctrl-C comes first; then a non-idempotent call's outcome is unknown.
async fn interruptible<F: Future>(acts: bool, fut: F) -> Result<F::Output, Failure> {
    tokio::select! {
        out = fut => Ok(out),
        _ = tokio::signal::ctrl_c() => Err(Failure::Interrupted { outcome_unknown: acts, outcome_token: None }),
    }
}

fn man(dir: Option<&PathBuf>) -> Result<(), Failure> {
    let cmd = command();
    match dir {
        None => clap_mangen::Man::new(cmd)
            .render(&mut std::io::stdout())
            .map_err(|e| Failure::Local(format!("cannot write the man page: {e}"))),
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| Failure::Local(format!("cannot create {}: {e}", dir.display())))?;
            clap_mangen::generate_to(cmd, dir).map_err(|e| Failure::Local(format!("cannot write man pages: {e}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn address_type_codes_and_delays_are_checked() {
        let codes = address_type_codes("bech32=7, mweb=9").unwrap();
        assert_eq!((codes.legacy, codes.bech32, codes.mweb), (0, 7, 9));
        assert!(address_type_codes("taproot=4").unwrap_err().contains("not an address type"));
        assert!(address_type_codes("legacy").is_err());
        assert_eq!(delay_seconds("0").unwrap(), Duration::ZERO);
        for bad in ["-1", "1e300", "NaN", "inf"] {
            assert!(delay_seconds(bad).is_err(), "{bad}");
        }
    }

    /// The command line takes every setting of a client (`wallet_sdk::settings`).
    #[test]
    fn every_client_setting_has_a_flag() {
        let cmd = command();
        let missing: Vec<&str> = wallet_sdk::settings::CLIENT_SETTINGS
            .iter()
            .filter(|s| !cmd.get_arguments().any(|a| a.get_long().map(|l| format!("--{l}")).as_deref() == Some(s.cli)))
            .map(|s| s.name)
            .collect();
        assert!(missing.is_empty(), "the wallet command line lacks flags for the settings {missing:?}");
    }
}
