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
pub(crate) const REDACTED: &str = "[REDACTED]";

/// Secrets shorter than this are not scrubbed from free text: replacing every `"abc"` in a
/// message would destroy it without protecting much (the inputs themselves are never put in
/// a text by the SDK).
const MIN_SCRUB_LEN: usize = 4;

/// The forms of a call's secret values that are scrubbed from texts and JSON.
#[derive(Default)]
pub(crate) struct SecretForms {
    /// Longest first, so that a form containing another is replaced whole.
    forms: Vec<String>,
}

impl Drop for SecretForms {
    fn drop(&mut self) {
        self.forms.iter_mut().for_each(Zeroize::zeroize);
    }
}

impl SecretForms {
    /// The forms of the credential and of the call's secret inputs.
    pub(crate) fn for_call<'a>(credential: &str, secrets: impl IntoIterator<Item = &'a str>) -> SecretForms {
        let mut f = SecretForms::default();
        f.add_credential(credential);
        for s in secrets {
            f.add(s);
        }
        f.forms.sort_by_key(|s| std::cmp::Reverse(s.len()));
        f.forms.dedup();
        f
    }

    fn push(&mut self, form: String) {
        if form.len() >= MIN_SCRUB_LEN && !self.forms.contains(&form) {
            self.forms.push(form);
        }
    }

    /// A secret as sent and in the encodings it may come back in.
    fn add(&mut self, secret: &str) {
        if secret.len() < MIN_SCRUB_LEN {
            return;
        }
        self.push(secret.to_string());
        self.push(percent_encode(secret, true));
        self.push(percent_encode(secret, false));
        self.push(percent_encode(secret, true).to_ascii_lowercase());
        if let Ok(json) = serde_json::to_string(secret) {
            let inner = json[1..json.len() - 1].to_string();
            self.push(inner.replace('/', "\\/"));
            self.push(inner);
        }
        // Mnemonics: the words joined by other separators.
        if secret.contains(' ') {
            self.push(secret.replace(' ', "+"));
            self.push(secret.replace(' ', "%20"));
            self.push(secret.replace(' ', ","));
            self.push(secret.replace(' ', "\n"));
        }
    }

    /// The credential: the whole value, and for a node URL its userinfo, user:password and
    /// password alone (encoded and decoded); for a JWT also its signature part.
    fn add_credential(&mut self, credential: &str) {
        self.add(credential);
        if let Ok(url) = url::Url::parse(credential) {
            if let Some(password) = url.password() {
                let user = url.username();
                for (u, p) in [(user.to_string(), password.to_string()), (percent_decode(user), percent_decode(password))] {
                    self.add(&format!("{u}:{p}"));
                    self.add(&p);
                }
            }
        } else {
            let parts: Vec<&str> = credential.split('.').collect();
            if parts.len() == 3 && parts[2].len() >= 8 {
                self.add(parts[2]);
            }
        }
    }

    /// `true` when no form is scrubbed.
    pub(crate) fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// `true` when `text` holds any form.
    pub(crate) fn found_in(&self, text: &str) -> bool {
        self.forms.iter().any(|f| text.contains(f.as_str()))
    }

    /// Replaces every form in `text` with `[REDACTED]`.
    pub(crate) fn scrub_in_place(&self, text: &mut String) {
        for f in &self.forms {
            if text.contains(f.as_str()) {
                *text = text.replace(f.as_str(), REDACTED);
            }
        }
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
