//! [`WalletClient`]: the 43 operations as async methods, and the options records (its
//! configuration record is in `config.rs`).

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use crate::abandoned::AbandonedCallListener;
use crate::convert::IntoFfi;
use crate::error::WalletError;
use crate::models::*;
use crate::{runtime, AddressType, Amount, CancelToken, Secret, IN_FLIGHT};
pub use crate::config::{AddressTypeCodes, WalletClientConfig};
use crate::config::builder_from;
pub(crate) use crate::config::unsigned;

/// Converts an FFI input into the core type; `field` names it in an `InvalidInput`.
trait IntoCore<T> {
    fn into_core(self, field: &str) -> wallet_sdk::Result<T>;
}
impl IntoCore<String> for String {
    fn into_core(self, _: &str) -> wallet_sdk::Result<String> {
        Ok(self)
    }
}
impl IntoCore<bool> for bool {
    fn into_core(self, _: &str) -> wallet_sdk::Result<bool> {
        Ok(self)
    }
}
impl IntoCore<u32> for i32 {
    fn into_core(self, field: &str) -> wallet_sdk::Result<u32> {
        unsigned(field, self)
    }
}
impl IntoCore<wallet_sdk::Secret> for Arc<Secret> {
    fn into_core(self, _: &str) -> wallet_sdk::Result<wallet_sdk::Secret> {
        Ok(self.0.clone())
    }
}
impl IntoCore<wallet_sdk::AddressType> for AddressType {
    fn into_core(self, _: &str) -> wallet_sdk::Result<wallet_sdk::AddressType> {
        Ok(self.into())
    }
}

/// Aborts the spawned task when the call's future is dropped (Kotlin coroutine cancellation
/// frees the Rust future), and keeps the in-flight count.
struct CallGuard(tokio::task::AbortHandle);

impl Drop for CallGuard {
    fn drop(&mut self) {
        self.0.abort();
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Keeps the in-flight count of a call run in its own task.
struct InFlight;

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs a core future on the shared runtime: panics become `WalletError::Internal`, a dropped
/// caller aborts the task (and its HTTP request — except a non-idempotent one's, which the core
/// finishes detached and reports to the abandoned-call hook), a cancelled token ends the call
/// with `WalletError::Cancelled`, or `OutcomeUnknown` for the non-idempotent `operation`
/// (snake_case name) whose request may already have been sent.
///
/// Only the boxing and the conversion of the result are made once per result type; the rest
/// (the task, the cancellation race, the panic) is [`run_guarded`], made once for all methods.
/// Made per type, it cost 0.7 MB of the stripped library (the core future was polled from two
/// places); erased, it costs two allocations a call.
pub(crate) async fn guarded<C, T>(
    fut: impl Future<Output = wallet_sdk::Result<C>> + Send + 'static,
    token: Option<Arc<CancelToken>>,
    operation: Option<&str>,
) -> Result<T, WalletError>
where
    C: IntoFfi<T> + Send + 'static,
{
    let erased: ErasedCall = Box::pin(async move { fut.await.map(|value| Box::new(value) as Box<dyn Any + Send>) });
    let value = run_guarded(erased, token, operation).await?;
    match value.downcast::<C>() {
        Ok(value) => Ok(value.into_ffi()),
        // unreachable: the future above makes a `C` and nothing else
        Err(_) => Err(WalletError::internal("internal error: a call's result had an unexpected type")),
    }
}

/// A core call whose result type is erased (see [`guarded`]).
type ErasedCall = Pin<Box<dyn Future<Output = wallet_sdk::Result<Box<dyn Any + Send>>> + Send>>;

async fn run_guarded(
    fut: ErasedCall,
    token: Option<Arc<CancelToken>>,
    operation: Option<&str>,
) -> Result<Box<dyn Any + Send>, WalletError> {
    if token.as_ref().is_some_and(|t| t.is_cancelled()) {
        // Cancelled before it started: nothing was sent.
        return Err(WalletError::cancelled());
    }
    IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
    // A non-idempotent call records its outcome token where a cancel can still read it: the
    // cell of the JVM's direct path, which seals it when it stops waiting, or one of its own.
    let on_call_task = ON_CALL_TASK.try_with(|cell| cell.clone()).ok();
    let cell = match operation.and_then(wallet_sdk::operations::by_name) {
        Some(op) if !op.idempotent => Some(on_call_task.clone().flatten().unwrap_or_default()),
        _ => None,
    };
    let fut: ErasedCall = match &cell {
        Some(cell) => {
            let cell = cell.clone();
            Box::pin(async move { cell.record(fut).await })
        }
        None => fut,
    };
    // dropped unfinished on uniffi's path (a Swift `Task` or a coroutine cancelled): sealed there
    let mut sealing = match (&cell, &on_call_task) {
        (Some(cell), None) => SealOnDrop(Some(cell.clone())),
        _ => SealOnDrop(None),
    };
    // `None`: the token fired; `Err(None)`: the task was aborted; `Err(Some(_))`: a panic
    let outcome = if on_call_task.is_some() {
        // the call's own task already (`fast.rs`): no second one
        let _counted = InFlight;
        until_cancelled(CatchUnwind(fut), token).await.map(|r| r.map_err(Some))
    } else {
        let task = runtime().spawn(fut);
        let _guard = CallGuard(task.abort_handle());
        until_cancelled(crate::deferred::HeldWake(task), token).await.map(|r| r.map_err(|e| e.is_panic().then(|| e.into_panic())))
    };
    sealing.0 = None; // finished: nothing to seal
    match outcome {
        None => Err(cancelled_error(cell.as_ref())),
        Some(Ok(Ok(v))) => Ok(v),
        Some(Ok(Err(e))) => Err(e.into()),
        Some(Err(Some(panic))) => Err(WalletError::internal(wallet_sdk::panic::internal_error_message(&*panic))),
        Some(Err(None)) => Err(WalletError::cancelled()),
    }
}

/// Seals a call's outcome cell when its future is dropped unfinished, and leaves what it found
/// for [`cancelled_call_error`], which the generated Swift calls next on the same thread: uniffi
/// drops a cancelled call's future in the `complete` call that reports the cancellation.
struct SealOnDrop(Option<wallet_sdk::OutcomeTokenCell>);

impl Drop for SealOnDrop {
    fn drop(&mut self) {
        if let Some(cell) = self.0.take() {
            let sealed = cell.seal();
            SEALED_ON_THIS_THREAD.with(|left| *left.borrow_mut() = Some(sealed));
        }
    }
}

thread_local! {
    /// What the last call dropped unfinished on this thread found when it sealed its cell.
    static SEALED_ON_THIS_THREAD: std::cell::RefCell<Option<wallet_sdk::SealedCall>> = const { std::cell::RefCell::new(None) };
}

/// `fut`'s output, or `None` once `token` is cancelled.
async fn until_cancelled<F: Future>(fut: F, token: Option<Arc<CancelToken>>) -> Option<F::Output> {
    match token {
        None => Some(fut.await),
        Some(token) => {
            tokio::select! {
                r = fut => Some(r),
                _ = token.cancelled() => None,
            }
        }
    }
}

tokio::task_local! {
    /// Set on the task of a call of the JVM's direct path (`fast.rs`): that task is the call's
    /// own, so `guarded` runs the core future in it instead of spawning another; aborting the
    /// task drops it just as dropping a uniffi future aborts the spawned one. The cell, for a
    /// call that may be non-idempotent, is the one the path seals when its caller stops waiting.
    pub(crate) static ON_CALL_TASK: Option<wallet_sdk::OutcomeTokenCell>;
}

/// A future whose panic becomes its output.
struct CatchUnwind<F>(F);

impl<F: Future> Future for CatchUnwind<F> {
    type Output = std::thread::Result<F::Output>;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        // SAFETY: the inner future is structurally pinned: it is never moved out of `self`.
        let inner = unsafe { self.map_unchecked_mut(|s| &mut s.0) };
        match wallet_sdk::panic::catch_quietly(|| inner.poll(cx)) {
            Ok(std::task::Poll::Pending) => std::task::Poll::Pending,
            Ok(std::task::Poll::Ready(v)) => std::task::Poll::Ready(Ok(v)),
            Err(panic) => std::task::Poll::Ready(Err(panic)),
        }
    }
}

/// The error of a call whose token fired while it ran: `OutcomeUnknown` with its outcome token
/// when its non-idempotent request may have left, `Cancelled` otherwise (sealing `cell` makes
/// sure that a request not sent by now never is).
fn cancelled_error(cell: Option<&wallet_sdk::OutcomeTokenCell>) -> WalletError {
    match cell.map(wallet_sdk::OutcomeTokenCell::seal) {
        Some(sealed) => sealed_error(sealed).unwrap_or_else(WalletError::cancelled),
        None => WalletError::cancelled(),
    }
}

/// `OutcomeUnknown` for the request that `sealed` says may have left, `None` when none did.
pub(crate) fn sealed_error(sealed: wallet_sdk::SealedCall) -> Option<WalletError> {
    match sealed {
        wallet_sdk::SealedCall::NothingSent => None,
        wallet_sdk::SealedCall::MayHaveBeenSent { operation, outcome_token } => {
            Some(WalletError::cancelled_outcome_unknown(operation, outcome_token))
        }
    }
}

/// What a call of `operation` (snake_case) that its caller cancelled while it ran must report
/// instead of a plain cancellation: `OutcomeUnknown`, with the outcome token that resolves it,
/// when its non-idempotent request may have been sent (it runs on and reports to the
/// abandoned-call listener); `null` when nothing was sent. The generated Swift calls it when a
/// `Task` is cancelled, on the thread where uniffi dropped the call (ADRs 0005, 0016, 0027).
#[uniffi::export]
pub fn cancelled_call_error(operation: String) -> Option<WalletError> {
    let Some(op) = wallet_sdk::operations::by_name(&operation).filter(|op| !op.idempotent) else {
        return None;
    };
    match SEALED_ON_THIS_THREAD.with(|left| left.borrow_mut().take()) {
        // left by a call of this operation: one of another is not this call's
        Some(wallet_sdk::SealedCall::MayHaveBeenSent { operation, .. }) if operation != op.name => {
            Some(WalletError::cancelled_outcome_unknown(op.name, None))
        }
        Some(sealed) => sealed_error(sealed),
        // not dropped here: nothing says that the request did not leave
        None => Some(WalletError::cancelled_outcome_unknown(op.name, None)),
    }
}

impl IntoFfi<()> for () {
    fn into_ffi(self) {}
}

/// The client of the wallet service. Thread-safe; one connection pool per client (and its
/// copies). Every operation is an async method (Kotlin `suspend`, Swift `async throws`).
#[derive(uniffi::Object)]
pub struct WalletClient {
    core: wallet_sdk::Client,
    token: Option<Arc<CancelToken>>,
}

impl WalletClient {
    fn copy(&self, core: wallet_sdk::Client, token: Option<Arc<CancelToken>>) -> Arc<WalletClient> {
        Arc::new(WalletClient { core, token })
    }

    pub(crate) fn core(&self) -> &wallet_sdk::Client {
        &self.core
    }

    pub(crate) fn token(&self) -> Option<Arc<CancelToken>> {
        self.token.clone()
    }
}

#[uniffi::export]
impl WalletClient {
    /// Builds a client; fails with `InvalidInput` / `InsecureTransport` on a bad configuration.
    #[uniffi::constructor]
    pub fn new(config: WalletClientConfig) -> Result<Arc<WalletClient>, WalletError> {
        let handle = runtime();
        let _rt = handle.enter();
        let core = builder_from(config)?.build()?;
        Ok(Arc::new(WalletClient { core, token: None }))
    }

    /// A client from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`.
    #[uniffi::constructor]
    pub fn from_env() -> Result<Arc<WalletClient>, WalletError> {
        let handle = runtime();
        let _rt = handle.enter();
        Ok(Arc::new(WalletClient { core: wallet_sdk::Client::from_env()?, token: None }))
    }

    /// The base URL in use.
    pub fn base_url(&self) -> String {
        self.core.base_url().to_string()
    }

    /// Replaces the credential of this client and all its copies (key rotation).
    pub fn set_credential(&self, credential: Arc<Secret>) -> Result<(), WalletError> {
        Ok(self.core.set_credential(credential.0.expose())?)
    }

    /// The API key's expiry (Unix seconds), if the credential is a JWT with `exp`.
    pub fn expires_at_unix(&self) -> Option<i64> {
        self.core.credential().expires_at_unix()
    }

    /// A copy (same pool and credential) with another per-attempt timeout.
    pub fn with_timeout_ms(&self, timeout_ms: i64) -> Result<Arc<WalletClient>, WalletError> {
        let timeout = Duration::from_millis(unsigned("timeout_ms", timeout_ms)?);
        Ok(self.copy(self.core.with_timeout(timeout), self.token.clone()))
    }

    /// A copy (same pool and credential) with another number of attempts (1 = no retries), the
    /// back-off of this client unchanged.
    pub fn with_max_attempts(&self, max_attempts: i32) -> Result<Arc<WalletClient>, WalletError> {
        let max_attempts: u32 = unsigned("max_attempts", max_attempts)?;
        let policy = wallet_sdk::RetryPolicy { max_attempts, ..self.core.retry_policy() };
        policy.check()?;
        Ok(self.copy(self.core.with_retry_policy(policy), self.token.clone()))
    }

    /// A copy whose calls end with `WalletError.Cancelled` (and abort their HTTP request) as
    /// soon as `token` is cancelled.
    pub fn with_cancel_token(&self, token: Arc<CancelToken>) -> Arc<WalletClient> {
        self.copy(self.core.clone(), Some(token))
    }

    /// Sets the listener told what became of a non-idempotent call (a create, a send, a
    /// passphrase change…) whose caller stopped waiting — a cancelled coroutine or token, a
    /// caller's timeout — after its request may have been sent: such a call runs to completion
    /// in the background. `None` removes it. Shared by this client and all its copies. The
    /// listener is called on a background thread (never the caller's), once per abandoned call;
    /// an exception it throws is ignored.
    pub fn set_abandoned_call_listener(&self, listener: Option<Arc<dyn AbandonedCallListener>>) {
        self.core.set_abandoned_call_hook(listener.map(crate::abandoned::hook));
    }

    /// Sets the logger told about every finished call (operation, attempts, status, latency,
    /// error kind, request id; never a secret); `None` removes it. Shared by this client and
    /// all its copies.
    pub fn set_logger(&self, logger: Option<Arc<dyn crate::logger::WalletLogger>>) {
        self.core.set_call_hook(logger.map(crate::logger::hook));
    }

    /// Runs any of the 43 operations by its snake_case name (`wallet_balance`, …), untyped:
    /// `arguments_json` is a JSON object of the SDK's parameter names (`wallet_name`,
    /// `passphrase`, `amount` as decimal text, …) and the answer's `data` comes back as JSON
    /// text, with secret fields redacted (use the typed method to read a secret). Same
    /// credential, validation, retries and non-idempotent rules as the typed methods; meant for
    /// answers whose shape a typed result cannot read. Bad JSON or a non-object is
    /// `InvalidInput` naming `arguments_json`.
    pub async fn call(&self, operation: String, arguments_json: String) -> Result<String, WalletError> {
        let arguments = wallet_sdk::call_arguments_from_json(&arguments_json)?;
        let c = self.core.clone();
        let name = operation.clone();
        guarded(async move { c.call(&name, &arguments).await }, self.token.clone(), Some(&operation)).await
    }
}

/// The input types of `core/src/description.rs` as Kotlin and Swift see them.
pub(crate) mod exported_types {
    pub type Text = String;
    pub type Secret = std::sync::Arc<crate::Secret>;
    pub type Amount = crate::Amount;
    /// Signed, as Kotlin and Java callers expect; a negative value is `InvalidInput`.
    pub type Count = i32;
    pub type Flag = bool;
    pub type TextList = Vec<String>;
    pub type CountList = Vec<i32>;
    pub type AddressType = crate::AddressType;
}

/// A required input lent to the core method as the type it takes; `field` names it in an
/// `InvalidInput`.
pub(crate) trait CoreArg<'a> {
    type Core;
    fn core_arg(&'a self, field: &str) -> wallet_sdk::Result<Self::Core>;
}
impl<'a> CoreArg<'a> for String {
    type Core = &'a str;
    fn core_arg(&'a self, _: &str) -> wallet_sdk::Result<&'a str> {
        Ok(self)
    }
}
impl<'a> CoreArg<'a> for Arc<Secret> {
    type Core = &'a wallet_sdk::Secret;
    fn core_arg(&'a self, _: &str) -> wallet_sdk::Result<&'a wallet_sdk::Secret> {
        Ok(&self.0)
    }
}
impl CoreArg<'_> for Amount {
    type Core = wallet_sdk::Amount;
    fn core_arg(&self, _: &str) -> wallet_sdk::Result<wallet_sdk::Amount> {
        Ok(self.clone().into())
    }
}
impl CoreArg<'_> for i32 {
    type Core = u32;
    fn core_arg(&self, field: &str) -> wallet_sdk::Result<u32> {
        unsigned(field, *self)
    }
}
impl CoreArg<'_> for Vec<String> {
    type Core = Vec<String>;
    fn core_arg(&self, _: &str) -> wallet_sdk::Result<Vec<String>> {
        Ok(self.clone())
    }
}
impl CoreArg<'_> for Vec<i32> {
    type Core = Vec<u32>;
    fn core_arg(&self, field: &str) -> wallet_sdk::Result<Vec<u32>> {
        self.iter().map(|v| unsigned(field, *v)).collect()
    }
}
impl CoreArg<'_> for AddressType {
    type Core = wallet_sdk::AddressType;
    fn core_arg(&self, _: &str) -> wallet_sdk::Result<wallet_sdk::AddressType> {
        Ok(self.clone().into())
    }
}

/// One exported operation: an async method that runs the core call on the shared runtime;
/// with optional inputs, an options record that defaults to none.
macro_rules! exported_method {
    ([$(#[doc = $doc:literal])*] $name:ident ($($arg:ident : $ty:ident),*) [$oname:ident] -> $ret:ident) => {
        #[uniffi::export]
        impl WalletClient {
            $(#[doc = $doc])*
            #[uniffi::method(default(options = None))]
            pub async fn $name(&self, $($arg: exported_types::$ty,)* options: Option<$oname>) -> Result<$ret, WalletError> {
                let c = self.core.clone();
                let call = async move {
                    let options: wallet_sdk::$oname = options.unwrap_or_default().try_into()?;
                    c.$name($(CoreArg::core_arg(&$arg, stringify!($arg))?,)* options).await
                };
                guarded(call, self.token.clone(), Some(stringify!($name))).await
            }
        }
    };
    ([$(#[doc = $doc:literal])*] $name:ident ($($arg:ident : $ty:ident),*) [] -> $ret:ident) => {
        #[uniffi::export]
        impl WalletClient {
            $(#[doc = $doc])*
            pub async fn $name(&self, $($arg: exported_types::$ty),*) -> Result<$ret, WalletError> {
                let c = self.core.clone();
                let call = async move { c.$name($(CoreArg::core_arg(&$arg, stringify!($arg))?),*).await };
                guarded(call, self.token.clone(), Some(stringify!($name))).await
            }
        }
    };
}

/// The options record of an operation (once: `[shared]` ones are declared by an earlier one).
macro_rules! exported_options {
    ([shared] $($rest:tt)*) => {};
    ([] $(#[doc = $odoc:literal])* $oname:ident { $( $(#[doc = $fdoc:literal])* $f:ident : $ft:ident ),* }) => {
        $(#[doc = $odoc])*
        #[derive(Clone, Debug, Default, uniffi::Record)]
        pub struct $oname {
            $( $(#[doc = $fdoc])* #[uniffi(default = None)] pub $f: Option<exported_types::$ft>, )*
        }
        impl TryFrom<$oname> for wallet_sdk::$oname {
            type Error = wallet_sdk::Error;
            fn try_from(o: $oname) -> wallet_sdk::Result<Self> {
                let mut out = wallet_sdk::$oname::default();
                $( out.$f = o.$f.map(|v| v.into_core(stringify!($f))).transpose()?; )*
                Ok(out)
            }
        }
    };
}

macro_rules! declare_exported {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $f:ident : $ft:ident [$($fw:tt)*]),* })?]})*) => {
        $(
            exported_method!([$(#[doc = $doc])*] $name ($($arg : $ty),*) [$($oname)?] -> $ret);
            $( exported_options!([$($shared)?] $(#[doc = $odoc])* $oname { $( $(#[doc = $fdoc])* $f : $ft ),* }); )?
        )*

        /// The snake_case names of the exported operations, in declaration order.
        pub const EXPORTED_OPERATIONS: &[&str] = &[$(stringify!($name)),*];

        /// The operations on the JVM's call path (`fast.rs`): each reads the client and its
        /// arguments in the order of the method's parameters and calls the method itself.
        pub(crate) const FAST_OPERATIONS: &[(&str, crate::fast::Start)] = &[$(
            (stringify!($name), |args| {
                let client = crate::fast::client(args)?;
                $( let $arg: exported_types::$ty = crate::fast::read(args)?; )*
                $( let options: Option<$oname> = crate::fast::read(args)?; )?
                Ok(Box::pin(async move {
                    let result = client.$name($($arg,)* $({ let options: Option<$oname> = options; options })?).await;
                    crate::fast::finish_operation(&client, stringify!($name), result)
                }))
            }),
        )*];

    };
}

wallet_sdk::for_each_operation!(declare_exported);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{wallet_error_info, AbandonedCallInfo};
    use std::pin::Pin;

    #[test]
    fn every_operation_of_the_core_table_is_exported() {
        let mut table: Vec<&str> = wallet_sdk::operations::ALL.iter().map(|op| op.name).collect();
        assert_eq!(table.len(), 43);
        table.extend(wallet_sdk::operations::VARIANTS.iter().map(|v| v.method_name));
        let mut exported: Vec<&str> = EXPORTED_OPERATIONS.to_vec();
        let mut expected = table.clone();
        exported.sort();
        expected.sort();
        assert_eq!(exported, expected);
    }

    #[test]
    fn panics_become_internal_errors() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let e = rt.block_on(crate::testing::self_test_panic("boom".into())).unwrap_err();
        assert_eq!(e.kind_name(), "internal");
        // fixed text: a panic's own may quote anything (it goes to the debug log, scrubbed)
        assert_eq!(e.to_string(), wallet_sdk::panic::INTERNAL_ERROR);
        let e = crate::testing::self_test_panic_sync("boom".into()).unwrap_err();
        assert_eq!((e.kind_name(), e.to_string()), ("internal", wallet_sdk::panic::INTERNAL_ERROR.to_string()));
    }

    #[test]
    fn core_errors_keep_message_and_fields() {
        let e: WalletError = wallet_sdk::Amount::from_ltc("0.123456789").unwrap_err().into();
        assert_eq!(e.kind_name(), "invalid_input");
        assert_eq!(e.to_string(), "invalid input `amount`: `0.123456789` is not a valid LTC amount: more than 8 decimals");
        assert!(matches!(e, WalletError::InvalidInput { ref field, .. } if field.as_deref() == Some("amount")));
    }

    /// A loopback HTTP server that answers each request, after `delay`, with a 200 and `body`;
    /// every request it read goes to the returned receiver.
    fn scripted_server(delay: Duration, body: &'static str) -> (String, std::sync::mpsc::Receiver<String>) {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for sock in listener.incoming() {
                let (mut sock, tx) = (sock.unwrap(), tx.clone());
                std::thread::spawn(move || {
                    let mut buf = Vec::new();
                    let mut chunk = [0u8; 4096];
                    let complete = |b: &[u8]| {
                        let Some(end) = b.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
                        let head = String::from_utf8_lossy(&b[..end]).to_ascii_lowercase();
                        let len = head.lines().find_map(|l| l.strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap())).unwrap_or(0);
                        b.len() >= end + 4 + len
                    };
                    while !complete(&buf) {
                        match sock.read(&mut chunk) {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    }
                    let _ = tx.send(String::from_utf8_lossy(&buf).to_string());
                    std::thread::sleep(delay);
                    let answer = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nx-request-id: req-1\r\nconnection: close\r\n\r\n{body}", body.len());
                    let _ = sock.write_all(answer.as_bytes());
                });
            }
        });
        (url, rx)
    }

    fn client_for(url: &str) -> Arc<WalletClient> {
        WalletClient::new(client_config_for(url)).unwrap()
    }

    fn client_config_for(url: &str) -> WalletClientConfig {
        WalletClientConfig {
            base_url: url.to_string(),
            credential: Secret::new("http://user:pass@127.0.0.1:9".into()),
            connect_timeout_ms: None,
            timeout_ms: Some(10_000),
            max_attempts: Some(1),
            base_backoff_ms: None,
            max_backoff_ms: None,
            user_agent_suffix: None,
            max_response_bytes: None,
            allow_insecure_http: false,
            root_certificates_pem: vec![],
            tls_certs_only: false,
            proxy: None,
            no_proxy: true,
            expiry_skew_seconds: None,
            settle_time_ms: None,
            state_key: None,
            address_type_codes: None,
        }
    }

    #[test]
    fn a_printed_config_shows_no_password() {
        let config = WalletClientConfig {
            proxy: Some(Secret::new("http://alice:S3cret-proxy@proxy.example:3128".into())),
            state_key: Some(Secret::new("S3cret-state-key-of-32-characters-or-more".into())),
            ..WalletClientConfig::clone(&client_config_for("http://127.0.0.1:9"))
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("S3cret") && !shown.contains("user:pass"), "{shown}");
    }

    struct Listener(std::sync::Mutex<std::sync::mpsc::Sender<AbandonedCallInfo>>);

    impl AbandonedCallListener for Listener {
        fn on_abandoned_call(&self, call: AbandonedCallInfo) {
            self.0.lock().unwrap().send(call).unwrap();
        }
    }

    /// A create whose result reached the component just as its caller cancelled: taken back from
    /// the queue, its secret handles are released and the listener is told the create succeeded,
    /// whether the cancel comes before the batch is handed out or the completion thread gives it
    /// back unread.
    #[test]
    fn a_result_nobody_reads_is_released_and_its_success_reported() {
        let client = client_for("http://127.0.0.1:9");
        let (tx, told) = std::sync::mpsc::channel();
        client.set_abandoned_call_listener(Some(Arc::new(Listener(std::sync::Mutex::new(tx)))));
        let created = |name: &str| {
            let passphrase = crate::Secret::new("pass-phrase-1".into());
            let weak = Arc::downgrade(&passphrase);
            let wallet = crate::models::CreatedEncryptedWallet {
                passphrase,
                wallet_name: Some(name.into()),
                encrypted: Some(true),
                importable: None,
                hd_seed_id: None,
                official_address: None,
                raw_json: format!(r#"{{"walletName":"{name}","encryptedPassphrase":"[REDACTED]"}}"#),
            };
            (crate::fast::finish_operation(&client, "create_encrypted_wallet", Ok(wallet)), weak)
        };
        // the call ids of a channel of its own, as a class loader of the Kotlin has
        let channel = crate::fast::wallet_sdk_ffi_fast_open();
        assert!(channel > 0);
        let (queued, handed_out) = (channel << 40 | 41, channel << 40 | 42);
        // cancelled while still queued
        let (finished, handle) = created("w-queued");
        assert!(handle.upgrade().is_some(), "the written result holds the handle");
        crate::fast::push_for_test(queued, finished, None);
        crate::fast::wallet_sdk_ffi_fast_cancel(queued);
        assert!(handle.upgrade().is_none(), "the handle is released");
        let call = told.recv_timeout(Duration::from_secs(5)).expect("the listener is told");
        assert_eq!((call.operation.as_str(), call.succeeded), ("create_encrypted_wallet", true));
        assert!(call.raw_json.as_deref().unwrap().contains("w-queued") && !call.raw_json.unwrap().contains("pass-phrase-1"));
        // handed out, then given back unread by the completion thread
        let (finished, handle) = created("w-handed-out");
        crate::fast::push_for_test(handed_out, finished, None);
        crate::fast::hand_out_for_test(handed_out);
        crate::fast::wallet_sdk_ffi_fast_unread(handed_out);
        assert!(handle.upgrade().is_none());
        assert!(told.recv_timeout(Duration::from_secs(5)).unwrap().raw_json.unwrap().contains("w-handed-out"));
        // a read's result is released and reported to nobody
        assert!(told.recv_timeout(Duration::from_millis(200)).is_err());
        // a result under a call id of no opened channel is abandoned at once, never queued
        let (finished, handle) = created("w-no-channel");
        crate::fast::push_for_test(-43, finished, None);
        assert!(handle.upgrade().is_none());
        assert!(told.recv_timeout(Duration::from_secs(5)).unwrap().raw_json.unwrap().contains("w-no-channel"));
    }

    /// A create that finished as its caller cancelled, the completion thread giving its result
    /// back unread before the cancel reached the component: the cancel still says the request
    /// may have left, with its outcome token, never "nothing sent".
    #[test]
    fn a_cancel_after_its_result_was_given_back_unread_still_says_it_may_have_left() {
        // a service that takes the connection and never answers
        let service = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let client = client_for(&format!("http://{}", service.local_addr().unwrap()));
        let cell = wallet_sdk::OutcomeTokenCell::new();
        let create = cell.record(client.core.create_wallet("w-given-back"));
        let given_up = crate::runtime().block_on(async { tokio::time::timeout(Duration::from_millis(300), create).await });
        assert!(given_up.is_err(), "the service never answers");
        let channel = crate::fast::wallet_sdk_ffi_fast_open();
        let call = channel << 40 | 44;
        crate::fast::push_for_test(call, crate::fast::failed_for_test(), Some(cell));
        crate::fast::hand_out_for_test(call);
        // the caller took the call back, so the completion thread gives it back unread...
        crate::fast::wallet_sdk_ffi_fast_unread(call);
        // ...and the caller's cancel comes after
        let length = crate::fast::wallet_sdk_ffi_fast_cancel(call);
        assert!(length > 0, "the cancel says the create may have left");
        let mut error = vec![0u8; length as usize];
        assert_eq!(unsafe { crate::fast::wallet_sdk_ffi_fast_cancelled_error(error.as_mut_ptr(), length) }, length);
        let error = <WalletError as uniffi::Lift<crate::UniFfiTag>>::try_read(&mut &error[..]).unwrap();
        assert!(format!("{error:?}").contains("create_wallet"), "{error:?}");
        // a second cancel finds nothing left to seal
        assert_eq!(crate::fast::wallet_sdk_ffi_fast_cancel(call), 0);
    }

    /// Call ids come from the library: a call under an id it did not issue to the channel that
    /// starts it (another channel's, one never issued, one of a channel never opened) is refused
    /// before anything is read or started, so no loader's result can reach another's.
    #[test]
    fn a_call_starts_only_under_an_id_issued_to_its_channel() {
        let (mine, other) = (crate::fast::wallet_sdk_ffi_fast_open(), crate::fast::wallet_sdk_ffi_fast_open());
        let issued = crate::fast::wallet_sdk_ffi_fast_next_call(mine);
        assert_eq!(issued >> 40, mine);
        assert_eq!(crate::fast::wallet_sdk_ffi_fast_next_call(mine), issued + 1, "one id after another");
        let others = crate::fast::wallet_sdk_ffi_fast_next_call(other);
        assert_eq!(crate::fast::wallet_sdk_ffi_fast_next_call(63), -1, "a channel never opened issues nothing");
        // refused without reading the arguments (a null pointer here)
        let start = |channel, call| unsafe { crate::fast::wallet_sdk_ffi_fast_call(channel, 0, std::ptr::null(), 0, call) };
        assert_eq!(start(mine, others), -1, "another channel's id");
        assert_eq!(start(mine, issued + 1000), -1, "an id not issued yet");
        assert_eq!(start(mine, mine << 40), -1, "counter 0 is never issued");
        assert_eq!(start(63, 63 << 40 | 1), -1);
        // an issued id starts (an unknown method: its failure is queued for the channel)
        assert_eq!(start(mine, issued), 0);
        let mut out = vec![0u8; 24];
        assert_eq!(unsafe { crate::fast::wallet_sdk_ffi_fast_wait(mine, out.as_mut_ptr(), 1) }, 1);
        assert_eq!(i64::from_ne_bytes(out[..8].try_into().unwrap()), issued);
    }

    /// One waiter per channel: a second thread waiting on the same channel is refused at once
    /// (the results the first was handed stay its own), and a channel that was never opened
    /// has no waiter at all.
    #[test]
    fn a_channel_has_one_waiter_at_a_time() {
        let channel = crate::fast::wallet_sdk_ffi_fast_open();
        let mut out = vec![0u8; 24 * 4];
        let waiting = {
            let mut own = vec![0u8; 24 * 4];
            std::thread::spawn(move || unsafe { crate::fast::wallet_sdk_ffi_fast_wait(channel, own.as_mut_ptr(), 4) })
        };
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(unsafe { crate::fast::wallet_sdk_ffi_fast_wait(channel, out.as_mut_ptr(), 4) }, -1, "a second waiter");
        assert_eq!(unsafe { crate::fast::wallet_sdk_ffi_fast_wait(63, out.as_mut_ptr(), 4) }, -1, "a channel never opened");
        assert_eq!(unsafe { crate::fast::wallet_sdk_ffi_fast_wait(-1, out.as_mut_ptr(), 4) }, -1);
        // the first waiter gets the result of its channel
        crate::fast::push_for_test(channel << 40 | 7, crate::fast::failed_for_test(), None);
        assert_eq!(waiting.join().unwrap(), 1);
    }

    /// A blocking Java call that finished as its thread was interrupted: the interrupt's cancel
    /// finds the task done, and its result is released and reported, not dropped.
    #[test]
    fn a_blocking_call_that_finished_as_its_thread_gave_up_is_reported() {
        let client = client_for("http://127.0.0.1:9");
        let (tx, told) = std::sync::mpsc::channel();
        client.set_abandoned_call_listener(Some(Arc::new(Listener(std::sync::Mutex::new(tx)))));
        let passphrase = crate::Secret::new("pass-phrase-2".into());
        let handle = Arc::downgrade(&passphrase);
        let wallet = crate::models::CreatedEncryptedWallet {
            passphrase,
            wallet_name: Some("w-blocking".into()),
            encrypted: Some(true),
            importable: None,
            hd_seed_id: None,
            official_address: None,
            raw_json: r#"{"walletName":"w-blocking"}"#.into(),
        };
        let finished = crate::fast::finish_operation(&client, "create_encrypted_wallet", Ok(wallet));
        let task = crate::runtime().spawn(async move { finished });
        while !task.is_finished() {
            std::thread::sleep(Duration::from_millis(1));
        }
        crate::blocking::set_current_for_test(task);
        crate::blocking::wallet_sdk_ffi_fast_blocking_cancel();
        let call = told.recv_timeout(Duration::from_secs(5)).expect("the listener is told");
        assert_eq!((call.operation.as_str(), call.succeeded), ("create_encrypted_wallet", true));
        assert!(handle.upgrade().is_none(), "the handle is released");
    }

    /// Runs `call` with a token cancelled 200 ms after it started.
    fn cancelled_after_200ms<T>(call: impl FnOnce(Arc<WalletClient>) -> Pin<Box<dyn Future<Output = Result<T, WalletError>>>>, client: &WalletClient) -> WalletError {
        let token = CancelToken::new();
        let c = client.with_cancel_token(token.clone());
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            token.cancel();
        });
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(call(c)).err().expect("the call must fail")
    }

    #[test]
    fn a_token_cancelled_create_is_outcome_unknown_and_the_listener_is_told() {
        let (url, requests) = scripted_server(Duration::from_millis(800), r#"{"successful":true,"message":"ok","data":{"walletName":"w1"}}"#);
        let client = client_for(&url);
        let (tx, told) = std::sync::mpsc::channel();
        client.set_abandoned_call_listener(Some(Arc::new(Listener(std::sync::Mutex::new(tx)))));
        let e = cancelled_after_200ms(|c| Box::pin(async move { c.create_wallet("w1".into()).await }), &client);
        assert_eq!(e.kind_name(), "outcome_unknown");
        assert_eq!(e.to_string(), "create_wallet: outcome unknown: the call was cancelled after its request may have been sent; it runs to completion in the background and its outcome goes to the abandoned-call listener — check whether it took effect before trying again");
        let info = e.info();
        assert!(!info.retryable);
        assert_eq!(info.operation.as_deref(), Some("create_wallet"));
        let token = info.outcome_token.expect("a token resolves what was cancelled");
        assert!(token.contains(r#""operation":"create_wallet""#) && token.contains(r#""wallet_name":"w1""#), "{token}");
        let call = told.recv_timeout(Duration::from_secs(10)).expect("the listener is told");
        assert_eq!(call.operation, "create_wallet");
        assert!(call.succeeded, "{call:?}");
        assert_eq!(call.status, Some(200));
        assert_eq!(call.request_id.as_deref(), Some("req-1"));
        assert!(call.error.is_none());
        assert!(call.raw_json.as_deref().unwrap().contains("w1"), "{call:?}");
        assert!(requests.recv_timeout(Duration::from_secs(1)).unwrap().starts_with("POST /api/Wallet/create "));
        assert!(requests.recv_timeout(Duration::from_millis(300)).is_err(), "sent exactly once");
    }

    #[test]
    fn a_token_cancelled_read_is_cancelled() {
        let (url, _requests) = scripted_server(Duration::from_millis(800), r#"{"successful":true,"data":{"confirmed":0,"unconfirmed":0}}"#);
        let client = client_for(&url);
        let e = cancelled_after_200ms(|c| Box::pin(async move { c.wallet_balance("w1".into()).await }), &client);
        assert_eq!(e.kind_name(), "cancelled");
        assert_eq!(e.to_string(), "the call was cancelled");
    }

    #[test]
    fn an_unreadable_answer_to_a_create_keeps_its_raw_body() {
        let (url, _requests) = scripted_server(Duration::ZERO, "<html>gateway says hi</html>");
        let client = client_for(&url);
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let e = rt.block_on(client.create_wallet("w1".into())).unwrap_err();
        let info = wallet_error_info(e.clone());
        assert_eq!(info.kind, "outcome_unknown", "{e}");
        assert!(!info.retryable);
        assert_eq!(info.status, Some(200));
        assert!(info.raw_body.as_deref().is_some_and(|b| b.contains("gateway says hi")), "{info:?}");
    }

    #[test]
    fn the_untyped_call_takes_a_json_object() {
        let (url, requests) = scripted_server(Duration::ZERO, r#"{"successful":true,"data":{"walletName":"w1","confirmed":1.5}}"#);
        let client = client_for(&url);
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let json = rt.block_on(client.call("wallet_balance".into(), r#"{"wallet_name":"w1"}"#.into())).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&json).unwrap()["confirmed"].to_string(), "1.5");
        assert!(requests.recv().unwrap().starts_with("GET /api/Wallet/balance"));
        for (text, message) in [
            (r#""my secret words""#, "invalid input `arguments_json`: must be a JSON object of arguments, not a string"),
            ("[1]", "invalid input `arguments_json`: must be a JSON object of arguments, not an array"),
            (r#"{"wallet_name": "my secret"#, "invalid input `arguments_json`: not valid JSON: EOF while parsing a string at line 1 column 26"),
        ] {
            let e = rt.block_on(client.call("import_wallet".into(), text.into())).unwrap_err();
            assert_eq!(e.kind_name(), "invalid_input");
            assert_eq!(e.to_string(), message);
            assert_eq!(e.info().field.as_deref(), Some("arguments_json"));
        }
        // this library's serde_json may have no depth limit (a build dependency turns on
        // `unbounded_depth`): a million levels are refused before parsing, not a stack overflow
        let deep = format!(r#"{{"wallet_name":{}1{}}}"#, "[".repeat(1_000_000), "]".repeat(1_000_000));
        for (text, message) in [(deep.as_str(), "invalid input `arguments_json`: the JSON nests deeper than 128 levels")] {
            let e = rt.block_on(client.call("import_wallet".into(), text.into())).unwrap_err();
            assert_eq!(e.kind_name(), "invalid_input");
            assert_eq!(e.to_string(), message);
            assert_eq!(e.info().field.as_deref(), Some("arguments_json"));
        }
        let e = rt.block_on(client.call("no_such_operation".into(), "{}".into())).unwrap_err();
        assert_eq!(e.kind_name(), "invalid_input");
        assert_eq!(e.info().field.as_deref(), Some("operation"));
    }

    #[test]
    fn secrets_never_print() {
        let sec = Secret::new("hunter2-secret".into());
        assert_eq!(sec.to_string(), "[REDACTED]");
        assert_eq!(format!("{sec:?}"), "Secret([REDACTED])");
        assert_eq!(sec.reveal(), "hunter2-secret");
        let opts = CreateAddressOptions { passphrase: Some(sec), ..Default::default() };
        assert!(!format!("{opts:?}").contains("hunter2"));
    }
}
