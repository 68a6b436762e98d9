//! The cursor's format and bounds, and the event logic on scripted listings (no service).

use super::*;
use crate::amount::Amount;
use crate::client::Client;
use crate::error::{Error, ErrorKind};
use crate::state_key::{Purpose, StateKey};
use base64::Engine as _;
use proptest::prelude::*;
use std::sync::Arc;

const WALLET: &str = "shop";

fn rules() -> Rules {
    check_rules(WALLET, &WatchOptions::default(), StateKey::of_this_process()).unwrap()
}

fn txid(n: u32) -> String {
    format!("{n:064x}")
}

/// One list entry: `n` names the transaction, `conf` its confirmations, `block` its block.
fn tx(n: u32, category: &str, conf: i64, block: Option<u32>) -> Entry {
    let amount = if category == "send" { "-0.5" } else { "0.5" };
    let block = block.map(|b| format!("\"{}\"", txid(1_000_000 + b))).unwrap_or_else(|| "null".into());
    let json = format!(
        r#"{{"txid": "{}", "category": "{category}", "address": "addr{n}", "amount": {amount}, "vout": 0,
            "confirmations": {conf}, "blockHash": {block}, "abandoned": false}}"#,
        txid(n)
    );
    Entry::from_tx(serde_json::from_str(&json).unwrap())
}

fn listing(entries: Vec<Entry>) -> Listing {
    Listing { entries, reached_end: true }
}

/// Runs one poll and returns the events as (kind, tx number) and the cursor state.
fn poll(state: Option<&State>, entries: Vec<Entry>) -> (Vec<(WalletEventKind, u32)>, State, Vec<WalletEvent>) {
    let (events, state) = poll_events(state, &listing(entries), rules()).unwrap();
    let short = events.iter().map(|e| (e.kind, u32::from_str_radix(&e.txid[56..], 16).unwrap())).collect();
    (short, state, events)
}

use WalletEventKind::*;

#[test]
fn received_then_confirmed_then_final() {
    let (ev, s, _) = poll(None, vec![tx(1, "receive", 0, None)]);
    assert_eq!(ev, vec![(Received, 1)]);
    let (ev, s, _) = poll(Some(&s), vec![tx(1, "receive", 0, None)]);
    assert_eq!(ev, vec![]);
    let (ev, s, _) = poll(Some(&s), vec![tx(1, "receive", 1, Some(1))]);
    assert_eq!(ev, vec![(Confirmed, 1)]);
    let (ev, s, _) = poll(Some(&s), vec![tx(1, "receive", 6, Some(1))]);
    assert_eq!(ev, vec![]);
    assert!(s.tracked.is_empty(), "final entries are not followed");
    assert!(s.seen.is_empty(), "the anchor moved over it");
    // new entries on top; the old one is below the anchor and never reported again
    let (ev, _, _) = poll(Some(&s), vec![tx(3, "send", 0, None), tx(2, "receive", 2, Some(2)), tx(1, "receive", 7, Some(1))]);
    assert_eq!(ev, vec![(Received, 2), (Confirmed, 2), (Sent, 3)]);
}

#[test]
fn fresh_watch_reports_at_most_history_oldest_first() {
    let entries: Vec<Entry> = (0..10).rev().map(|n| tx(n, "receive", 10, Some(n))).collect();
    let opts = WatchOptions { history: 3, ..Default::default() };
    let r = check_rules(WALLET, &opts, StateKey::of_this_process()).unwrap();
    let (events, state) = poll_events(None, &Listing { entries: entries.clone(), reached_end: false }, r.clone()).unwrap();
    let kinds: Vec<_> = events.iter().map(|e| (e.kind, e.txid.clone())).collect();
    assert_eq!(kinds, vec![(Received, txid(7)), (Confirmed, txid(7)), (Received, txid(8)), (Confirmed, txid(8)), (Received, txid(9)), (Confirmed, txid(9))]);
    // nothing more on the next poll
    let (events, _) = poll_events(Some(&state), &Listing { entries, reached_end: true }, r).unwrap();
    assert!(events.is_empty());
}

#[test]
fn every_event_cursor_resumes_without_repeating_or_losing() {
    let s0 = poll(None, vec![]).1;
    let entries = vec![tx(4, "receive", 3, Some(4)), tx(3, "send", 0, None), tx(2, "receive", 0, None), tx(1, "receive", 1, Some(1))];
    let (all, _, events) = poll(Some(&s0), entries.clone());
    assert_eq!(all, vec![(Received, 1), (Confirmed, 1), (Received, 2), (Sent, 3), (Received, 4), (Confirmed, 4)]);
    for (i, e) in events.iter().enumerate() {
        let resumed = decode(&e.cursor, &rules()).unwrap();
        let (rest, _, _) = poll(Some(&resumed), entries.clone());
        assert_eq!(rest, all[i + 1..].to_vec(), "resuming after event {i}");
    }
}

#[test]
fn events_report_the_listings_amount_not_the_cursors() {
    // the state a forger with the key could sign: the payment of 0.5 LTC stored as 1000 LTC
    let (_, mut s, _) = poll(None, vec![tx(1, "receive", 0, None)]);
    s.tracked[0].amount = 100_000_000_000;
    let (ev, _, events) = poll(Some(&s), vec![tx(1, "receive", 1, Some(1))]);
    assert_eq!(ev, vec![(Confirmed, 1)]);
    assert_eq!(events[0].amount, Amount::from_ltc("0.5").unwrap());
    assert_eq!(events[0].address.as_deref(), Some("addr1"));
}

#[test]
fn reorg_unconfirms_then_confirms_again() {
    let (_, s, _) = poll(None, vec![tx(1, "receive", 1, Some(1))]);
    // back in the mempool
    let (ev, s2, _) = poll(Some(&s), vec![tx(1, "receive", 0, None)]);
    assert_eq!(ev, vec![(Reorged, 1)]);
    let (ev, _, _) = poll(Some(&s2), vec![tx(1, "receive", 1, Some(9))]);
    assert_eq!(ev, vec![(Confirmed, 1)]);
    // or already in a block of the new chain when polled
    let (ev, _, _) = poll(Some(&s), vec![tx(1, "receive", 2, Some(9))]);
    assert_eq!(ev, vec![(Reorged, 1), (Confirmed, 1)]);
}

#[test]
fn replaced_dropped_and_abandoned() {
    let (_, s, _) = poll(None, vec![tx(2, "receive", 0, None), tx(1, "receive", 0, None)]);
    // 1 was replaced by 3 (mined: 1 is conflicted), 2 vanished from the list (as Core does with
    // a conflicted receive)
    let (ev, s, _) = poll(Some(&s), vec![tx(3, "receive", 1, Some(3)), tx(1, "receive", -1, None)]);
    assert_eq!(ev, vec![(Replaced, 2), (Replaced, 1), (Received, 3), (Confirmed, 3)]);
    let (ev, _, _) = poll(Some(&s), vec![tx(3, "receive", 2, Some(3)), tx(1, "receive", -2, None)]);
    assert_eq!(ev, vec![]);
    let mut abandoned = tx(4, "send", 0, None);
    abandoned.tx.abandoned = Some(true);
    let (_, s, _) = poll(None, vec![tx(4, "send", 0, None)]);
    let (ev, _, _) = poll(Some(&s), vec![abandoned]);
    assert_eq!(ev, vec![(Dropped, 4)]);
    let (ev, _, _) = poll(Some(&s), vec![]);
    assert_eq!(ev, vec![(Dropped, 4)], "a send that vanished");
}

#[test]
fn a_pending_entry_keeps_later_ones_from_repeating() {
    // 1 stays pending while 2..=5 arrive and become final above it
    let (_, mut s, _) = poll(None, vec![tx(1, "receive", 0, None)]);
    let mut entries = vec![tx(1, "receive", 0, None)];
    for n in 2..=5 {
        entries.insert(0, tx(n, "receive", 10, Some(n)));
        let (ev, next, _) = poll(Some(&s), entries.clone());
        assert_eq!(ev, vec![(Received, n), (Confirmed, n)]);
        s = next;
    }
    assert_eq!(s.seen.len(), 4);
    let (ev, s, _) = poll(Some(&s), entries.clone());
    assert_eq!(ev, vec![]);
    // once 1 is final, the anchor moves over everything
    entries[4] = tx(1, "receive", 10, Some(1));
    let (ev, s, _) = poll(Some(&s), entries);
    assert_eq!(ev, vec![(Confirmed, 1)]);
    assert!(s.seen.is_empty() && s.tracked.is_empty());
}

fn bad(text: &str) -> Error {
    decode(text, &rules()).unwrap_err()
}

/// A cursor with the given body, signed with the state key (what a forger with the key makes).
fn forge(body: &[u8]) -> String {
    let mut b = body.to_vec();
    let signature = StateKey::of_this_process().tag(Purpose::Cursor, &b);
    b.extend_from_slice(&signature);
    format!("{CURSOR_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&b))
}

#[test]
fn forged_cursors_are_invalid_input_naming_cursor() {
    let good = encode(&State::default(), &rules());
    let tag = rules().tag;
    let mut too_many_seen = vec![CURSOR_VERSION];
    too_many_seen.extend_from_slice(&tag);
    too_many_seen.push(0);
    too_many_seen.extend_from_slice(&u16::MAX.to_le_bytes());
    let mut changed = good.clone();
    changed.push('A');
    // a cursor of this wallet signed with another key
    let other_key = Rules { key: Arc::new(StateKey::from_text(&"o".repeat(32)).unwrap()), ..rules() };
    let v = CURSOR_VERSION;
    for (text, why) in [
        ("".to_string(), "not a cursor"),
        ("wev1.AAAA".to_string(), "not a cursor"),
        ("wev3.AAAA".to_string(), "not a cursor"),
        ("wev2.***".to_string(), "base64url"),
        ("wev2.AAAA".to_string(), "cut short"),
        (changed, "signature does not match"),
        (encode(&State::default(), &other_key), "signed with another state key"),
        ("wev2.".to_string() + &"A".repeat(MAX_CURSOR_LEN), "at most"),
        (forge(&too_many_seen), "more than 512"),
        (forge(&[1, tag[0], tag[1], tag[2], tag[3]]), "version"),
        (forge(&[v, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "another wallet"),
        (forge(&[v, tag[0], tag[1], tag[2], tag[3], 9]), "too many anchors"),
        (forge(&[v, tag[0], tag[1], tag[2], tag[3], 0, 0, 0, 0, 0, 7]), "after the cursor"),
    ] {
        let e = bad(&text);
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "{why}");
        assert_eq!(e.field(), Some("cursor"), "{why}");
        assert!(e.to_string().contains(why), "{why}: {e}");
    }
    // and through the public API: every call answers the error
    let client = Client::builder().base_url("http://127.0.0.1:9").credential(crate::credential::make_jwt(Some(4_000_000_000))).build().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let mut events = client.watch_wallet(WALLET, WatchOptions { cursor: Some("nonsense".into()), ..Default::default() });
        for _ in 0..2 {
            let e = events.next().await.unwrap().unwrap_err();
            assert_eq!(e.field(), Some("cursor"));
        }
        let mut events = client.watch_wallet(WALLET, WatchOptions { finality_depth: 0, ..Default::default() });
        assert_eq!(events.next().await.unwrap().unwrap_err().field(), Some("finality_depth"));
    });
}

#[test]
fn the_largest_state_fits_the_bound() {
    let tracked = Tracked {
        txid: [7; 32],
        send: true,
        vout: Some(u32::MAX),
        address: Some("a".repeat(MAX_ADDRESS_LEN)),
        amount: i64::MIN,
        confirmations: i32::MIN,
        block: Some([9; 8]),
        confirmed: true,
        gone: true,
    };
    let state = State { anchor: vec![1, 2, 3], tracked: vec![tracked; MAX_TRACKED], seen: (0..MAX_SEEN as u64).collect() };
    let text = encode(&state, &rules());
    assert!(text.len() <= MAX_CURSOR_LEN, "{} > {MAX_CURSOR_LEN}", text.len());
    assert_eq!(decode(&text, &rules()).unwrap(), state);
    // an empty watch's cursor is short
    assert!(encode(&State::default(), &rules()).len() < 48);
}

fn arb_tracked() -> impl Strategy<Value = Tracked> {
    (
        any::<[u8; 32]>(),
        any::<bool>(),
        proptest::option::of(any::<u32>()),
        proptest::option::of("[a-z0-9]{1,160}"),
        any::<i64>(),
        any::<i32>(),
        proptest::option::of(any::<[u8; 8]>()),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(txid, send, vout, address, amount, confirmations, block, confirmed, gone)| Tracked {
            txid,
            send,
            vout,
            address,
            amount,
            confirmations,
            block,
            confirmed,
            gone,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn cursors_round_trip(
        anchor in proptest::collection::vec(any::<u64>(), 0..=ANCHORS),
        seen in proptest::collection::vec(any::<u64>(), 0..40),
        tracked in proptest::collection::vec(arb_tracked(), 0..10),
    ) {
        let state = State { anchor, tracked, seen };
        let text = encode(&state, &rules());
        prop_assert!(text.len() <= MAX_CURSOR_LEN);
        prop_assert_eq!(decode(&text, &rules()).unwrap(), state);
    }

    #[test]
    fn any_text_decodes_or_is_invalid_input(text in "wev2\\.[A-Za-z0-9_-]{0,300}") {
        if let Err(e) = decode(&text, &rules()) {
            prop_assert_eq!(e.field(), Some("cursor"));
        }
    }
}
