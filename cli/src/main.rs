//! `wallet`: the command-line tool of the wallet SDK. Every one of the 43 operations is a
//! subcommand generated from the core's operation table and run through the core's untyped
//! call (the eight whose answers carry a secret, and the variants of `operations::VARIANTS`, go
//! through their typed methods, see `typed`); the offline toolkit is `wallet offline …`.
//! See cli/README.md.

mod answer;
mod exit;
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

use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches, Subcommand};
use serde_json::Value;
use wallet_sdk::{Client, ErrorKind};

use exit::Failure;
use render::Output;
use secrets::{SecretSource, Stdin};

fn exit_code_help() -> String {
    let mut s = String::from(
        "Exit codes:\n  0   success\n  1   the CLI itself failed (writing the output, starting the sandbox)\n  \
         2   usage: wrong or missing arguments, or a refused request\n",
    );
    for kind in ErrorKind::ALL {
        s.push_str(&format!("  {:<3} {}\n", exit::code_of(kind), kind.as_str()));
    }
    s.push_str(&format!("  {:<3} resolve: not applied (safe to send again)\n", exit::NOT_APPLIED));
    s.push_str("  130 interrupted (Ctrl-C)\n");
    s
}

const ABOUT: &str = "Command-line tool for the wallet-and-address service in front of the Litecoin network";

const LONG_ABOUT: &str = "Command-line tool for the wallet-and-address service in front of the Litecoin network: \
the 43 operations of the service and the offline toolkit.

The service is WALLET_SDK_BASE_URL (or --base-url) and the API key WALLET_SDK_API_KEY (or --api-key-file); \
--sandbox runs the command against a private local sandbox instead. Secret inputs (passphrases, recovery \
phrases, private keys) are never command-line values: give --NAME-file PATH ('-' for stdin), set WALLET_<NAME> (WALLET_PASSPHRASE, WALLET_MNEMONICS, ...), \
or type them at the prompt. Results are a readable table, or JSON with --json; secrets print as [REDACTED] \
unless --reveal-secrets.";

fn global(arg: Arg) -> Arg {
    static ORDER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(100);
    let order = ORDER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    arg.global(true).help_heading("Global options").display_order(order)
}

/// The longest `--timeout`, one day: a longer one is a mistake (and a huge one would overflow).
const MAX_TIMEOUT_SECONDS: f64 = 86_400.0;

/// Parses `--timeout`: seconds, from a millisecond to a day.
fn timeout_seconds(text: &str) -> Result<Duration, String> {
    seconds_between(text, 0.001)
}

/// Parses the delays (`--backoff`, `--max-backoff`, `--expiry-skew`): seconds, from none to a day.
fn delay_seconds(text: &str) -> Result<Duration, String> {
    seconds_between(text, 0.0)
}

fn seconds_between(text: &str, min: f64) -> Result<Duration, String> {
    let range = || format!("a number of seconds from {min} to {MAX_TIMEOUT_SECONDS}");
    let seconds: f64 = text.trim().parse().map_err(|_| range())?;
    // NaN fails the range too
    if !(min..=MAX_TIMEOUT_SECONDS).contains(&seconds) {
        return Err(range());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| range())
}

/// Parses `--address-type-codes`: `legacy=0,p2sh-segwit=1,bech32=2,mweb=3` (any of them).
fn address_type_codes(text: &str) -> Result<wallet_sdk::AddressTypeCodes, String> {
    let mut codes = wallet_sdk::AddressTypeCodes::default();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, code) = pair.split_once('=').ok_or_else(|| format!("`{pair}` is not NAME=CODE"))?;
        let code: i32 = code.trim().parse().map_err(|_| format!("the code of `{}` is not an integer", name.trim()))?;
        match name.trim() {
            "legacy" => codes.legacy = code,
            "p2sh-segwit" => codes.p2sh_segwit = code,
            "bech32" => codes.bech32 = code,
            "mweb" => codes.mweb = code,
            other => return Err(format!("`{other}` is not an address type (legacy, p2sh-segwit, bech32, mweb)")),
        }
    }
    Ok(codes)
}

/// The whole command line.
pub fn command() -> Command {
    let offline = offline::Offline::augment_subcommands(Command::new("offline").subcommand_required(true))
        .about("The offline toolkit: addresses, signed messages, WIF keys, BIP39/BIP32 (no service)");
    Command::new("wallet")
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .long_about(LONG_ABOUT)
        .after_long_help(exit_code_help())
        .subcommand_required(true)
        .arg_required_else_help(true)
        .arg(global(
            Arg::new("base_url")
                .long("base-url")
                .value_name("URL")
                .env(wallet_sdk::ENV_BASE_URL)
                .hide_env_values(true)
                .help("The service's base URL"),
        ))
        .arg(global(Arg::new("api_key_file").long("api-key-file").value_name("PATH").help(format!(
            "Read the API key from PATH ('-': stdin, prompted without echo on a terminal); default: {}",
            wallet_sdk::ENV_API_KEY
        ))))
        .arg(global(Arg::new("state_key_file").long("state-key-file").value_name("PATH").help(format!(
            "Read the secret that signs cursors and outcome tokens from PATH ('-': stdin); default: {}, else a random \
             key kept in {} (made on first use), so that a later command takes them back",
            wallet_sdk::ENV_STATE_KEY,
            state_key::DEFAULT_PLACE
        ))))
        .arg(global(
            Arg::new("sandbox")
                .long("sandbox")
                .action(ArgAction::SetTrue)
                .help("Start a private wallet-sandbox (litecoind -regtest) for this command and use it"),
        ))
        .arg(global(Arg::new("json").long("json").action(ArgAction::SetTrue).help("Print JSON (for scripts) instead of a table")))
        .arg(global(
            Arg::new("reveal_secrets")
                .long("reveal-secrets")
                .action(ArgAction::SetTrue)
                .help("Show secrets of the answer (only on a terminal or into --out)"),
        ))
        .arg(global(
            Arg::new("discard_secrets")
                .long("discard-secrets")
                .action(ArgAction::SetTrue)
                .conflicts_with("reveal_secrets")
                .help("Create a wallet although its returned-once secrets will not be shown"),
        ))
        .arg(global(
            Arg::new("out")
                .long("out")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .help(
                    "Write the result to FILE instead of stdout: a new file, mode 0600; never overwrites an existing \
                     file or follows a symbolic link (refused before any call, exit 2)",
                ),
        ))
        .arg(global(
            Arg::new("timeout")
                .long("timeout")
                .value_name("SECONDS")
                .value_parser(timeout_seconds)
                .help(format!("Per-attempt timeout of a call (0.001 to {MAX_TIMEOUT_SECONDS})")),
        ))
        .arg(global(
            Arg::new("allow_insecure_http")
                .long("allow-insecure-http")
                .action(ArgAction::SetTrue)
                .help("Allow http:// to a host other than loopback (the API key travels in clear)"),
        ))
        .arg(global(
            Arg::new("connect_timeout")
                .long("connect-timeout")
                .value_name("SECONDS")
                .value_parser(timeout_seconds)
                .help("Time allowed to connect (default 10)"),
        ))
        .arg(global(
            Arg::new("max_attempts")
                .long("max-attempts")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(1..=100))
                .help("Attempts in total, the first included, of a call that is safe to repeat (default 3)"),
        ))
        .arg(global(
            Arg::new("backoff")
                .long("backoff")
                .value_name("SECONDS")
                .value_parser(delay_seconds)
                .help("Delay before the first retry, doubled each time (default 0.2)"),
        ))
        .arg(global(
            Arg::new("max_backoff")
                .long("max-backoff")
                .value_name("SECONDS")
                .value_parser(delay_seconds)
                .help("Cap of the retry delay and of the service's Retry-After (default 5)"),
        ))
        .arg(global(
            Arg::new("user_agent_suffix")
                .long("user-agent-suffix")
                .value_name("TOKEN")
                .help("Product token appended to the User-Agent (after wallet-cli's own)"),
        ))
        .arg(global(
            Arg::new("max_response_bytes")
                .long("max-response-bytes")
                .value_name("BYTES")
                .value_parser(clap::value_parser!(u64).range(1..=1 << 32))
                .help("Largest answer body accepted (default 16 MiB)"),
        ))
        .arg(global(
            Arg::new("ca_cert")
                .long("ca-cert")
                .value_name("PEM_FILE")
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(PathBuf))
                .help("Also trust the root certificates in PEM_FILE (repeatable)"),
        ))
        .arg(global(
            Arg::new("ca_cert_only")
                .long("ca-cert-only")
                .action(ArgAction::SetTrue)
                .requires("ca_cert")
                .help("Trust only the --ca-cert roots, not the bundled ones"),
        ))
        .arg(global(
            Arg::new("proxy")
                .long("proxy")
                .value_name("URL")
                .help("Send every request through this HTTP proxy (http://[user@]host:port; never for loopback). A URL with a password goes in --proxy-file or HTTPS_PROXY"),
        ))
        .arg(global(
            Arg::new("proxy_file")
                .long("proxy-file")
                .value_name("PATH")
                .conflicts_with("proxy")
                .help("Read the proxy URL (http://[user:password@]host:port) from PATH ('-': stdin), keeping its password out of `ps` and the shell's history"),
        ))
        .arg(global(
            Arg::new("no_proxy")
                .long("no-proxy")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["proxy", "proxy_file"])
                .help("Ignore HTTP(S)_PROXY and ALL_PROXY"),
        ))
        .arg(global(
            Arg::new("expiry_skew")
                .long("expiry-skew")
                .value_name("SECONDS")
                .value_parser(delay_seconds)
                .help("Clock skew allowed when checking the API key's expiry (default 60)"),
        ))
        .arg(global(
            Arg::new("settle_time")
                .long("settle-time")
                .value_name("SECONDS")
                .value_parser(delay_seconds)
                .help("When a request whose answer was lost can no longer be in flight (`wallet resolve` waits for it; default the timeout plus 60)"),
        ))
        .arg(global(
            Arg::new("address_type_codes")
                .long("address-type-codes")
                .value_name("NAME=CODE,...")
                .value_parser(address_type_codes)
                .help("The integer codes sent for address types (default legacy=0,p2sh-segwit=1,bech32=2,mweb=3)"),
        ))
        .subcommands(ops::subcommands())
        .subcommand(offline)
        .subcommands(payments::Payments::augment_subcommands(Command::new("payments")).get_subcommands().cloned())
        .subcommand(
            Command::new("watch")
                .about("Print a wallet's events as JSON lines, polling until Ctrl-C (or --count events)")
                .long_about(
                    "Print a wallet's events as JSON lines, one per event, polling the service until Ctrl-C or --count \
                     events: payments in (`received`, then `confirmed`), payments out (`sent`), `reorged`, `replaced`, \
                     `dropped`. Each line has the event's `cursor`: save the last one handled and start again with \
                     --cursor to repeat nothing and lose nothing. Without --cursor, the newest --history entries already \
                     in the wallet come first.",
                )
                .arg(Arg::new("wallet_name").value_name("WALLET_NAME").required(true).help("The wallet to watch"))
                .arg(Arg::new("cursor").long("cursor").value_name("CURSOR").help("Resume after the event of this cursor"))
                .arg(
                    Arg::new("poll_interval")
                        .long("poll-interval")
                        .value_name("SECONDS")
                        .value_parser(delay_seconds)
                        .help("Pause between two polls (default 2)"),
                )
                .arg(
                    Arg::new("confirmations")
                        .long("confirmations")
                        .value_name("N")
                        .value_parser(clap::value_parser!(u32))
                        .help("Confirmations after which a payment is `confirmed` (default 1)"),
                )
                .arg(
                    Arg::new("history")
                        .long("history")
                        .value_name("N")
                        .value_parser(clap::value_parser!(u32))
                        .help("Existing entries a fresh watch reports first (default 100)"),
                )
                .arg(
                    Arg::new("count")
                        .long("count")
                        .value_name("N")
                        .value_parser(clap::value_parser!(u64))
                        .help("Stop after N events"),
                ),
        )
        .subcommand(
            Command::new("resolve")
                .about("What became of a call that ended in outcome_unknown (exit 0 applied, 21 not applied, 20 still unknown)")
                .long_about(
                    "What became of a create, send or broadcast that ended in outcome_unknown (exit code 20): give the \
                     outcome token that the error printed (`outcomeToken` with --json). A keyed send (--idempotency-key) \
                     is looked up by its key, a broadcast by its txid, a wallet creation by its name. `not_applied` is \
                     said only once the request can no longer be in flight (the settle time: the call's timeout plus \
                     60 s, waited out here when needed). Exit 0: applied; 21: not applied (safe to send again); 20: \
                     still unknown.",
                )
                .arg(Arg::new("token").value_name("TOKEN").help("The outcome token; '-' or none reads it from stdin")),
        )
        .subcommand(
            Command::new("completions").about("Print a shell completion script").arg(
                Arg::new("shell").required(true).value_parser(clap::value_parser!(clap_complete::Shell)),
            ),
        )
        .subcommand(
            Command::new("man")
                .about("Print the man page, or write one per subcommand into a directory")
                .arg(Arg::new("dir").long("dir").value_name("DIR").value_parser(clap::value_parser!(PathBuf))),
        )
}

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
