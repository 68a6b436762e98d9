//! Exactly-once money (docs/adr/0014-exactly-once-sends.md): broadcasts that can be repeated,
//! sends with an idempotency key, and [`Error::resolve`] for the calls whose outcome is unknown.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::amount::Amount;
use crate::client::{AnswerMeta, Client, Decode};
use crate::decode::{self, Answer};
use crate::error::{Error, ErrorKind, Result};
use crate::locks::lock;
use crate::methods::WalletTransactionsOptions;
use crate::models::{SentFunds, WalletTx};
use crate::operations::{self as ops, Operation};
use crate::request::Args;

/// The SDK name of the send's key (`SendFundsFromWalletOptions::idempotency_key`).
pub(crate) const KEY_INPUT: &str = "idempotency_key";

/// The longest idempotency key (characters `A-Z a-z 0-9 _ -`).
pub const MAX_IDEMPOTENCY_KEY_LEN: usize = 64;

/// How far back a keyed send looks for an earlier send with its key: the wallet's newest
/// entries of `wallet_transactions`, at most this many, in at most [`IDEMPOTENCY_LOOKUP_PAGES`]
/// requests. A send that has fallen further back is not found, and the key sends again.
pub const IDEMPOTENCY_LOOKBACK: u32 = 1000;

/// The most `wallet_transactions` requests one look-up for a key makes.
pub const IDEMPOTENCY_LOOKUP_PAGES: u32 = 10;

/// Entries asked for per page of a look-up.
const LOOKUP_PAGE: u32 = 200;

/// Entries read after a keyed send to check that the service kept its description.
const VERIFY_PAGE: u32 = 50;

/// The marker a keyed send appends to its description: ` [wsdk-idem:KEY]` after the caller's
/// text, or `[wsdk-idem:KEY]` alone.
fn marker(key: &str) -> String {
    format!("[wsdk-idem:{key}]")
}

/// The description sent with a keyed send: the caller's text, untouched, then the marker.
fn with_marker(description: Option<&str>, key: &str) -> String {
    match description {
        Some(text) if !text.is_empty() => format!("{text} {}", marker(key)),
        _ => marker(key),
    }
}

/// Whether a wallet entry's comment is the description of a send with this key.
fn carries_key(comment: &str, key: &str) -> bool {
    let m = marker(key);
    comment == m || comment.strip_suffix(m.as_str()).is_some_and(|rest| rest.ends_with(' '))
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

// ------------------------------------------------------------------ what resolve tells

/// What [`Error::resolve`] found out about a call whose outcome was unknown.
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

/// The answer of [`Error::resolve`]. What each operation can tell:
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

/// What an error keeps for [`Error::resolve`]: the operation and the inputs that identify
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
}

impl ResolveInfo {
    fn of(op: &'static Operation, args: &Args) -> ResolveInfo {
        ResolveInfo {
            op,
            txid: None,
            wallet_name: args.text("wallet_name").map(str::to_string),
            key: args.text(KEY_INPUT).map(str::to_string),
            recipient: args.text("recipient_address").map(str::to_string),
            amount: args.amount("amount"),
            include_fees: args.flag("amount_include_fees"),
            settles_at: None,
        }
    }

    /// For a call of a non-idempotent operation (boxed: a call's future carries it, and most
    /// calls have none).
    pub(crate) fn for_call(op: &'static Operation, args: &Args) -> Option<Box<ResolveInfo>> {
        (!op.idempotent).then(|| Box::new(ResolveInfo::of(op, args)))
    }

    /// Whether an error of the call leaves its outcome open.
    pub(crate) fn applies_to(&self, e: &Error) -> bool {
        if e.attempts() == 0 {
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

    /// The info as an [`OutcomeToken`]'s text.
    pub(crate) fn to_token(&self) -> String {
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let settles_at_ms = self.settles_at.map(|at| now_ms + at.saturating_duration_since(Instant::now()).as_millis() as u64);
        let token = TokenV1 {
            v: 1,
            operation: self.op.name.to_string(),
            txid: self.txid.clone(),
            wallet_name: self.wallet_name.clone(),
            idempotency_key: self.key.clone(),
            recipient_address: self.recipient.clone(),
            amount_litoshis: self.amount.map(Amount::litoshis),
            amount_include_fees: self.include_fees,
            settles_at_ms,
        };
        serde_json::to_string(&token).unwrap_or_default()
    }

    /// Reads an [`OutcomeToken`]'s text back, checking every field (it may come from anywhere).
    pub(crate) fn from_token(text: &str) -> Result<ResolveInfo> {
        let bad = |why: &str| Error::invalid_input("token", format!("is not an outcome token of this SDK: {why}"));
        if text.len() > MAX_TOKEN_LEN {
            return Err(bad("too long"));
        }
        if crate::json_limits::check(text.as_bytes()).is_err() {
            return Err(bad("not bounded JSON"));
        }
        let t: TokenV1 = serde_json::from_str(text).map_err(|_| bad("not its JSON form"))?;
        if t.v != 1 {
            return Err(bad("an unknown version"));
        }
        let op = ops::by_name(&t.operation).ok_or_else(|| bad("an unknown operation"))?;
        let short = |s: &Option<String>| s.as_ref().is_none_or(|s| !s.is_empty() && s.len() <= MAX_TOKEN_FIELD_LEN);
        if ![&t.txid, &t.wallet_name, &t.idempotency_key, &t.recipient_address].iter().all(|s| short(s)) {
            return Err(bad("a field is empty or too long"));
        }
        if t.txid.as_ref().is_some_and(|x| x.len() != 64 || !x.bytes().all(|b| b.is_ascii_hexdigit())) {
            return Err(bad("the txid is not 64 hex digits"));
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
        })
    }
}

/// The longest outcome token read (4 KiB; one is a few hundred bytes).
const MAX_TOKEN_LEN: usize = 4096;
/// The longest text field of an outcome token.
const MAX_TOKEN_FIELD_LEN: usize = 256;
/// The longest wait a token can ask for (a day): a forged one cannot park `resolve` for ever.
const MAX_TOKEN_SETTLE_MS: u64 = 24 * 60 * 60 * 1000;

/// The JSON form of an outcome token, version 1.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenV1 {
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
}

// ------------------------------------------------------------------ what the client learns

/// What a client's keyed sends learnt about the service, shared by its clones.
#[derive(Debug, Default)]
pub(crate) struct KeyedSends {
    /// 0 not known yet, 1 the service keeps descriptions, 2 it does not.
    storage: AtomicU8,
    /// `wallet\nkey` of the keyed sends running on this client.
    in_flight: Mutex<HashSet<String>>,
}

const STORAGE_KEPT: u8 = 1;
const STORAGE_NOT_KEPT: u8 = 2;

/// Holds a key for the time of its send: the client runs one send per key at a time.
struct InFlight<'a> {
    sends: &'a KeyedSends,
    slot: String,
}

impl<'a> InFlight<'a> {
    fn enter(sends: &'a KeyedSends, wallet: &str, key: &str) -> Option<InFlight<'a>> {
        let slot = format!("{wallet}\n{key}");
        let mut running = lock(&sends.in_flight);
        running.insert(slot.clone()).then_some(InFlight { sends, slot })
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        lock(&self.sends.in_flight).remove(&self.slot);
    }
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
pub(crate) async fn broadcast(client: &Client, op: &'static Operation, args: Args, meta: &mut AnswerMeta, decode: Decode<'_>) -> Result<()> {
    let txid = args.text("signed_tx_hex").and_then(|hex| crate::offline::transaction_id(hex).ok());
    let info = ResolveInfo { txid: txid.clone(), ..ResolveInfo::of(op, &args) };
    let err = match client.execute_plain(op, args, meta, Some(Box::new(info)), decode).await {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    let Some(txid) = txid else { return Err(err) };
    let known = already_known(&err) || (inputs_gone(&err) && client.transaction_details(&txid).await.is_ok());
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

/// `send_funds_from_wallet` with an idempotency key (docs/adr/0014).
pub(crate) async fn keyed_send(client: &Client, op: &'static Operation, mut args: Args, meta: &mut AnswerMeta, decode: Decode<'_>) -> Result<()> {
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
    let Some(_running) = InFlight::enter(sends, &wallet, &key) else {
        return Err(Error::new(
            ErrorKind::Conflict,
            format!(
                "{}: a send with this idempotency_key is already running on this client for wallet `{wallet}`; one sender per key at a time",
                op.name
            ),
        )
        .set_operation(op.name));
    };
    let info = ResolveInfo::of(op, &args);
    let earlier = find_key(client, &wallet, &key, IDEMPOTENCY_LOOKBACK).await?;
    if let Some(entry) = earlier.entry {
        return decode(Answer::made_by_sdk(sent_json(op, &entry, &info)?), None);
    }
    if earlier.comments_hidden {
        sends.storage.store(STORAGE_NOT_KEPT, Ordering::Relaxed);
        return Err(not_kept_error(op));
    }
    let description = with_marker(args.text("description"), &key);
    args.set_text("description", description);
    client.execute_plain(op, args, meta, Some(Box::new(info)), decode).await?;
    if sends.storage.load(Ordering::Relaxed) == 0 {
        // once per client: is the key where the next send will look for it?
        match find_key(client, &wallet, &key, VERIFY_PAGE).await {
            Ok(found) if found.entry.is_some() => sends.storage.store(STORAGE_KEPT, Ordering::Relaxed),
            Ok(_) => {
                tracing::warn!(op = op.name, "the service did not keep the description of a keyed send; keyed sends are refused from now on");
                sends.storage.store(STORAGE_NOT_KEPT, Ordering::Relaxed);
            }
            Err(e) => tracing::debug!(kind = e.kind().as_str(), "could not check that the service keeps descriptions"),
        }
    }
    Ok(())
}

/// What a look-up for a key found.
struct Found {
    entry: Option<WalletTx>,
    /// An entry came without a `comment` member: the service does not show descriptions.
    comments_hidden: bool,
}

/// Looks for the send carrying `key` among the wallet's newest `lookback` entries.
async fn find_key(client: &Client, wallet: &str, key: &str, lookback: u32) -> Result<Found> {
    let mut found = Found { entry: None, comments_hidden: false };
    let mut skip = 0u32;
    for _ in 0..IDEMPOTENCY_LOOKUP_PAGES {
        if skip >= lookback {
            break;
        }
        let count = LOOKUP_PAGE.min(lookback - skip);
        let page = client
            .wallet_transactions(wallet, WalletTransactionsOptions { skip: Some(skip), count: Some(count) })
            .await?;
        let raw = page.raw().to_value();
        if let Some(items) = raw.get("items").and_then(|v| v.as_array()) {
            found.comments_hidden |= items.iter().any(|i| i.get("comment").is_none());
        }
        // a service may serve fewer per page than asked: it says how many in `count`
        let page_size = page.count.and_then(|c| u32::try_from(c).ok()).filter(|&c| c > 0).map_or(count, |c| c.min(count));
        let n = page.items.len();
        if let Some(entry) = page
            .items
            .into_iter()
            .find(|t| t.category.as_deref() == Some("send") && t.comment.as_deref().is_some_and(|c| carries_key(c, key)))
        {
            found.entry = Some(entry);
            return Ok(found);
        }
        if n < page_size as usize || n == 0 {
            break;
        }
        skip = skip.saturating_add(n as u32);
    }
    Ok(found)
}

/// The JSON of the earlier send of a key, as the send's result (`replayed` true), once it is
/// known to be the same payment.
fn sent_json(op: &'static Operation, entry: &WalletTx, info: &ResolveInfo) -> Result<String> {
    let received = entry.amount.map(|a| Amount::from_litoshis(a.litoshis().saturating_abs()));
    let fee = entry.fee.map(|f| Amount::from_litoshis(f.litoshis().saturating_abs()));
    let txid = entry.txid.clone().unwrap_or_default();
    let mismatch = |what: String| {
        Error::new(
            ErrorKind::Conflict,
            format!(
                "{}: this idempotency_key was already used for another payment ({what}; txid {txid}); nothing was sent — use a new key for a new payment",
                op.name
            ),
        )
        .set_operation(op.name)
    };
    if let (Some(want), Some(got)) = (info.recipient.as_deref(), entry.address.as_deref()) {
        if want != got {
            return Err(mismatch(format!("to `{got}`, not `{want}`")));
        }
    }
    if let (Some(amount), Some(received)) = (info.amount, received) {
        let include_fees = info.include_fees.unwrap_or(false);
        let expected = match (include_fees, fee) {
            (true, Some(fee)) => amount.litoshis() - fee.litoshis(),
            _ => amount.litoshis(),
        };
        if received.litoshis() != expected {
            return Err(mismatch(format!("the recipient received {received}, not {}", Amount::from_litoshis(expected))));
        }
    }
    let total = match (received, fee) {
        (Some(r), Some(f)) => Some(Amount::from_litoshis(r.litoshis() + f.litoshis())),
        _ => None,
    };
    let text = |v: Option<&str>| v.map_or("null".to_string(), |s| serde_json::Value::from(s).to_string());
    let num = |a: Option<Amount>| a.map_or("null".to_string(), Amount::to_plain_string);
    Ok(format!(
        r#"{{"txid":{},"recipientAddress":{},"amount":{},"amountReceived":{},"fee":{},"totalDebited":{},"amountIncludeFees":{},"replayed":true}}"#,
        text(Some(&txid)),
        text(entry.address.as_deref()),
        num(info.amount),
        num(received),
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

pub(crate) async fn resolve(e: &Error, client: &Client) -> Result<Resolution> {
    let Some(info) = e.resolve_info() else { return Ok(without_info(e)) };
    match check(client, info).await? {
        Check::Found(r) => return Ok(*r),
        Check::Unchecked(reason) => return Ok(Resolution::new(ResolutionState::Unknown, Some(info), reason)),
        Check::Absent => {}
    }
    let now = Instant::now();
    if let Some(wait) = info.settles_at.and_then(|at| at.checked_duration_since(now)).filter(|d| !d.is_zero()) {
        tracing::debug!(wait_ms = wait.as_millis() as u64, "not found yet; waiting out the settle time");
        tokio::time::sleep(wait).await;
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
    /// `internal`), operation, attempts and HTTP status. The same rules as [`Error::resolve`].
    pub fn without_token(kind: Option<ErrorKind>, operation: Option<String>, attempts: u32, status: Option<u16>) -> Resolution {
        let op = operation.as_deref().and_then(ops::by_name);
        let idempotent = op.is_none_or(|o| o.idempotent);
        let (state, reason) = if attempts == 0 {
            (ResolutionState::NotApplied, "the request was never sent".to_string())
        } else if kind.is_none_or(|k| k == ErrorKind::OutcomeUnknown) {
            (ResolutionState::Unknown, "the error carries nothing the SDK can look up".to_string())
        } else if idempotent {
            (ResolutionState::Unknown, "only outcome-unknown errors and failed broadcasts can be resolved".to_string())
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

/// [`Client::resolve_token`]: resolves a saved [`Error::outcome_token`].
pub(crate) async fn resolve_token(token: &str, client: &Client) -> Result<Resolution> {
    let info = ResolveInfo::from_token(token)?;
    let placeholder = Error::new(ErrorKind::OutcomeUnknown, "resolving a saved outcome").with_resolve_info(info);
    resolve(&placeholder, client).await
}

/// An error that carries nothing to check.
fn without_info(e: &Error) -> Resolution {
    Resolution::without_token(Some(e.kind()), e.operation().map(str::to_string), e.attempts(), e.status())
}

async fn check(client: &Client, info: &ResolveInfo) -> Result<Check> {
    let not_found = |e: &Error| e.kind() == ErrorKind::NotFound;
    match info.op.name {
        "broadcast_transaction" => {
            let Some(txid) = info.txid.as_deref() else {
                return Ok(Check::Unchecked(
                    "the txid of the broadcast could not be computed locally (an MWEB transaction, or hex that is no transaction)".into(),
                ));
            };
            match client.transaction_details(txid).await {
                Ok(_) => Ok(Check::Found(Box::new(Resolution::new(ResolutionState::Applied, Some(info), "the transaction is in the mempool or a block")))),
                Err(e) if not_found(&e) => Ok(Check::Absent),
                Err(e) => Err(e),
            }
        }
        "send_funds_from_wallet" => {
            let (Some(key), Some(wallet)) = (info.key.as_deref(), info.wallet_name.as_deref()) else {
                return Ok(Check::Unchecked(
                    "a send without idempotency_key cannot be told apart from other payments; look for it in wallet_transactions".into(),
                ));
            };
            let found = find_key(client, wallet, key, IDEMPOTENCY_LOOKBACK).await?;
            let Some(entry) = found.entry else { return Ok(Check::Absent) };
            let mut r = Resolution::new(ResolutionState::Applied, Some(info), "a send carrying the key is in the wallet");
            r.txid = entry.txid.clone();
            r.sent = sent_json(info.op, &entry, info).ok().and_then(|json| decode::typed::<SentFunds>(info.op, Answer::made_by_sdk(json), None).ok());
            Ok(Check::Found(Box::new(r)))
        }
        name @ ("create_wallet" | "create_encrypted_wallet" | "create_importable_wallet" | "create_importable_encrypted_wallet"
        | "import_wallet" | "encrypt_wallet") => {
            let Some(wallet) = info.wallet_name.as_deref() else { return Ok(Check::Unchecked("no wallet name to look up".into())) };
            match client.wallet_details(wallet).await {
                Ok(d) if name == "encrypt_wallet" && d.encrypted != Some(true) => Ok(Check::Absent),
                Ok(_) => {
                    let mut r = Resolution::new(ResolutionState::Applied, Some(info), "the wallet exists");
                    r.secret_lost = matches!(name, "create_encrypted_wallet" | "create_importable_wallet" | "create_importable_encrypted_wallet");
                    if r.secret_lost {
                        r.reason = "the wallet exists, but the secret returned only once at its creation was in the lost answer".into();
                    }
                    Ok(Check::Found(Box::new(r)))
                }
                Err(e) if not_found(&e) => Ok(Check::Absent),
                Err(e) => Err(e),
            }
        }
        other => Ok(Check::Unchecked(format!(
            "{other} leaves nothing the SDK can look up reliably (an address creation may return an address the wallet already had, a passphrase or seed change shows no trace, a one-time code is consumed)"
        ))),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn outcome_tokens_round_trip_and_refuse_forgeries() {
        let mut info = ResolveInfo {
            op: &ops::SEND_FUNDS_FROM_WALLET,
            txid: None,
            wallet_name: Some("w1".into()),
            key: Some("order-42".into()),
            recipient: Some("rltc1qxyz".into()),
            amount: Some(Amount::from_litoshis(12_345)),
            include_fees: None,
            settles_at: None,
        }
        .settling(Duration::from_secs(30));
        let text = info.to_token();
        assert!(text.contains("\"order-42\"") && text.contains("12345"), "{text}");
        let back = ResolveInfo::from_token(&text).unwrap();
        assert_eq!((back.op.name, back.key.as_deref(), back.amount), ("send_funds_from_wallet", Some("order-42"), info.amount));
        let wait = back.settles_at.unwrap().saturating_duration_since(Instant::now());
        assert!(wait > Duration::from_secs(25) && wait <= Duration::from_secs(31), "{wait:?}");
        info.txid = Some("ab".repeat(32));
        assert!(ResolveInfo::from_token(&info.to_token()).is_ok());
        for forged in [
            String::new(),
            "[]".into(),
            r#"{"v":2,"operation":"create_wallet"}"#.into(),
            r#"{"v":1,"operation":"no_such_op"}"#.into(),
            r#"{"v":1,"operation":"create_wallet","extra":1}"#.into(),
            r#"{"v":1,"operation":"broadcast_transaction","txid":"zz"}"#.into(),
            format!(r#"{{"v":1,"operation":"create_wallet","wallet_name":"{}"}}"#, "w".repeat(300)),
            format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000)),
        ] {
            let e = ResolveInfo::from_token(&forged).err().unwrap_or_else(|| panic!("accepted {forged:.60}"));
            assert_eq!(e.field(), Some("token"));
        }
        // a token from far in the future waits at most a day
        let far = r#"{"v":1,"operation":"create_wallet","wallet_name":"w","settles_at_ms":18446744073709551615}"#;
        let wait = ResolveInfo::from_token(far).unwrap().settles_at.unwrap().saturating_duration_since(Instant::now());
        assert!(wait <= Duration::from_millis(MAX_TOKEN_SETTLE_MS));
    }

    use super::*;

    #[test]
    fn the_marker_keeps_the_callers_text() {
        assert_eq!(with_marker(Some("invoice 17"), "k-1"), "invoice 17 [wsdk-idem:k-1]");
        assert_eq!(with_marker(None, "k-1"), "[wsdk-idem:k-1]");
        assert_eq!(with_marker(Some(""), "k-1"), "[wsdk-idem:k-1]");
        assert!(carries_key("invoice 17 [wsdk-idem:k-1]", "k-1"));
        assert!(carries_key("[wsdk-idem:k-1]", "k-1"));
        assert!(!carries_key("invoice 17 [wsdk-idem:xk-1]", "k-1"));
        assert!(!carries_key("invoice 17[wsdk-idem:k-1]", "k-1"));
        assert!(!carries_key("[wsdk-idem:k-1] later", "k-1"));
        assert!(!carries_key("[wsdk-idem:k-12]", "k-1"));
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
