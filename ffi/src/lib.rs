//! # wallet-sdk-ffi
//!
//! The uniffi layer of the wallet SDK, for Kotlin (`org.walletsdk`) and Swift (`WalletSDK`).
//! It only converts types and errors and chooses the calling style: every one of the 43
//! operations of [`wallet_sdk::Client`] is an async method of [`WalletClient`] (Kotlin
//! `suspend fun`, Swift `async throws`), run on one shared tokio runtime. All HTTP, JSON and
//! Litecoin logic lives in `wallet-sdk`.
//!
//! - Amounts are [`Amount`] records holding litoshis; the Kotlin/Swift packages add
//!   `BigDecimal`/`Decimal` views.
//! - Secrets (credential, passphrases, mnemonics, private keys, OTP codes) are [`Secret`]
//!   objects whose printed form is `[REDACTED]`; `reveal()` returns the value.
//! - Errors are one [`WalletError`] type, one variant per kind; no panic crosses the FFI.
//! - Cancellation: dropping a call's future (a cancelled Kotlin coroutine or Swift `Task`)
//!   aborts its task and the HTTP request; a [`CancelToken`] ends the calls of the client
//!   copies bound to it (the hand-written Swift `cancellable` uses one). A non-idempotent
//!   operation (a create, a send, a passphrase change…) is the exception: once its request
//!   may have been sent the core finishes it in the background and reports its outcome to the
//!   [`AbandonedCallListener`]; one cancelled by a token or a Swift `Task` fails with
//!   `WalletError::OutcomeUnknown` (never `Cancelled`), since it may have taken effect. A
//!   broadcast is safe to repeat and is aborted like a read.
//! - [`WalletClient::call`]: any operation by name, JSON arguments in, the answer's redacted
//!   JSON out (for answers the typed results cannot read).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

mod abandoned;
mod blocking;
mod client;
mod config;
mod convert;
mod deferred;
mod error;
mod events;
mod fast;
mod home;
mod logger;
mod models;
mod offline;
mod paging;
mod records;
mod resolve;
#[cfg(any(test, debug_assertions))]
mod testing;

pub use abandoned::{AbandonedCallInfo, AbandonedCallListener};
pub use client::*;
pub use events::{WaitForPaymentOptions, WalletEventStream, WatchOptions};
pub use records::{Payment, PaymentStatus, Resolution, ResolutionState, WalletEvent, WalletEventKind};
pub use error::{wallet_error_info, WalletError, WalletErrorInfo};
pub use logger::{CallEvent, WalletLogger};
pub use models::*;
pub use paging::*;

uniffi::setup_scaffolding!();

/// An exact LTC amount in litoshis (1 LTC = 100 000 000 litoshis). Negative for some balances
/// and wallet entries; operation inputs must be positive. Build one from decimal text with
/// [`amount_from_ltc`] (`Amount.ofLtc` / `Amount(ltc:)` in the hand-written extensions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Amount {
    /// The amount in litoshis.
    pub litoshis: i64,
}

impl From<Amount> for wallet_sdk::Amount {
    fn from(a: Amount) -> Self {
        wallet_sdk::Amount::from_litoshis(a.litoshis)
    }
}

/// Parses a positive LTC amount written as plain decimal text (`"1.5"`, `"0.00005460"`, at
/// most 8 decimals), with the core's rules.
#[uniffi::export]
pub fn amount_from_ltc(text: String) -> Result<Amount, WalletError> {
    Ok(Amount { litoshis: wallet_sdk::Amount::from_ltc(&text)?.litoshis() })
}

/// The amount as 8-decimal LTC text (`1.50000000`, `-0.00001640`).
#[uniffi::export]
pub fn amount_to_ltc_string(amount: Amount) -> String {
    wallet_sdk::Amount::from(amount).to_string()
}

/// A secret string (API key, node URL with credentials, passphrase, mnemonic, private key,
/// one-time code). Prints as `[REDACTED]`; read it only on purpose with `reveal()`. The memory
/// is zeroed when the object is freed.
#[derive(uniffi::Object)]
#[uniffi::export(Display, Debug)]
pub struct Secret(pub(crate) wallet_sdk::Secret);

#[uniffi::export]
impl Secret {
    /// Wraps a value as a secret.
    #[uniffi::constructor]
    pub fn new(value: String) -> Arc<Secret> {
        Arc::new(Secret(wallet_sdk::Secret::new(value)))
    }

    /// The secret value. Call this only where the value must really be used.
    pub fn reveal(&self) -> String {
        self.0.expose().to_string()
    }

    /// `true` when the secret is the empty string.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[REDACTED]")
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret([REDACTED])")
    }
}

/// An address type to request; `RawCode`/`RawName` are escape hatches sent as given.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum AddressType {
    /// P2PKH (`legacy`, code 0).
    Legacy,
    /// P2SH-wrapped segwit (`p2sh-segwit`, code 1).
    P2shSegwit,
    /// Native segwit v0 (`bech32`, code 2).
    Bech32,
    /// MWEB (`mweb`, code 3).
    Mweb,
    /// An integer code sent as is.
    RawCode { code: i32 },
    /// A name sent as is.
    RawName { name: String },
}

impl From<AddressType> for wallet_sdk::AddressType {
    fn from(t: AddressType) -> Self {
        match t {
            AddressType::Legacy => wallet_sdk::AddressType::Legacy,
            AddressType::P2shSegwit => wallet_sdk::AddressType::P2shSegwit,
            AddressType::Bech32 => wallet_sdk::AddressType::Bech32,
            AddressType::Mweb => wallet_sdk::AddressType::Mweb,
            AddressType::RawCode { code } => wallet_sdk::AddressType::RawCode(code),
            AddressType::RawName { name } => wallet_sdk::AddressType::RawName(name),
        }
    }
}

/// Cancels the calls of the client copies made with `WalletClient.withCancelToken(token)`.
/// Cancelling a Swift `Task` or a Kotlin coroutine already reaches the Rust call by itself; a
/// token also ends calls from outside their task. The hand-written Swift
/// `WalletClient.cancellable { … }` cancels one from `withTaskCancellationHandler`.
#[derive(uniffi::Object)]
pub struct CancelToken {
    cancelled: AtomicBool,
    notify: tokio::sync::Notify,
}

#[uniffi::export]
impl CancelToken {
    /// A token that is not cancelled.
    #[uniffi::constructor]
    pub fn new() -> Arc<CancelToken> {
        Arc::new(CancelToken { cancelled: AtomicBool::new(false), notify: tokio::sync::Notify::new() })
    }

    /// Cancels every call running (or started later) on clients bound to this token: each one
    /// stops waiting and fails with `WalletError.Cancelled` (an idempotent call's HTTP request
    /// is aborted), except a running non-idempotent call, which fails with
    /// `WalletError.OutcomeUnknown`: its request may have been sent, so it runs to completion
    /// in the background and its outcome goes to the abandoned-call listener.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.notify.notify_waiters();
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
}

impl CancelToken {
    pub(crate) async fn cancelled(&self) {
        loop {
            let notified = self.notify.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}

/// `m`'s guard, also after a panic while it was held: the data behind the FFI's own locks (queues
/// and maps of calls) is whole between any two statements.
pub(crate) fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The one tokio runtime shared by every client of the process (the core's, which is also
/// re-created in a child process after fork()).
pub(crate) fn runtime() -> tokio::runtime::Handle {
    // every call comes here first: the panics the component catches are never printed
    wallet_sdk::panic::quiet_caught_panics();
    // Fails only when the OS refuses to start threads; there is no way to serve calls then.
    wallet_sdk::fork::shared_runtime().expect("cannot start the wallet-sdk tokio runtime")
}

/// Calls currently running, over all clients (read by the tests: cancellation leaves none).
pub(crate) static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// The SDK version.
#[uniffi::export]
pub fn sdk_version() -> String {
    wallet_sdk::VERSION.to_string()
}


#[allow(dead_code)]
fn _assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<WalletClient>();
    is::<Secret>();
    is::<CancelToken>();
    let _ = Duration::ZERO;
}
