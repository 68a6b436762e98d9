//! Exactly-once money (docs/adr/0014-exactly-once-sends.md): broadcasts that can be repeated,
//! sends with an idempotency key, and [`Client::resolve`] for the calls whose outcome is unknown.

use std::sync::Arc;
use std::time::Duration;


use crate::decode::Decode;
use crate::error::{Error, Result};
use crate::state_key::StateKey;
use crate::operations::Operation;
use crate::request::Args;

mod cell;
mod flows;
mod keys;
mod resolution;
mod resolve;

pub use cell::{OutcomeTokenCell, SealedCall};
pub use resolution::{Resolution, ResolutionState};
pub(crate) use cell::*;
pub(crate) use flows::*;
pub(crate) use keys::*;
pub(crate) use resolution::*;
pub(crate) use resolve::*;

/// What the exactly-once flows need of the client that runs them (`Client` is the one
/// implementation): its settings, its send path without these flows, and reads of other
/// operations. Written against this, the flows never reach back into the client's module.
pub(crate) trait Service: Sync {
    /// What the send path learns of an answer, passed through untouched.
    type Meta: Send;
    fn base_url(&self) -> &str;
    fn settle_time(&self) -> Duration;
    fn state_key(&self) -> &Arc<StateKey>;
    fn keyed_sends(&self) -> &KeyedSends;
    /// The send path without the exactly-once flows: `resolve` goes with the error that leaves
    /// the outcome open, `hold` with the request until it settles.
    fn send_plain(
        &self,
        op: &'static Operation,
        args: Args,
        meta: &mut Self::Meta,
        resolve: Option<Box<ResolveInfo>>,
        hold: Option<KeyHold>,
        decode: Decode<'_>,
    ) -> impl std::future::Future<Output = Result<()>> + Send;
    /// A call of another operation, as its method makes it.
    fn read<T: crate::raw_json::FromData + Send>(&self, op: &'static Operation, args: Args) -> impl std::future::Future<Output = Result<T>> + Send;
}

/// The SDK name of the send's key (`SendFundsFromWalletOptions::idempotency_key`).
pub(crate) const KEY_INPUT: &str = "idempotency_key";

/// The longest idempotency key (characters `A-Z a-z 0-9 _ -`).
pub const MAX_IDEMPOTENCY_KEY_LEN: usize = 64;

/// How far back a keyed send looks for an earlier send with its key: every entry the wallet
/// received within this time before its newest entry (by the node's clock). A send that
/// has fallen further back is not found, and the key sends again: a key protects retries.
pub const IDEMPOTENCY_WINDOW: Duration = Duration::from_secs(24 * 60 * 60);

/// The most `wallet_transactions` requests one look-up for a key makes (pages of 200 entries).
/// A look-up that has not reached the start of what it must cover by then does not guess: a
/// keyed send is refused and `resolve` answers `unknown`.
pub const IDEMPOTENCY_LOOKUP_PAGES: u32 = 50;

/// Entries asked for per page of a look-up.
const LOOKUP_PAGE: u32 = 200;

/// Entries read after a keyed send to check that the service kept its marker.
const VERIFY_PAGE: u32 = 50;

/// How far out of order the wallet's entry times may be (the node's clock stepped back, a
/// block's time): a look-up reads this much further back than it strictly needs.
const NODE_CLOCK_SLACK_SECS: i64 = 2 * 60 * 60;

/// How far the clocks of two hosts may disagree: a token read back waits this much longer
/// (at most the resolving client's settle time) before it may say `not_applied`.
const TOKEN_CLOCK_SKEW: Duration = Duration::from_secs(60);

/// What starts the marker of a key; caller text may not contain it (in any case or width).
const MARKER_TAG: &str = "wsdk-idem";

/// The marker of a keyed send's description: `[wsdk-idem:KEY]`.
fn marker(key: &str) -> String {
    format!("[{MARKER_TAG}:{key}]")
}

/// The description sent with a keyed send: the marker first, so that a service that cuts long
/// descriptions keeps it, then the caller's text, untouched.
fn with_marker(description: Option<&str>, key: &str) -> String {
    match description {
        Some(text) if !text.is_empty() => format!("{} {text}", marker(key)),
        _ => marker(key),
    }
}

/// Whether a wallet entry's comment is the description of a send with this key: the marker
/// alone, the marker then a space (this SDK), or a space then the marker at the end (earlier
/// versions placed it last).
fn carries_key(comment: &str, key: &str) -> bool {
    let m = marker(key);
    comment == m
        || comment.strip_prefix(m.as_str()).is_some_and(|rest| rest.starts_with(' '))
        || comment.strip_suffix(m.as_str()).is_some_and(|rest| rest.ends_with(' '))
}

fn check_key(key: &str) -> Result<()> {
    let ok_chars = key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY_LEN || !ok_chars {
        return Err(Error::invalid_input(
            KEY_INPUT,
            format!("must be 1 to {MAX_IDEMPOTENCY_KEY_LEN} characters of A-Z, a-z, 0-9, `_` and `-`"),
        ));
    }
    Ok(())
}

/// A send's `description` may not contain the marker's tag: text that did could make a later
/// keyed send find a payment that never carried its key. Compared after NFKC and in any case,
/// as a service that normalises text would store it.
pub(crate) fn check_description(args: &Args) -> Result<()> {
    let Some(text) = args.text("description") else { return Ok(()) };
    use unicode_normalization::UnicodeNormalization;
    let folded: String = text.nfkc().flat_map(char::to_lowercase).collect();
    if folded.contains(MARKER_TAG) {
        return Err(Error::invalid_input(
            "description",
            format!("must not contain `{MARKER_TAG}`: the SDK marks idempotency keys with it"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amount::Amount;
    use crate::error::ErrorKind;
    use crate::models::WalletTx;
    use crate::operations as ops;
    use tokio::time::Instant;

    /// `fields` (a token's JSON without `sig`) signed with `key`, as a client with that key
    /// would make it: what a forger with the key could make.
    fn signed(fields: &str, key: &StateKey) -> String {
        let token: Token = serde_json::from_str(fields).unwrap_or_else(|e| panic!("{fields}: {e}"));
        token.signed(key)
    }

    #[test]
    fn outcome_tokens_round_trip_and_refuse_forgeries() {
        let key = StateKey::of_this_process();
        let mut info = ResolveInfo {
            op: &ops::SEND_FUNDS_FROM_WALLET,
            txid: None,
            wallet_name: Some("w1".into()),
            key: Some("order-42".into()),
            recipient: Some("rltc1qxyz".into()),
            amount: Some(Amount::from_litoshis(12_345)),
            include_fees: None,
            settles_at: None,
            since: Some(1_795_305_274),
            from_token: false,
            signer: key.clone(),
        }
        .settling(Duration::from_secs(30));
        let text = info.to_token();
        assert!(text.contains("\"order-42\"") && text.contains("12345") && text.contains("\"sig\":\""), "{text}");
        let back = ResolveInfo::from_token(&text, &key).unwrap();
        assert_eq!((back.op.name, back.key.as_deref(), back.amount), ("send_funds_from_wallet", Some("order-42"), info.amount));
        assert_eq!((back.since, back.from_token, info.from_token), (info.since, true, false));
        let wait = back.settles_at.unwrap().saturating_duration_since(Instant::now());
        assert!(wait > Duration::from_secs(25) && wait <= Duration::from_secs(31), "{wait:?}");
        info.txid = Some("ab".repeat(32));
        assert!(ResolveInfo::from_token(&info.to_token(), &key).is_ok());
        // changed, unsigned, or signed with another key: refused, naming the signature
        let other = Arc::new(StateKey::from_text(&"o".repeat(32)).unwrap());
        for forged in [
            text.replace("12345", "12346"),
            text.replace("1795305274", "1895305274"),
            text.replace("\"order-42\"", "\"order-43\""),
            text[..text.find(",\"sig\"").unwrap()].to_string() + "}",
            text.replace("\"sig\":\"", "\"sig\":\"0"),
            ResolveInfo { signer: other.clone(), ..info.clone() }.to_token(),
        ] {
            let e = ResolveInfo::from_token(&forged, &key).err().unwrap_or_else(|| panic!("accepted {forged}"));
            assert_eq!(e.field(), Some("token"));
            assert!(e.to_string().contains("signature does not match"), "{e}");
        }
        // signed with the key but wrong in themselves
        let key = &*key;
        for forged in [
            String::new(),
            "[]".into(),
            r#"{"v":1,"operation":"create_wallet"}"#.into(),
            signed(r#"{"v":3,"operation":"create_wallet"}"#, key),
            signed(r#"{"v":2,"operation":"no_such_op"}"#, key),
            r#"{"v":2,"operation":"create_wallet","extra":1}"#.into(),
            signed(r#"{"v":2,"operation":"broadcast_transaction","txid":"zz"}"#, key),
            signed(&format!(r#"{{"v":2,"operation":"create_wallet","wallet_name":"{}"}}"#, "w".repeat(300)), key),
            format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000)),
            signed(r#"{"v":2,"operation":"send_funds_from_wallet","amount_litoshis":0}"#, key),
            signed(r#"{"v":2,"operation":"send_funds_from_wallet","amount_litoshis":-5}"#, key),
            signed(r#"{"v":2,"operation":"send_funds_from_wallet","amount_litoshis":8400000000000001}"#, key),
            signed(r#"{"v":2,"operation":"send_funds_from_wallet","since":-1}"#, key),
        ] {
            let e = ResolveInfo::from_token(&forged, &StateKey::of_this_process()).err().unwrap_or_else(|| panic!("accepted {forged:.60}"));
            assert_eq!(e.field(), Some("token"));
        }
        // a token from far in the future waits at most a day
        let far = signed(r#"{"v":2,"operation":"create_wallet","wallet_name":"w","settles_at_ms":18446744073709551615}"#, key);
        let wait = ResolveInfo::from_token(&far, &StateKey::of_this_process()).unwrap().settles_at.unwrap().saturating_duration_since(Instant::now());
        assert!(wait <= Duration::from_millis(MAX_TOKEN_SETTLE_MS));
    }

    #[test]
    fn the_marker_comes_first_and_keeps_the_callers_text() {
        assert_eq!(with_marker(Some("invoice 17"), "k-1"), "[wsdk-idem:k-1] invoice 17");
        assert_eq!(with_marker(None, "k-1"), "[wsdk-idem:k-1]");
        assert_eq!(with_marker(Some(""), "k-1"), "[wsdk-idem:k-1]");
        assert!(carries_key("[wsdk-idem:k-1] invoice 17", "k-1"));
        // a service that cuts the description keeps the marker
        assert!(carries_key(&with_marker(Some(&"x".repeat(10_000)), "k-1")[..100], "k-1"));
        assert!(carries_key("[wsdk-idem:k-1]", "k-1"));
        // what earlier versions wrote
        assert!(carries_key("invoice 17 [wsdk-idem:k-1]", "k-1"));
        assert!(!carries_key("invoice 17 [wsdk-idem:xk-1]", "k-1"));
        assert!(!carries_key("invoice 17[wsdk-idem:k-1]", "k-1"));
        assert!(!carries_key("[wsdk-idem:k-1]later", "k-1"));
        assert!(!carries_key("a [wsdk-idem:k-1] b", "k-1"));
        assert!(!carries_key("[wsdk-idem:k-12]", "k-1"));
        assert!(!carries_key("[wsdk-idem:k-1", "k-1"));
    }

    #[test]
    fn caller_text_cannot_plant_a_key() {
        let send = |description: &str| {
            let mut args = Args::default();
            args.set_text("description", description.to_string());
            check_description(&args)
        };
        send("invoice 17 [order-5]").unwrap();
        send(&"é".repeat(100_000)).unwrap();
        for planted in ["[wsdk-idem:order-5]", "x [WSDK-IDEM:order-5]", "\u{ff3b}\u{ff57}\u{ff53}\u{ff44}\u{ff4b}-idem:k]", "wsdk-idem"] {
            let e = send(planted).unwrap_err();
            assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("description")), "{planted}");
        }
    }

    fn entry(json: serde_json::Value) -> WalletTx {
        serde_json::from_value(json).unwrap()
    }

    fn keyed_info(amount: i64, include_fees: bool) -> ResolveInfo {
        ResolveInfo {
            op: &ops::SEND_FUNDS_FROM_WALLET,
            txid: None,
            wallet_name: Some("w1".into()),
            key: Some("k".into()),
            recipient: Some("rltc1qto".into()),
            amount: Some(Amount::from_litoshis(amount)),
            include_fees: Some(include_fees),
            settles_at: None,
            since: None,
            from_token: false,
            signer: StateKey::of_this_process(),
        }
    }

    #[test]
    fn a_replay_is_this_payment_or_refused_and_its_sums_are_checked() {
        let txid = "ab".repeat(32);
        let good = serde_json::json!({"txid": txid, "category": "send", "address": "rltc1qto", "amount": -0.5, "fee": 0.0001, "comment": "[wsdk-idem:k]"});
        let json = sent_json(&ops::SEND_FUNDS_FROM_WALLET, &entry(good.clone()), &keyed_info(50_000_000, false)).unwrap();
        assert!(json.contains(r#""totalDebited":0.5001,"#) && json.contains(r#""replayed":true"#), "{json}");
        let with_fees = sent_json(&ops::SEND_FUNDS_FROM_WALLET, &entry(good.clone()), &keyed_info(50_010_000, true)).unwrap();
        assert!(with_fees.contains(r#""amountReceived":0.5,"#), "{with_fees}");
        let mut hostile = Vec::new();
        for (field, value) in [
            ("address", serde_json::Value::Null),
            ("amount", serde_json::Value::Null),
            ("address", "rltc1qother".into()),
            ("amount", (-0.4).into()),
            ("txid", "zz".into()),
            ("fee", 84_000_000.0.into()),
            ("fee", 90_000_000.0.into()),
            ("amount", (-90_000_000.0).into()),
        ] {
            let mut e = good.clone();
            e[field] = value.clone();
            hostile.push((format!("{field}={value}"), e, false));
        }
        let mut no_fee = good.clone();
        no_fee["fee"] = serde_json::Value::Null;
        hostile.push(("no fee, fees included".into(), no_fee, true));
        for (what, e, include_fees) in hostile {
            let amount = if include_fees { 50_010_000 } else { 50_000_000 };
            let err = sent_json(&ops::SEND_FUNDS_FROM_WALLET, &entry(e), &keyed_info(amount, include_fees)).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Conflict, "{what}: {err}");
        }
    }

    #[test]
    fn keys_are_checked() {
        for good in ["a", "order-17_b", &"x".repeat(MAX_IDEMPOTENCY_KEY_LEN)] {
            check_key(good).unwrap();
        }
        for bad in ["", "a b", "a]", "é", &"x".repeat(MAX_IDEMPOTENCY_KEY_LEN + 1)] {
            let e = check_key(bad).unwrap_err();
            assert_eq!(e.field(), Some("idempotency_key"));
            assert_eq!(e.to_string(), "invalid input `idempotency_key`: must be 1 to 64 characters of A-Z, a-z, 0-9, `_` and `-`");
        }
    }

    #[test]
    fn resolution_states_print_their_names() {
        let names: Vec<String> = [ResolutionState::Applied, ResolutionState::NotApplied, ResolutionState::Unknown].iter().map(ToString::to_string).collect();
        assert_eq!(names, ["applied", "not_applied", "unknown"]);
    }
}
