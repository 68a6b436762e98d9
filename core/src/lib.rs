//! # wallet-sdk
//!
//! Typed async and blocking client for the wallet-and-address service in front of the
//! Litecoin network: all 43 operations (see [`operations::ALL`]), exact amounts
//! ([`Amount`]), secrets that never print ([`Secret`]), one error type with stable kinds
//! ([`Error`], [`ErrorKind`]), retries that never repeat a payment, and redaction of the
//! credential everywhere.
//!
//! ```no_run
//! use wallet_sdk::{Client, CreateAddressOptions, AddressType};
//! # async fn demo() -> wallet_sdk::Result<()> {
//! let client = Client::from_env()?; // WALLET_SDK_BASE_URL, WALLET_SDK_API_KEY
//! let wallet = client.create_encrypted_wallet("rs_demo").await?;
//! let address = client
//!     .create_address("rs_demo", CreateAddressOptions {
//!         address_type: Some(AddressType::Legacy),
//!         passphrase: Some(wallet.passphrase.clone()),
//!         ..Default::default()
//!     })
//!     .await?;
//! let balance = client.address_balance(&address.address).await?;
//! println!("{} / {}", balance.confirmed, balance.unconfirmed);
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

mod address_type;
mod amount;
pub mod blocking;
mod client;
mod credential;
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub mod cut_bodies;
mod deadline;
mod decode;
mod description;
mod error;
pub mod events;
mod exactly_once;
pub mod fields;
pub mod fork;
mod home;
mod inputs;
mod json;
mod locks;
mod methods;
mod named_enums;
pub mod models;
pub mod offline;
pub mod operations;
mod paging;
mod process;
pub mod panic;
mod raw_json;
mod records;
mod redact;
mod request;
mod secret;
pub mod settings;
mod shapes;
mod state_key;
mod transport;
#[cfg(feature = "testing")]
pub mod testing;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;

pub use address_type::{AddressType, AddressTypeCodes};
pub use amount::{Amount, LITOSHIS_PER_LTC};
pub use home::{BuildMode, SendLocallyOptions, MAX_REVIEWED_INPUTS, MIN_RELAY_FEE_RATE};
pub use offline::{FeeRate, SentTransaction};
pub use client::{
    call_arguments_from_json, default_user_agent, AbandonedCall, AbandonedCallHook, CallEvent, CallHook, Client,
    ClientBuilder, RetryPolicy, ENV_API_KEY, ENV_BASE_URL, SETTLE_MARGIN, VERSION,
};
pub use credential::Credential;
pub use decode::{EXCERPT_LIMIT, MAX_RETRY_AFTER};
pub use raw_json::FromData;
pub use json::limits::{BYTES_PER_ENTRY, BYTES_PER_MEMBER, MAX_JSON_DEPTH, MIN_ENTRY_BUDGET};
pub use error::{Error, ErrorKind, Result};
pub use events::{
    BlockingWalletEvents, Payment, PaymentStatus, WaitForPaymentOptions, WalletEvent, WalletEventKind, WalletEvents,
    WatchOptions, MAX_CURSOR_LEN,
};
pub use exactly_once::{
    OutcomeTokenCell, Resolution, ResolutionState, SealedCall, IDEMPOTENCY_LOOKUP_PAGES, IDEMPOTENCY_WINDOW, MAX_IDEMPOTENCY_KEY_LEN,
};
pub use methods::*;
pub use models::*;
pub use paging::{AddressTransactionPages, Page, Pages, WalletTransactionPages, DEFAULT_PAGE_SIZE, MAX_PAGED_ENTRIES};
pub use raw_json::RawJson;
pub use secret::Secret;
pub use state_key::{ENV_STATE_KEY, MIN_STATE_KEY_LEN};
pub use transport::{Transport, TransportFailure, TransportFuture, TransportRequest, TransportResponse};

/// The README's Rust quickstart, compiled as a doctest so that it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeQuickstart;

/// The crate README's examples (quickstart, offline toolkit), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadme;

