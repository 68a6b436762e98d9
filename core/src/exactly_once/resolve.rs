//! What became of a call whose outcome is unknown: the check its operation allows.

use std::time::Duration;

use tokio::time::Instant;

use crate::decode::{self, Answer};
use crate::error::{Error, ErrorKind, Result};
use crate::models::{SentFunds, TransactionDetails, WalletDetails};
use crate::operations::{self as ops, ExactlyOnce};
use crate::request::Args;
use super::*;

/// What one check found.
pub(super) enum Check {
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
pub(super) fn transactions_args(wallet: &str, skip: Option<u32>, count: u32) -> Args {
    Args::new().put("wallet_name", wallet).put_opt("skip", skip).put("count", count)
}

/// [`crate::Client::resolve_token`]: resolves a saved outcome token.
pub(crate) async fn resolve_token(token: &str, client: &impl Service) -> Result<Resolution> {
    let info = ResolveInfo::from_token(token, client.state_key())?;
    let placeholder = Error::new(ErrorKind::OutcomeUnknown, "resolving a saved outcome").with_resolve_info(info);
    resolve(&placeholder, client).await
}

/// An error that carries nothing to check.
pub(super) fn without_info(e: &Error) -> Resolution {
    Resolution::without_token(Some(e.kind()), e.operation().map(str::to_string), e.attempts(), e.status())
}

pub(super) async fn check(client: &impl Service, info: &ResolveInfo) -> Result<Check> {
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
