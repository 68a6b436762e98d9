//! The key that signs the state the SDK hands out and takes back: event cursors and outcome
//! tokens. An app may keep them anywhere (a database row, a queue, a URL, a client), and reads
//! them back as facts about money: which entries a watch has handled, which send a token
//! resolves and since when. Each carries an HMAC-SHA256 tag under this key, so state that was
//! changed, or made by someone without the key, is refused as `invalid_input` naming its field.
//!
//! By default a client signs with a random key of its process: its cursors and tokens verify in
//! that process only. A service that resumes a watch or resolves a token after a restart, or in
//! another process, gives every client the same key (`ClientBuilder::state_key`, or
//! `WALLET_SDK_STATE_KEY`).

use std::sync::{Arc, OnceLock};

use bitcoin::hashes::{hmac, sha256, Hash, HashEngine};
use zeroize::Zeroize;

use crate::error::{Error, Result};

/// The environment variable [`Client::from_env`](crate::Client::from_env) reads the state key
/// from, when it is set.
pub const ENV_STATE_KEY: &str = "WALLET_SDK_STATE_KEY";

/// The shortest state key accepted, in characters: 32 random hex digits are 128 bits.
pub const MIN_STATE_KEY_LEN: usize = 32;

/// Bytes of the tag a cursor or token carries.
pub(crate) const TAG_LEN: usize = 16;

/// What a tag is for, so that a cursor's tag never passes for a token's.
#[derive(Clone, Copy)]
pub(crate) enum Purpose {
    Cursor,
    OutcomeToken,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::Cursor => b"wallet-sdk cursor v2",
            Purpose::OutcomeToken => b"wallet-sdk outcome token v2",
        }
    }
}

/// A state key, derived from the caller's text or drawn at random. Never printed.
pub(crate) struct StateKey([u8; 32]);

impl std::fmt::Debug for StateKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StateKey([REDACTED])")
    }
}

impl Drop for StateKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl StateKey {
    /// The key of a caller's secret text (at least [`MIN_STATE_KEY_LEN`] characters).
    pub(crate) fn from_text(text: &str) -> Result<StateKey> {
        if text.chars().count() < MIN_STATE_KEY_LEN {
            return Err(Error::invalid_input(
                "state_key",
                format!("must have at least {MIN_STATE_KEY_LEN} characters (e.g. 64 random hex digits)"),
            ));
        }
        let mut engine = sha256::Hash::engine();
        engine.input(b"wallet-sdk state key\0");
        engine.input(text.as_bytes());
        Ok(StateKey(sha256::Hash::from_engine(engine).to_byte_array()))
    }

    /// The random key of this process, drawn once.
    pub(crate) fn of_this_process() -> Arc<StateKey> {
        static KEY: OnceLock<Arc<StateKey>> = OnceLock::new();
        KEY.get_or_init(|| Arc::new(StateKey(rand::random()))).clone()
    }

    /// The tag of `payload` for `purpose`.
    pub(crate) fn tag(&self, purpose: Purpose, payload: &[u8]) -> [u8; TAG_LEN] {
        let mut engine = hmac::HmacEngine::<sha256::Hash>::new(&self.0);
        engine.input(purpose.label());
        engine.input(&[0]);
        engine.input(payload);
        let full = hmac::Hmac::<sha256::Hash>::from_engine(engine).to_byte_array();
        let mut tag = [0u8; TAG_LEN];
        tag.copy_from_slice(&full[..TAG_LEN]);
        tag
    }

    /// Whether `tag` is `payload`'s tag for `purpose`, compared in constant time.
    pub(crate) fn verifies(&self, purpose: Purpose, payload: &[u8], tag: &[u8]) -> bool {
        let expected = self.tag(purpose, payload);
        tag.len() == TAG_LEN && expected.iter().zip(tag).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_depend_on_key_purpose_and_every_byte() {
        let key = StateKey::from_text(&"k".repeat(32)).unwrap();
        let other = StateKey::from_text(&"K".repeat(32)).unwrap();
        let tag = key.tag(Purpose::Cursor, b"payload");
        assert!(key.verifies(Purpose::Cursor, b"payload", &tag));
        assert!(!key.verifies(Purpose::OutcomeToken, b"payload", &tag));
        assert!(!other.verifies(Purpose::Cursor, b"payload", &tag));
        assert!(!key.verifies(Purpose::Cursor, b"payloae", &tag));
        assert!(!key.verifies(Purpose::Cursor, b"payload", &tag[..15]));
        let random = StateKey::of_this_process();
        assert!(random.verifies(Purpose::Cursor, b"x", &StateKey::of_this_process().tag(Purpose::Cursor, b"x")));
        assert!(!random.verifies(Purpose::Cursor, b"x", &key.tag(Purpose::Cursor, b"x")));
    }

    #[test]
    fn short_keys_are_refused_and_never_echoed() {
        let e = StateKey::from_text("tooshort-secret").unwrap_err();
        assert_eq!(e.field(), Some("state_key"));
        assert!(!e.to_string().contains("tooshort-secret"));
        assert_eq!(format!("{:?}", StateKey::from_text(&"s".repeat(40)).unwrap()), "StateKey([REDACTED])");
    }
}
