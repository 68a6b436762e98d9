//! What became of a call that ended in `OutcomeUnknown` (`docs/adr/0014`): the error's
//! `outcome_token` given to `WalletClient.resolveToken`, or the error itself to
//! `WalletClient.resolve`. Every rule is the core's (`wallet_sdk::Client::resolve_token`).

use crate::client::guarded;
use crate::convert::IntoFfi;
use crate::{SentFunds, WalletClient, WalletError};

/// Whether the operation took effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
#[uniffi::export(Display)]
pub enum ResolutionState {
    /// It took effect (see `txid`, `sent`, `wallet_name`).
    Applied,
    /// It did not, and no longer can: the request is no longer in flight. Safe to do it again.
    NotApplied,
    /// It cannot be told (an operation the SDK cannot look up, or a look-up that found nothing
    /// yet): check by other means before doing it again.
    Unknown,
}

impl std::fmt::Display for ResolutionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ResolutionState::Applied => "applied",
            ResolutionState::NotApplied => "not_applied",
            ResolutionState::Unknown => "unknown",
        })
    }
}

/// What `resolveToken` found out.
#[derive(Clone, Debug, uniffi::Record)]
pub struct Resolution {
    /// Applied, not applied, or unknown.
    pub state: ResolutionState,
    /// The operation (snake_case) the error came from.
    pub operation: Option<String>,
    /// The transaction id: of the broadcast (computed locally), or of the keyed send found.
    pub txid: Option<String>,
    /// The wallet of a wallet creation or a keyed send.
    pub wallet_name: Option<String>,
    /// For an applied keyed send: the send, as replaying its key returns it.
    pub sent: Option<SentFunds>,
    /// `true` when the operation was applied but a secret it returns only once (a new wallet's
    /// phrase or passphrase) was in the lost answer: do not fund that wallet; make another.
    pub secret_lost: bool,
    /// One sentence: how the state was decided.
    pub reason: String,
}

impl IntoFfi<Resolution> for wallet_sdk::Resolution {
    fn into_ffi(self) -> Resolution {
        Resolution {
            state: match self.state {
                wallet_sdk::ResolutionState::Applied => ResolutionState::Applied,
                wallet_sdk::ResolutionState::NotApplied => ResolutionState::NotApplied,
                _ => ResolutionState::Unknown,
            },
            operation: self.operation,
            txid: self.txid,
            wallet_name: self.wallet_name,
            sent: self.sent.map(IntoFfi::into_ffi),
            secret_lost: self.secret_lost,
            reason: self.reason,
        }
    }
}

#[uniffi::export]
impl WalletClient {
    /// Finds out what became of a call that failed with `OutcomeUnknown`, from its error's
    /// `outcomeToken` (kept as text, perhaps by another process): a keyed send is looked up by
    /// its key, a broadcast by its txid, a wallet creation by its name. `NotApplied` is said
    /// only after the settle time (the call's timeout plus 60 s, waited out when needed). A
    /// token that is not this SDK's is `InvalidInput` on `token`.
    pub async fn resolve_token(&self, token: String) -> Result<Resolution, WalletError> {
        let c = self.core().clone();
        guarded(async move { c.resolve_token(&token).await }, self.token(), None).await
    }

    /// `resolveToken` of the error's `outcomeToken`; an error without one is judged from its
    /// kind, operation, attempts and status, as the core's `Client::resolve` does.
    pub async fn resolve(&self, error: WalletError) -> Result<Resolution, WalletError> {
        let info = error.info();
        match info.outcome_token {
            Some(token) => self.resolve_token(token).await,
            None => {
                let kind = wallet_sdk::ErrorKind::ALL.iter().copied().find(|k| k.as_str() == info.kind);
                let attempts = u32::try_from(info.attempts).unwrap_or(0);
                let status = info.status.and_then(|s| u16::try_from(s).ok());
                Ok(wallet_sdk::Resolution::without_token(kind, info.operation, attempts, status).into_ffi())
            }
        }
    }
}
