//! Redaction of everything that comes back from the service before it reaches an error, a
//! log or a result's raw JSON.
//!
//! Two tools, because a hostile or buggy service may echo a secret in any shape:
//! - [`SecretForms`]: every value the caller sent as a secret (credential, passphrase,
//!   mnemonics, private key, OTP code), in each form it may come back in (as sent, URL-encoded,
//!   JSON-escaped, only the userinfo or password of a node URL), scrubbed from any text;
//! - JSON field rules: a deny-list of secret field names for ordinary answers, and an
//!   allow-list of public fields for answers that carry a secret of their own.

use serde::de::DeserializeOwned;
use zeroize::Zeroize;

/// What replaces a secret.
pub(crate) use crate::shapes::REDACTED;

/// Secrets shorter than this are not scrubbed from free text: replacing every `"abc"` in a
/// message would destroy it without protecting much (the inputs themselves are never put in
/// a text by the SDK).
const MIN_SCRUB_LEN: usize = 4;

/// The longest service text (message, code, field, request id…) kept in an error.
pub(crate) const SERVICE_TEXT_LIMIT: usize = 1024;

/// A text of the service as the SDK keeps it in an error or a log: secret shapes scrubbed
/// (`crate::shapes`), control and bidirectional-override characters escaped so that they
/// cannot rewrite a terminal or a log line, and cut at [`SERVICE_TEXT_LIMIT`] bytes.
pub(crate) fn service_text(text: &str, hex_is_secret: bool) -> String {
    let scrubbed = crate::shapes::scrub(text, hex_is_secret);
    let text = scrubbed.as_deref().unwrap_or(text);
    let mut out = String::with_capacity(text.len().min(SERVICE_TEXT_LIMIT) + 4);
    for c in text.chars() {
        if out.len() >= SERVICE_TEXT_LIMIT {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A set of secret forms, matched ignoring ASCII case in one pass (the service may change
/// the case of what it echoes, and percent-encode with lower-case hex).
pub(crate) struct FormSet {
    /// Kept to be zeroized; the matcher works from its own tables.
    forms: Vec<String>,
    matcher: Option<aho_corasick::AhoCorasick>,
    /// The shortest form: shorter texts hold none (most strings of an answer).
    shortest: usize,
}

impl Drop for FormSet {
    fn drop(&mut self) {
        self.forms.iter_mut().for_each(Zeroize::zeroize);
    }
}

impl FormSet {
    fn new(mut forms: Vec<String>) -> FormSet {
        forms.sort_by_key(|s| std::cmp::Reverse(s.len()));
        forms.dedup();
        // a DFA: built once per credential (or call with secret inputs), searched on every string
        let matcher = (!forms.is_empty())
            .then(|| {
                aho_corasick::AhoCorasick::builder()
                    .ascii_case_insensitive(true)
                    .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                    .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                    .build(&forms)
                    .ok()
            })
            .flatten();
        let shortest = forms.iter().map(String::len).min().unwrap_or(0);
        FormSet { forms, matcher, shortest }
    }

    /// The forms of a credential: the whole value, and for a node URL its userinfo,
    /// user:password and password alone (encoded and decoded); for a JWT also its signature.
    pub(crate) fn credential(credential: &str) -> FormSet {
        let mut forms = Vec::new();
        add_forms(&mut forms, credential);
        if let Ok(url) = url::Url::parse(credential) {
            if let Some(password) = url.password() {
                let user = url.username();
                for (u, p) in [(user.to_string(), password.to_string()), (percent_decode(user), percent_decode(password))] {
                    add_forms(&mut forms, &format!("{u}:{p}"));
                    add_forms(&mut forms, &p);
                }
            }
        } else {
            let parts: Vec<&str> = credential.split('.').collect();
            if parts.len() == 3 && parts[2].len() >= 8 {
                add_forms(&mut forms, parts[2]);
            }
        }
        FormSet::new(forms)
    }

    fn found_in(&self, text: &str) -> bool {
        text.len() >= self.shortest && self.matcher.as_ref().is_some_and(|m| m.is_match(text))
    }

    fn scrub_in_place(&self, text: &mut String) {
        let Some(m) = &self.matcher else { return };
        if !self.found_in(text) {
            return;
        }
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for found in m.find_iter(text.as_str()) {
            out.push_str(&text[at..found.start()]);
            out.push_str(REDACTED);
            at = found.end();
        }
        out.push_str(&text[at..]);
        text.zeroize();
        *text = out;
    }
}

/// A secret as sent and in the encodings it may come back in. Case is ignored when matching,
/// so lower-case percent-encoding and a service that changed the case are covered.
fn add_forms(forms: &mut Vec<String>, secret: &str) {
    if secret.len() < MIN_SCRUB_LEN {
        return;
    }
    let mut push = |form: String| {
        if form.len() >= MIN_SCRUB_LEN && !forms.contains(&form) {
            forms.push(form);
        }
    };
    push(secret.to_string());
    push(percent_encode(secret, true));
    push(percent_encode(secret, false));
    if let Ok(json) = serde_json::to_string(secret) {
        let inner = json[1..json.len() - 1].to_string();
        push(inner.replace('/', "\\/"));
        push(inner);
    }
    // what ASP.NET's JSON writer sends: `+ & ' < > " \` `` ` `` and every non-ASCII character as \uXXXX
    push(escape_chars(secret, |c| !c.is_ascii() || "+&'<>\"\\`".contains(c), |u, out| {
        out.push_str(&format!("\\u{u:04X}"))
    }));
    // HTML: named entities, then every punctuation or non-ASCII character as a decimal or hex reference
    push(
        secret
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;"),
    );
    let punctuation = |c: char| !c.is_ascii_alphanumeric() && c != ' ';
    push(escape_chars(secret, punctuation, |u, out| out.push_str(&format!("&#{u};"))));
    push(escape_chars(secret, punctuation, |u, out| out.push_str(&format!("&#x{u:X};"))));
    // Mnemonics: the words joined by other separators, and as the strings of a JSON array
    // (`["w1","w2",…]`, also inside a JSON string, and quoted the other way)
    if secret.contains(' ') {
        for sep in ["+", "%20", ",", "\n", ", ", "\",\"", "\", \"", "\\\",\\\"", "\\\", \\\"", "','", "', '"] {
            push(secret.replace(' ', sep));
        }
    }
}

/// `text` with each character that `escape` selects written by `write` (UTF-16 units for
/// characters past U+FFFF, as JSON escapes them).
fn escape_chars(text: &str, escape: impl Fn(char) -> bool, write: impl Fn(u32, &mut String)) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if escape(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write(u32::from(*u), &mut out);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The forms of a call's secrets that are scrubbed from texts and JSON: the credential's
/// (built once per credential) and the call's secret inputs'.
pub(crate) struct SecretForms {
    credential: std::sync::Arc<FormSet>,
    inputs: Option<FormSet>,
}

impl SecretForms {
    /// The forms of a credential given as text and of the call's secret inputs.
    #[cfg(test)]
    pub(crate) fn for_call<'a>(credential: &str, secrets: impl IntoIterator<Item = &'a str>) -> SecretForms {
        SecretForms::with_credential(std::sync::Arc::new(FormSet::credential(credential)), secrets)
    }

    /// The forms of a credential's set and of the call's secret inputs.
    pub(crate) fn with_credential<'a>(
        credential: std::sync::Arc<FormSet>,
        secrets: impl IntoIterator<Item = &'a str>,
    ) -> SecretForms {
        let mut forms = Vec::new();
        for s in secrets {
            add_forms(&mut forms, s);
        }
        let inputs = (!forms.is_empty()).then(|| FormSet::new(forms));
        SecretForms { credential, inputs }
    }

    /// A copy of these forms when they are the credential's alone (shared: the copy costs a
    /// reference count); `None` when the call has secret inputs of its own.
    pub(crate) fn credential_only(&self) -> Option<SecretForms> {
        self.inputs.is_none().then(|| SecretForms { credential: self.credential.clone(), inputs: None })
    }

    /// `true` when no form is scrubbed.
    pub(crate) fn is_empty(&self) -> bool {
        self.credential.matcher.is_none() && self.inputs.is_none()
    }

    /// `true` when `text` holds any form.
    pub(crate) fn found_in(&self, text: &str) -> bool {
        self.credential.found_in(text) || self.inputs.as_ref().is_some_and(|f| f.found_in(text))
    }

    /// Replaces every form in `text` with `[REDACTED]`.
    pub(crate) fn scrub_in_place(&self, text: &mut String) {
        if let Some(inputs) = &self.inputs {
            inputs.scrub_in_place(text);
        }
        self.credential.scrub_in_place(text);
    }
}

fn percent_encode(s: &str, space_as_plus: bool) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => out.push(b as char),
            b' ' if space_as_plus => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The wire names of the fields of a result type, as serde reads them.
pub(crate) fn field_names<T: DeserializeOwned>() -> &'static [&'static str] {
    struct Probe(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("probe")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> serde::Deserializer<'de> for &mut Probe {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut probe = Probe(None);
    let _ = T::deserialize(&mut probe);
    probe.0.unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_secret_is_scrubbed() {
        let forms = SecretForms::for_call("http://rpcuser:p%40ss%2Fw0rd@127.0.0.1:9332", ["abandon ability able", "s3cr3t/\"pp\""]);
        let mut t = String::from(
            "echo abandon ability able | abandon+ability+able | abandon%20ability%20able | s3cr3t/\\\"pp\\\" | \
             s3cr3t\\/\\\"pp\\\" | s3cr3t%2F%22pp%22 | rpcuser:p%40ss%2Fw0rd | rpcuser:p@ss/w0rd | p@ss/w0rd | p%40ss%2Fw0rd",
        );
        forms.scrub_in_place(&mut t);
        assert_eq!(
            t,
            "echo [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED] | [REDACTED]"
        );
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJlX3NlY3JldA";
        let forms = SecretForms::for_call(jwt, []);
        let v = format!(r#"{{"x":["sig c2lnbmF0dXJlX3NlY3JldA"],"{jwt}":1}}"#);
        let rules = crate::raw_json::Redaction { echoed: Some(&forms), ..Default::default() };
        assert_eq!(crate::raw_json::redacted(&v, &rules).as_str(), r#"{"x":["sig [REDACTED]"],"[REDACTED]":1}"#);
    }

    #[test]
    fn serde_field_names_of_a_model() {
        let names = field_names::<crate::models::PrivateKeyExport>();
        assert_eq!(names, &["privateKey", "address", "format", "hdKeyPath"]);
    }
}
