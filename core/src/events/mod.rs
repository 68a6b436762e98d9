//! The wallet event stream: "tell me when I'm paid", without webhooks.
//!
//! [`Client::watch_wallet`](crate::Client::watch_wallet) polls `wallet_transactions` (newest first, page after page) and turns
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

use std::time::Duration;

use bitcoin::hashes::{sha256, Hash as _};

use crate::models::WalletTx;
use crate::state_key::TAG_LEN;

mod cursor;
mod payments;
mod poll;
mod scan;

pub use crate::records::{Payment, PaymentStatus, WalletEvent, WalletEventKind};
pub use payments::{BlockingWalletEvents, WaitForPaymentOptions};
pub use poll::WalletEvents;
use cursor::*;
use poll::*;
use scan::*;

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

#[cfg(test)]
mod tests;
