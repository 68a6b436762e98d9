//! The raw JSON the SDK keeps of an answer: the service's own text, compacted, with secret
//! fields and echoed secrets redacted. Kept as text rather than a `serde_json::Value` so that
//! numbers stay exact and keys keep their order whatever serde_json features the caller's
//! build has (docs/adr/0007).

use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;

use crate::operations::Operation;
use crate::redact::SecretForms;

mod rewrite;

pub(crate) use rewrite::{for_each_member, redacted, type_name, Redaction};
use rewrite::*;

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

    /// The raw JSON of the `data` of `body` (valid JSON, passed by `json::limits::check`), an
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
        crate::json::limits::check(raw.get().as_bytes()).map_err(|c| serde::de::Error::custom(c.why()))?;
        Ok(redacted(raw.get(), &Redaction::default()))
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
