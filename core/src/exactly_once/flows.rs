//! The exactly-once paths: broadcasts that can be repeated, and sends with an idempotency key.

use std::sync::atomic::Ordering;


use crate::amount::{Amount, MAX_MONEY};
use crate::decode::{Answer, Decode};
use crate::error::{Error, ErrorKind, Result};
use crate::models::{TransactionDetails, WalletTransactions, WalletTx};
use crate::operations::{self as ops, Operation};
use crate::request::Args;
use super::*;

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
pub(super) fn refusal_text(e: &Error) -> Option<String> {
    if !matches!(e.kind(), ErrorKind::Rejected | ErrorKind::ServiceError | ErrorKind::Conflict) {
        return None;
    }
    let text = [e.service_message(), e.node_message()].into_iter().flatten().collect::<Vec<_>>().join(" ");
    Some(text.to_ascii_lowercase())
}

/// Litecoin Core's answers to a transaction it already has: -27 ("Transaction already in block
/// chain", later "Transaction outputs already in utxo set"), and the mempool's
/// `txn-already-in-mempool` / `txn-already-known` (-26) of other versions and relays.
pub(super) fn already_known(e: &Error) -> bool {
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
pub(super) fn inputs_gone(e: &Error) -> bool {
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
pub(super) async fn verify_marker(client: &impl Service, op: &'static Operation, wallet: &str, key: &str, txid: &str) {
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
pub(super) enum Reach {
    /// Before a keyed send: every entry within [`IDEMPOTENCY_WINDOW`] of the newest one.
    Window,
    /// For `resolve`: every entry since this time (the node's Unix seconds).
    Since(i64),
    /// For `resolve` without a time: every entry.
    All,
}

/// What a look-up for a key found.
pub(super) struct Found {
    pub(super) entry: Option<WalletTx>,
    /// An entry came without a `comment` member: the service does not show descriptions.
    pub(super) comments_hidden: bool,
    /// It read everything it had to (or found the key); `false` when its pages ran out first.
    pub(super) complete: bool,
    /// The newest entry time it saw.
    pub(super) newest: Option<i64>,
}

/// Looks for the send carrying `key` among the wallet's entries, newest first, as far back as
/// `reach` says, in at most [`IDEMPOTENCY_LOOKUP_PAGES`] requests.
pub(super) async fn find_key(client: &impl Service, wallet: &str, key: &str, reach: Reach) -> Result<Found> {
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
pub(super) fn sent_json(op: &'static Operation, entry: &WalletTx, info: &ResolveInfo) -> Result<String> {
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
