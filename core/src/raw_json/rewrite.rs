//! The redaction rewriter (one pass over an answer's JSON, secret fields and echoed secrets
//! replaced) and the readers of a JSON text's top-level members, both on the lexer of
//! `json::lex`.

use std::borrow::Cow;

use crate::json::lex;
use crate::redact::SecretForms;

use super::*;

/// What is redacted from an answer's JSON.
#[derive(Default)]
pub(crate) struct Redaction<'a> {
    /// For answers that carry a secret of their own: only these top-level fields are kept
    /// (every other non-null value, and a body that is not an object, is redacted).
    pub public_fields: Option<&'a [&'a str]>,
    /// Field names (compared ignoring ASCII case) whose non-null values are redacted at any depth.
    pub secret_fields: &'a [&'a [&'a str]],
    /// The call's secret values, scrubbed from every string, key and number.
    pub echoed: Option<&'a SecretForms>,
    /// Whether 64 hexadecimal digits are a secret here (a private key) rather than a txid.
    pub hex_is_secret: bool,
}

impl Redaction<'_> {
    /// Bit `n` set when a secret field name is `n` bytes long (bit 63: 63 or more), so that
    /// most keys are known not to be secret without comparing them to every name.
    pub(super) fn secret_lengths(&self) -> u64 {
        self.secret_fields.iter().flat_map(|list| list.iter()).fold(0, |m, f| m | length_bit(f))
    }

    pub(super) fn is_secret_field(&self, key: &str, depth: usize, secret_lengths: u64) -> bool {
        let not_public = depth == 0
            && self
                .public_fields
                .is_some_and(|p| !p.iter().any(|f| f.eq_ignore_ascii_case(key)));
        not_public
            || (secret_lengths & length_bit(key) != 0
                && self
                    .secret_fields
                    .iter()
                    .any(|list| list.iter().any(|f| f.eq_ignore_ascii_case(key))))
    }
}

pub(super) fn length_bit(name: &str) -> u64 {
    1 << name.len().min(63)
}

/// `text` (valid JSON) compacted and redacted per `rules`, in one pass. Text that is not valid
/// JSON (never passed by this crate) comes out as `"[REDACTED]"` whole rather than half read.
pub(crate) fn redacted(text: &str, rules: &Redaction<'_>) -> RawJson {
    let mut w = Rewriter::new(text, rules, text.len());
    w.skip_ws();
    w.copied = w.at;
    let whole = if rules.public_fields.is_some() && !matches!(w.peek(), Some(b'{') | Some(b'n')) {
        w.skip_value().map(|_| w.out.push_str(QUOTED_REDACTED))
    } else {
        w.value(0).map(|_| w.flush(w.at))
    };
    match whole {
        Some(()) => RawJson::from_trusted(w.out),
        None => RawJson::from_trusted(QUOTED_REDACTED.to_string()),
    }
}

pub(super) const QUOTED_REDACTED: &str = "\"[REDACTED]\"";

pub(super) struct Rewriter<'t, 'r> {
    pub(super) text: &'t str,
    pub(super) at: usize,
    /// `text[copied..at]` is read but not yet written: it goes to `out` as it stands at the next
    /// [`flush`](Self::flush). Most of an answer comes out unchanged, so it is copied in a few
    /// long runs rather than token by token; only dropped whitespace and replaced tokens break
    /// a run.
    pub(super) copied: usize,
    pub(super) out: String,
    pub(super) rules: &'r Redaction<'r>,
    pub(super) secret_lengths: u64,
    /// Shared by every string of the text (`shapes::ShapeBudget`).
    pub(super) shape_budget: crate::shapes::ShapeBudget,
}

impl<'t, 'r> Rewriter<'t, 'r> {
    pub(super) fn new(text: &'t str, rules: &'r Redaction<'r>, capacity: usize) -> Self {
        Rewriter {
            text,
            at: 0,
            copied: 0,
            out: String::with_capacity(capacity),
            rules,
            secret_lengths: rules.secret_lengths(),
            shape_budget: crate::shapes::ShapeBudget::default(),
        }
    }

    /// Writes the text read since the last flush, up to `until`, as it stands.
    pub(super) fn flush(&mut self, until: usize) {
        // positions are next to ASCII bytes of the JSON's structure: always char boundaries
        self.out.push_str(self.text.get(self.copied..until).unwrap_or_default());
        self.copied = until;
    }

    /// Writes `with` in place of the text from `start` to where the reader is.
    pub(super) fn replace(&mut self, start: usize, with: &str) {
        self.flush(start);
        self.out.push_str(with);
        self.copied = self.at;
    }

    /// Skips whitespace between tokens, leaving it out of what is written.
    pub(super) fn drop_ws(&mut self) {
        let start = self.at;
        self.skip_ws();
        if self.at > start {
            self.flush(start);
            self.copied = self.at;
        }
    }

    /// Whether a number or literal holds one of the call's secrets.
    pub(super) fn echoed_in(&self, token: &str) -> bool {
        self.rules.echoed.is_some_and(|forms| forms.found_in(token))
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    pub(super) fn skip_ws(&mut self) {
        self.at = lex::skip_ws(self.text.as_bytes(), self.at);
    }

    pub(super) fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_ws();
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Copies one value, redacting inside it. Texts reach here through
    /// `json::limits::check`; the bound is kept anyway so that no text can recurse deeper.
    pub(super) fn value(&mut self, depth: usize) -> Option<()> {
        if depth > crate::json::limits::MAX_JSON_DEPTH {
            return None;
        }
        self.drop_ws();
        let start = self.at;
        match self.peek()? {
            b'{' => self.sequence(b'}', |w| w.member(depth)),
            b'[' => self.sequence(b']', |w| w.value(depth + 1)),
            b'"' => {
                let token = self.string_token()?;
                self.push_text(start, decode_string(token)?)
            }
            _ => {
                let token = self.scalar_token()?;
                if !is_json_scalar(token) {
                    return None;
                }
                if self.echoed_in(token) {
                    self.replace(start, QUOTED_REDACTED);
                }
                Some(())
            }
        }
    }

    /// Copies the opening bracket, then items separated by commas (each copied by `item`), then
    /// `close`.
    pub(super) fn sequence(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.at += 1;
        self.drop_ws();
        if self.peek()? == close {
            self.at += 1;
        } else {
            loop {
                item(self)?;
                self.drop_ws();
                match self.peek()? {
                    b',' => {}
                    c if c == close => break self.at += 1,
                    _ => return None,
                }
                self.at += 1;
            }
        }
        Some(())
    }

    /// Copies one `"key": value` member of an object, redacting the value of a secret field.
    pub(super) fn member(&mut self, depth: usize) -> Option<()> {
        self.drop_ws();
        let start = self.at;
        let key = decode_string(self.string_token()?)?;
        let secret = self.rules.is_secret_field(&key, depth, self.secret_lengths);
        self.push_text(start, key)?;
        self.drop_ws();
        if self.peek()? != b':' {
            return None;
        }
        self.at += 1;
        self.drop_ws();
        if secret && !self.text.get(self.at..).is_some_and(|rest| rest.starts_with("null")) {
            let start = self.at;
            self.skip_value()?;
            self.replace(start, QUOTED_REDACTED);
            Some(())
        } else {
            self.value(depth + 1)
        }
    }

    /// A string token, quotes included, as it stands in the text.
    pub(super) fn string_token(&mut self) -> Option<&'t str> {
        if self.peek()? != b'"' {
            return None;
        }
        let i = lex::string_end(self.text.as_bytes(), self.at + 1)?;
        let token = self.text.get(self.at..=i)?;
        self.at = i + 1;
        Some(token)
    }

    /// A number, `true`, `false` or `null`, as it stands in the text.
    pub(super) fn scalar_token(&mut self) -> Option<&'t str> {
        let start = self.at;
        self.at = lex::scalar_end(self.text.as_bytes(), start);
        (self.at > start)
            .then(|| self.text.get(start..self.at))
            .flatten()
    }

    /// Copies the string token from `start` to where the reader is (its decoded `text`), with
    /// the call's secrets and anything shaped like a secret scrubbed from its text.
    pub(super) fn push_text(&mut self, start: usize, text: Cow<'_, str>) -> Option<()> {
        let echoed = match self.rules.echoed {
            Some(forms) if !forms.is_empty() && forms.found_in(&text) => Some(forms),
            _ => None,
        };
        let shaped = crate::shapes::scrub_within(&text, self.rules.hex_is_secret, &mut self.shape_budget);
        if echoed.is_none() && shaped.is_none() {
            // the token stays as it stands
            return Some(());
        }
        let mut text = shaped.unwrap_or_else(|| text.into_owned());
        if let Some(forms) = echoed {
            forms.scrub_in_place(&mut text);
        }
        self.replace(start, &serde_json::to_string(&text).ok()?);
        Some(())
    }

    /// Skips one value without copying it.
    pub(super) fn skip_value(&mut self) -> Option<()> {
        self.skip_ws();
        self.at = lex::skip_value(self.text.as_bytes(), self.at, &mut 0)?;
        Some(())
    }
}

/// `true` for `true`, `false`, `null` and a JSON number.
pub(super) fn is_json_scalar(token: &str) -> bool {
    if matches!(token, "true" | "false" | "null") {
        return true;
    }
    let b = token.strip_prefix('-').unwrap_or(token).as_bytes();
    let int_end = b.iter().position(|c| !c.is_ascii_digit()).unwrap_or(b.len());
    let int_ok = int_end == 1 || (int_end > 1 && b[0] != b'0');
    let mut rest = &b[int_end..];
    if let Some(frac) = rest.strip_prefix(b".") {
        let n = frac.iter().position(|c| !c.is_ascii_digit()).unwrap_or(frac.len());
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    if let Some(exp) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let exp = exp.strip_prefix(b"+").or_else(|| exp.strip_prefix(b"-")).unwrap_or(exp);
        return int_ok && !exp.is_empty() && exp.iter().all(u8::is_ascii_digit);
    }
    int_ok && rest.is_empty()
}

/// The text of a string token (quotes included), unescaped; `None` for a token JSON does not
/// allow (a control character, a bad escape, a lone surrogate).
pub(super) fn decode_string(token: &str) -> Option<Cow<'_, str>> {
    if token.bytes().any(|b| b < 0x20) {
        return None;
    }
    if memchr::memchr(b'\\', token.as_bytes()).is_some() {
        serde_json::from_str::<String>(token).ok().map(Cow::Owned)
    } else {
        token.get(1..token.len().checked_sub(1)?).map(Cow::Borrowed)
    }
}

/// The text of a top-level member of a JSON object; the last one when the key repeats.
pub(super) fn member<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let mut found = None;
    for_each_member(text, |k, v| {
        if k == key {
            found = Some(v);
        }
    });
    found
}

/// Calls `f` with the key and value text of each top-level member, when `text` is a JSON
/// object (else never).
pub(crate) fn for_each_member<'t>(text: &'t str, mut f: impl FnMut(&str, &'t str)) {
    let rules = Redaction::default();
    let mut r = Rewriter::new(text, &rules, 0);
    let _ = (|| {
        r.expect(b'{')?;
        r.skip_ws();
        if r.peek()? == b'}' {
            return None;
        }
        loop {
            r.skip_ws();
            let key = decode_string(r.string_token()?)?;
            r.expect(b':')?;
            r.skip_ws();
            let start = r.at;
            r.skip_value()?;
            f(&key, text.get(start..r.at)?);
            r.skip_ws();
            if r.peek()? != b',' {
                return Some(());
            }
            r.at += 1;
        }
    })();
}

/// How an error names the type of a JSON text ("an object", "a number", …).
pub(crate) fn type_name(text: &str) -> &'static str {
    match text.trim_start().as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}
