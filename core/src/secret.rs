//! [`Secret`]: a string that never prints itself.

use std::fmt;

use zeroize::Zeroize;

/// A secret string (API key, node URL with credentials, passphrase, mnemonic, private key,
/// one-time code).
///
/// `Debug` and `Display` print `[REDACTED]`; the memory is zeroed when the value is dropped.
/// Read the value only on purpose with [`Secret::expose`].
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a value as a secret.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The secret value. Call this only where the value must really be used.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `true` when the secret is the empty string.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([REDACTED])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[REDACTED]")
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Secret(value.to_owned())
    }
}

/// A secret serializes as `"[REDACTED]"`: a serialized result (a log line, a cache entry) must
/// not carry it. Use [`Secret::expose`] where the value is really needed.
impl serde::Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("[REDACTED]")
    }
}

impl<'de> serde::Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_is_redacted() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s}"), "[REDACTED]");
        assert_eq!(format!("{s:?}"), "Secret([REDACTED])");
        assert_eq!(s.expose(), "hunter2");
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Holder {
            p: Secret,
        }
        assert!(!format!("{:?}", Holder { p: s.clone() }).contains("hunter2"));
    }
}
