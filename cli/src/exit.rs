//! Failures of a `wallet` run and their exit codes (the table in cli/README.md).

use std::fmt;

use wallet_sdk::ErrorKind;

/// Why a run failed.
pub enum Failure {
    /// Wrong or missing arguments, or a request the CLI refuses (exit 2).
    Usage(String),
    /// An error of the SDK (the exit code depends on its kind).
    Sdk(wallet_sdk::Error),
    /// The CLI's own failure: writing the output, starting the sandbox (exit 1).
    Local(String),
    /// Ctrl-C during a call (exit 130); `outcome_unknown` when the call was not safe to repeat,
    /// with the outcome token the call recorded if its request may have left.
    Interrupted { outcome_unknown: bool, outcome_token: Option<String> },
    /// `wallet resolve` printed its answer; the exit code tells the state (not applied, unknown).
    Resolved(u8),
}

impl From<wallet_sdk::Error> for Failure {
    fn from(e: wallet_sdk::Error) -> Failure {
        Failure::Sdk(e)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(m) | Failure::Local(m) => f.write_str(m),
            Failure::Sdk(e) => fmt::Display::fmt(e, f),
            Failure::Interrupted { outcome_unknown: false, .. } => f.write_str("Ctrl-C"),
            Failure::Resolved(code) => write!(f, "resolved (exit {code})"),
            Failure::Interrupted { outcome_unknown: true, .. } => {
                write!(f, "Ctrl-C while the request was under way: {OUTCOME_UNKNOWN_ADVICE}")
            }
        }
    }
}

/// Exit code of a run that failed in the CLI itself (I/O, sandbox start).
pub const LOCAL: u8 = 1;
/// Exit code of a usage error (clap uses the same).
pub const USAGE: u8 = 2;
/// Exit code of `wallet resolve` when the operation did not take effect.
pub const NOT_APPLIED: u8 = 21;
/// Exit code after Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// The exit code of each SDK error kind (declared with the kinds). Stable: scripts depend on it.
pub fn code_of(kind: ErrorKind) -> u8 {
    kind.exit_code()
}

impl Failure {
    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => USAGE,
            Failure::Local(_) => LOCAL,
            Failure::Interrupted { .. } => INTERRUPTED,
            Failure::Resolved(code) => *code,
            Failure::Sdk(e) => code_of(e.kind()),
        }
    }

    /// The error kind shown to the user: the SDK's, or `usage` / `cli`.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Usage(_) => "usage",
            Failure::Local(_) => "cli",
            Failure::Interrupted { .. } => "interrupted",
            Failure::Resolved(_) => "resolved",
            Failure::Sdk(e) => e.kind().as_str(),
        }
    }
}

/// What to do after an `outcome_unknown`: the request may have acted.
pub const OUTCOME_UNKNOWN_ADVICE: &str = "the request may have reached the service and taken effect; \
do not repeat it before checking (e.g. `wallet wallet-details`, `wallet wallet-transactions`, \
`wallet wallet-addresses` or `wallet transaction-details`)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_distinct_code_per_kind() {
        let mut codes: Vec<u8> = ErrorKind::ALL.iter().map(|k| code_of(*k)).collect();
        codes.extend([LOCAL, USAGE, INTERRUPTED]);
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n, "exit codes must be distinct");
        assert!(!codes.contains(&0));
    }

    #[test]
    fn readme_documents_every_code() {
        let readme = include_str!("../README.md");
        for kind in ErrorKind::ALL {
            let row = format!("| {} | `{}` |", code_of(kind), kind.as_str());
            assert!(readme.contains(&row), "cli/README.md lacks the row `{row}`");
        }
        assert!(readme.contains(&format!("| {NOT_APPLIED} | not applied")), "cli/README.md lacks wallet resolve's code");
    }
}
