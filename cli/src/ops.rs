//! The 43 operations as subcommands, generated from the core's table (`wallet_sdk::operations::ALL`,
//! then the second forms of `VARIANTS`), with the summary and documentation of each operation's
//! description as their help: every input is a flag named after its SDK parameter
//! (`--wallet-name`), required plain inputs may also be given as positional arguments, and
//! secret inputs come only from a file, stdin, a prompt or the environment (see `secrets`).

use clap::{Arg, ArgAction, ArgMatches, Command};
use serde_json::{Map, Value};
use wallet_sdk::operations::{Location, Operation, Param, Presence, ValueKind, ALL, VARIANTS};

use crate::exit::Failure;
use crate::secrets::{self, SecretSource};

/// One subcommand: the SDK method it runs (an operation's name, or a variant's) and the
/// operation as that method sends it.
#[derive(Clone, Copy)]
pub struct Method {
    pub name: &'static str,
    pub op: &'static Operation,
}

/// Every method: the 43 operations, then the variants (`operations::VARIANTS`).
pub fn methods() -> impl Iterator<Item = Method> {
    ALL.iter().chain(VARIANTS.iter()).map(|op| Method { name: op.method_name, op })
}

/// `create_wallet` → `create-wallet`.
pub fn kebab(name: &str) -> String {
    name.replace('_', "-")
}

/// The method of a subcommand name, if it is one.
pub fn by_subcommand(name: &str) -> Option<Method> {
    methods().find(|m| kebab(m.name) == name)
}

/// The inputs of an operation, once each (`wallet_name` may travel twice on the wire).
fn inputs(op: &Operation) -> Vec<&'static Param> {
    let mut seen: Vec<&'static Param> = Vec::new();
    for p in op.params {
        if !seen.iter().any(|s| s.sdk_name == p.sdk_name) {
            seen.push(p);
        }
    }
    seen
}

fn is_list(kind: ValueKind) -> bool {
    matches!(kind, ValueKind::TextArray | ValueKind::TextListCommaJoined | ValueKind::IntegerArray)
}

/// Required plain inputs that may be given as positional arguments, in table order.
fn positional(op: &Operation) -> Vec<&'static Param> {
    inputs(op)
        .into_iter()
        .filter(|p| p.presence == Presence::Required && !p.secret && !is_list(p.kind) && p.kind != ValueKind::Boolean)
        .collect()
}

fn value_name(p: &Param) -> String {
    p.sdk_name.to_ascii_uppercase()
}

fn kind_help(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Text => "",
        ValueKind::Integer => "; an integer",
        ValueKind::Amount => "; LTC as exact decimal text, e.g. 0.5",
        ValueKind::Boolean => "; true when given without a value",
        ValueKind::TextArray | ValueKind::TextListCommaJoined => "; repeat the flag or separate with commas",
        ValueKind::IntegerArray => "; integers: repeat the flag or separate with commas",
        ValueKind::AddressTypeCode | ValueKind::AddressTypeName => "; legacy, p2sh-segwit, bech32, mweb, or a raw code/name",
    }
}

/// The subcommand of one operation.
pub fn subcommand(method: Method) -> Command {
    let op = method.op;
    let summary = op.summary;
    let mut long = format!("{}\n\n{} {}", op.doc_paragraph(), op.method.as_str(), op.path);
    if op.idempotent {
        long.push_str("\nSafe to repeat: retried automatically on transient failures.");
    } else {
        long.push_str(
            "\nNot safe to repeat: never retried once sent; on exit code 20 (outcome_unknown) check \
             before running it again.",
        );
    }
    if !op.secret_outputs.is_empty() {
        long.push_str(&format!(
            "\nThe answer carries secrets ({}): shown as [REDACTED] unless --reveal-secrets.",
            op.secret_outputs.join(", ")
        ));
    }
    let mut cmd = Command::new(kebab(method.name)).about(summary).long_about(long);
    for (i, p) in positional(op).iter().enumerate() {
        cmd = cmd.arg(
            Arg::new(format!("pos:{}", p.sdk_name))
                .index(i + 1)
                .value_name(value_name(p))
                .help(format!("Same as --{}", kebab(p.sdk_name))),
        );
    }
    cmd = cmd.next_help_heading("Inputs");
    for p in inputs(op) {
        let flag = kebab(p.sdk_name);
        let need = match p.presence {
            Presence::Required => "Required",
            _ => "Optional",
        };
        let wire = match p.location {
            Location::Header => format!("header `{}`", p.wire_name),
            Location::Query => format!("query parameter `{}`", p.wire_name),
            Location::Body => format!("body field `{}`", p.wire_name),
            Location::Sdk => "used by the SDK, not sent as such".to_string(),
        };
        let arg = if p.secret {
            Arg::new(p.sdk_name)
                .long(format!("{flag}-file"))
                .value_name("PATH")
                .help(format!(
                    "{need} secret `{}`, {wire}: read from PATH ('-': stdin, prompted without echo on a \
                     terminal), or set {}",
                    p.sdk_name,
                    secrets::env_name(p.sdk_name)
                ))
        } else {
            let arg = Arg::new(p.sdk_name)
                .long(flag)
                .value_name(value_name(p))
                .help(format!("{need}, {wire}{}", kind_help(p.kind)));
            match p.kind {
                k if is_list(k) => arg.action(ArgAction::Append).value_delimiter(','),
                ValueKind::Boolean => arg
                    .num_args(0..=1)
                    .require_equals(true)
                    .default_missing_value("true")
                    .value_parser(clap::value_parser!(bool)),
                ValueKind::Integer => arg.value_parser(clap::value_parser!(i64)),
                _ => arg,
            }
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

/// Every method's subcommand, in the order of the operation table (docs/operations.md), then the variants.
pub fn subcommands() -> Vec<Command> {
    methods().map(subcommand).collect()
}

/// Collects the untyped call's arguments (SDK names → JSON values) from the parsed flags,
/// positionals, secret files, stdin, prompts and the environment. Flags take their inputs
/// first; the positional arguments then fill the required plain inputs still missing, in order.
pub fn arguments(method: Method, m: &ArgMatches, stdin: &mut secrets::Stdin) -> Result<Map<String, Value>, Failure> {
    let op = method.op;
    let positional = positional(op);
    let mut loose = positional.iter().filter_map(|p| m.get_one::<String>(&format!("pos:{}", p.sdk_name)).cloned());
    let mut args = Map::new();
    // plain inputs first, so that a usage error comes before any prompt for a secret
    let (secret, plain): (Vec<&Param>, Vec<&Param>) = inputs(op).into_iter().partition(|p| p.secret);
    for p in plain.into_iter().chain(secret) {
        let may_be_positional = positional.iter().any(|q| q.sdk_name == p.sdk_name);
        let value = if p.secret {
            let source = SecretSource::from_matches(m, p.sdk_name);
            secrets::read(p.sdk_name, source, p.presence == Presence::Required, stdin)?
                .map(|s| Value::String(s.expose().to_string()))
        } else {
            match flag_value(p, m) {
                Some(v) => Some(v),
                None if may_be_positional => loose.next().map(|s| typed(p, s)).transpose()?,
                None => None,
            }
        };
        match value {
            Some(v) => {
                args.insert(p.sdk_name.to_string(), v);
            }
            None if p.presence == Presence::Required => {
                let how = if may_be_positional {
                    format!("give it as an argument or with --{}", kebab(p.sdk_name))
                } else if p.secret {
                    format!("give --{}-file PATH (or - for stdin) or set {}", kebab(p.sdk_name), secrets::env_name(p.sdk_name))
                } else {
                    format!("give it with --{}", kebab(p.sdk_name))
                };
                return Err(Failure::Usage(format!("`{}` needs `{}`: {how}", kebab(method.name), p.sdk_name)));
            }
            None => {}
        }
    }
    if let Some(extra) = loose.next() {
        return Err(Failure::Usage(format!(
            "`{}`: unexpected argument `{extra}` (an input given both as an argument and as a flag?)",
            kebab(method.name)
        )));
    }
    Ok(args)
}

/// A positional argument's text as the JSON value of its kind.
fn typed(p: &Param, text: String) -> Result<Value, Failure> {
    Ok(match p.kind {
        ValueKind::Integer => Value::from(text.parse::<i64>().map_err(|_| {
            Failure::Usage(format!("`{}` must be an integer, not `{text}`", p.sdk_name))
        })?),
        _ => Value::String(text),
    })
}

fn flag_value(p: &Param, m: &ArgMatches) -> Option<Value> {
    match p.kind {
        ValueKind::Integer => m.get_one::<i64>(p.sdk_name).map(|v| Value::from(*v)),
        ValueKind::Boolean => m.get_one::<bool>(p.sdk_name).map(|v| Value::Bool(*v)),
        ValueKind::IntegerArray => m.get_many::<String>(p.sdk_name).map(|vs| {
            Value::Array(
                vs.map(|v| match v.trim().parse::<i64>() {
                    Ok(n) => Value::from(n),
                    // the SDK names the input and says what it must be
                    Err(_) => Value::String(v.clone()),
                })
                .collect(),
            )
        }),
        k if is_list(k) => m.get_many::<String>(p.sdk_name).map(|vs| Value::Array(vs.map(|v| Value::String(v.clone())).collect())),
        // text, amounts (exact decimal text) and address types (names or codes)
        _ => m.get_one::<String>(p.sdk_name).map(|v| Value::String(v.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subcommands_build_and_round_trip() {
        let cmd = Command::new("wallet").subcommands(subcommands());
        cmd.clone().debug_assert();
        for m in methods() {
            assert_eq!(by_subcommand(&kebab(m.name)).map(|o| o.name), Some(m.name));
        }
        assert_eq!(methods().count(), 43 + VARIANTS.len());
    }
}
