//! [`Credential`]: the API key (a JWT) or a node URL, sent as `nodeUrlOrApiAccessKey`.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use zeroize::Zeroize;

use crate::error::{Error, ErrorKind, Result};
use crate::request::check_header_value;
use crate::redact::FormSet;
use crate::secret::Secret;

/// The credential of every call: an API access key (a JWT, sent raw) or a node URL
/// (`http://user:pass@host:port`). A value starting with `http://` or `https://` is a node URL.
///
/// Never printed: `Debug`/`Display` show only which form it is (and the key's expiry).
#[derive(Clone)]
pub struct Credential {
    /// Shared: every call takes a copy of the credential; the text is zeroized when the last
    /// copy goes.
    value: Arc<Secret>,
    form: Form,
    /// The forms in which an answer may echo it, built once per credential.
    forms: Arc<FormSet>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    ApiKey { expires_at: Option<i64> },
    NodeUrl,
}

impl Credential {
    /// Classifies and validates a credential value: node URL when it starts with `http://` or
    /// `https://`, otherwise an API key whose JWT structure (three base64url segments, JSON
    /// header and payload, numeric `exp` if present) is checked.
    pub fn parse(value: impl Into<String>) -> Result<Credential> {
        let value = Secret::new(value.into());
        let v = value.expose();
        if v.is_empty() {
            return Err(Error::invalid_input("credential", "it is required and must not be empty"));
        }
        check_header_value("credential", v)?;
        let lower = v.get(..8).unwrap_or(v).to_ascii_lowercase();
        if lower.starts_with("http://") || lower.starts_with("https://") {
            let url = url::Url::parse(v).map_err(|_| {
                Error::invalid_input("credential", "the node URL is not a valid URL (expected http(s)://user:pass@host:port)")
            })?;
            let has_host = url.host_str().is_some_and(|h| !h.is_empty());
            // the parsed copy holds the password too
            String::from(url).zeroize();
            if !has_host {
                return Err(Error::invalid_input("credential", "the node URL has no host"));
            }
            let forms = Arc::new(FormSet::credential(v));
            return Ok(Credential { value: Arc::new(value), form: Form::NodeUrl, forms });
        }
        let expires_at = parse_jwt(v)?;
        let forms = Arc::new(FormSet::credential(v));
        Ok(Credential { value: Arc::new(value), form: Form::ApiKey { expires_at }, forms })
    }

    /// `true` for a node URL, `false` for an API key.
    pub fn is_node_url(&self) -> bool {
        self.form == Form::NodeUrl
    }

    /// The key's `exp` claim as Unix seconds, if it is an API key with an `exp`.
    pub fn expires_at_unix(&self) -> Option<i64> {
        match self.form {
            Form::ApiKey { expires_at } => expires_at,
            Form::NodeUrl => None,
        }
    }

    /// The key's expiry time, if it is an API key with an `exp` that this platform's clock can
    /// represent (a key may claim any `exp`; see [`expires_at_unix`](Self::expires_at_unix)).
    pub fn expires_at(&self) -> Option<SystemTime> {
        self.expires_at_unix().and_then(|s| {
            if s >= 0 {
                UNIX_EPOCH.checked_add(Duration::from_secs(s as u64))
            } else {
                UNIX_EPOCH.checked_sub(Duration::from_secs(s.unsigned_abs()))
            }
        })
    }

    /// The forms of the credential scrubbed from what the service sends back.
    pub(crate) fn echo_forms(&self) -> Arc<FormSet> {
        self.forms.clone()
    }

    /// The raw value, for sending.
    pub fn expose(&self) -> &str {
        self.value.expose()
    }

    /// Fails with `credential_expired` when the key's `exp` lies more than `skew` in the past.
    pub(crate) fn check_not_expired(&self, now_unix: i64, skew: Duration) -> Result<()> {
        if let Some(exp) = self.expires_at_unix() {
            let skew_s = skew.as_secs() as i64;
            if now_unix >= exp.saturating_add(skew_s) {
                return Err(Error::new(
                    ErrorKind::CredentialExpired,
                    format!(
                        "the API key expired at {exp} (Unix time; now {now_unix}, {skew_s} s clock skew allowed): \
                         get a new key and pass it to set_credential; nothing was sent"
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn parse_jwt(v: &str) -> Result<Option<i64>> {
    let bad = |why: &str| Error::invalid_input("credential", format!("the API key is not a valid JWT: {why}"));
    let parts: Vec<&str> = v.split('.').collect();
    if parts.len() != 3 || parts[0].is_empty() || parts[1].is_empty() {
        return Err(bad("expected three base64url segments separated by dots (or a node URL starting with http:// or https://)"));
    }
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let decode = |s: &str, what: &str| -> Result<serde_json::Value> {
        let bytes = b64
            .decode(s.trim_end_matches('='))
            .map_err(|_| bad(&format!("the {what} is not base64url")))?;
        let v: serde_json::Value = serde_json::from_slice(&bytes).map_err(|_| bad(&format!("the {what} is not JSON")))?;
        if !v.is_object() {
            return Err(bad(&format!("the {what} is not a JSON object")));
        }
        Ok(v)
    };
    decode(parts[0], "header")?;
    let payload = decode(parts[1], "payload")?;
    if !parts[2].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'=') {
        return Err(bad("the signature is not base64url"));
    }
    match payload.get("exp") {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Number(n)) => {
            let exp = n
                .as_i64()
                .or_else(|| n.as_f64().map(|f| f as i64))
                .ok_or_else(|| bad("the `exp` claim is not a number"))?;
            Ok(Some(exp))
        }
        Some(_) => Err(bad("the `exp` claim is not a number")),
    }
}

impl fmt::Debug for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.form {
            Form::ApiKey { expires_at } => write!(f, "Credential::ApiKey([REDACTED], expires_at: {expires_at:?})"),
            Form::NodeUrl => f.write_str("Credential::NodeUrl([REDACTED])"),
        }
    }
}

impl fmt::Display for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.form {
            Form::ApiKey { .. } => f.write_str("API key [REDACTED]"),
            Form::NodeUrl => f.write_str("node URL [REDACTED]"),
        }
    }
}

pub(crate) fn now_unix() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

#[cfg(test)]
pub(crate) fn make_jwt(exp: Option<i64>) -> String {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let h = b64.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let p = match exp {
        Some(e) => b64.encode(format!(r#"{{"sub":"t","exp":{e}}}"#)),
        None => b64.encode(br#"{"sub":"t"}"#),
    };
    format!("{h}.{p}.c2lnbmF0dXJlLXNpZ25hdHVyZQ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jwt_structure_and_expiry() {
        let key = make_jwt(Some(2_000_000_000));
        let c = Credential::parse(key.clone()).unwrap();
        assert!(!c.is_node_url());
        assert_eq!(c.expires_at_unix(), Some(2_000_000_000));
        assert!(!format!("{c:?}{c}").contains(&key));
        assert!(c.check_not_expired(1_999_999_000, Duration::from_secs(60)).is_ok());
        // within the skew: still accepted
        assert!(c.check_not_expired(2_000_000_030, Duration::from_secs(60)).is_ok());
        let e = c.check_not_expired(2_000_000_060, Duration::from_secs(60)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialExpired);
        assert_eq!(
            e.to_string(),
            "the API key expired at 2000000000 (Unix time; now 2000000060, 60 s clock skew allowed): \
             get a new key and pass it to set_credential; nothing was sent"
        );
        assert_eq!(Credential::parse(make_jwt(None)).unwrap().expires_at(), None);
        // a key may claim any `exp`: no panic where the clock cannot represent it
        for exp in [i64::MAX, i64::MIN, i64::MAX / 2] {
            let c = Credential::parse(make_jwt(Some(exp))).unwrap();
            assert_eq!(c.expires_at_unix(), Some(exp));
            let _ = c.expires_at();
        }
    }

    #[test]
    fn bad_keys_are_rejected_without_echo() {
        for (v, msg) in [
            ("not-a-jwt", "invalid input `credential`: the API key is not a valid JWT: expected three base64url segments separated by dots (or a node URL starting with http:// or https://)"),
            ("YQ.YQ.c", "invalid input `credential`: the API key is not a valid JWT: the header is not JSON"),
            ("a.b.c", "invalid input `credential`: the API key is not a valid JWT: the header is not base64url"),
            ("", "invalid input `credential`: it is required and must not be empty"),
            (" x.y.z", "invalid input `credential`: must not start or end with whitespace"),
        ] {
            let e = Credential::parse(v).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidInput);
            assert_eq!(e.to_string(), msg);
            assert_eq!(e.field(), Some("credential"));
        }
    }

    #[test]
    fn node_urls() {
        let c = Credential::parse("http://user:pass@127.0.0.1:19443").unwrap();
        assert!(c.is_node_url());
        assert_eq!(c.expires_at(), None);
        assert_eq!(format!("{c:?}"), "Credential::NodeUrl([REDACTED])");
        assert_eq!(
            Credential::parse("http://").unwrap_err().to_string(),
            "invalid input `credential`: the node URL is not a valid URL (expected http(s)://user:pass@host:port)"
        );
    }
}
