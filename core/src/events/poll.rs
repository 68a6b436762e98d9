//! One poll: the events between the cursor's state and the listing, and the stream of polls.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;


use crate::amount::Amount;
use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::state_key::StateKey;

use super::*;

/// What a poll works with: the settings of the watch.
#[derive(Clone)]
pub(super) struct Rules {
    pub(super) confirmations: i32,
    pub(super) finality: i32,
    pub(super) history: usize,
    /// The wallet's tag, so that a cursor of one wallet is refused for another.
    pub(super) tag: [u8; 4],
    /// What signs and checks the cursors.
    pub(super) key: Arc<StateKey>,
}

/// One poll's work: the listing, the state being updated, and the position of the anchor.
pub(super) struct Poll<'a> {
    pub(super) rules: Rules,
    pub(super) entries: &'a [Entry],
    pub(super) reached_end: bool,
    /// Entries at and below this position are handled (the anchor).
    pub(super) pos: usize,
    /// The anchor of the cursor this poll started from (kept while `pos` has not moved).
    pub(super) old_anchor: Vec<u64>,
    pub(super) state: State,
    pub(super) events: Vec<WalletEvent>,
}

impl Poll<'_> {
    pub(super) fn anchor_keys(&self) -> Vec<u64> {
        if self.pos < self.entries.len() {
            self.entries[self.pos..].iter().take(ANCHORS).map(|e| e.key).collect()
        } else if self.reached_end {
            Vec::new()
        } else {
            self.old_anchor.clone()
        }
    }

    pub(super) fn emit(&mut self, kind: WalletEventKind, t: &Tracked, address: Option<&str>, confirmations: i32) {
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

    pub(super) fn tracked_index(&self, key: u64) -> Option<usize> {
        self.state.tracked.iter().position(|t| fingerprint(&t.txid, t.send, t.vout, t.address.as_deref()) == key)
    }

    /// Marks the entry at `i` handled: the anchor moves up over it when it lies just above the
    /// anchor, otherwise its fingerprint is kept in `seen`.
    pub(super) fn handled(&mut self, i: usize, key: u64) {
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
    pub(super) fn advance(&mut self) {
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
    pub(super) fn bound_seen(&mut self, floor: usize) {
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
    pub(super) fn bound_tracked(&mut self, positions: &HashMap<u64, usize>) {
        while self.state.tracked.len() > MAX_TRACKED {
            let j = (0..self.state.tracked.len()).max_by_key(|j| self.state.tracked[*j].confirmations).unwrap_or(0);
            let t = self.state.tracked.remove(j);
            let key = fingerprint(&t.txid, t.send, t.vout, t.address.as_deref());
            if let Some(i) = positions.get(&key) {
                self.handled(*i, key);
            }
        }
    }

    pub(super) fn is_final(&self, t: &Tracked) -> bool {
        t.confirmations >= self.rules.finality && (t.send || t.confirmed)
    }

    /// A followed entry seen again.
    pub(super) fn update(&mut self, i: usize, j: usize) {
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
    pub(super) fn new_entry(&mut self, i: usize, positions: &HashMap<u64, usize>) {
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

    pub(super) fn run(mut self, anchor_pos: usize) -> (Vec<WalletEvent>, State) {
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
pub(super) fn poll_events(state: Option<&State>, listing: &Listing, rules: Rules) -> Result<(Vec<WalletEvent>, State)> {
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
    pub(super) client: Client,
    pub(super) wallet_name: String,
    pub(super) options: WatchOptions,
    pub(super) rules: Result<Rules>,
    /// `None` until the first poll of a fresh watch.
    pub(super) state: Result<Option<State>>,
    pub(super) queue: VecDeque<WalletEvent>,
    pub(super) cursor: Option<String>,
    pub(super) polled: bool,
}

impl std::fmt::Debug for WalletEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalletEvents").field("wallet_name", &self.wallet_name).field("queued", &self.queue.len()).finish()
    }
}

pub(super) fn check_rules(wallet_name: &str, o: &WatchOptions, key: Arc<StateKey>) -> Result<Rules> {
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
    pub(super) fn new(client: Client, wallet_name: &str, options: WatchOptions) -> WalletEvents {
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

pub(super) async fn poll_once(client: &Client, wallet_name: &str, page_size: u32, state: Option<&State>, rules: Rules) -> Result<(Vec<WalletEvent>, State)> {
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
