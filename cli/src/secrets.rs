//! Secret inputs (the API key, passphrases, recovery phrases, private keys, one-time codes):
//! never plain command-line values, which `ps` and the shell history would show. Each comes,
//! in this order, from `--NAME-file PATH` (`-` is stdin: one line per secret, prompted without
//! echo when stdin is a terminal), from the environment variable `WALLET_NAME`, or, when it is
//! required and stdin is a terminal, from a prompt without echo.

use std::io::{BufRead, IsTerminal};

use clap::ArgMatches;
use wallet_sdk::Secret;

use crate::exit::Failure;

/// `passphrase` → `WALLET_PASSPHRASE`.
pub fn env_name(sdk_name: &str) -> String {
    format!("WALLET_{}", sdk_name.to_ascii_uppercase())
}

/// Where a secret input was asked to come from on the command line.
pub struct SecretSource(Option<String>);

impl SecretSource {
    /// The `--NAME-file` value of the input whose argument id is `id`.
    pub fn from_matches(m: &ArgMatches, id: &str) -> SecretSource {
        SecretSource(m.try_get_one::<String>(id).ok().flatten().cloned())
    }

    /// A path given directly.
    pub fn path(path: Option<String>) -> SecretSource {
        SecretSource(path)
    }
}

/// The process's standard input, read one secret per line.
pub struct Stdin {
    terminal: bool,
}

impl Stdin {
    pub fn new() -> Stdin {
        Stdin { terminal: std::io::stdin().is_terminal() }
    }

    /// `true` when stdin is a terminal (so a missing required secret can be prompted for).
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    fn secret(&mut self, name: &str) -> Result<Secret, Failure> {
        if self.terminal {
            return prompt(name);
        }
        let mut line = String::new();
        let n = std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| Failure::Local(format!("cannot read `{name}` from stdin: {e}")))?;
        if n == 0 {
            return Err(Failure::Usage(format!("`{name}` was to be read from stdin, which is empty")));
        }
        Ok(Secret::new(strip_newline(line)))
    }
}

fn prompt(name: &str) -> Result<Secret, Failure> {
    rpassword::prompt_password(format!("{name}: "))
        .map(Secret::new)
        .map_err(|e| Failure::Local(format!("cannot prompt for `{name}`: {e}")))
}

/// Removes one final line ending (`\n` or `\r\n`): what `echo` and editors add to a file.
fn strip_newline(mut s: String) -> String {
    if s.ends_with('\n') {
        s.pop();
        if s.ends_with('\r') {
            s.pop();
        }
    }
    s
}

fn read_file(name: &str, path: &str) -> Result<Secret, Failure> {
    std::fs::read_to_string(path)
        .map(|s| Secret::new(strip_newline(s)))
        .map_err(|e| Failure::Usage(format!("cannot read `{name}` from {path}: {e}")))
}

/// Reads one secret input: from its file (or stdin), else from `env`, else by a prompt when
/// `required` and stdin is a terminal. `None` when it was not given.
pub fn read_from(name: &str, env: &str, source: SecretSource, required: bool, stdin: &mut Stdin) -> Result<Option<Secret>, Failure> {
    if let Some(path) = source.0 {
        return if path == "-" { stdin.secret(name).map(Some) } else { read_file(name, &path).map(Some) };
    }
    if let Some(v) = std::env::var_os(env) {
        let v = v.into_string().map_err(|_| Failure::Usage(format!("{env} is not valid UTF-8")))?;
        return Ok(Some(Secret::new(v)));
    }
    if required && stdin.is_terminal() {
        return prompt(name).map(Some);
    }
    Ok(None)
}

/// [`read_from`] with the input's own environment variable ([`env_name`]).
pub fn read(sdk_name: &str, source: SecretSource, required: bool, stdin: &mut Stdin) -> Result<Option<Secret>, Failure> {
    read_from(sdk_name, &env_name(sdk_name), source, required, stdin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_ending_is_removed() {
        assert_eq!(strip_newline("a b\n".into()), "a b");
        assert_eq!(strip_newline("a b\r\n".into()), "a b");
        assert_eq!(strip_newline("a b\n\n".into()), "a b\n");
        assert_eq!(strip_newline(" a ".into()), " a ");
    }
}
