//! What `resolve` tells, and what an error keeps so that it can tell it: the resolution, the
//! call's identifying inputs, and the outcome token that carries them.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

use crate::amount::{Amount, MAX_MONEY};
use crate::error::{Error, ErrorKind, Result};
use crate::state_key::{Purpose, StateKey, TAG_LEN};
use crate::operations::{self as ops, Operation};
use crate::request::Args;
use super::*;
pub use crate::records::{Resolution, ResolutionState};

impl Resolution {
    pub(super) fn new(state: ResolutionState, info: Option<&ResolveInfo>, reason: impl Into<String>) -> Resolution {
        Resolution {
            state,
            operation: info.map(|i| i.op.name.to_string()),
            txid: info.and_then(|i| i.txid.clone()),
            wallet_name: info.and_then(|i| i.wallet_name.clone()),
            sent: None,
            secret_lost: false,
            reason: reason.into(),
        }
    }
}

/// What an error keeps for [`Client::resolve`]: the operation and the inputs that identify
/// its effect. Never a secret (txids, wallet names and keys are not).
#[derive(Clone, Debug)]
pub(crate) struct ResolveInfo {
    pub(super) op: &'static Operation,
    pub(super) txid: Option<String>,
    pub(super) wallet_name: Option<String>,
    pub(super) key: Option<String>,
    pub(super) recipient: Option<String>,
    pub(super) amount: Option<Amount>,
    pub(super) include_fees: Option<bool>,
    /// From then on the request can no longer be in flight.
    pub(super) settles_at: Option<Instant>,
    /// For a keyed send: the newest entry time (the node's Unix seconds) the wallet had before
    /// the send, so that a look-up knows when it has read everything the send could have added.
    /// `None`: the wallet had no entry, or the token came without it (a look-up reads to the
    /// end of the wallet's entries).
    pub(super) since: Option<i64>,
    /// Read back from a token: the settle time was written by a clock that may differ.
    pub(super) from_token: bool,
    /// What signs its token: the state key of the client that made it.
    pub(super) signer: Arc<StateKey>,
}

impl crate::error::OutcomeInfo for ResolveInfo {
    fn to_token(&self) -> String {
        ResolveInfo::to_token(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl ResolveInfo {
    pub(super) fn of(op: &'static Operation, args: &Args, signer: &Arc<StateKey>) -> ResolveInfo {
        ResolveInfo {
            op,
            txid: None,
            wallet_name: args.text("wallet_name").map(str::to_string),
            key: args.text(KEY_INPUT).map(str::to_string),
            recipient: args.text("recipient_address").map(str::to_string),
            amount: args.amount("amount"),
            include_fees: args.flag("amount_include_fees"),
            settles_at: None,
            since: None,
            from_token: false,
            signer: signer.clone(),
        }
    }

    /// For a call of a non-idempotent operation (boxed: a call's future carries it, and most
    /// calls have none).
    pub(crate) fn for_call(op: &'static Operation, args: &Args, signer: &Arc<StateKey>) -> Option<Box<ResolveInfo>> {
        (!op.idempotent).then(|| Box::new(ResolveInfo::of(op, args, signer)))
    }

    /// Whether an error of the call leaves its outcome open.
    pub(crate) fn applies_to(&self, e: &Error) -> bool {
        if e.attempts() == 0 && e.kind() != ErrorKind::OutcomeUnknown {
            return false;
        }
        if self.op.idempotent {
            // a broadcast: no answer, or none from the service itself
            return matches!(
                e.kind(),
                ErrorKind::Timeout | ErrorKind::Transport | ErrorKind::Decode | ErrorKind::OutcomeUnknown | ErrorKind::ServiceUnavailable
            );
        }
        e.kind() == ErrorKind::OutcomeUnknown
    }

    /// Stamped when the error is made: the request settles `settle` from now.
    pub(crate) fn settling(mut self, settle: Duration) -> ResolveInfo {
        self.settles_at = Instant::now().checked_add(settle);
        self
    }

    /// The info as an outcome token's text: JSON, signed with the client's state key.
    pub(crate) fn to_token(&self) -> String {
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let settles_at_ms = self.settles_at.map(|at| now_ms + at.saturating_duration_since(Instant::now()).as_millis() as u64);
        let token = Token {
            v: TOKEN_VERSION,
            operation: self.op.name.to_string(),
            txid: self.txid.clone(),
            wallet_name: self.wallet_name.clone(),
            idempotency_key: self.key.clone(),
            recipient_address: self.recipient.clone(),
            amount_litoshis: self.amount.map(Amount::litoshis),
            amount_include_fees: self.include_fees,
            settles_at_ms,
            since: self.since,
            sig: None,
        };
        token.signed(&self.signer)
    }

    /// Reads an outcome token's text back, checking its signature against `signer` and every
    /// field (it may come from anywhere).
    pub(crate) fn from_token(text: &str, signer: &Arc<StateKey>) -> Result<ResolveInfo> {
        let bad = |why: &str| Error::invalid_input("token", format!("is not an outcome token of this SDK: {why}"));
        if text.len() > MAX_TOKEN_LEN {
            return Err(bad("too long"));
        }
        if crate::json::limits::check(text.as_bytes()).is_err() {
            return Err(bad("not bounded JSON"));
        }
        let mut t: Token = serde_json::from_str(text).map_err(|_| bad("not its JSON form"))?;
        if t.v != TOKEN_VERSION {
            return Err(bad("an unknown version"));
        }
        let sig: Vec<u8> = t
            .sig
            .take()
            .filter(|hex| hex.len() == 2 * TAG_LEN && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .map(|hex| (0..TAG_LEN).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect())
            .unwrap_or_default();
        let payload = serde_json::to_vec(&t).unwrap_or_default();
        if !signer.verifies(Purpose::OutcomeToken, &payload, &sig) {
            return Err(Error::invalid_input(
                "token",
                "the outcome token's signature does not match: it was changed, or signed with another state key (a \
                 client without `state_key` signs with a random key of its process, so its tokens resolve only there)",
            ));
        }
        let op = ops::by_name(&t.operation).ok_or_else(|| bad("an unknown operation"))?;
        let short = |s: &Option<String>| s.as_ref().is_none_or(|s| !s.is_empty() && s.len() <= MAX_TOKEN_FIELD_LEN);
        if ![&t.txid, &t.wallet_name, &t.idempotency_key, &t.recipient_address].iter().all(|s| short(s)) {
            return Err(bad("a field is empty or too long"));
        }
        if t.txid.as_ref().is_some_and(|x| x.len() != 64 || !x.bytes().all(|b| b.is_ascii_hexdigit())) {
            return Err(bad("the txid is not 64 hex digits"));
        }
        if t.amount_litoshis.is_some_and(|a| !(1..=MAX_MONEY).contains(&a)) {
            return Err(bad("the amount is not between 1 litoshi and 84,000,000 LTC"));
        }
        if t.since.is_some_and(|s| s < 0) {
            return Err(bad("`since` is negative"));
        }
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let settles_at = t.settles_at_ms.map(|at| Instant::now() + Duration::from_millis(at.saturating_sub(now_ms).min(MAX_TOKEN_SETTLE_MS)));
        Ok(ResolveInfo {
            op,
            txid: t.txid,
            wallet_name: t.wallet_name,
            key: t.idempotency_key,
            recipient: t.recipient_address,
            amount: t.amount_litoshis.map(Amount::from_litoshis),
            include_fees: t.amount_include_fees,
            settles_at,
            since: t.since,
            from_token: true,
            signer: signer.clone(),
        })
    }
}

/// The first pause of `resolve` between look-ups while a request may still land; it doubles up to
/// [`RESOLVE_MAX_PAUSE`].
pub(super) const RESOLVE_FIRST_PAUSE: Duration = Duration::from_secs(1);
pub(super) const RESOLVE_MAX_PAUSE: Duration = Duration::from_secs(15);

/// The longest outcome token read (4 KiB; one is a few hundred bytes).
pub(super) const MAX_TOKEN_LEN: usize = 4096;
/// The longest text field of an outcome token.
pub(super) const MAX_TOKEN_FIELD_LEN: usize = 256;
/// The longest wait a token can ask for (a day): a forged one cannot park `resolve` for ever.
pub(super) const MAX_TOKEN_SETTLE_MS: u64 = 24 * 60 * 60 * 1000;

/// The version of the outcome tokens made now.
pub(super) const TOKEN_VERSION: u32 = 2;

/// The JSON form of an outcome token: its fields, then `sig`, the HMAC tag of the JSON of the
/// fields before it (hex).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Token {
    pub(super) v: u32,
    pub(super) operation: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) txid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) wallet_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) idempotency_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) recipient_address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) amount_litoshis: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) amount_include_fees: Option<bool>,
    /// When the request can no longer be in flight, in Unix milliseconds.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) settles_at_ms: Option<u64>,
    /// A keyed send: the newest entry time of the wallet before the send (the node's Unix
    /// seconds). A look-up reads back to it; without it, to the wallet's oldest entry.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) since: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(super) sig: Option<String>,
}

impl Token {
    /// The token's text, signed with `signer`.
    pub(super) fn signed(mut self, signer: &StateKey) -> String {
        self.sig = None;
        let payload = serde_json::to_vec(&self).unwrap_or_default();
        self.sig = Some(signer.tag(Purpose::OutcomeToken, &payload).iter().map(|b| format!("{b:02x}")).collect());
        serde_json::to_string(&self).unwrap_or_default()
    }
}
