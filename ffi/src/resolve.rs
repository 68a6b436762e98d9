//! What became of a call that ended in `OutcomeUnknown` (`docs/adr/0014`): the error's
//! `outcome_token` given to `WalletClient.resolveToken`, or the error itself to
//! `WalletClient.resolve`. Every rule is the core's (`wallet_sdk::Client::resolve_token`).

use crate::client::guarded;
use crate::convert::IntoFfi;
use crate::{Resolution, WalletClient, WalletError};

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
