//! Output: a readable table by default, pretty JSON with `--json`; to stdout or to the file of
//! `--out` (mode 0600). Errors go to stderr, in the same style.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use serde_json::{json, Map, Value};

use crate::exit::{self, Failure};

/// How and where results are written.
pub struct Output {
    pub json: bool,
    pub reveal: bool,
    pub out: Option<PathBuf>,
}

/// What secrets look like unless revealed (the SDK's own text).
pub const REDACTED: &str = "[REDACTED]";

impl Output {
    /// Refuses `--reveal-secrets` when the secrets would go to a pipe or a file other than
    /// `--out`: checked before any call, so nothing is created and then lost.
    pub fn check_reveal(&self) -> Result<(), Failure> {
        if self.reveal && self.out.is_none() && !std::io::stdout().is_terminal() {
            return Err(Failure::Usage(
                "--reveal-secrets shows secrets only on a terminal or in the file given by --out, \
                 and stdout is not a terminal: add --out FILE"
                    .into(),
            ));
        }
        Ok(())
    }

    /// A secret as it is shown: its text when revealed, else `[REDACTED]`.
    pub fn secret(&self, s: &wallet_sdk::Secret) -> Value {
        Value::String(if self.reveal { s.expose().to_string() } else { REDACTED.to_string() })
    }

    /// Writes one result.
    pub fn emit(&self, v: &Value) -> Result<(), Failure> {
        let text = if self.json { pretty(v) } else { table(v) };
        match &self.out {
            Some(path) => write_private(path, text.as_bytes()),
            None => {
                let mut stdout = std::io::stdout().lock();
                match stdout.write_all(text.as_bytes()).and_then(|_| stdout.flush()) {
                    Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Failure::Local(format!("cannot write the output: {e}"))),
                    _ => Ok(()),
                }
            }
        }
    }
}

/// Writes `bytes` to `path`, created with mode 0600 (a file that may hold secrets).
pub fn write_private(path: &PathBuf, bytes: &[u8]) -> Result<(), Failure> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(path)
        .and_then(|mut f| {
            // an existing file keeps its mode on open: narrow it before writing
            #[cfg(unix)]
            f.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
            f.write_all(bytes)
        })
        .map_err(|e| Failure::Local(format!("cannot write {}: {e}", path.display())))
}

/// Pretty JSON with a final newline; amounts keep their exact text.
pub fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string());
    s.push('\n');
    s
}

/// Reports a failure on stderr: a JSON object with `--json`, else `error: KIND: MESSAGE`.
pub fn report(f: &Failure, as_json: bool) {
    let outcome_unknown = matches!(f, Failure::Sdk(e) if e.kind() == wallet_sdk::ErrorKind::OutcomeUnknown);
    let text = if as_json {
        let mut e = Map::new();
        e.insert("kind".into(), json!(f.kind()));
        e.insert("exitCode".into(), json!(f.exit_code()));
        e.insert("message".into(), json!(f.to_string()));
        if let Failure::Sdk(err) = f {
            let mut put = |k: &str, v: Option<Value>| {
                if let Some(v) = v {
                    e.insert(k.into(), v);
                }
            };
            put("operation", err.operation().map(Value::from));
            put("code", err.service_code().map(Value::from));
            put("status", err.status().map(Value::from));
            put("field", err.field().map(Value::from));
            put("requestId", err.request_id().map(Value::from));
            put("retryAfterSeconds", err.retry_after().map(|d| Value::from(d.as_secs_f64())));
            put("retryable", Some(Value::Bool(err.is_retryable())));
            put("rawBody", err.raw_body().map(Value::from));
        }
        if outcome_unknown {
            e.insert("advice".into(), json!(exit::OUTCOME_UNKNOWN_ADVICE));
        }
        format!("{}\n", json!({ "error": e }))
    } else {
        let mut s = format!("error: {}: {}\n", f.kind(), clean(&f.to_string()));
        if outcome_unknown {
            s.push_str(&format!("hint: {}\n", exit::OUTCOME_UNKNOWN_ADVICE));
        } else if matches!(f, Failure::Sdk(e) if e.is_retryable()) {
            s.push_str("hint: this may succeed if repeated later\n");
        }
        s
    };
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Control characters (a hostile answer could move the cursor or recolour the terminal) shown
/// escaped.
fn clean(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => clean(s),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => clean(&other.to_string()),
    }
}

fn is_table(items: &[Value]) -> bool {
    !items.is_empty() && items.iter().all(Value::is_object)
}

/// The readable form: `key  value` rows (nested objects flattened as `a.b`), then each list
/// of records as its own table.
pub fn table(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Object(map) => {
            let mut rows = Vec::new();
            let mut tables = Vec::new();
            flatten("", map, &mut rows, &mut tables);
            out.push_str(&key_values(&rows));
            for (name, items) in tables {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&format!("{name} ({}):\n", items.len()));
                out.push_str(&grid(items));
            }
        }
        Value::Array(items) if is_table(items) => out.push_str(&grid(items)),
        Value::Array(items) => {
            for i in items {
                out.push_str(&scalar(i));
                out.push('\n');
            }
        }
        other => {
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
    out
}

fn flatten<'a>(prefix: &str, map: &'a Map<String, Value>, rows: &mut Vec<(String, String)>, tables: &mut Vec<(String, &'a [Value])>) {
    for (k, v) in map {
        let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
        match v {
            Value::Object(inner) if !inner.is_empty() => flatten(&key, inner, rows, tables),
            Value::Array(items) if is_table(items) => tables.push((key, items)),
            Value::Array(items) if items.is_empty() => rows.push((key, "(none)".into())),
            Value::Array(items) if items.iter().all(|i| !i.is_object() && !i.is_array()) => {
                rows.push((key, items.iter().map(scalar).collect::<Vec<_>>().join(", ")))
            }
            other => rows.push((key, scalar(other))),
        }
    }
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn key_values(rows: &[(String, String)]) -> String {
    let w = rows.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
    rows.iter()
        .map(|(k, v)| format!("{k}{}  {v}\n", " ".repeat(w - width(k))))
        .collect()
}

fn grid(items: &[Value]) -> String {
    let mut columns: Vec<&str> = Vec::new();
    for item in items {
        for k in item.as_object().into_iter().flat_map(|m| m.keys()) {
            if !columns.contains(&k.as_str()) {
                columns.push(k);
            }
        }
    }
    let cells: Vec<Vec<String>> = items
        .iter()
        .map(|i| columns.iter().map(|c| i.get(*c).map(scalar).unwrap_or_default()).collect())
        .collect();
    // numbers (amounts, counts) right-aligned
    let numeric: Vec<bool> = (0..columns.len())
        .map(|c| items.iter().all(|i| i.get(columns[c]).is_none_or(|v| v.is_number() || v.is_null())))
        .collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|c| cells.iter().map(|r| width(&r[c])).chain([width(columns[c])]).max().unwrap_or(0))
        .collect();
    let line = |row: Vec<&str>| -> String {
        let parts: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, s)| {
                let pad = " ".repeat(widths[c] - width(s));
                if numeric[c] { format!("{pad}{s}") } else { format!("{s}{pad}") }
            })
            .collect();
        format!("{}\n", parts.join("  ").trim_end())
    };
    let mut out = line(columns.clone());
    out.push_str(&line(widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().iter().map(String::as_str).collect()));
    for r in &cells {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn key_values_keep_amounts_exact() {
        let v = exact(r#"{"confirmed": 2.50000000, "unconfirmed": 0.00000001, "wallet": {"name": "w"}}"#);
        assert_eq!(table(&v), "confirmed    2.50000000\nunconfirmed  0.00000001\nwallet.name  w\n");
        assert!(pretty(&v).contains("2.50000000"));
    }

    #[test]
    fn lists_of_records_become_tables() {
        let v = exact(r#"{"total": 2, "items": [{"txid": "ab", "amount": 1.5}, {"txid": "cdef", "amount": -0.25, "note": "x"}]}"#);
        assert_eq!(
            table(&v),
            "total  2\n\nitems (2):\ntxid  amount  note\n----  ------  ----\nab       1.5\ncdef   -0.25  x\n"
        );
        assert_eq!(table(&exact(r#"{"items": []}"#)), "items  (none)\n");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(table(&json!({"m": "a\u{1b}[2Jb"})), "m  a\\u{1b}[2Jb\n");
        assert_eq!(table(&json!(true)), "true\n");
    }
}
