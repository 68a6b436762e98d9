//! The wallet event stream: "tell me when I'm paid", without webhooks.
//!
//! [`Client::watch_wallet`] polls `wallet_transactions` (newest first, page after page) and turns
//! what changed since the last poll into [`WalletEvent`]s: a payment `received`, the same payment
//! `confirmed` once it has the confirmations asked for, `reorged` when a block that held it left the
//! chain, `replaced` when a conflicting transaction was mined instead, `dropped` when it vanished
//! from the wallet or was abandoned, and `sent` for the wallet's own outgoing transactions.
//! [`Client::wait_for_payment`] waits for the total paid to one address.
//!
//! Every event carries a [`cursor`](WalletEvent::cursor): save it after handling the event and
//! pass it back as [`WatchOptions::cursor`] to resume — no event up to that one is repeated, none
//! after it is lost. The cursor is all the state (bounded: [`MAX_CURSOR_LEN`]), so wallets can be
//! sharded over worker processes. docs/adr/0015-wallet-event-stream.md explains the design, the
//! bounds, and what the stream cannot see.
//!
//! ```no_run
//! use wallet_sdk::{Client, WatchOptions, WalletEventKind};
//! # async fn demo(saved: Option<String>) -> wallet_sdk::Result<()> {
//! let client = Client::from_env()?;
//! let mut events = client.watch_wallet("shop", WatchOptions { cursor: saved, ..Default::default() });
//! while let Some(event) = events.next().await {
//!     let event = event?; // a failed poll is an error; the next call polls again
//!     if event.kind == WalletEventKind::Confirmed {
//!         println!("paid {} to {:?} in {}", event.amount, event.address, event.txid);
//!     }
//!     // store event.cursor with what the event did, in one transaction of your own
//! }
//! # Ok(()) }
//! ```

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use bitcoin::hashes::{sha256, Hash as _};

use crate::amount::Amount;
use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::methods::WalletTransactionsOptions;
use crate::models::WalletTx;
use crate::state_key::{Purpose, StateKey, TAG_LEN};

/// The most transactions (entries of the wallet's list) one poll reads. Beyond it the stream
/// cannot tell old from new: see docs/adr/0015.
pub const MAX_SCAN_ENTRIES: u32 = 10_000;
/// The most entries a fresh watch (no cursor) reports from the wallet's existing history.
pub const MAX_HISTORY: u32 = 1_000;
/// The deepest [`WatchOptions::finality_depth`] (and [`WatchOptions::confirmations`]).
pub const MAX_FINALITY_DEPTH: u32 = 100;
/// The most transactions a cursor keeps following (not yet final). Beyond it the entry with
/// the most confirmations is given up: no further events for it.
pub const MAX_TRACKED: usize = 128;
/// The most fingerprints of already reported, no longer followed entries a cursor keeps.
pub const MAX_SEEN: usize = 512;
/// The longest address a cursor stores (longer ones are stored as unknown).
pub const MAX_ADDRESS_LEN: usize = 160;
/// How many anchor fingerprints a cursor keeps (consecutive entries, in case one vanishes).
const ANCHORS: usize = 3;
/// The text every cursor starts with; the digit is the format's version.
const CURSOR_PREFIX: &str = "wev2.";
/// Bytes of one followed entry at most: txid, flags, vout, amount, confirmations, block, address.
const MAX_TRACKED_BYTES: usize = 32 + 1 + 4 + 8 + 4 + 8 + 1 + MAX_ADDRESS_LEN;
/// Bytes of a cursor's body at most (version, wallet tag, anchors, seen, tracked, HMAC tag).
const MAX_BODY: usize = 1 + 4 + 1 + ANCHORS * 8 + 2 + MAX_SEEN * 8 + 2 + MAX_TRACKED * MAX_TRACKED_BYTES + TAG_LEN;
/// The longest cursor text: anything longer is refused before it is decoded.
pub const MAX_CURSOR_LEN: usize = CURSOR_PREFIX.len() + MAX_BODY.div_ceil(3) * 4;
const _: () = assert!(MAX_CURSOR_LEN < 48 * 1024, "a cursor must stay small enough to store beside a wallet");

/// What happened to a wallet transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WalletEventKind {
    /// A payment to the wallet appeared (in the mempool or already in a block).
    Received,
    /// A received payment reached [`WatchOptions::confirmations`].
    Confirmed,
    /// A block that held the transaction left the chain: it is unconfirmed again, or in another
    /// block (then `confirmed` follows again once it has the confirmations).
    Reorged,
    /// A conflicting transaction was mined instead: negative confirmations on the service, or a
    /// received entry that vanished from the list (Core lists conflicted receives no more). The
    /// replacement, when it pays the wallet, is its own `received`.
    Replaced,
    /// An outgoing transaction vanished from the wallet's list, or an entry was abandoned.
    Dropped,
    /// The wallet sent a payment (an outgoing entry; the amount is negative).
    Sent,
}

impl WalletEventKind {
    /// Every kind, in declaration order.
    pub const ALL: [WalletEventKind; 6] = [
        WalletEventKind::Received,
        WalletEventKind::Confirmed,
        WalletEventKind::Reorged,
        WalletEventKind::Replaced,
        WalletEventKind::Dropped,
        WalletEventKind::Sent,
    ];

    /// The snake_case name (`received`, `confirmed`, `reorged`, `replaced`, `dropped`, `sent`).
    pub fn as_str(self) -> &'static str {
        match self {
            WalletEventKind::Received => "received",
            WalletEventKind::Confirmed => "confirmed",
            WalletEventKind::Reorged => "reorged",
            WalletEventKind::Replaced => "replaced",
            WalletEventKind::Dropped => "dropped",
            WalletEventKind::Sent => "sent",
        }
    }
}

impl std::fmt::Display for WalletEventKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One event of [`WalletEvents`]: one entry of the wallet's list (one output of a transaction
/// to or from the wallet) and what happened to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletEvent {
    /// What happened.
    pub kind: WalletEventKind,
    /// The transaction.
    pub txid: String,
    /// The address paid (for `sent`, the recipient's), when the service names one.
    pub address: Option<String>,
    /// The entry's amount: positive for a payment received, negative for one sent.
    pub amount: Amount,
    /// Confirmations when the event was seen (negative: a conflicting transaction was mined).
    pub confirmations: i64,
    /// Where to resume after this event: opaque, versioned, at most [`MAX_CURSOR_LEN`] characters.
    pub cursor: String,
}

/// Options of [`Client::watch_wallet`].
#[derive(Clone, Debug)]
pub struct WatchOptions {
    /// The cursor of the last event handled; `None` starts a fresh watch, which first reports
    /// the newest [`history`](Self::history) entries already in the wallet.
    pub cursor: Option<String>,
    /// The pause between two polls (default 2 s).
    pub poll_interval: Duration,
    /// Confirmations after which a received payment is `confirmed` (default 1, at most
    /// [`MAX_FINALITY_DEPTH`]).
    pub confirmations: u32,
    /// Entries per `wallet_transactions` request (default 100, 1..=500).
    pub page_size: u32,
    /// How many existing entries a fresh watch reports (default 100, at most [`MAX_HISTORY`]).
    pub history: u32,
    /// Confirmations after which an entry is final and no longer followed (default 6; at least
    /// `confirmations`, at most [`MAX_FINALITY_DEPTH`]). A reorganisation deeper than this is
    /// not reported.
    pub finality_depth: u32,
}

impl Default for WatchOptions {
    fn default() -> Self {
        WatchOptions {
            cursor: None,
            poll_interval: Duration::from_secs(2),
            confirmations: 1,
            page_size: 100,
            history: 100,
            finality_depth: 6,
        }
    }
}

/// Whether a list entry is a payment in, a payment out, or something the stream ignores
/// (coinbase entries, entries without a valid txid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Receive,
    Send,
    Other,
}

/// A transaction the cursor still follows.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tracked {
    txid: [u8; 32],
    send: bool,
    vout: Option<u32>,
    address: Option<String>,
    amount: i64,
    /// Last seen confirmations (negative: conflicted).
    confirmations: i32,
    /// The last 8 bytes of the block hash it was last seen in, when in a block.
    block: Option<[u8; 8]>,
    /// `confirmed` was reported (and not undone by a reorg).
    confirmed: bool,
    /// `replaced` or `dropped` was reported.
    gone: bool,
}

/// The whole state of a watch: what the cursor encodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    /// Fingerprints of the entries just below which everything was handled (newest first);
    /// empty: the bottom of the list.
    anchor: Vec<u64>,
    /// Entries still followed.
    tracked: Vec<Tracked>,
    /// Fingerprints of handled entries above the anchor that are no longer followed.
    seen: Vec<u64>,
}

fn digest(parts: &[&[u8]]) -> [u8; 32] {
    let mut engine = sha256::Hash::engine();
    for p in parts {
        bitcoin::hashes::HashEngine::input(&mut engine, &(p.len() as u64).to_le_bytes());
        bitcoin::hashes::HashEngine::input(&mut engine, p);
    }
    sha256::Hash::from_engine(engine).to_byte_array()
}

/// A stable fingerprint of one entry of the list (txid, direction, output, address).
fn fingerprint(txid: &[u8], send: bool, vout: Option<u32>, address: Option<&str>) -> u64 {
    let vout = vout.map(|v| v.to_le_bytes().to_vec()).unwrap_or_default();
    let d = digest(&[b"wallet-events entry", txid, &[u8::from(send)], &vout, address.unwrap_or("").as_bytes()]);
    u64::from_le_bytes(d[..8].try_into().expect("8 bytes"))
}

fn wallet_tag(wallet_name: &str) -> [u8; 4] {
    let d = digest(&[b"wallet-events wallet", wallet_name.as_bytes()]);
    [d[0], d[1], d[2], d[3]]
}

fn parse_hex32(text: &str) -> Option<[u8; 32]> {
    let bytes = text.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks(2).enumerate() {
        let hi = (pair[0] as char).to_digit(16)?;
        let lo = (pair[1] as char).to_digit(16)?;
        out[i] = u8::try_from(hi * 16 + lo).ok()?;
    }
    Some(out)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn short_block(hash: Option<&str>) -> [u8; 8] {
    match hash.and_then(parse_hex32) {
        // the end of the hash: its start (in display order) is the proof of work's zeros
        Some(h) => h[24..].try_into().expect("8 bytes"),
        None => [0; 8],
    }
}

fn storable_address(address: Option<&str>) -> Option<String> {
    address.filter(|a| !a.is_empty() && a.len() <= MAX_ADDRESS_LEN && a.bytes().all(|b| (0x21..0x7f).contains(&b))).map(str::to_string)
}

/// One entry of a poll's listing.
#[derive(Clone, Debug)]
struct Entry {
    key: u64,
    class: Class,
    txid: Option<[u8; 32]>,
    vout: Option<u32>,
    tx: WalletTx,
}

impl Entry {
    fn from_tx(tx: WalletTx) -> Entry {
        let txid = tx.txid.as_deref().and_then(parse_hex32);
        let vout = tx.vout.and_then(|v| u32::try_from(v).ok());
        let class = match (txid, tx.category.as_deref()) {
            (Some(_), Some("receive")) => Class::Receive,
            (Some(_), Some("send")) => Class::Send,
            _ => Class::Other,
        };
        let key = match txid {
            Some(t) => fingerprint(&t, class == Class::Send, vout, tx.address.as_deref()),
            // no usable txid: a fingerprint of what there is, only to find the entry again
            None => {
                let what = format!("{:?}|{:?}|{:?}|{:?}|{:?}|{:?}", tx.txid, tx.category, tx.address, tx.amount, tx.vout, tx.time);
                u64::from_le_bytes(digest(&[b"wallet-events other", what.as_bytes()])[..8].try_into().expect("8 bytes"))
            }
        };
        Entry { key, class, txid, vout, tx }
    }

    fn confirmations(&self) -> i32 {
        let c = self.tx.confirmations.unwrap_or(0);
        i32::try_from(c.clamp(i64::from(i32::MIN), i64::from(i32::MAX))).unwrap_or(0)
    }
}

// ------------------------------------------------------------------------------------ cursor

fn bad_cursor(why: impl std::fmt::Display) -> Error {
    Error::invalid_input("cursor", why)
}

/// Encodes a state as cursor text, signed with the client's state key.
fn encode(state: &State, rules: &Rules) -> String {
    let mut b = Vec::with_capacity(64);
    b.push(CURSOR_VERSION);
    b.extend_from_slice(&rules.tag);
    b.push(u8::try_from(state.anchor.len().min(ANCHORS)).unwrap_or(0));
    for k in state.anchor.iter().take(ANCHORS) {
        b.extend_from_slice(&k.to_le_bytes());
    }
    let seen = &state.seen[..state.seen.len().min(MAX_SEEN)];
    b.extend_from_slice(&u16::try_from(seen.len()).unwrap_or(0).to_le_bytes());
    for k in seen {
        b.extend_from_slice(&k.to_le_bytes());
    }
    let tracked = &state.tracked[..state.tracked.len().min(MAX_TRACKED)];
    b.extend_from_slice(&u16::try_from(tracked.len()).unwrap_or(0).to_le_bytes());
    for t in tracked {
        b.extend_from_slice(&t.txid);
        let address = t.address.as_deref().filter(|a| a.len() <= MAX_ADDRESS_LEN);
        let flags = u8::from(t.send)
            | u8::from(t.vout.is_some()) << 1
            | u8::from(t.block.is_some()) << 2
            | u8::from(t.confirmed) << 3
            | u8::from(address.is_some()) << 4
            | u8::from(t.gone) << 5;
        b.push(flags);
        if let Some(v) = t.vout {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&t.amount.to_le_bytes());
        b.extend_from_slice(&t.confirmations.to_le_bytes());
        if let Some(h) = t.block {
            b.extend_from_slice(&h);
        }
        if let Some(a) = address {
            b.push(u8::try_from(a.len()).unwrap_or(0));
            b.extend_from_slice(a.as_bytes());
        }
    }
    let signature = rules.key.tag(Purpose::Cursor, &b);
    b.extend_from_slice(&signature);
    format!("{CURSOR_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&b))
}

/// The body's first byte.
const CURSOR_VERSION: u8 = 2;

/// Reads bytes of a cursor body, never past its end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < n {
            return Err(bad_cursor("the cursor is cut short"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
}

/// Decodes cursor text for the wallet of `rules`; every malformed, forged or oversized cursor
/// is an `invalid_input` error naming `cursor`. The work is bounded by [`MAX_CURSOR_LEN`].
fn decode(text: &str, rules: &Rules) -> Result<State> {
    if text.len() > MAX_CURSOR_LEN {
        return Err(bad_cursor(format!("a cursor is at most {MAX_CURSOR_LEN} characters, this one has {}", text.len())));
    }
    let Some(body) = text.strip_prefix(CURSOR_PREFIX) else {
        return Err(bad_cursor("not a cursor of watch_wallet (or one of a newer format)"));
    };
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| bad_cursor("the cursor is not valid base64url"))?;
    if bytes.len() < 1 + TAG_LEN {
        return Err(bad_cursor("the cursor is cut short"));
    }
    let (payload, signature) = bytes.split_at(bytes.len() - TAG_LEN);
    if !rules.key.verifies(Purpose::Cursor, payload, signature) {
        return Err(bad_cursor(
            "the cursor's signature does not match: it was changed or cut, or signed with another state key (a client \
             without `state_key` signs with a random key of its process, so its cursors resume only there)",
        ));
    }
    let mut r = Reader { bytes: payload };
    if r.u8()? != CURSOR_VERSION {
        return Err(bad_cursor("unknown cursor version"));
    }
    if r.array::<4>()? != rules.tag {
        return Err(bad_cursor("the cursor belongs to another wallet"));
    }
    let anchors = usize::from(r.u8()?);
    if anchors > ANCHORS {
        return Err(bad_cursor("too many anchors"));
    }
    let mut state = State::default();
    for _ in 0..anchors {
        state.anchor.push(r.u64()?);
    }
    let seen = usize::from(r.u16()?);
    if seen > MAX_SEEN {
        return Err(bad_cursor(format!("more than {MAX_SEEN} handled entries")));
    }
    for _ in 0..seen {
        state.seen.push(r.u64()?);
    }
    let tracked = usize::from(r.u16()?);
    if tracked > MAX_TRACKED {
        return Err(bad_cursor(format!("more than {MAX_TRACKED} followed entries")));
    }
    for _ in 0..tracked {
        let txid = r.array::<32>()?;
        let flags = r.u8()?;
        if flags & 0b1100_0000 != 0 {
            return Err(bad_cursor("unknown entry flags"));
        }
        let vout = if flags & 2 != 0 { Some(u32::from_le_bytes(r.array()?)) } else { None };
        let amount = i64::from_le_bytes(r.array()?);
        let confirmations = i32::from_le_bytes(r.array()?);
        let block = if flags & 4 != 0 { Some(r.array::<8>()?) } else { None };
        let address = if flags & 16 != 0 {
            let len = usize::from(r.u8()?);
            let raw = r.take(len)?;
            let text = std::str::from_utf8(raw).ok().and_then(|a| storable_address(Some(a)));
            Some(text.ok_or_else(|| bad_cursor("an address in the cursor is not printable ASCII"))?)
        } else {
            None
        };
        state.tracked.push(Tracked {
            txid,
            send: flags & 1 != 0,
            vout,
            address,
            amount,
            confirmations,
            block,
            confirmed: flags & 8 != 0,
            gone: flags & 32 != 0,
        });
    }
    if !r.bytes.is_empty() {
        return Err(bad_cursor("unexpected bytes after the cursor's content"));
    }
    Ok(state)
}

// ------------------------------------------------------------------------------------ scanning

/// A poll's view of the wallet's list: entries newest first, each once.
struct Listing {
    entries: Vec<Entry>,
    /// The list was read to its end (an empty page).
    reached_end: bool,
}

/// How many times a scan starts over when the list moved by more than a page under it.
const MAX_RESTARTS: u32 = 3;

/// Reads the wallet's list from the newest entry, pages overlapping by one entry: each page
/// must contain the last entry of the page before (entries only ever move down, as new ones
/// arrive on top); when it does not, the scan starts over. Stops when `enough` says so, at the
/// end of the list, or after [`MAX_SCAN_ENTRIES`] entries.
async fn scan(client: &Client, wallet_name: &str, page_size: u32, mut enough: impl FnMut(&[Entry]) -> bool) -> Result<Listing> {
    let page_size = page_size.clamp(1, 500);
    let max_requests = (MAX_SCAN_ENTRIES / page_size.max(2) + 4) * (MAX_RESTARTS + 1) * 2;
    let mut requests = 0;
    let mut restarts = 0;
    'scan: loop {
        let mut entries: Vec<Entry> = Vec::new();
        let mut keys: HashSet<u64> = HashSet::new();
        let mut skip: u32 = 0;
        let mut last: Option<u64> = None;
        loop {
            if enough(&entries) || entries.len() >= MAX_SCAN_ENTRIES as usize {
                return Ok(Listing { entries, reached_end: false });
            }
            requests += 1;
            if requests > max_requests {
                return Ok(Listing { entries, reached_end: false });
            }
            let page = client
                .wallet_transactions(wallet_name, WalletTransactionsOptions { skip: Some(skip), count: Some(page_size) })
                .await?;
            let items: Vec<Entry> = page.items.into_iter().map(Entry::from_tx).collect();
            if items.is_empty() {
                return Ok(Listing { entries, reached_end: true });
            }
            let start = match last {
                None => 0,
                Some(k) => match items.iter().position(|e| e.key == k) {
                    Some(j) => j + 1,
                    None => {
                        restarts += 1;
                        if restarts > MAX_RESTARTS {
                            return Err(Error::new(
                                ErrorKind::ServiceError,
                                format!(
                                    "watch_wallet failed: the wallet's transaction list moved by more than a page \
                                     between two requests {MAX_RESTARTS} times in a row"
                                ),
                            )
                            .set_operation("wallet_transactions"));
                        }
                        continue 'scan;
                    }
                },
            };
            if start >= items.len() {
                if items.len() == 1 {
                    return Ok(Listing { entries, reached_end: true });
                }
                // the page ended at the entry we knew: ask again from there
                skip = skip.saturating_add(u32::try_from(start - 1).unwrap_or(u32::MAX));
                continue;
            }
            let n = items.len();
            last = Some(items[n - 1].key);
            for e in items.into_iter().skip(start) {
                if keys.insert(e.key) {
                    entries.push(e);
                }
            }
            skip = skip.saturating_add(u32::try_from(n - 1).unwrap_or(u32::MAX).max(1));
        }
    }
}

// ------------------------------------------------------------------------------------ polling

/// What a poll works with: the settings of the watch.
#[derive(Clone)]
struct Rules {
    confirmations: i32,
    finality: i32,
    history: usize,
    /// The wallet's tag, so that a cursor of one wallet is refused for another.
    tag: [u8; 4],
    /// What signs and checks the cursors.
    key: Arc<StateKey>,
}

/// One poll's work: the listing, the state being updated, and the position of the anchor.
struct Poll<'a> {
    rules: Rules,
    entries: &'a [Entry],
    reached_end: bool,
    /// Entries at and below this position are handled (the anchor).
    pos: usize,
    /// The anchor of the cursor this poll started from (kept while `pos` has not moved).
    old_anchor: Vec<u64>,
    state: State,
    events: Vec<WalletEvent>,
}

impl Poll<'_> {
    fn anchor_keys(&self) -> Vec<u64> {
        if self.pos < self.entries.len() {
            self.entries[self.pos..].iter().take(ANCHORS).map(|e| e.key).collect()
        } else if self.reached_end {
            Vec::new()
        } else {
            self.old_anchor.clone()
        }
    }

    fn emit(&mut self, kind: WalletEventKind, t: &Tracked, address: Option<&str>, confirmations: i32) {
        let mut snapshot = self.state.clone();
        snapshot.anchor = self.anchor_keys();
        self.events.push(WalletEvent {
            kind,
            txid: hex(&t.txid),
            address: address.map(str::to_string).or_else(|| t.address.clone()),
            amount: Amount::from_litoshis(t.amount),
            confirmations: i64::from(confirmations),
            cursor: encode(&snapshot, &self.rules),
        });
    }

    fn tracked_index(&self, key: u64) -> Option<usize> {
        self.state.tracked.iter().position(|t| fingerprint(&t.txid, t.send, t.vout, t.address.as_deref()) == key)
    }

    /// Marks the entry at `i` handled: the anchor moves up over it when it lies just above the
    /// anchor, otherwise its fingerprint is kept in `seen`.
    fn handled(&mut self, i: usize, key: u64) {
        if i >= self.pos {
            return;
        }
        if i + 1 == self.pos {
            self.pos = i;
            self.state.seen.retain(|k| *k != key);
            self.advance();
        } else if !self.state.seen.contains(&key) {
            self.state.seen.push(key);
            self.bound_seen(i);
        }
    }

    /// Moves the anchor up over the handled entries just above it (those in `seen`, and the
    /// entries the stream ignores).
    fn advance(&mut self) {
        while self.pos > 0 {
            let e = &self.entries[self.pos - 1];
            if e.class == Class::Other || self.state.seen.contains(&e.key) {
                let key = e.key;
                self.state.seen.retain(|k| *k != key);
                self.pos -= 1;
            } else {
                break;
            }
        }
    }

    /// Keeps `seen` within [`MAX_SEEN`]: moves the anchor up over the oldest handled entries,
    /// giving up on the followed entries it passes (no further events for them). Never passes
    /// position `floor` (entries above it are not handled yet).
    fn bound_seen(&mut self, floor: usize) {
        while self.state.seen.len() > MAX_SEEN && self.pos > floor {
            self.pos -= 1;
            let key = self.entries[self.pos].key;
            self.state.seen.retain(|k| *k != key);
            if let Some(j) = self.tracked_index(key) {
                self.state.tracked.remove(j);
            }
        }
        // only a list whose order changed under the cursor gets here
        while self.state.seen.len() > MAX_SEEN {
            self.state.seen.remove(0);
        }
    }

    /// Keeps `tracked` within [`MAX_TRACKED`]: gives up on the entry with the most confirmations.
    fn bound_tracked(&mut self, positions: &HashMap<u64, usize>) {
        while self.state.tracked.len() > MAX_TRACKED {
            let j = (0..self.state.tracked.len()).max_by_key(|j| self.state.tracked[*j].confirmations).unwrap_or(0);
            let t = self.state.tracked.remove(j);
            let key = fingerprint(&t.txid, t.send, t.vout, t.address.as_deref());
            if let Some(i) = positions.get(&key) {
                self.handled(*i, key);
            }
        }
    }

    fn is_final(&self, t: &Tracked) -> bool {
        t.confirmations >= self.rules.finality && (t.send || t.confirmed)
    }

    /// A followed entry seen again.
    fn update(&mut self, i: usize, j: usize) {
        let e = &self.entries[i];
        let c = e.confirmations();
        let address = e.tx.address.clone();
        let abandoned = e.tx.abandoned == Some(true);
        let block = short_block(e.tx.block_hash.as_deref());
        let mut t = self.state.tracked[j].clone();
        // the listing's amount, not the cursor's: a cursor only tells what was handled
        if let Some(amount) = e.tx.amount {
            t.amount = amount.litoshis();
        }
        let key = e.key;
        if t.gone && c < 1 {
            t.confirmations = c;
            self.state.tracked[j] = t.clone();
            if c <= -self.rules.finality {
                self.state.tracked.remove(j);
                self.handled(i, key);
            }
            return;
        }
        t.gone = false;
        if c < 1 && (abandoned || c < 0) {
            let kind = if c < 0 { WalletEventKind::Replaced } else { WalletEventKind::Dropped };
            t.gone = true;
            t.block = None;
            t.confirmed = false;
            t.confirmations = c;
            self.state.tracked[j] = t.clone();
            self.emit(kind, &t, address.as_deref(), c);
            return;
        }
        if c < 1 {
            t.confirmations = c;
            if t.block.take().is_some() {
                t.confirmed = false;
                self.state.tracked[j] = t.clone();
                self.emit(WalletEventKind::Reorged, &t, address.as_deref(), c);
            } else {
                self.state.tracked[j] = t;
            }
            return;
        }
        t.confirmations = c;
        if t.block.is_some_and(|b| b != block) {
            // in another block than before: it left the chain and came back
            t.block = Some(block);
            t.confirmed = false;
            self.state.tracked[j] = t.clone();
            self.emit(WalletEventKind::Reorged, &t, address.as_deref(), c);
        }
        t.block = Some(block);
        if !t.send && !t.confirmed && c >= self.rules.confirmations {
            t.confirmed = true;
            self.state.tracked[j] = t.clone();
            self.emit(WalletEventKind::Confirmed, &t, address.as_deref(), c);
        }
        if self.is_final(&t) {
            self.state.tracked.remove(j);
            self.handled(i, key);
        } else {
            self.state.tracked[j] = t;
        }
    }

    /// An entry not handled before.
    fn new_entry(&mut self, i: usize, positions: &HashMap<u64, usize>) {
        let e = &self.entries[i];
        let key = e.key;
        let c = e.confirmations();
        let (Some(txid), class) = (e.txid, e.class) else {
            self.handled(i, key);
            return;
        };
        if class == Class::Other || c < 0 || e.tx.abandoned == Some(true) {
            // coinbase entries, and history that was already replaced or abandoned
            self.handled(i, key);
            return;
        }
        let address = e.tx.address.clone();
        let mut t = Tracked {
            txid,
            send: class == Class::Send,
            vout: e.vout,
            address: storable_address(address.as_deref()),
            amount: e.tx.amount.map(Amount::litoshis).unwrap_or(0),
            confirmations: c,
            block: (c >= 1).then(|| short_block(e.tx.block_hash.as_deref())),
            confirmed: false,
            gone: false,
        };
        let kind = if t.send { WalletEventKind::Sent } else { WalletEventKind::Received };
        self.state.tracked.push(t.clone());
        self.emit(kind, &t, address.as_deref(), c);
        if !t.send && c >= self.rules.confirmations {
            t.confirmed = true;
            if let Some(j) = self.tracked_index(key) {
                self.state.tracked[j] = t.clone();
            }
            self.emit(WalletEventKind::Confirmed, &t, address.as_deref(), c);
        }
        if self.is_final(&t) {
            if let Some(j) = self.tracked_index(key) {
                self.state.tracked.remove(j);
            }
            self.handled(i, key);
        } else {
            self.bound_tracked(positions);
        }
    }

    fn run(mut self, anchor_pos: usize) -> (Vec<WalletEvent>, State) {
        let positions: HashMap<u64, usize> = self.entries.iter().enumerate().map(|(i, e)| (e.key, i)).collect();
        // followed entries no longer in the list (read to its end): dropped
        if self.reached_end {
            let mut j = 0;
            while j < self.state.tracked.len() {
                let t = self.state.tracked[j].clone();
                let key = fingerprint(&t.txid, t.send, t.vout, t.address.as_deref());
                if positions.contains_key(&key) {
                    j += 1;
                    continue;
                }
                self.state.tracked.remove(j);
                if !t.gone {
                    // Core stops listing a received entry once a conflicting transaction is
                    // mined (its depth is negative then): a receive that vanished was replaced.
                    // Core never removes a send; one that vanished anyway was dropped.
                    let (kind, confirmations) = if t.send { (WalletEventKind::Dropped, 0) } else { (WalletEventKind::Replaced, -1) };
                    self.emit(kind, &t, None, confirmations);
                }
            }
        }
        self.pos = anchor_pos;
        self.advance();
        // oldest first
        for i in (0..self.entries.len()).rev() {
            let key = self.entries[i].key;
            match self.tracked_index(key) {
                Some(j) => self.update(i, j),
                None if i < self.pos && !self.state.seen.contains(&key) => self.new_entry(i, &positions),
                None => {}
            }
        }
        self.state.anchor = self.anchor_keys();
        (self.events, self.state)
    }
}

/// Works out the events of one poll from the state before it and the listing.
fn poll_events(state: Option<&State>, listing: &Listing, rules: Rules) -> Result<(Vec<WalletEvent>, State)> {
    let entries = &listing.entries;
    let Some(state) = state else {
        // a fresh watch: the newest `history` entries are new, the rest is the past
        let anchor_pos = rules.history.min(entries.len());
        let poll = Poll { rules, entries, reached_end: listing.reached_end, pos: anchor_pos, old_anchor: Vec::new(), state: State::default(), events: Vec::new() };
        return Ok(poll.run(anchor_pos));
    };
    let found = entries.iter().position(|e| state.anchor.contains(&e.key));
    let anchor_pos = match found {
        Some(p) => p,
        None if listing.reached_end && state.anchor.is_empty() => entries.len(),
        None if listing.reached_end => {
            return Err(Error::new(
                ErrorKind::ServiceError,
                "watch_wallet failed: the wallet's list no longer holds the transactions the cursor was anchored \
                 at, so new entries cannot be told from old ones; start a fresh watch (without a cursor)",
            ));
        }
        // more new entries than a poll reads: the oldest of them are skipped (docs/adr/0015)
        None => entries.len().saturating_sub(ANCHORS),
    };
    let poll = Poll {
        rules,
        entries,
        reached_end: listing.reached_end,
        pos: anchor_pos,
        old_anchor: state.anchor.clone(),
        state: state.clone(),
        events: Vec::new(),
    };
    Ok(poll.run(anchor_pos))
}

/// The stream of a wallet's events; see [`Client::watch_wallet`].
///
/// Call [`next`](Self::next) in a loop. It never ends on its own: drop it to stop watching
/// (dropping it, or the future of `next`, at any point is clean: no state is half-updated).
pub struct WalletEvents {
    client: Client,
    wallet_name: String,
    options: WatchOptions,
    rules: Result<Rules>,
    /// `None` until the first poll of a fresh watch.
    state: Result<Option<State>>,
    queue: VecDeque<WalletEvent>,
    cursor: Option<String>,
    polled: bool,
}

impl std::fmt::Debug for WalletEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalletEvents").field("wallet_name", &self.wallet_name).field("queued", &self.queue.len()).finish()
    }
}

fn check_rules(wallet_name: &str, o: &WatchOptions, key: Arc<StateKey>) -> Result<Rules> {
    if wallet_name.is_empty() {
        return Err(Error::invalid_input("wallet_name", "must not be empty"));
    }
    if o.confirmations > MAX_FINALITY_DEPTH {
        return Err(Error::invalid_input("confirmations", format!("at most {MAX_FINALITY_DEPTH}")));
    }
    if o.finality_depth == 0 || o.finality_depth > MAX_FINALITY_DEPTH {
        return Err(Error::invalid_input("finality_depth", format!("must be from 1 to {MAX_FINALITY_DEPTH}")));
    }
    if o.history > MAX_HISTORY {
        return Err(Error::invalid_input("history", format!("at most {MAX_HISTORY}")));
    }
    if o.page_size == 0 || o.page_size > 500 {
        return Err(Error::invalid_input("page_size", "must be from 1 to 500"));
    }
    let confirmations = i32::try_from(o.confirmations).unwrap_or(i32::MAX);
    let finality = i32::try_from(o.finality_depth).unwrap_or(i32::MAX).max(confirmations).max(1);
    Ok(Rules { confirmations, finality, history: o.history as usize, tag: wallet_tag(wallet_name), key })
}

impl WalletEvents {
    fn new(client: Client, wallet_name: &str, options: WatchOptions) -> WalletEvents {
        let rules = check_rules(wallet_name, &options, client.state_key().clone());
        let state = match (&rules, &options.cursor) {
            (Err(e), _) => Err(e.clone()),
            (Ok(_), None) => Ok(None),
            (Ok(r), Some(c)) => decode(c, r).map(Some),
        };
        let cursor = options.cursor.clone();
        WalletEvents { client, wallet_name: wallet_name.to_string(), options, rules, state, queue: VecDeque::new(), cursor, polled: false }
    }

    /// The next event: polls (after [`WatchOptions::poll_interval`], on the runtime's timer)
    /// until there is one. A failed poll is returned as an error, and the next call polls again;
    /// an invalid option or cursor is an `invalid_input` error on every call. Never `None`: the
    /// `Option` is there for the usual `while let Some(..)` loop.
    pub async fn next(&mut self) -> Option<Result<WalletEvent>> {
        loop {
            if let Some(event) = self.queue.pop_front() {
                self.cursor = Some(event.cursor.clone());
                return Some(Ok(event));
            }
            let rules = match (&self.rules, &self.state) {
                (Err(e), _) | (_, Err(e)) => return Some(Err(e.clone())),
                (Ok(r), Ok(_)) => r.clone(),
            };
            if self.polled {
                tokio::time::sleep(self.options.poll_interval).await;
            }
            self.polled = true;
            let state = self.state.as_ref().ok().and_then(Option::as_ref);
            match poll_once(&self.client, &self.wallet_name, self.options.page_size, state, rules).await {
                Ok((events, new_state)) => {
                    // from here on nothing awaits: the poll is committed whole, or not at all
                    self.queue.extend(events);
                    self.state = Ok(Some(new_state));
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// The cursor of the last event returned (or the one the watch started from): where a new
    /// watch resumes after everything returned so far.
    pub fn cursor(&self) -> Option<&str> {
        self.cursor.as_deref()
    }

    /// The wallet watched.
    pub fn wallet_name(&self) -> &str {
        &self.wallet_name
    }
}

async fn poll_once(client: &Client, wallet_name: &str, page_size: u32, state: Option<&State>, rules: Rules) -> Result<(Vec<WalletEvent>, State)> {
    let listing = match state {
        // a fresh watch: the history asked for, and the entries the anchor is made of
        None => scan(client, wallet_name, page_size, |e| e.len() >= rules.history + ANCHORS).await?,
        Some(s) => {
            let tracked: Vec<u64> = s.tracked.iter().map(|t| fingerprint(&t.txid, t.send, t.vout, t.address.as_deref())).collect();
            let anchor = s.anchor.clone();
            scan(client, wallet_name, page_size, move |entries| {
                !anchor.is_empty()
                    && entries.iter().any(|e| anchor.contains(&e.key))
                    && tracked.iter().all(|k| entries.iter().any(|e| e.key == *k))
            })
            .await?
        }
    };
    poll_events(state, &listing, rules)
}

// ------------------------------------------------------------------------------------ payments

/// Whether a payment request was paid: see [`Client::wait_for_payment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    /// Exactly the amount asked for arrived, with the confirmations asked for.
    Paid,
    /// Less arrived (with the confirmations asked for) before the timeout.
    Underpaid,
    /// More than the amount asked for arrived.
    Overpaid,
}

impl PaymentStatus {
    /// The snake_case name (`paid`, `underpaid`, `overpaid`).
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Paid => "paid",
            PaymentStatus::Underpaid => "underpaid",
            PaymentStatus::Overpaid => "overpaid",
        }
    }
}

impl std::fmt::Display for PaymentStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer of [`Client::wait_for_payment`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    /// The transactions counted (payments to the address with the confirmations asked for),
    /// oldest first.
    pub txids: Vec<String>,
    /// Their total to the address.
    pub received: Amount,
    /// The fewest confirmations among them (0 when none).
    pub confirmations: i64,
    /// Paid, underpaid or overpaid.
    pub status: PaymentStatus,
}

/// Options of [`Client::wait_for_payment`].
#[derive(Clone, Debug)]
pub struct WaitForPaymentOptions {
    /// Confirmations a payment needs to count (default 1; 0 counts mempool payments).
    pub confirmations: u32,
    /// How long to wait; `None` waits until paid. At the timeout the answer is `underpaid`
    /// (not an error) when less arrived.
    pub timeout: Option<Duration>,
    /// The pause between two polls (default 2 s).
    pub poll_interval: Duration,
    /// Entries per `wallet_transactions` request (default 100, 1..=500).
    pub page_size: u32,
}

impl Default for WaitForPaymentOptions {
    fn default() -> Self {
        WaitForPaymentOptions { confirmations: 1, timeout: None, poll_interval: Duration::from_secs(2), page_size: 100 }
    }
}

/// Sums the payments to `address` with at least `confirmations` in a listing.
fn tally(entries: &[Entry], address: &str, confirmations: i32) -> (Vec<String>, i64, i64) {
    let mut txids = Vec::new();
    let mut total: i64 = 0;
    let mut fewest: Option<i64> = None;
    for e in entries.iter().rev() {
        let c = e.confirmations();
        if e.class != Class::Receive || e.tx.address.as_deref() != Some(address) || c < confirmations || c < 0 || e.tx.abandoned == Some(true) {
            continue;
        }
        let amount = e.tx.amount.map(Amount::litoshis).unwrap_or(0).max(0);
        total = total.saturating_add(amount);
        fewest = Some(fewest.map_or(i64::from(c), |f| f.min(i64::from(c))));
        if let Some(t) = &e.tx.txid {
            if !txids.contains(t) {
                txids.push(t.clone());
            }
        }
    }
    (txids, total, fewest.unwrap_or(0))
}

impl Client {
    /// Watches a wallet: a stream of [`WalletEvent`]s (see the [module docs](crate::events)).
    ///
    /// Polls `wallet_transactions` every [`WatchOptions::poll_interval`], newest first, reading
    /// down to where the cursor left off (at most [`MAX_SCAN_ENTRIES`] entries a poll). Without a
    /// cursor the newest [`WatchOptions::history`] entries already in the wallet are reported
    /// first. Options and the cursor are checked on the first [`WalletEvents::next`].
    pub fn watch_wallet(&self, wallet_name: &str, options: WatchOptions) -> WalletEvents {
        WalletEvents::new(self.clone(), wallet_name, options)
    }

    /// Waits until the payments to `address` (a receiving address of the wallet) with the
    /// confirmations asked for add up to `amount`: `paid` when they are exactly `amount`,
    /// `overpaid` when more; at the timeout, `underpaid` with what arrived. Payments made before
    /// the call count too (every entry of the wallet's list is read, at most
    /// [`MAX_SCAN_ENTRIES`]); replaced and abandoned ones do not.
    pub async fn wait_for_payment(&self, wallet_name: &str, address: &str, amount: Amount, options: WaitForPaymentOptions) -> Result<Payment> {
        if wallet_name.is_empty() {
            return Err(Error::invalid_input("wallet_name", "must not be empty"));
        }
        if address.is_empty() {
            return Err(Error::invalid_input("address", "must not be empty"));
        }
        if !amount.is_positive() {
            return Err(Error::invalid_input("amount", "must be greater than zero"));
        }
        if options.page_size == 0 || options.page_size > 500 {
            return Err(Error::invalid_input("page_size", "must be from 1 to 500"));
        }
        let confirmations = i32::try_from(options.confirmations).unwrap_or(i32::MAX);
        let deadline = options.timeout.map(|t| tokio::time::Instant::now() + t);
        loop {
            let listing = scan(self, wallet_name, options.page_size, |_| false).await?;
            let (txids, total, fewest) = tally(&listing.entries, address, confirmations);
            let payment = |status| Payment { txids: txids.clone(), received: Amount::from_litoshis(total), confirmations: fewest, status };
            if total >= amount.litoshis() {
                return Ok(payment(if total == amount.litoshis() { PaymentStatus::Paid } else { PaymentStatus::Overpaid }));
            }
            let pause = match deadline {
                Some(d) => {
                    let now = tokio::time::Instant::now();
                    if now >= d {
                        return Ok(payment(PaymentStatus::Underpaid));
                    }
                    options.poll_interval.min(d - now)
                }
                None => options.poll_interval,
            };
            tokio::time::sleep(pause).await;
        }
    }
}

/// The blocking form of [`WalletEvents`]: an endless iterator (see
/// [`crate::blocking::Client::watch_wallet`]).
#[derive(Debug)]
pub struct BlockingWalletEvents {
    client: crate::blocking::Client,
    events: WalletEvents,
}

impl BlockingWalletEvents {
    /// The cursor of the last event returned; see [`WalletEvents::cursor`].
    pub fn cursor(&self) -> Option<&str> {
        self.events.cursor()
    }
}

impl Iterator for BlockingWalletEvents {
    type Item = Result<WalletEvent>;
    fn next(&mut self) -> Option<Self::Item> {
        let events = &mut self.events;
        match self.client.run(|_| async move { Ok(events.next().await) }) {
            Ok(item) => item,
            Err(e) => Some(Err(e)),
        }
    }
}

impl crate::blocking::Client {
    /// Watches a wallet: the blocking form of [`crate::Client::watch_wallet`], an iterator that
    /// waits (on the client's own runtime) for each event.
    pub fn watch_wallet(&self, wallet_name: &str, options: WatchOptions) -> BlockingWalletEvents {
        BlockingWalletEvents { client: self.clone(), events: self.async_client().watch_wallet(wallet_name, options) }
    }

    /// Waits for a payment: the blocking form of [`crate::Client::wait_for_payment`].
    pub fn wait_for_payment(&self, wallet_name: &str, address: &str, amount: Amount, options: WaitForPaymentOptions) -> Result<Payment> {
        self.run(|c| async move { c.wait_for_payment(wallet_name, address, amount, options).await })
    }
}

#[cfg(test)]
mod tests;
