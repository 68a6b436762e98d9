//! The blocking client: the same 43 methods, run on a runtime the client owns.
//!
//! It must not be called from inside an async runtime (that would stall it): such a call
//! returns an `invalid_input` error saying so instead of panicking. The runtime is created
//! lazily and re-created after `fork()` (the process id is checked on every call), so it is
//! safe in pre-forking servers.

use std::future::Future;
use std::sync::{Arc, Mutex};

use crate::address_type::AddressType;
use crate::amount::Amount;
use crate::client::ClientBuilder;
use crate::methods::{input_type, with_options};
use crate::credential::Credential;
use crate::fork::ProcessClient;
use crate::error::{Error, ErrorKind, Result};
use crate::locks::lock;
use crate::methods::*;
use crate::models::*;
use crate::secret::Secret;

/// The runtime of one blocking client and the process it belongs to.
struct RuntimeSlot {
    pid: u32,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for RuntimeSlot {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            // never block (or panic) when dropped inside another runtime
            rt.shutdown_background();
        }
    }
}

struct Inner {
    client: ProcessClient,
    runtime: Mutex<RuntimeSlot>,
}

/// The blocking client. `Clone + Send + Sync`; clones share the runtime, the connection pool
/// and the credential.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
    /// Per-call settings of this copy ([`Client::with_timeout`], [`Client::with_retry_policy`]).
    timeout: Option<std::time::Duration>,
    retry: Option<crate::RetryPolicy>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("blocking::Client").field("client", &self.inner.client.get()).finish()
    }
}

/// The message of the error returned when the blocking client is used inside a runtime.
pub const INSIDE_RUNTIME_MESSAGE: &str = "wallet_sdk::blocking::Client was called from inside an async runtime, \
where blocking would stall it; use the async wallet_sdk::Client there, or call from a plain thread \
(e.g. tokio::task::spawn_blocking)";

fn new_runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("wallet-sdk")
        .enable_all()
        .build()
        .map_err(|e| Error::config(format!("cannot start the blocking client's runtime: {e}")))
}

impl Client {
    /// Builds a blocking client from a [`ClientBuilder`] (same settings as the async client).
    pub fn from_builder(builder: ClientBuilder) -> Result<Client> {
        Ok(Client {
            inner: Arc::new(Inner {
                client: ProcessClient::new(builder)?,
                runtime: Mutex::new(RuntimeSlot { pid: crate::fork::process_id(), runtime: None }),
            }),
            timeout: None,
            retry: None,
        })
    }

    /// A blocking client configured from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`.
    pub fn from_env() -> Result<Client> {
        Client::from_builder(crate::Client::builder_from_env()?)
    }

    /// The async client behind this one (valid in this process; re-created after a fork), with
    /// this copy's per-call settings.
    pub fn async_client(&self) -> crate::Client {
        let mut client = self.inner.client.get();
        if let Some(t) = self.timeout {
            client = client.with_timeout(t);
        }
        if let Some(p) = self.retry {
            client = client.with_retry_policy(p);
        }
        client
    }

    /// A copy (same runtime, pool and credential) whose calls allow `timeout` per attempt.
    pub fn with_timeout(&self, timeout: std::time::Duration) -> Client {
        Client { timeout: Some(timeout), ..self.clone() }
    }

    /// A copy (same runtime, pool and credential) whose calls follow `policy`.
    pub fn with_retry_policy(&self, policy: crate::RetryPolicy) -> Client {
        Client { retry: Some(policy), ..self.clone() }
    }

    /// Replaces the credential (key rotation) for this client and its clones.
    pub fn set_credential(&self, value: impl Into<String>) -> Result<()> {
        self.inner.client.get().set_credential(value)
    }

    /// The current credential (printing it shows only `[REDACTED]`).
    pub fn credential(&self) -> Credential {
        self.inner.client.get().credential()
    }

    /// The API key's expiry, if the credential is a JWT with `exp`.
    pub fn expires_at(&self) -> Option<std::time::SystemTime> {
        self.credential().expires_at()
    }

    /// Blocking form of [`crate::Client::call`], the untyped call.
    pub fn call(
        &self,
        operation: &str,
        arguments: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<crate::RawJson> {
        self.run(|c| async move { c.call(operation, arguments).await })
    }

    /// Blocking form of [`crate::Client::call_typed`], the untyped call read as the typed method reads it.
    pub fn call_typed(
        &self,
        operation: &str,
        arguments: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<crate::fields::Record> {
        self.run(|c| async move { c.call_typed(operation, arguments).await })
    }

    /// Blocking form of [`crate::Client::resolve`]: what became of the call that failed with `error`.
    pub fn resolve(&self, error: &Error) -> Result<crate::Resolution> {
        self.run(|c| async move { c.resolve(error).await })
    }

    /// Blocking form of [`crate::Client::resolve_token`].
    pub fn resolve_token(&self, token: &str) -> Result<crate::Resolution> {
        self.run(|c| async move { c.resolve_token(token).await })
    }

    /// Blocking form of [`crate::Client::prevouts_for`].
    pub fn prevouts_for(&self, unsigned_hex: &str) -> Result<Vec<crate::offline::Prevout>> {
        self.run(|c| async move { c.prevouts_for(unsigned_hex).await })
    }

    /// Blocking form of [`crate::Client::review_transaction`].
    pub fn review_transaction(&self, unsigned_hex: &str, intent: &crate::offline::TransactionIntent) -> Result<crate::offline::TransactionReview> {
        self.run(|c| async move { c.review_transaction(unsigned_hex, intent).await })
    }

    /// Blocking form of [`crate::Client::estimate_fee_rate`].
    pub fn estimate_fee_rate(&self, target_blocks: Option<u32>) -> Result<crate::FeeRate> {
        self.run(|c| async move { c.estimate_fee_rate(target_blocks).await })
    }

    /// Blocking form of [`crate::Client::send_signed_locally`].
    pub fn send_signed_locally<K: crate::offline::SecretText + ?Sized + Sync>(
        &self,
        sender_address: &str,
        recipient_address: &str,
        amount: Amount,
        keys: &[&K],
        options: crate::SendLocallyOptions,
    ) -> Result<crate::SentTransaction> {
        self.run(|c| async move { c.send_signed_locally(sender_address, recipient_address, amount, keys, options).await })
    }

    fn runtime_handle(&self) -> Result<tokio::runtime::Handle> {
        let mut slot = lock(&self.inner.runtime);
        let pid = crate::fork::process_id();
        if slot.pid != pid {
            // after fork: the parent's runtime threads do not exist here
            if let Some(rt) = slot.runtime.take() {
                std::mem::forget(rt);
            }
            slot.pid = pid;
        }
        if slot.runtime.is_none() {
            slot.runtime = Some(new_runtime()?);
        }
        Ok(slot.runtime.as_ref().map(|r| r.handle().clone()).expect("runtime just created"))
    }

    pub(crate) fn run<T, F, Fut>(&self, f: F) -> Result<T>
    where
        F: FnOnce(crate::Client) -> Fut,
        Fut: Future<Output = Result<T>>,
    {
        if tokio::runtime::Handle::try_current().is_ok() {
            return Err(Error::new(ErrorKind::InvalidInput, INSIDE_RUNTIME_MESSAGE));
        }
        let handle = self.runtime_handle()?;
        handle.block_on(f(self.async_client()))
    }
}

macro_rules! declare_blocking_methods {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $f:ident : $ft:ident [$($fw:tt)*]),* })?]})*) => {
        impl Client {
            $(
                #[doc = concat!($summary, ": the blocking form of [`crate::Client::", stringify!($name), "`].")]
                #[allow(clippy::too_many_arguments)]
                pub fn $name(&self, $($arg: input_type!($ty),)* $(options: $oname)?) -> Result<$ret> {
                    self.run(|c| async move { c.$name($($arg,)* $(with_options!($oname, options))?).await })
                }
            )*
        }
        /// The snake_case names of the methods of the blocking client (for checks).
        pub const METHOD_NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

crate::for_each_operation!(declare_blocking_methods);

/// Blocking iterator over the pages of a paged read, one page per item (a failing request is
/// one `Err` item).
pub struct Pages<P: crate::paging::Page> {
    client: Client,
    pages: crate::paging::Pages<P>,
}

impl<P: crate::paging::Page> std::fmt::Debug for Pages<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.pages.fmt(f)
    }
}

impl<P: crate::paging::Page> Iterator for Pages<P> {
    type Item = Result<Vec<P::Entry>>;
    fn next(&mut self) -> Option<Self::Item> {
        let pages = &mut self.pages;
        self.client.run(|_| async move { pages.next_page().await }).transpose()
    }
}

/// For each paged read: its blocking iterator type and the blocking client's method.
macro_rules! declare_blocking_cursor {
    ({$name:ident $camel:ident $const:ident $ret:ident $entry:ident [$pages:ident $cursor:ident $pager:ident] [$($paging:ident)*] ($($arg:ident : $ty:ident),*)}) => {
        #[doc = concat!("The pages of [`Client::", stringify!($name), "`], one per item ([`Client::", stringify!($pages), "`]).")]
        pub type $cursor = Pages<$ret>;

        impl Client {
            #[doc = concat!("Iterates over the pages of [`Client::", stringify!($name), "`], newest first, `page_size` entries per request.")]
            pub fn $pages(&self, $($arg: crate::methods::input_type!($ty),)* page_size: u32) -> $cursor {
                Pages { client: self.clone(), pages: self.async_client().$pages($($arg,)* page_size) }
            }
        }
    };
}

crate::for_each_paged_read!(declare_blocking_cursor);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_inside_runtime() {
        let key = crate::credential::make_jwt(Some(4_000_000_000));
        let c = Client::from_builder(crate::Client::builder().base_url("http://127.0.0.1:9").credential(key)).unwrap();
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let e = rt.block_on(async { c.blockchain_info() }).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(e.to_string(), INSIDE_RUNTIME_MESSAGE);
        assert_eq!(METHOD_NAMES.len(), 43 + crate::operations::VARIANTS.len());
        for name in crate::operations::ALL.iter().map(|op| op.name).chain(crate::operations::VARIANTS.iter().map(|v| v.method_name)) {
            assert!(METHOD_NAMES.contains(&name), "{name}");
        }
        drop(rt);
        // works outside: port 9 is closed -> transport error, not a panic
        let e = c.blockchain_info().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Transport);
    }
}
