//! The raw JSON the SDK keeps of an answer: the service's own text, compacted, with secret
//! fields and echoed secrets redacted. Kept as text rather than a `serde_json::Value` so that
//! numbers stay exact and keys keep their order whatever serde_json features the caller's
//! build has (docs/adr/0007).

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;

use crate::operations::Operation;
use crate::redact::SecretForms;

/// JSON text of an answer's `data` as the service sent it (numbers exact, key order kept,
/// whitespace removed), with secret fields replaced by `"[REDACTED]"`.
///
/// The raw JSON of an answer that carries no secret of its own, to a call without secret inputs,
/// is redacted when it is first read rather than on every call (most callers never read it):
/// until then the answer's text stays inside, and nothing gives it out unredacted — every way
/// to read this (`as_str`, `Display`, `Debug`, `Serialize`, `==`, …) reads the redacted text.
/// Answers that carry a secret, and calls with secret inputs, are redacted at once, so that
/// neither their text nor the call's secrets outlive the call in here.
#[derive(Clone)]
pub struct RawJson(Repr);

#[derive(Clone)]
enum Repr {
    /// Text of the crate's own (`null`: every result starts with it).
    Static(&'static str),
    /// Redacted text.
    Text(Box<str>),
    /// An answer's `data`, redacted when first read (shared by the clones).
    Later(Arc<Later>),
}

/// What [`RawJson`] keeps of an answer until its raw JSON is first read.
struct Later {
    /// The answer's body, as the service sent it.
    body: String,
    /// Where its `data` is.
    data: Range<usize>,
    op: &'static Operation,
    /// The credential's forms (never the call's secret inputs: those calls are redacted at once).
    echoed: Option<SecretForms>,
    text: OnceLock<Box<str>>,
}

// The body as the service sent it may hold what redaction removes, and the redacted text what
// no rule recognised: both zeroed when the last clone goes.
impl Drop for Later {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.body);
        if let Some(text) = self.text.take() {
            zeroize::Zeroize::zeroize(&mut String::from(text));
        }
    }
}

// Redacted text may still hold a secret of a shape no rule knows: zeroed like the answer it came from.
impl Drop for RawJson {
    fn drop(&mut self) {
        if let Repr::Text(text) = std::mem::replace(&mut self.0, Repr::Static("null")) {
            zeroize::Zeroize::zeroize(&mut String::from(text));
        }
    }
}

impl Later {
    fn text(&self) -> &str {
        self.text.get_or_init(|| {
            let data = self.body.get(self.data.clone()).unwrap_or("null");
            let mut redacted = redact_answer(self.op, data, &[], self.echoed.as_ref());
            match std::mem::replace(&mut redacted.0, Repr::Static("null")) {
                Repr::Text(text) => text,
                // redact_answer makes text
                other => RawJson(other).as_str().into(),
            }
        })
    }
}

impl RawJson {
    /// The JSON text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Static(text) => text,
            Repr::Text(text) => text,
            Repr::Later(later) => later.text(),
        }
    }

    /// The JSON as a `serde_json::Value`. Numbers are read as the serde_json of your build
    /// reads them: exactly with its `arbitrary_precision` feature, else as `f64` or integers;
    /// [`as_str`](Self::as_str) and [`parse`](Self::parse) are always exact.
    pub fn to_value(&self) -> serde_json::Value {
        // the text is valid JSON by construction; `Null` only if that were ever broken
        serde_json::from_str(self.as_str()).unwrap_or(serde_json::Value::Null)
    }

    /// The JSON text, without a copy (when it has been redacted already, or is read only here).
    pub fn into_string(mut self) -> String {
        match std::mem::replace(&mut self.0, Repr::Static("null")) {
            Repr::Static(text) => text.into(),
            Repr::Text(text) => text.into(),
            Repr::Later(later) => match Arc::try_unwrap(later) {
                Ok(mut later) => {
                    later.text();
                    later.text.take().map(String::from).unwrap_or_default()
                }
                Err(shared) => shared.text().to_string(),
            },
        }
    }

    /// Deserializes the JSON into a type of yours.
    pub fn parse<T: DeserializeOwned>(&self) -> serde_json::Result<T> {
        serde_json::from_str(self.as_str())
    }

    /// The JSON text of a top-level member of an object (`None` when absent or when this is
    /// not an object); the last one when a key repeats, as JSON parsers read it.
    pub fn member(&self, key: &str) -> Option<&str> {
        member(self.as_str(), key)
    }

    /// Wraps text that is already valid, redacted JSON (built by this crate).
    pub(crate) fn from_trusted(text: String) -> RawJson {
        RawJson(Repr::Text(text.into_boxed_str()))
    }

    /// The raw JSON of the `data` of `body` (valid JSON, passed by `json_limits::check`), an
    /// answer of `op` that carries no secret of its own to a call whose only secret is the
    /// credential (`echoed`: its forms), redacted as [`redact_answer`] does when first
    /// read.
    pub(crate) fn later(body: String, data: Range<usize>, op: &'static Operation, echoed: Option<SecretForms>) -> RawJson {
        RawJson(Repr::Later(Arc::new(Later { body, data, op, echoed, text: OnceLock::new() })))
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for RawJson {}

impl std::hash::Hash for RawJson {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl Default for RawJson {
    /// `null`.
    fn default() -> Self {
        RawJson(Repr::Static("null"))
    }
}

impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawJson({})", self.as_str())
    }
}

impl serde::Serialize for RawJson {
    /// Written as the JSON it holds (not as a string).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.as_str().to_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for RawJson {
    /// Any JSON value, kept as its compact text (unredacted: this is the caller's own data).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        crate::json_limits::check(raw.get().as_bytes()).map_err(|c| serde::de::Error::custom(c.why()))?;
        Ok(redacted(raw.get(), &Redaction::default()))
    }
}

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
    fn secret_lengths(&self) -> u64 {
        self.secret_fields.iter().flat_map(|list| list.iter()).fold(0, |m, f| m | length_bit(f))
    }

    fn is_secret_field(&self, key: &str, depth: usize, secret_lengths: u64) -> bool {
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

fn length_bit(name: &str) -> u64 {
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

const QUOTED_REDACTED: &str = "\"[REDACTED]\"";

struct Rewriter<'t, 'r> {
    text: &'t str,
    at: usize,
    /// `text[copied..at]` is read but not yet written: it goes to `out` as it stands at the next
    /// [`flush`](Self::flush). Most of an answer comes out unchanged, so it is copied in a few
    /// long runs rather than token by token; only dropped whitespace and replaced tokens break
    /// a run.
    copied: usize,
    out: String,
    rules: &'r Redaction<'r>,
    secret_lengths: u64,
    /// Shared by every string of the text (`shapes::ShapeBudget`).
    shape_budget: crate::shapes::ShapeBudget,
}

impl<'t, 'r> Rewriter<'t, 'r> {
    fn new(text: &'t str, rules: &'r Redaction<'r>, capacity: usize) -> Self {
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
    fn flush(&mut self, until: usize) {
        // positions are next to ASCII bytes of the JSON's structure: always char boundaries
        self.out.push_str(self.text.get(self.copied..until).unwrap_or_default());
        self.copied = until;
    }

    /// Writes `with` in place of the text from `start` to where the reader is.
    fn replace(&mut self, start: usize, with: &str) {
        self.flush(start);
        self.out.push_str(with);
        self.copied = self.at;
    }

    /// Skips whitespace between tokens, leaving it out of what is written.
    fn drop_ws(&mut self) {
        let start = self.at;
        self.skip_ws();
        if self.at > start {
            self.flush(start);
            self.copied = self.at;
        }
    }

    /// Whether a number or literal holds one of the call's secrets.
    fn echoed_in(&self, token: &str) -> bool {
        self.rules.echoed.is_some_and(|forms| forms.found_in(token))
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_ws();
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Copies one value, redacting inside it. Texts reach here through
    /// `json_limits::check`; the bound is kept anyway so that no text can recurse deeper.
    fn value(&mut self, depth: usize) -> Option<()> {
        if depth > crate::json_limits::MAX_JSON_DEPTH {
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
    fn sequence(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
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
    fn member(&mut self, depth: usize) -> Option<()> {
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
    fn string_token(&mut self) -> Option<&'t str> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        let mut i = self.at + 1;
        loop {
            i += memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
            match bytes[i] {
                b'\\' => i += 2,
                _ => break,
            }
        }
        let token = self.text.get(self.at..=i)?;
        self.at = i + 1;
        Some(token)
    }

    /// A number, `true`, `false` or `null`, as it stands in the text.
    fn scalar_token(&mut self) -> Option<&'t str> {
        let start = self.at;
        let rest = self.text.as_bytes().get(start..).unwrap_or_default();
        self.at += rest.iter().position(|&b| ENDS_SCALAR[usize::from(b)]).unwrap_or(rest.len());
        (self.at > start)
            .then(|| self.text.get(start..self.at))
            .flatten()
    }

    /// Copies the string token from `start` to where the reader is (its decoded `text`), with
    /// the call's secrets and anything shaped like a secret scrubbed from its text.
    fn push_text(&mut self, start: usize, text: Cow<'_, str>) -> Option<()> {
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
    fn skip_value(&mut self) -> Option<()> {
        self.skip_ws();
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string_token()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.at += 1;
                }
                b',' | b':' | b' ' | b'\n' | b'\r' | b'\t' => self.at += 1,
                _ => {
                    self.scalar_token()?;
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }
}

/// The bytes that end a number, `true`, `false` or `null`.
static ENDS_SCALAR: [bool; 256] = crate::json_limits::byte_set(b",}] \n\r\t\"{[:");

/// `true` for `true`, `false`, `null` and a JSON number.
fn is_json_scalar(token: &str) -> bool {
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
fn decode_string(token: &str) -> Option<Cow<'_, str>> {
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
fn member<'t>(text: &'t str, key: &str) -> Option<&'t str> {
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

/// A result type decoded from the response `data`.
pub trait FromData: serde::de::DeserializeOwned {
    /// Stores the raw (redacted) `data` JSON.
    #[doc(hidden)]
    fn set_raw(&mut self, raw: RawJson);
}

/// The untyped result of [`crate::Client::call`]: the answer's `data`, redacted.
impl FromData for RawJson {
    fn set_raw(&mut self, raw: RawJson) {
        *self = raw;
    }
}

/// Field names whose values are redacted from every raw JSON the SDK keeps, whatever the
/// operation (besides each operation's own secret fields).
const ALWAYS_SECRET_FIELDS: &[&str] = &[
    "privateKey", "addressPrivateKey", "addressPrivatKey", "mnemonics", "mnemonic", "passphrase",
    "encryptedPassphrase", "old_passphrase", "new_passphrase", "oldPassphrase", "newPassphrase", "wif", "seed",
    "xprv", "tprv", "nodeUrlOrApiAccessKey", "apiKey",
];

/// `true` when the operation's answer carries a secret of its own (a private key, a
/// mnemonic, a passphrase, an OTP code): its bodies are never shown in errors, and its raw
/// JSON keeps only fields known to be public.
pub(crate) fn answer_carries_secret(op: &Operation) -> bool {
    !op.secret_outputs.is_empty()
}

/// The raw JSON of an answer as the SDK keeps it: secret fields (of any operation and of this
/// one) redacted, for answers that carry a secret everything but `public_fields` too, and the
/// call's `echoed` secrets scrubbed. `text` is valid JSON.
pub(crate) fn redact_answer(
    op: &Operation,
    text: &str,
    public_fields: &[&str],
    echoed: Option<&SecretForms>,
) -> RawJson {
    let inputs: Vec<&str> = op
        .params
        .iter()
        .filter(|p| p.secret)
        .map(|p| p.wire_name)
        .collect();
    let rules = Redaction {
        public_fields: answer_carries_secret(op).then_some(public_fields),
        secret_fields: &[ALWAYS_SECRET_FIELDS, op.secret_outputs, &inputs],
        echoed,
        hex_is_secret: answer_carries_secret(op),
    };
    redacted(text, &rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules<'a>(secret_fields: &'a [&'a [&'a str]]) -> Redaction<'a> {
        Redaction {
            secret_fields,
            ..Redaction::default()
        }
    }

    #[test]
    fn keeps_numbers_order_and_escapes_exactly() {
        let text = "{ \"z\": 12.24992630, \"a\" : [1e-5, -0.00001640, 123456789012345678901234567890],\n \"s\": \"\\u00e9\\n\", \"n\": null, \"t\": true }";
        let r = redacted(text, &Redaction::default());
        assert_eq!(
            r.as_str(),
            r#"{"z":12.24992630,"a":[1e-5,-0.00001640,123456789012345678901234567890],"s":"\u00e9\n","n":null,"t":true}"#
        );
        assert_eq!(r.member("z"), Some("12.24992630"));
        assert_eq!(
            r.member("a"),
            Some("[1e-5,-0.00001640,123456789012345678901234567890]")
        );
        assert_eq!(r.member("missing"), None);
        assert_eq!(
            redacted("  \"x\" ", &Redaction::default()).as_str(),
            "\"x\""
        );
        assert_eq!(redacted("[]", &Redaction::default()).as_str(), "[]");
        assert_eq!(redacted("{}", &Redaction::default()).as_str(), "{}");
    }

    #[test]
    fn secret_fields_at_any_depth_ignoring_case() {
        let text = r#"{"walletName":"w","Mnemonics":"a b c","nested":[{"privateKey":{"k":[1,"x"]},"wif":null}],"keep":{"x":"privateKey"}}"#;
        let r = redacted(text, &rules(&[&["mnemonics", "privateKey"], &["wif"]]));
        assert_eq!(
            r.as_str(),
            r#"{"walletName":"w","Mnemonics":"[REDACTED]","nested":[{"privateKey":"[REDACTED]","wif":null}],"keep":{"x":"privateKey"}}"#
        );
    }

    #[test]
    fn only_public_fields_of_a_secret_answer() {
        let public: &[&str] = &["address"];
        let rules = Redaction {
            public_fields: Some(public),
            ..Redaction::default()
        };
        let r = redacted(
            r#"{"address":"ltc1","extra":{"deep":1},"other":null}"#,
            &rules,
        );
        assert_eq!(
            r.as_str(),
            r#"{"address":"ltc1","extra":"[REDACTED]","other":null}"#
        );
        assert_eq!(
            redacted(r#""L1secretwif""#, &rules).as_str(),
            r#""[REDACTED]""#
        );
        assert_eq!(redacted("[1,2]", &rules).as_str(), r#""[REDACTED]""#);
        assert_eq!(redacted("null", &rules).as_str(), "null");
    }

    #[test]
    fn echoed_secrets_in_strings_keys_and_numbers() {
        let forms = SecretForms::for_call("k3y-value", ["pole inch amazing", "123456"]);
        let rules = Redaction {
            echoed: Some(&forms),
            ..Redaction::default()
        };
        let text = r#"{"m":"said pole inch amazing","pole inch amazing":1,"otp":123456,"esc":"\u0070ole inch amazing","ok":"k3y"}"#;
        let r = redacted(text, &rules);
        assert_eq!(
            r.as_str(),
            r#"{"m":"said [REDACTED]","[REDACTED]":1,"otp":"[REDACTED]","esc":"[REDACTED]","ok":"k3y"}"#
        );
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in [
            "",
            "{",
            "{\"a\"",
            "{\"a\":",
            "[1,",
            "\"abc",
            "{\"a\":1 \"b\":2}",
            "}",
            "\"\\",
            "{\"é\\",
            "[\"\\u00",
            "[\"\\ud800\"]",
            "[\"a\u{1}b\"]",
            "[1x]",
            "[01]",
            "[1.]",
            "[tru]",
        ] {
            let out = redacted(text, &rules(&[&["a"]]));
            assert!(
                serde_json::from_str::<serde_json::Value>(out.as_str()).is_ok(),
                "{text:?} -> {out}"
            );
            let _ = member(text, "a");
        }
    }
}
