//! API keys (HS256 JWTs) and node-URL credentials.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::error::ApiError;

/// How failures are rendered for a key (default, or `real` like the service).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compat {
    Default,
    Real,
}

impl Compat {
    pub fn parse(s: &str) -> Option<Compat> {
        match s {
            "default" => Some(Compat::Default),
            "real" => Some(Compat::Real),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Compat::Default => "default",
            Compat::Real => "real",
        }
    }
}

pub struct KeyIssuer {
    secret: Vec<u8>,
    accept_any: bool,
}

pub struct VerifiedKey {
    pub compat: Compat,
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

impl KeyIssuer {
    pub fn new(secret: Vec<u8>, accept_any: bool) -> Self {
        KeyIssuer { secret, accept_any }
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes any key length")
    }

    /// Mints a key living `ttl_seconds` (negative: already expired). Returns the token and `exp`.
    pub fn mint(&self, ttl_seconds: i64, compat: Compat) -> (String, i64) {
        let exp = now().saturating_add(ttl_seconds);
        let header = URL_SAFE_NO_PAD.encode(json!({ "alg": "HS256", "typ": "JWT" }).to_string());
        // `jti` makes every key its own: keys minted in the same second are told apart (the
        // fault proxy counts requests per key, and a test's counts must be its own).
        let jti = format!("{:032x}", rand::random::<u128>());
        let claims = json!({ "sub": "sandbox", "iat": now(), "exp": exp, "compat": compat.as_str(), "jti": jti });
        let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signing_input = format!("{header}.{payload}");
        let mut mac = self.mac();
        mac.update(signing_input.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        (format!("{signing_input}.{signature}"), exp)
    }

    /// Verifies signature (unless accept-any) and expiry.
    pub fn verify(&self, token: &str) -> Result<VerifiedKey, ApiError> {
        let invalid = || ApiError::invalid_credential("The API access key is not valid.");
        let parts: Vec<&str> = token.split('.').collect();
        if parts.len() != 3 {
            return Err(invalid());
        }
        let header: Value = decode_segment(parts[0]).ok_or_else(invalid)?;
        let claims: Value = decode_segment(parts[1]).ok_or_else(invalid)?;
        let signature = URL_SAFE_NO_PAD.decode(parts[2]).map_err(|_| invalid())?;
        if !self.accept_any {
            if header.get("alg").and_then(Value::as_str) != Some("HS256") {
                return Err(invalid());
            }
            let mut mac = self.mac();
            mac.update(format!("{}.{}", parts[0], parts[1]).as_bytes());
            mac.verify_slice(&signature).map_err(|_| invalid())?;
        }
        let exp = claims.get("exp").and_then(Value::as_i64).ok_or_else(invalid)?;
        if exp <= now() {
            return Err(ApiError::expired_credential());
        }
        let compat = claims.get("compat").and_then(Value::as_str).and_then(Compat::parse).unwrap_or(Compat::Default);
        Ok(VerifiedKey { compat })
    }
}

/// The compat mode a token claims, read without verifying it: used only to choose how its
/// rejection is rendered.
pub fn claimed_compat(token: &str) -> Compat {
    token
        .split('.')
        .nth(1)
        .and_then(decode_segment)
        .and_then(|claims| claims.get("compat").and_then(Value::as_str).and_then(Compat::parse))
        .unwrap_or(Compat::Default)
}

fn decode_segment(segment: &str) -> Option<Value> {
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(segment).ok()?).ok()
}

/// True when the credential is a node URL rather than an API key: it starts with `http://` or
/// `https://`; anything else is taken as an API key.
pub fn is_node_url(credential: &str) -> bool {
    credential.starts_with("http://") || credential.starts_with("https://")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_keys_verify_and_expire() {
        let issuer = KeyIssuer::new(b"secret".to_vec(), false);
        let (key, _) = issuer.mint(60, Compat::Real);
        assert_eq!(issuer.verify(&key).unwrap().compat, Compat::Real);
        let (expired, _) = issuer.mint(-10, Compat::Default);
        assert_eq!(issuer.verify(&expired).err().unwrap().code, "expired_credential");
        let other = KeyIssuer::new(b"other".to_vec(), false);
        assert_eq!(other.verify(&key).err().unwrap().code, "invalid_credential");
        assert_eq!(issuer.verify("a.b").err().unwrap().code, "invalid_credential");
        assert!(KeyIssuer::new(b"other".to_vec(), true).verify(&key).is_ok());
    }

    #[test]
    fn keys_minted_alike_at_once_differ() {
        let issuer = KeyIssuer::new(b"secret".to_vec(), false);
        let (a, _) = issuer.mint(60, Compat::Default);
        let (b, _) = issuer.mint(60, Compat::Default);
        assert_ne!(a, b);
        assert!(issuer.verify(&a).is_ok() && issuer.verify(&b).is_ok());
    }
}
