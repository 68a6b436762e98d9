//! Getting paid: the wallet event stream and `waitForPayment` (`wallet_sdk::events`,
//! docs/adr/0015). [`WalletEventStream`] hands out the core's events one at a time; the Kotlin
//! `Flow` and the Swift `AsyncThrowingStream` (`watchWallet`) are built on it in the hand-written
//! extensions. Every rule, bound and default is the core's.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Mutex;

use crate::client::{guarded, unsigned, WalletClient};
use crate::{Amount, CancelToken, Payment, WalletError, WalletEvent};

/// Options of `watchWallet`; every field null/nil takes the core's default.
#[derive(Clone, Debug, Default, uniffi::Record)]
pub struct WatchOptions {
    /// The cursor of the last event handled; none starts a fresh watch, which first reports the
    /// newest `history` entries already in the wallet.
    #[uniffi(default = None)]
    pub cursor: Option<String>,
    /// The pause between two polls in milliseconds (default 2,000).
    #[uniffi(default = None)]
    pub poll_interval_ms: Option<i64>,
    /// Confirmations after which a payment in is `Confirmed` (default 1).
    #[uniffi(default = None)]
    pub confirmations: Option<i32>,
    /// Entries per request (default 100, 1 to 500).
    #[uniffi(default = None)]
    pub page_size: Option<i32>,
    /// How many existing entries a fresh watch reports (default 100, at most 1,000).
    #[uniffi(default = None)]
    pub history: Option<i32>,
    /// Confirmations after which an entry is final and no longer followed (default 6).
    #[uniffi(default = None)]
    pub finality_depth: Option<i32>,
}

impl TryFrom<WatchOptions> for wallet_sdk::WatchOptions {
    type Error = wallet_sdk::Error;
    fn try_from(o: WatchOptions) -> wallet_sdk::Result<Self> {
        let d = wallet_sdk::WatchOptions::default();
        Ok(wallet_sdk::WatchOptions {
            cursor: o.cursor,
            poll_interval: o.poll_interval_ms.map(|v| unsigned::<i64, u64>("poll_interval_ms", v).map(Duration::from_millis)).transpose()?.unwrap_or(d.poll_interval),
            confirmations: o.confirmations.map(|v| unsigned("confirmations", v)).transpose()?.unwrap_or(d.confirmations),
            page_size: o.page_size.map(|v| unsigned("page_size", v)).transpose()?.unwrap_or(d.page_size),
            history: o.history.map(|v| unsigned("history", v)).transpose()?.unwrap_or(d.history),
            finality_depth: o.finality_depth.map(|v| unsigned("finality_depth", v)).transpose()?.unwrap_or(d.finality_depth),
        })
    }
}

/// A wallet's events, one at a time (`WalletClient.walletEventStream`; Kotlin and Swift iterate
/// it with `watchWallet`).
#[derive(uniffi::Object)]
pub struct WalletEventStream {
    events: Arc<Mutex<Result<wallet_sdk::WalletEvents, wallet_sdk::Error>>>,
    token: Option<Arc<CancelToken>>,
}

#[uniffi::export]
impl WalletEventStream {
    /// The next event, waiting (polling) until there is one; null/nil never comes back, except
    /// after `close`. A bad option or cursor is `InvalidInput`.
    pub async fn next_event(&self) -> Result<Option<WalletEvent>, WalletError> {
        let events = self.events.clone();
        let next = async move {
            match &mut *events.lock().await {
                Ok(events) => events.next().await.transpose(),
                Err(e) => Err(e.clone()),
            }
        };
        guarded(next, self.token.clone(), Some(wallet_sdk::operations::WALLET_TRANSACTIONS.name)).await
    }

    /// The cursor after the last event handed out (the one to save), if any.
    pub fn cursor(&self) -> Option<String> {
        self.events.try_lock().ok().and_then(|e| e.as_ref().ok().and_then(|e| e.cursor().map(str::to_string)))
    }
}

/// Options of `waitForPayment`; every field null/nil takes the core's default.
#[derive(Clone, Debug, Default, uniffi::Record)]
pub struct WaitForPaymentOptions {
    /// Confirmations a payment needs to count (default 1; 0 counts mempool payments).
    #[uniffi(default = None)]
    pub confirmations: Option<i32>,
    /// How long to wait in milliseconds; none waits until paid. At the timeout the answer is
    /// `Underpaid` (not an error) when less arrived.
    #[uniffi(default = None)]
    pub timeout_ms: Option<i64>,
    /// The pause between two polls in milliseconds (default 2,000).
    #[uniffi(default = None)]
    pub poll_interval_ms: Option<i64>,
    /// Entries per request (default 100).
    #[uniffi(default = None)]
    pub page_size: Option<i32>,
}

impl TryFrom<WaitForPaymentOptions> for wallet_sdk::WaitForPaymentOptions {
    type Error = wallet_sdk::Error;
    fn try_from(o: WaitForPaymentOptions) -> wallet_sdk::Result<Self> {
        let d = wallet_sdk::WaitForPaymentOptions::default();
        let ms = |field: &str, v: i64| unsigned::<i64, u64>(field, v).map(Duration::from_millis);
        Ok(wallet_sdk::WaitForPaymentOptions {
            confirmations: o.confirmations.map(|v| unsigned("confirmations", v)).transpose()?.unwrap_or(d.confirmations),
            timeout: o.timeout_ms.map(|v| ms("timeout_ms", v)).transpose()?,
            poll_interval: o.poll_interval_ms.map(|v| ms("poll_interval_ms", v)).transpose()?.unwrap_or(d.poll_interval),
            page_size: o.page_size.map(|v| unsigned("page_size", v)).transpose()?.unwrap_or(d.page_size),
        })
    }
}

#[uniffi::export]
impl WalletClient {
    /// The wallet's events (payments in and out, confirmations, reorganisations, replacements),
    /// polled with the client's runtime; iterate it with `watchWallet` (a Kotlin `Flow`, a Swift
    /// `AsyncThrowingStream`). Resume from a saved `cursor` to repeat nothing.
    #[uniffi::method(default(options = None))]
    pub fn wallet_event_stream(&self, wallet_name: String, options: Option<WatchOptions>) -> Arc<WalletEventStream> {
        let events = wallet_sdk::WatchOptions::try_from(options.unwrap_or_default())
            .map(|o| self.core().watch_wallet(&wallet_name, o));
        Arc::new(WalletEventStream { events: Arc::new(Mutex::new(events)), token: self.token() })
    }

    /// Waits until `address` of the wallet has received `amount` with the confirmations asked
    /// for, or the timeout: `Paid`, `Underpaid` (at the timeout) or `Overpaid`.
    #[uniffi::method(default(options = None))]
    pub async fn wait_for_payment(&self, wallet_name: String, address: String, amount: Amount, options: Option<WaitForPaymentOptions>) -> Result<Payment, WalletError> {
        let c = self.core().clone();
        let call = async move {
            let options = wallet_sdk::WaitForPaymentOptions::try_from(options.unwrap_or_default())?;
            c.wait_for_payment(&wallet_name, &address, amount.into(), options).await
        };
        guarded(call, self.token(), Some("wait_for_payment")).await
    }
}
