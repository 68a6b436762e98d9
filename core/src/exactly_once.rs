//! Exactly-once money (docs/adr/0014-exactly-once-sends.md): broadcasts that can be repeated,
//! sends with an idempotency key, and [`Client::resolve`] for the calls whose outcome is unknown.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

use crate::amount::{Amount, MAX_MONEY};
use crate::decode::{self, Answer, Decode};
use crate::error::{Error, ErrorKind, Result};
use crate::locks::lock;
use crate::state_key::{Purpose, StateKey, TAG_LEN};
use crate::models::{SentFunds, TransactionDetails, WalletDetails, WalletTransactions, WalletTx};
use crate::operations::{self as ops, ExactlyOnce, Operation};
use crate::request::Args;

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

// ------------------------------------------------------------------ what resolve tells

/// What [`Client::resolve`] found out about a call whose outcome was unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolutionState {
    /// The operation took effect (the transaction is in the mempool or a block, the wallet
    /// exists, the keyed send is in the wallet).
    Applied,
    /// The operation did not take effect, and the request can no longer be in flight (the
    /// settle time has passed), or it was never sent, or the service refused it.
    NotApplied,
    /// The SDK cannot tell: the operation leaves nothing it can look up (an address creation,
    /// a send without `idempotency_key`, a passphrase change, …), or the error carries nothing
    /// to check. [`Resolution::reason`] says which.
    Unknown,
}

impl ResolutionState {
    /// `applied`, `not_applied` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            ResolutionState::Applied => "applied",
            ResolutionState::NotApplied => "not_applied",
            ResolutionState::Unknown => "unknown",
        }
    }
}

impl std::fmt::Display for ResolutionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer of [`Client::resolve`]. What each operation can tell:
///
/// | operation | how | applied gives |
/// |---|---|---|
/// | `broadcast_transaction` | `transaction_details` of the txid computed locally from the hex (not for MWEB transactions: `unknown`) | `txid` |
/// | `send_funds_from_wallet` with `idempotency_key` | the key in the wallet's newest transactions (as the keyed send looks) | `txid`, `sent` |
/// | `create_wallet`, `create_encrypted_wallet`, `create_importable_wallet`, `create_importable_encrypted_wallet`, `import_wallet` | `wallet_details` of the name: it exists | `wallet_name`, `secret_lost` |
/// | `encrypt_wallet` | `wallet_details`: it is encrypted | `wallet_name` |
/// | every other non-idempotent operation, and a send without key | nothing to look up | `unknown` |
///
/// A wallet of that name that existed before the call also reads as `applied`: the check
/// cannot tell who created it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Resolution {
    /// Applied, not applied, or unknown.
    pub state: ResolutionState,
    /// The operation (snake_case name) the error came from, when known.
    pub operation: Option<String>,
    /// The transaction id: of the broadcast (computed locally), or of the keyed send found.
    pub txid: Option<String>,
    /// The wallet of a wallet creation or a keyed send.
    pub wallet_name: Option<String>,
    /// For an applied keyed send: the send, as the replay of the key returns it
    /// (`replayed` true).
    pub sent: Option<SentFunds>,
    /// `true` when the operation was applied but a secret it returns only once was in the
    /// lost answer: the recovery phrase of `create_importable_wallet` and
    /// `create_importable_encrypted_wallet`, the passphrase of `create_encrypted_wallet` and
    /// `create_importable_encrypted_wallet`. The SDK cannot get it back. Do not fund that
    /// wallet (nothing could restore it, and an encrypted one cannot even spend); create
    /// another under a new name and leave this one empty.
    pub secret_lost: bool,
    /// One sentence: how the state was decided.
    pub reason: String,
}

impl Resolution {
    fn new(state: ResolutionState, info: Option<&ResolveInfo>, reason: impl Into<String>) -> Resolution {
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
    op: &'static Operation,
    txid: Option<String>,
    wallet_name: Option<String>,
    key: Option<String>,
    recipient: Option<String>,
    amount: Option<Amount>,
    include_fees: Option<bool>,
    /// From then on the request can no longer be in flight.
    settles_at: Option<Instant>,
    /// For a keyed send: the newest entry time (the node's Unix seconds) the wallet had before
    /// the send, so that a look-up knows when it has read everything the send could have added.
    /// `None`: the wallet had no entry, or the token came without it (a look-up reads to the
    /// end of the wallet's entries).
    since: Option<i64>,
    /// Read back from a token: the settle time was written by a clock that may differ.
    from_token: bool,
    /// What signs its token: the state key of the client that made it.
    signer: Arc<StateKey>,
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
    fn of(op: &'static Operation, args: &Args, signer: &Arc<StateKey>) -> ResolveInfo {
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
        if crate::json_limits::check(text.as_bytes()).is_err() {
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
const RESOLVE_FIRST_PAUSE: Duration = Duration::from_secs(1);
const RESOLVE_MAX_PAUSE: Duration = Duration::from_secs(15);

/// The longest outcome token read (4 KiB; one is a few hundred bytes).
const MAX_TOKEN_LEN: usize = 4096;
/// The longest text field of an outcome token.
const MAX_TOKEN_FIELD_LEN: usize = 256;
/// The longest wait a token can ask for (a day): a forged one cannot park `resolve` for ever.
const MAX_TOKEN_SETTLE_MS: u64 = 24 * 60 * 60 * 1000;

/// The version of the outcome tokens made now.
const TOKEN_VERSION: u32 = 2;

/// The JSON form of an outcome token: its fields, then `sig`, the HMAC tag of the JSON of the
/// fields before it (hex).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Token {
    v: u32,
    operation: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    txid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    wallet_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    idempotency_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    recipient_address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    amount_litoshis: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    amount_include_fees: Option<bool>,
    /// When the request can no longer be in flight, in Unix milliseconds.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    settles_at_ms: Option<u64>,
    /// A keyed send: the newest entry time of the wallet before the send (the node's Unix
    /// seconds). A look-up reads back to it; without it, to the wallet's oldest entry.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    since: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    sig: Option<String>,
}

impl Token {
    /// The token's text, signed with `signer`.
    fn signed(mut self, signer: &StateKey) -> String {
        self.sig = None;
        let payload = serde_json::to_vec(&self).unwrap_or_default();
        self.sig = Some(signer.tag(Purpose::OutcomeToken, &payload).iter().map(|b| format!("{b:02x}")).collect());
        serde_json::to_string(&self).unwrap_or_default()
    }
}

// ------------------------------------------------------------------ tokens of calls given up

tokio::task_local! {
    static TOKEN_CELL: OutcomeTokenCell;
}

/// Where a non-idempotent call records its outcome token just before its request may leave, so
/// that a caller who stops waiting (drops the future, times out, cancels) still has it: the
/// request runs on in the background (see [`crate::AbandonedCall`]), and the token resolves it.
///
/// [`seal`](OutcomeTokenCell::seal) tells a caller who gave up which side of that moment the
/// call was on: after it, a call that has not sent its request yet never sends it.
///
/// ```
/// # async fn demo(client: wallet_sdk::Client) -> wallet_sdk::Result<()> {
/// use std::time::Duration;
/// use wallet_sdk::SealedCall;
/// let cell = wallet_sdk::OutcomeTokenCell::new();
/// let send = client.send_funds_from_wallet("shop", "rltc1q…", wallet_sdk::Amount::from_ltc("0.25")?, Default::default());
/// if tokio::time::timeout(Duration::from_secs(5), cell.record(send)).await.is_err() {
///     match cell.seal() {
///         SealedCall::NothingSent => println!("nothing was sent"),
///         SealedCall::MayHaveBeenSent { outcome_token: Some(token), .. } => {
///             let r = client.resolve_token(&token).await?; // waits for the settle time if needed
///             println!("{}", r.state);
///         }
///         SealedCall::MayHaveBeenSent { outcome_token: None, .. } => println!("check before repeating it"),
///     }
/// }
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, Default)]
pub struct OutcomeTokenCell(std::sync::Arc<Mutex<CellState>>);

#[derive(Debug, Default)]
struct CellState {
    /// What resolves the request that may have left (its token's content).
    info: Option<ResolveInfo>,
    /// A non-idempotent request may have left.
    sent: bool,
    /// The caller gave up: no request may leave any more.
    sealed: bool,
    /// The operation of the last request that may have left.
    operation: &'static str,
}

/// What [`OutcomeTokenCell::seal`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealedCall {
    /// No non-idempotent request left, and none will: the calls in the cell had no effect.
    NothingSent,
    /// A non-idempotent request may have reached the service; its outcome token, when the
    /// operation has one, resolves it (the last one recorded, for a cell of several calls).
    MayHaveBeenSent {
        /// The operation (snake_case) of that request.
        operation: &'static str,
        /// What [`Client::resolve_token`](crate::Client::resolve_token) takes.
        outcome_token: Option<String>,
    },
}

impl OutcomeTokenCell {
    /// An empty cell.
    pub fn new() -> OutcomeTokenCell {
        OutcomeTokenCell::default()
    }

    /// Runs `call` (one call of a [`Client`](crate::Client), or several: the last token
    /// recorded wins), recording its outcome token here once its request may leave.
    pub async fn record<F: std::future::Future>(&self, call: F) -> F::Output {
        TOKEN_CELL.scope(self.clone(), call).await
    }

    /// The token recorded, if a non-idempotent request may have left; `None` otherwise (nothing
    /// was sent yet, or the operation has no outcome to look up).
    pub fn take(&self) -> Option<String> {
        lock(&self.0).info.take().map(|info| info.to_token())
    }

    /// Closes the cell for a caller who stopped waiting, and says whether a non-idempotent
    /// request may have left. A call in the cell that had not sent its request by now fails
    /// without sending it, so [`SealedCall::NothingSent`] stays true.
    pub fn seal(&self) -> SealedCall {
        let mut state = lock(&self.0);
        state.sealed = true;
        match state.sent {
            true => SealedCall::MayHaveBeenSent { operation: state.operation, outcome_token: state.info.take().map(|i| i.to_token()) },
            false => SealedCall::NothingSent,
        }
    }

    /// [`seal`](Self::seal) as the error of a call given up: `None` when nothing was sent,
    /// otherwise an `outcome_unknown` [`Error`] like any other, whose
    /// [`resolve`](crate::Client::resolve) and [`outcome_token`](Error::outcome_token) work as usual.
    pub fn seal_error(&self) -> Option<Error> {
        let mut state = lock(&self.0);
        state.sealed = true;
        if !state.sent {
            return None;
        }
        let op = state.operation;
        let error = Error::with_details(
            ErrorKind::OutcomeUnknown,
            format!(
                "{op} outcome unknown: the caller stopped waiting after the request may have been sent; it runs to \
                 completion in the background (its outcome goes to the abandoned-call hook) — check whether it took \
                 effect before trying again"
            ),
            crate::error::Details { operation: Some(op), may_have_reached_service: true, ..Default::default() },
        );
        Some(match state.info.take() {
            Some(info) => error.with_resolve_info(info),
            None => error,
        })
    }
}

/// Called just before a non-idempotent request may leave: records its token (`info`'s) in the
/// cell of the task, if any, or refuses when that cell was sealed (the caller is gone, and was
/// told that nothing was sent).
pub(crate) fn before_sending(op: &'static Operation, info: Option<&ResolveInfo>, settle: Duration) -> Result<()> {
    let refused = TOKEN_CELL.try_with(|cell| {
        let mut state = lock(&cell.0);
        if state.sealed {
            return true;
        }
        state.sent = true;
        state.operation = op.name;
        state.info = info.map(|info| info.clone().settling(settle));
        false
    });
    match refused {
        Ok(true) => Err(Error::new(
            ErrorKind::Transport,
            "not sent: the caller stopped waiting before the request was written, and was told that nothing was sent",
        )
        .set_operation(op.name)),
        _ => Ok(()),
    }
}

// ------------------------------------------------------------------ keys in flight

/// What a client's keyed sends learnt about the service, shared by its clones.
#[derive(Debug, Default)]
pub(crate) struct KeyedSends {
    /// 0 not known yet, 1 the service keeps descriptions, 2 it does not.
    storage: AtomicU8,
}

const STORAGE_KEPT: u8 = 1;
const STORAGE_NOT_KEPT: u8 = 2;

/// The keys of this process whose sends are running or may still take effect, by
/// `base URL\nwallet\nkey`: every client of the process sees them, so that two clients of one
/// process are one writer. (After `fork()` a child starts with none: its parent's sends are
/// the parent's.)
static KEYS: Mutex<Option<(u32, HashMap<String, KeyState>)>> = Mutex::new(None);

enum KeyState {
    /// A look-up or a send of the key is running.
    Running,
    /// A send of the key ended without a settled outcome: its request may take effect until
    /// `until`. What `resolve` needs to find out is kept for the refusal of a second send.
    Unsettled { until: Instant, info: Box<ResolveInfo> },
}

fn with_keys<R>(f: impl FnOnce(&mut HashMap<String, KeyState>) -> R) -> R {
    let mut keys = lock(&KEYS);
    let pid = crate::fork::process_id();
    if keys.as_ref().is_none_or(|(owner, _)| *owner != pid) {
        *keys = Some((pid, HashMap::new()));
    }
    let (_, map) = keys.as_mut().expect("set above");
    f(map)
}

/// Holds a key from the look-up until the send settles: an answer came, the request certainly
/// never left, or its settle time has passed. It belongs to the send, not to the caller: a
/// caller that stops waiting leaves it with the request, which runs on (docs/adr/0002).
pub(crate) struct KeyHold {
    slot: String,
    settle: Duration,
    /// What resolves the send, once it is about to go out.
    info: Option<Box<ResolveInfo>>,
    /// The request may have been written.
    sending: bool,
    done: bool,
}

/// What a keyed send found when it asked for its key.
enum Entered {
    /// The key is this send's until its request settles.
    Held(KeyHold),
    /// An earlier send of the key in this process may still take effect for `wait`: this send
    /// may only replay what the wallet already shows, or refuse with the earlier send's info.
    Unsettled { info: Box<ResolveInfo>, wait: Duration },
}

fn key_slot(client: &impl Service, wallet: &str, key: &str) -> String {
    format!("{}\n{wallet}\n{key}", client.base_url())
}

impl KeyHold {
    fn enter(client: &impl Service, op: &'static Operation, wallet: &str, key: &str) -> Result<Entered> {
        let slot = key_slot(client, wallet, key);
        let now = Instant::now();
        with_keys(|keys| {
            keys.retain(|_, state| !matches!(state, KeyState::Unsettled { until, .. } if *until <= now));
            match keys.get(&slot) {
                Some(KeyState::Running) => Err(Error::new(
                    ErrorKind::Conflict,
                    format!(
                        "{}: a send with this idempotency_key is already running in this process for wallet `{wallet}`; nothing was \
                         sent — one sender per key at a time",
                        op.name
                    ),
                )
                .set_operation(op.name)),
                Some(KeyState::Unsettled { until, info }) => {
                    Ok(Entered::Unsettled { info: info.clone(), wait: until.saturating_duration_since(now) })
                }
                None => {
                    keys.insert(slot.clone(), KeyState::Running);
                    Ok(Entered::Held(KeyHold { slot, settle: client.settle_time(), info: None, sending: false, done: false }))
                }
            }
        })
    }

    /// The request is about to be written: from now on only its outcome releases the key.
    pub(crate) fn sending(&mut self) {
        self.sending = true;
    }

    /// The send's request returned: an answer or a certain failure releases the key; anything
    /// else keeps it for the settle time.
    pub(crate) fn settle(mut self, result: &Result<decode::Answer>) {
        let pending = match result {
            Ok(_) => false,
            Err(e) => may_still_take_effect(e),
        };
        self.finish(pending);
    }

    fn finish(&mut self, pending: bool) {
        self.done = true;
        let info = self.info.take();
        let until = Instant::now().checked_add(self.settle);
        with_keys(|keys| match (pending, info, until) {
            (true, Some(mut info), Some(until)) => {
                info.settles_at = Some(until);
                keys.insert(std::mem::take(&mut self.slot), KeyState::Unsettled { until, info });
            }
            // without what resolves it, or never settling: held as running for good
            (true, _, _) => {}
            (false, ..) => {
                keys.remove(&self.slot);
            }
        });
    }
}

/// `resolve` found the key's send in the wallet: a later send of the key replays it, so an
/// unsettled earlier send no longer holds the key.
fn key_found(client: &impl Service, wallet: &str, key: &str) {
    let slot = key_slot(client, wallet, key);
    with_keys(|keys| {
        if matches!(keys.get(&slot), Some(KeyState::Unsettled { .. })) {
            keys.remove(&slot);
        }
    });
}

/// The refusal of a keyed send whose earlier send may still take effect: nothing was sent, and
/// the error resolves the earlier send.
fn unsettled_error(op: &'static Operation, info: ResolveInfo, wait: Duration) -> Error {
    Error::new(
        ErrorKind::OutcomeUnknown,
        format!(
            "{}: outcome unknown: an earlier send with this idempotency_key in this process may still take effect (its \
             request can be in flight for {} s more) and the wallet does not show it yet; nothing was sent — resolve this \
             error or its outcome token (it waits until then and looks the key up) instead of sending again",
            op.name,
            wait.as_secs() + 1
        ),
    )
    .set_operation(op.name)
    .with_resolve_info(info)
}

impl Drop for KeyHold {
    fn drop(&mut self) {
        if !self.done {
            // dropped unsettled: during the look-up nothing was sent; after, the request may run on
            let sending = self.sending;
            self.finish(sending);
        }
    }
}

/// Whether a failed non-idempotent request may still take effect (or has): it may have reached
/// the service, and no answer of the service itself settled it (a 2xx or a 4xx does; a 5xx may
/// come from a gateway while the service works on).
pub(crate) fn may_still_take_effect(e: &Error) -> bool {
    e.may_have_reached_service() && !e.status().is_some_and(|s| (200..500).contains(&s))
}

fn not_kept_error(op: &'static Operation) -> Error {
    Error::invalid_input(
        KEY_INPUT,
        "this service does not keep the description of a send in the wallet's transactions (or does not show it), so a \
         send with this key could not be found again and exactly-once cannot be promised; nothing was sent — send \
         without idempotency_key, and look the payment up yourself before repeating it",
    )
    .set_operation(op.name)
}

// ------------------------------------------------------------------ broadcast

/// `broadcast_transaction`: repeated like a read; the node's "already have it" answers
/// become success with the txid computed locally.
pub(crate) async fn broadcast<S: Service>(client: &S, op: &'static Operation, args: Args, meta: &mut S::Meta, decode: Decode<'_>) -> Result<()> {
    let txid = args.text("signed_tx_hex").and_then(|hex| crate::offline::transaction_id(hex).ok());
    let info = ResolveInfo { txid: txid.clone(), ..ResolveInfo::of(op, &args, client.state_key()) };
    let err = match client.send_plain(op, args, meta, Some(Box::new(info)), None, decode).await {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    let Some(txid) = txid else { return Err(err) };
    let known = already_known(&err) || (inputs_gone(&err) && client.read::<TransactionDetails>(&ops::TRANSACTION_DETAILS, Args::new().put("txid", txid.as_str())).await.is_ok());
    if !known {
        return Err(err);
    }
    tracing::debug!(op = op.name, "the node already has the transaction; success with the local txid");
    decode(Answer::made_by_sdk(format!(r#"{{"txid":"{txid}"}}"#)), None)
}

/// The texts of a refusal the node gave (the service's message, the node's).
fn refusal_text(e: &Error) -> Option<String> {
    if !matches!(e.kind(), ErrorKind::Rejected | ErrorKind::ServiceError | ErrorKind::Conflict) {
        return None;
    }
    let text = [e.service_message(), e.node_message()].into_iter().flatten().collect::<Vec<_>>().join(" ");
    Some(text.to_ascii_lowercase())
}

/// Litecoin Core's answers to a transaction it already has: -27 ("Transaction already in block
/// chain", later "Transaction outputs already in utxo set"), and the mempool's
/// `txn-already-in-mempool` / `txn-already-known` (-26) of other versions and relays.
fn already_known(e: &Error) -> bool {
    const TEXTS: [&str; 6] = [
        "txn-already-in-mempool",
        "txn-already-known",
        "already in block chain",
        "already in the block chain",
        "already in blockchain",
        "already in utxo set",
    ];
    let Some(text) = refusal_text(e) else { return false };
    e.node_code() == Some(-27) || TEXTS.iter().any(|t| text.contains(t))
}

/// A refusal for spent or unknown inputs (-25): also what a transaction gets once it is in a
/// block and its outputs are spent, so the txid is looked up before it counts as a failure.
fn inputs_gone(e: &Error) -> bool {
    let Some(text) = refusal_text(e) else { return false };
    e.node_code() == Some(-25) || text.contains("missing inputs") || text.contains("missingorspent")
}

// ------------------------------------------------------------------ keyed sends

/// `send_funds_from_wallet` with an idempotency key (docs/adr/0014, 0027).
pub(crate) async fn keyed_send<S: Service>(client: &S, op: &'static Operation, mut args: Args, meta: &mut S::Meta, decode: Decode<'_>) -> Result<()> {
    let key = args.text(KEY_INPUT).unwrap_or_default().to_string();
    check_key(&key).map_err(|e| e.set_operation(op.name))?;
    let wallet = args
        .text("wallet_name")
        .map(str::to_string)
        .ok_or_else(|| Error::invalid_input("wallet_name", "it is required and must not be empty").set_operation(op.name))?;
    let sends = client.keyed_sends();
    if sends.storage.load(Ordering::Relaxed) == STORAGE_NOT_KEPT {
        return Err(not_kept_error(op));
    }
    let entered = KeyHold::enter(client, op, &wallet, &key)?;
    let mut info = ResolveInfo::of(op, &args, client.state_key());
    let earlier = find_key(client, &wallet, &key, Reach::Window).await?;
    if let Some(entry) = earlier.entry {
        return decode(Answer::made_by_sdk(sent_json(op, &entry, &info)?), None);
    }
    let mut hold = match entered {
        Entered::Held(hold) => hold,
        Entered::Unsettled { info, wait } => return Err(unsettled_error(op, *info, wait)),
    };
    if earlier.comments_hidden {
        sends.storage.store(STORAGE_NOT_KEPT, Ordering::Relaxed);
        return Err(not_kept_error(op));
    }
    if !earlier.complete {
        return Err(Error::invalid_input(
            KEY_INPUT,
            format!(
                "the wallet received more than {} entries within {} hours, so the look-up for this key could not cover them; \
                 nothing was sent — send without idempotency_key, and look the payment up yourself before repeating it",
                IDEMPOTENCY_LOOKUP_PAGES * LOOKUP_PAGE,
                IDEMPOTENCY_WINDOW.as_secs() / 3600
            ),
        )
        .set_operation(op.name));
    }
    info.since = earlier.newest;
    hold.info = Some(Box::new(info.clone()));
    args.set_text("description", with_marker(args.text("description"), &key));
    let mut txid = None;
    let mut read_txid = |answer: Answer, forms: Option<&crate::redact::SecretForms>| {
        txid = serde_json::from_str::<serde_json::Value>(answer.data())
            .ok()
            .and_then(|d| d.get("txid").and_then(|t| t.as_str()).map(str::to_string));
        decode(answer, forms)
    };
    client.send_plain(op, args, meta, Some(Box::new(info)), Some(hold), &mut read_txid).await?;
    if let Some(txid) = txid {
        verify_marker(client, op, &wallet, &key, &txid).await;
    }
    Ok(())
}

/// After each keyed send: is the key where the next send will look for it? A service that cut
/// or rewrote the marker makes every later keyed send on this client refused.
async fn verify_marker(client: &impl Service, op: &'static Operation, wallet: &str, key: &str, txid: &str) {
    let page = match client.read::<WalletTransactions>(&ops::WALLET_TRANSACTIONS, transactions_args(wallet, None, VERIFY_PAGE)).await {
        Ok(page) => page,
        Err(e) => return tracing::debug!(kind = e.kind().as_str(), "could not check that the service kept the key's marker"),
    };
    let Some(entry) = page.items.iter().find(|t| t.category.as_deref() == Some("send") && t.txid.as_deref() == Some(txid)) else {
        return;
    };
    if entry.comment.as_deref().is_some_and(|c| carries_key(c, key)) {
        client.keyed_sends().storage.store(STORAGE_KEPT, Ordering::Relaxed);
    } else {
        tracing::warn!(op = op.name, "the service did not keep the key's marker in the description; keyed sends are refused from now on");
        client.keyed_sends().storage.store(STORAGE_NOT_KEPT, Ordering::Relaxed);
    }
}

/// How far back a look-up for a key must read.
#[derive(Clone, Copy)]
enum Reach {
    /// Before a keyed send: every entry within [`IDEMPOTENCY_WINDOW`] of the newest one.
    Window,
    /// For `resolve`: every entry since this time (the node's Unix seconds).
    Since(i64),
    /// For `resolve` without a time: every entry.
    All,
}

/// What a look-up for a key found.
struct Found {
    entry: Option<WalletTx>,
    /// An entry came without a `comment` member: the service does not show descriptions.
    comments_hidden: bool,
    /// It read everything it had to (or found the key); `false` when its pages ran out first.
    complete: bool,
    /// The newest entry time it saw.
    newest: Option<i64>,
}

/// Looks for the send carrying `key` among the wallet's entries, newest first, as far back as
/// `reach` says, in at most [`IDEMPOTENCY_LOOKUP_PAGES`] requests.
async fn find_key(client: &impl Service, wallet: &str, key: &str, reach: Reach) -> Result<Found> {
    let mut found = Found { entry: None, comments_hidden: false, complete: false, newest: None };
    let window = i64::try_from(IDEMPOTENCY_WINDOW.as_secs()).unwrap_or(i64::MAX);
    let mut floor = match reach {
        Reach::Since(t) => Some(t.saturating_sub(NODE_CLOCK_SLACK_SECS)),
        Reach::Window | Reach::All => None,
    };
    let mut skip = 0u32;
    for _ in 0..IDEMPOTENCY_LOOKUP_PAGES {
        let page = client
            .read::<WalletTransactions>(&ops::WALLET_TRANSACTIONS, transactions_args(wallet, Some(skip), LOOKUP_PAGE))
            .await?;
        let raw = page.raw().to_value();
        if let Some(items) = raw.get("items").and_then(|v| v.as_array()) {
            found.comments_hidden |= items.iter().any(|i| i.get("comment").is_none());
        }
        // a service may serve fewer per page than asked: it says how many in `count`
        let page_size = page.count.and_then(|c| u32::try_from(c).ok()).filter(|&c| c > 0).map_or(LOOKUP_PAGE, |c| c.min(LOOKUP_PAGE));
        let n = page.items.len();
        let mut passed_floor = false;
        for entry in page.items {
            let when = entry.time_received.or(entry.time);
            if let Some(t) = when {
                found.newest = Some(found.newest.map_or(t, |n| n.max(t)));
                if matches!(reach, Reach::Window) && floor.is_none() {
                    floor = Some(t.saturating_sub(window).saturating_sub(NODE_CLOCK_SLACK_SECS));
                }
                passed_floor |= floor.is_some_and(|f| t < f);
            }
            if entry.category.as_deref() == Some("send") && entry.comment.as_deref().is_some_and(|c| carries_key(c, key)) {
                found.entry = Some(entry);
                found.complete = true;
                return Ok(found);
            }
        }
        if passed_floor || n < page_size as usize || n == 0 {
            found.complete = true;
            break;
        }
        skip = skip.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
    }
    Ok(found)
}

/// The JSON of the earlier send of a key, as the send's result (`replayed` true), once it is
/// known to be the same payment: the entry names the recipient and the amount, and both are the
/// call's. Every sum is checked against [`MAX_MONEY`].
fn sent_json(op: &'static Operation, entry: &WalletTx, info: &ResolveInfo) -> Result<String> {
    let txid = entry.txid.clone().unwrap_or_default();
    let refuse = |what: String| {
        Error::new(
            ErrorKind::Conflict,
            format!("{}: this idempotency_key was already used ({what}; txid {txid}); nothing was sent — use a new key for a new payment", op.name),
        )
        .set_operation(op.name)
    };
    let money = |a: Option<Amount>| a.and_then(|a| a.litoshis().checked_abs()).filter(|l| *l <= MAX_MONEY);
    if txid.len() != 64 || !txid.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(refuse("by an entry without a valid txid, so it cannot be shown to be this payment".into()));
    }
    let (Some(want_to), Some(want)) = (info.recipient.as_deref(), info.amount) else {
        return Err(refuse("and this call names no recipient or amount to compare".into()));
    };
    let Some(got_to) = entry.address.as_deref() else {
        return Err(refuse("by an entry without a recipient address, so it cannot be shown to be this payment".into()));
    };
    if got_to != want_to {
        return Err(refuse(format!("for another payment: to `{got_to}`, not `{want_to}`")));
    }
    let Some(received) = money(entry.amount) else {
        return Err(refuse("by an entry without a readable amount, so it cannot be shown to be this payment".into()));
    };
    let fee = match entry.fee {
        Some(f) => Some(money(Some(f)).ok_or_else(|| refuse("by an entry with an impossible fee".into()))?),
        None => None,
    };
    let include_fees = info.include_fees.unwrap_or(false);
    let expected = match (include_fees, fee) {
        (true, Some(fee)) => want.litoshis().checked_sub(fee),
        (true, None) => return Err(refuse("by an entry without its fee, so the amount cannot be compared".into())),
        (false, _) => Some(want.litoshis()),
    };
    if expected != Some(received) {
        return Err(refuse(format!("for another payment: the recipient received {}, not {want}", Amount::from_litoshis(received))));
    }
    let total = fee.and_then(|f| received.checked_add(f)).filter(|t| *t <= MAX_MONEY);
    if fee.is_some() && total.is_none() {
        return Err(refuse("by an entry whose amount and fee exceed all the money there is".into()));
    }
    let num = |a: Option<i64>| a.map_or("null".to_string(), |l| Amount::from_litoshis(l).to_plain_string());
    Ok(format!(
        r#"{{"txid":"{txid}","recipientAddress":{},"amount":{},"amountReceived":{},"fee":{},"totalDebited":{},"amountIncludeFees":{},"replayed":true}}"#,
        serde_json::Value::from(got_to),
        num(Some(want.litoshis())),
        num(Some(received)),
        num(fee),
        num(total),
        info.include_fees.map_or("null".to_string(), |b| b.to_string()),
    ))
}

// ------------------------------------------------------------------ resolve

/// What one check found.
enum Check {
    Found(Box<Resolution>),
    Absent,
    Unchecked(String),
}

pub(crate) async fn resolve(e: &Error, client: &impl Service) -> Result<Resolution> {
    let Some(info) = e.resolve_info().and_then(|info| info.as_any().downcast_ref::<ResolveInfo>()) else { return Ok(without_info(e)) };
    match check(client, info).await? {
        Check::Found(r) => return Ok(*r),
        Check::Unchecked(reason) => return Ok(Resolution::new(ResolutionState::Unknown, Some(info), reason)),
        Check::Absent => {}
    }
    // a token's settle time was written by another clock, perhaps a host's that runs behind
    let skew = if info.from_token { TOKEN_CLOCK_SKEW.min(client.settle_time()) } else { Duration::ZERO };
    if let Some(deadline) = info.settles_at.map(|at| at + skew) {
        // looked for again now and then while the request may still land: found is applied at once
        let mut pause = RESOLVE_FIRST_PAUSE;
        while let Some(wait) = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) {
            tracing::debug!(wait_ms = wait.as_millis() as u64, "not found yet; looking again until the settle time");
            tokio::time::sleep(wait.min(pause)).await;
            pause = (pause * 2).min(RESOLVE_MAX_PAUSE);
            if Instant::now() >= deadline {
                break;
            }
            // a failed look-up in between is not an answer: the one after the settle time is
            if let Ok(Check::Found(r)) = check(client, info).await {
                return Ok(*r);
            }
        }
    }
    Ok(match check(client, info).await? {
        Check::Found(r) => *r,
        Check::Unchecked(reason) => Resolution::new(ResolutionState::Unknown, Some(info), reason),
        Check::Absent => Resolution::new(
            ResolutionState::NotApplied,
            Some(info),
            format!("{} did not take effect: not found after the settle time, when the request can no longer be in flight", info.op.name),
        ),
    })
}

impl Resolution {
    /// The answer for an error without an [`Error::outcome_token`], from its facts (what a
    /// binding's `resolve(error)` has): its kind (`None` for the bindings' own `cancelled` and
    /// `internal`), operation, attempts and HTTP status. The same rules as [`Client::resolve`].
    pub fn without_token(kind: Option<ErrorKind>, operation: Option<String>, attempts: u32, status: Option<u16>) -> Resolution {
        let op = operation.as_deref().and_then(ops::by_name);
        let idempotent = op.is_none_or(|o| o.idempotent);
        // a binding's own `internal` or `cancelled` (no kind) may come after the request left
        let (state, reason) = if kind.is_none_or(|k| k == ErrorKind::OutcomeUnknown) {
            (ResolutionState::Unknown, "the error carries nothing the SDK can look up".to_string())
        } else if attempts == 0 {
            (ResolutionState::NotApplied, "the request was never sent".to_string())
        } else if idempotent {
            (ResolutionState::Unknown, "only outcome-unknown errors and failed broadcasts can be resolved".to_string())
        } else if status.is_some_and(|s| s >= 500) {
            (ResolutionState::Unknown, "a 5xx may come from a gateway while the service works on the request".to_string())
        } else if status.is_some() {
            (ResolutionState::NotApplied, format!("the service answered with an error ({}): the operation was refused", kind.map_or("?", ErrorKind::as_str)))
        } else {
            (ResolutionState::NotApplied, "the request certainly never reached the service".to_string())
        };
        let mut r = Resolution::new(state, None, reason);
        r.operation = operation;
        r
    }
}

/// The arguments of a page of `wallet_transactions`.
fn transactions_args(wallet: &str, skip: Option<u32>, count: u32) -> Args {
    Args::new().put("wallet_name", wallet).put_opt("skip", skip).put("count", count)
}

/// [`crate::Client::resolve_token`]: resolves a saved outcome token.
pub(crate) async fn resolve_token(token: &str, client: &impl Service) -> Result<Resolution> {
    let info = ResolveInfo::from_token(token, client.state_key())?;
    let placeholder = Error::new(ErrorKind::OutcomeUnknown, "resolving a saved outcome").with_resolve_info(info);
    resolve(&placeholder, client).await
}

/// An error that carries nothing to check.
fn without_info(e: &Error) -> Resolution {
    Resolution::without_token(Some(e.kind()), e.operation().map(str::to_string), e.attempts(), e.status())
}

async fn check(client: &impl Service, info: &ResolveInfo) -> Result<Check> {
    let not_found = |e: &Error| e.kind() == ErrorKind::NotFound;
    match info.op.exactly_once {
        ExactlyOnce::Broadcast => {
            let Some(txid) = info.txid.as_deref() else {
                return Ok(Check::Unchecked(
                    "the txid of the broadcast could not be computed locally (an MWEB transaction, or hex that is no transaction)".into(),
                ));
            };
            match client.read::<TransactionDetails>(&ops::TRANSACTION_DETAILS, Args::new().put("txid", txid)).await {
                Ok(_) => Ok(Check::Found(Box::new(Resolution::new(ResolutionState::Applied, Some(info), "the transaction is in the mempool or a block")))),
                Err(e) if not_found(&e) => Ok(Check::Absent),
                Err(e) => Err(e),
            }
        }
        ExactlyOnce::KeyedSend => {
            let (Some(key), Some(wallet)) = (info.key.as_deref(), info.wallet_name.as_deref()) else {
                return Ok(Check::Unchecked(
                    "a send without idempotency_key cannot be told apart from other payments; look for it in wallet_transactions".into(),
                ));
            };
            let found = find_key(client, wallet, key, info.since.map_or(Reach::All, Reach::Since)).await?;
            if found.comments_hidden {
                return Ok(Check::Unchecked("the service does not show the descriptions of the wallet's entries, where the key is kept".into()));
            }
            let Some(entry) = found.entry else {
                if found.complete {
                    return Ok(Check::Absent);
                }
                return Ok(Check::Unchecked(format!(
                    "the look-up read {} entries of the wallet without reaching the time of the call; look for the key in wallet_transactions",
                    IDEMPOTENCY_LOOKUP_PAGES * LOOKUP_PAGE
                )));
            };
            let sent = match sent_json(info.op, &entry, info) {
                Ok(json) => decode::typed::<SentFunds>(info.op, Answer::made_by_sdk(json), None)?,
                Err(e) => return Ok(Check::Unchecked(format!("a send carries the key but cannot be shown to be this call's: {}", e.message()))),
            };
            key_found(client, wallet, key);
            let mut r = Resolution::new(ResolutionState::Applied, Some(info), "a send carrying the key is in the wallet");
            r.txid = Some(sent.txid.clone());
            r.sent = Some(sent);
            Ok(Check::Found(Box::new(r)))
        }
        once @ (ExactlyOnce::CreatesWallet | ExactlyOnce::EncryptsWallet) => {
            let Some(wallet) = info.wallet_name.as_deref() else { return Ok(Check::Unchecked("no wallet name to look up".into())) };
            match client.read::<WalletDetails>(&ops::WALLET_DETAILS, Args::new().put("wallet_name", wallet)).await {
                Ok(d) if once == ExactlyOnce::EncryptsWallet && d.encrypted != Some(true) => Ok(Check::Absent),
                Ok(_) => {
                    let mut r = Resolution::new(ResolutionState::Applied, Some(info), "the wallet exists");
                    // the answer that was lost carried the secret it returns once
                    r.secret_lost = !info.op.secret_outputs.is_empty();
                    if r.secret_lost {
                        r.reason = "the wallet exists, but the secret returned only once at its creation was in the lost answer".into();
                    }
                    Ok(Check::Found(Box::new(r)))
                }
                Err(e) if not_found(&e) => Ok(Check::Absent),
                Err(e) => Err(e),
            }
        }
        ExactlyOnce::Nothing => Ok(Check::Unchecked(format!(
            "{} leaves nothing the SDK can look up reliably (an address creation may return an address the wallet already had, a passphrase or seed change shows no trace, a one-time code is consumed)",
            info.op.name
        ))),
    }
}

#[cfg(test)]
mod tests {

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

    use super::*;

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
