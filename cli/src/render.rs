//! Output: a readable table by default, pretty JSON with `--json`; to stdout or to the file of
//! `--out` (a new file, mode 0600). Errors go to stderr, in the same style.

use std::collections::HashMap;
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use crate::exit::{self, Failure};

/// How and where results are written.
pub struct Output {
    pub json: bool,
    pub reveal: bool,
    pub out: Option<PathBuf>,
    /// The file of `--out`, once created.
    file: Option<File>,
}

/// What secrets look like unless revealed (the SDK's own text).
pub const REDACTED: &str = "[REDACTED]";

impl Output {
    pub fn new(json: bool, reveal: bool, out: Option<PathBuf>) -> Output {
        Output { json, reveal, out, file: None }
    }

    /// Checks `--reveal-secrets` and creates the file of `--out`: before any call, so that an
    /// answer (with secrets it may carry only once) is never lost to an output that cannot be
    /// written.
    pub fn prepare(&mut self) -> Result<(), Failure> {
        self.check_reveal()?;
        if let (Some(path), None) = (&self.out, &self.file) {
            self.file = Some(create_private(path)?);
        }
        Ok(())
    }

    /// After a failed run: removes the file of `--out` if nothing was written to it.
    pub fn discard_empty(&self) {
        if let (Some(path), Some(file)) = (&self.out, &self.file) {
            if file.metadata().is_ok_and(|m| m.len() == 0) {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// Refuses `--reveal-secrets` when the secrets would go to a pipe or a file other than
    /// `--out`: checked before any call, so nothing is created and then lost.
    fn check_reveal(&self) -> Result<(), Failure> {
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
            Some(path) => {
                let created;
                let mut file: &File = match &self.file {
                    Some(f) => f,
                    None => {
                        created = create_private(path)?;
                        &created
                    }
                };
                file.write_all(text.as_bytes()).map_err(|e| Failure::Local(format!("cannot write {}: {e}", path.display())))
            }
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

/// Creates `path` with mode 0600 (the file may hold secrets), only if nothing is there
/// (O_CREAT|O_EXCL): never writes over a file that others may read, nor through a symbolic
/// link planted to send the secrets elsewhere.
fn create_private(path: &Path) -> Result<File, Failure> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => Failure::Usage(format!(
            "--out {}: already exists (--out writes only a new file, never over a file or through a symbolic link)",
            path.display()
        )),
        _ => Failure::Local(format!("--out: cannot create {}: {e}", path.display())),
    })
}

/// Pretty JSON with a final newline; amounts keep their exact text.
pub fn pretty(v: &Value) -> String {
    let mut s = escape_json(serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string()));
    s.push('\n');
    s
}

/// Reports a failure on stderr: a JSON object with `--json`, else `error: KIND: MESSAGE`.
pub fn report(f: &Failure, as_json: bool) {
    let _ = std::io::stderr().write_all(failure_text(f, as_json).as_bytes());
}

fn failure_text(f: &Failure, as_json: bool) -> String {
    let outcome_unknown = matches!(f, Failure::Sdk(e) if e.kind() == wallet_sdk::ErrorKind::OutcomeUnknown);
    // an outcome-unknown error's token, or that of a call given up with Ctrl-C
    let outcome_token = match f {
        Failure::Sdk(e) => e.outcome_token(),
        Failure::Interrupted { outcome_token, .. } => outcome_token.clone(),
        _ => None,
    };
    if as_json {
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
        if let Some(token) = &outcome_token {
            e.insert("outcomeToken".into(), Value::from(token.as_str()));
        }
        if outcome_unknown {
            e.insert("advice".into(), json!(exit::OUTCOME_UNKNOWN_ADVICE));
        }
        format!("{}\n", escape_json(json!({ "error": e }).to_string()))
    } else {
        let mut s = format!("error: {}: {}\n", f.kind(), clean(&f.to_string()));
        if outcome_unknown {
            s.push_str(&format!("hint: {}\n", exit::OUTCOME_UNKNOWN_ADVICE));
        }
        if let Some(token) = outcome_token {
            s.push_str(&format!("hint: find out what became of it with: wallet resolve '{}'\n", clean(&token)));
        } else if matches!(f, Failure::Sdk(e) if e.is_retryable()) {
            s.push_str("hint: this may succeed if repeated later\n");
        }
        s
    }
}

/// Control characters (a hostile answer could move the cursor or recolour the terminal), line
/// separators and bidirectional marks shown escaped.
fn clean(s: &str) -> String {
    if !s.chars().any(is_unsafe) {
        return s.to_string();
    }
    s.chars().map(|c| if is_unsafe(c) { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// C0 and C1 controls, the Unicode line and paragraph separators, and the invisible marks that
/// reorder the rest of a line (an address could be shown reversed).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// JSON text with the unsafe characters serde_json leaves raw (DEL, C1 controls, line
/// separators, bidirectional marks) as `\uXXXX`: the same JSON to a parser. It escapes those below U+0020 itself, so
/// the raw ones left are the layout's newlines.
pub fn escape_json(text: String) -> String {
    let raw = |c: char| c > '\u{7e}' && is_unsafe(c);
    if !text.chars().any(raw) {
        return text;
    }
    text.chars().map(|c| if raw(c) { format!("\\u{:04x}", u32::from(c)) } else { c.to_string() }).collect()
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
                out.push_str(&format!("{} ({}):\n", clean(&name), items.len()));
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

/// Longest key under which an object is still flattened into `key.inner` rows; beyond, it is
/// one row of JSON (a long key repeated in every row of a large object would not fit in memory).
const LONGEST_PREFIX: usize = 128;

fn flatten<'a>(prefix: &str, map: &'a Map<String, Value>, rows: &mut Vec<(String, String)>, tables: &mut Vec<(String, &'a [Value])>) {
    for (k, v) in map {
        let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
        match v {
            Value::Object(inner) if !inner.is_empty() && width(&key) <= LONGEST_PREFIX => flatten(&key, inner, rows, tables),
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

/// Whether aligning (`padded` characters) keeps the text in proportion to what it shows
/// (`natural`): one long key or value, or a hostile answer's, would pad every row to its width.
fn worth_aligning(padded: usize, natural: usize) -> bool {
    padded <= natural.saturating_mul(4).saturating_add(1 << 20)
}

fn key_values(rows: &[(String, String)]) -> String {
    let keys: Vec<String> = rows.iter().map(|(k, _)| clean(k)).collect();
    let values: usize = rows.iter().map(|(_, v)| width(v) + 3).sum();
    let natural = values + keys.iter().map(|k| width(k)).sum::<usize>();
    let mut w = keys.iter().map(|k| width(k)).max().unwrap_or(0);
    if !worth_aligning(values.saturating_add(w.saturating_mul(rows.len())), natural) {
        w = 0;
    }
    keys.iter()
        .zip(rows)
        .map(|(k, (_, v))| format!("{k}{}  {v}\n", " ".repeat(w.saturating_sub(width(k)))))
        .collect()
}

fn grid(items: &[Value]) -> String {
    // the columns in order of first appearance, and each record's cells by column
    let mut columns: Vec<&str> = Vec::new();
    let mut column_of: HashMap<&str, usize> = HashMap::new();
    let mut records: Vec<Vec<(usize, String)>> = Vec::with_capacity(items.len());
    // numbers (amounts, counts) right-aligned
    let mut numeric: Vec<bool> = Vec::new();
    for item in items {
        let mut cells = Vec::new();
        for (k, v) in item.as_object().into_iter().flatten() {
            let c = *column_of.entry(k.as_str()).or_insert_with(|| {
                columns.push(k);
                numeric.push(true);
                columns.len() - 1
            });
            numeric[c] &= v.is_number() || v.is_null();
            cells.push((c, scalar(v)));
        }
        records.push(cells);
    }
    let headers: Vec<String> = columns.iter().map(|c| clean(c)).collect();
    let mut widths: Vec<usize> = headers.iter().map(|h| width(h)).collect();
    let mut natural = widths.iter().map(|w| w + 2).sum::<usize>();
    for (c, s) in records.iter().flatten() {
        widths[*c] = widths[*c].max(width(s));
        natural += width(s) + 2;
    }
    let padded = (items.len() + 2).saturating_mul(widths.iter().map(|w| w + 2).sum());
    if !worth_aligning(padded, natural) {
        // records with few keys in common, or a huge cell: one record a line, as JSON
        return items.iter().map(|i| format!("{}\n", scalar(i))).collect();
    }
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
    let mut out = line(headers.iter().map(String::as_str).collect());
    out.push_str(&line(widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().iter().map(String::as_str).collect()));
    for cells in &records {
        let mut row = vec![""; columns.len()];
        for (c, s) in cells {
            row[*c] = s;
        }
        out.push_str(&line(row));
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

    #[test]
    fn keys_are_escaped_like_values() {
        let v = json!({"a\u{1b}[2J": "v", "n": {"k\nfake": 1}, "list\u{9b}": [{"c\u{7}": 1}]});
        assert_eq!(
            table(&v),
            "a\\u{1b}[2J  v\nn.k\\nfake   1\n\nlist\\u{9b} (1):\nc\\u{7}\n------\n     1\n"
        );
        assert_eq!(table(&json!([{"\u{202e}k": "x"}])), "\\u{202e}k\n---------\nx\n");
    }

    #[test]
    fn line_separators_and_bidirectional_marks_are_escaped() {
        assert_eq!(table(&json!({"file": "\u{202e}gnp.exe"})), "file  \\u{202e}gnp.exe\n");
        assert_eq!(table(&json!({"a": "x\u{2028}y\u{2029}z"})), "a  x\\u{2028}y\\u{2029}z\n");
    }

    /// A table stays in proportion to the answer (a hostile one could otherwise exhaust the
    /// memory with a few megabytes).
    #[track_caller]
    fn assert_in_proportion(v: &Value) {
        let (answer, shown) = (v.to_string().len(), table(v).len());
        assert!(shown < 4 * answer + (1 << 20), "{answer} bytes shown in {shown}");
    }

    #[test]
    fn one_long_key_or_cell_does_not_pad_every_row() {
        let long = "k".repeat(20_000);
        // padded to the long key's width: 20 000 rows of 20 000 characters
        let mut map: Map<String, Value> = (0..20_000).map(|i| (format!("k{i}"), json!(i))).collect();
        map.insert(long.clone(), json!(1));
        assert_in_proportion(&Value::Object(map));
        let items: Vec<Value> = (0..20_000).map(|i| json!({"k": i})).chain([json!({"k": long})]).collect();
        assert_in_proportion(&Value::Array(items));
    }

    #[test]
    fn sparse_records_do_not_multiply_into_a_huge_grid() {
        // 100 records of 100 keys each, all different: 10 000 columns, a million cells
        let items: Vec<Value> =
            (0..100).map(|r| Value::Object((0..100).map(|c| (format!("{r}-{c}"), json!(1))).collect())).collect();
        let v = Value::Array(items);
        assert_in_proportion(&v);
        assert!(table(&v).starts_with("{\"0-0\":1,\"0-1\":1,"), "one record a line");
    }

    #[test]
    fn a_long_key_is_not_repeated_in_every_nested_row() {
        let inner: Map<String, Value> = (0..5_000).map(|i| (i.to_string(), json!(1))).collect();
        let v = json!({ "p".repeat(20_000): inner });
        assert_in_proportion(&v);
        assert_eq!(table(&json!({"a": {"b": {"c": 1}}})), "a.b.c  1\n");
    }

    #[test]
    fn json_escapes_what_serde_json_leaves_raw() {
        let v = json!({"k\u{9b}31m": "a\u{7f}b\u{202e}c", "esc": "\u{1b}"});
        let text = pretty(&v);
        assert!(!text.chars().any(|c| c != '\n' && is_unsafe(c)), "{text:?}");
        assert!(text.contains(r#""k\u009b31m": "a\u007fb\u202ec""#), "{text}");
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v);
        let usage = failure_text(&Failure::Usage("bad \u{9b}31m".into()), true);
        assert!(usage.contains(r"bad \u009b31m") && !usage.contains('\u{9b}'), "{usage}");
    }
}
