//! The command line itself: its subcommands, global flags and their parsers, and its help.

use std::time::Duration;

use clap::{Arg, ArgAction, Command, Subcommand};

use crate::*;

pub(crate) fn exit_code_help() -> String {
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

pub(crate) const ABOUT: &str = "Command-line tool for the wallet-and-address service in front of the Litecoin network";

pub(crate) const LONG_ABOUT: &str = "Command-line tool for the wallet-and-address service in front of the Litecoin network: \
the 43 operations of the service and the offline toolkit.

The service is WALLET_SDK_BASE_URL (or --base-url) and the API key WALLET_SDK_API_KEY (or --api-key-file); \
--sandbox runs the command against a private local sandbox instead. Secret inputs (passphrases, recovery \
phrases, private keys) are never command-line values: give --NAME-file PATH ('-' for stdin), set WALLET_<NAME> (WALLET_PASSPHRASE, WALLET_MNEMONICS, ...), \
or type them at the prompt. Results are a readable table, or JSON with --json; secrets print as [REDACTED] \
unless --reveal-secrets.";

pub(crate) fn global(arg: Arg) -> Arg {
    static ORDER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(100);
    let order = ORDER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    arg.global(true).help_heading("Global options").display_order(order)
}

/// The longest `--timeout`, one day: a longer one is a mistake (and a huge one would overflow).
pub(crate) const MAX_TIMEOUT_SECONDS: f64 = 86_400.0;

/// Parses `--timeout`: seconds, from a millisecond to a day.
pub(crate) fn timeout_seconds(text: &str) -> Result<Duration, String> {
    seconds_between(text, 0.001)
}

/// Parses the delays (`--backoff`, `--max-backoff`, `--expiry-skew`): seconds, from none to a day.
pub(crate) fn delay_seconds(text: &str) -> Result<Duration, String> {
    seconds_between(text, 0.0)
}

pub(crate) fn seconds_between(text: &str, min: f64) -> Result<Duration, String> {
    let range = || format!("a number of seconds from {min} to {MAX_TIMEOUT_SECONDS}");
    let seconds: f64 = text.trim().parse().map_err(|_| range())?;
    // NaN fails the range too
    if !(min..=MAX_TIMEOUT_SECONDS).contains(&seconds) {
        return Err(range());
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| range())
}

/// Parses `--address-type-codes`: `legacy=0,p2sh-segwit=1,bech32=2,mweb=3` (any of them).
pub(crate) fn address_type_codes(text: &str) -> Result<wallet_sdk::AddressTypeCodes, String> {
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
        .subcommands(home::Home::augment_subcommands(Command::new("home")).get_subcommands().cloned())
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
                    "What became of a create or send that ended in outcome_unknown (exit code 20), or of a broadcast \
                     that failed without an answer: give the outcome token that the error printed (`outcomeToken` with --json). A keyed send (--idempotency-key) \
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
