//! `NativeClient`: the core's `Client` for JavaScript, with its settings from the one list
//! (`wallet_sdk::for_each_client_setting!`, by the camelCase names of Kotlin's and Swift's
//! `WalletClientConfig`), any operation by name, cancellation and `resolve`.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use napi::bindgen_prelude::Unknown;
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi_derive::napi;
use serde_json::{json, Map, Value};
use tokio::sync::oneshot;
use wallet_sdk::{AddressTypeCodes, Client, ClientBuilder, Error, OutcomeTokenCell, Secret};

use crate::values;

/// What the JavaScript catches from the constructor: this prefix, then the error as JSON.
const ERROR_PREFIX: &str = "wallet-sdk-error:";

/// A setting's value, as its kind takes it (`wallet_sdk::for_each_client_setting!`).
macro_rules! setting_value {
    ($v:ident, $key:ident, Duration, ms) => { Duration::from_millis(whole($key, $v)?) };
    ($v:ident, $key:ident, Duration, s) => { Duration::from_secs(whole($key, $v)?) };
    ($v:ident, $key:ident, Count, $unit:ident) => { u32::try_from(whole($key, $v)?).map_err(|_| Error::invalid_input($key, "is too large"))? };
    ($v:ident, $key:ident, Bytes, $unit:ident) => { usize::try_from(whole($key, $v)?).map_err(|_| Error::invalid_input($key, "is too large"))? };
    ($v:ident, $key:ident, Text, $unit:ident) => { text($key, $v)? };
    ($v:ident, $key:ident, Flag, $unit:ident) => { $v.as_bool().ok_or_else(|| Error::invalid_input($key, "must be true or false"))? };
    ($v:ident, $key:ident, SecretText, $unit:ident) => { &Secret::new(text($key, $v)?) };
    ($v:ident, $key:ident, Codes, $unit:ident) => { codes($key, $v)? };
}

macro_rules! declare_node_settings {
    (settings: $( $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr, )*) => {
        /// Every optional setting: its name in JavaScript (the FFI's, in camelCase, with its
        /// unit), its kind and its documentation.
        pub const SETTINGS: &[(&str, &str, &[&str])] = &[ $( (stringify!($ffi), stringify!($kind), &[$($doc),*]) ),* ];

        /// The builder with the settings given (camelCase names); an unknown name is refused.
        fn apply_settings(mut b: ClientBuilder, given: &Map<String, Value>) -> Result<ClientBuilder, Error> {
            'given: for (key, v) in given {
                let key = key.as_str();
                if v.is_null() {
                    continue;
                }
                $(
                    if key == camel(stringify!($ffi)) {
                        b = apply_setting!(b, v, key, $kind, $unit, $apply);
                        continue 'given;
                    }
                )*
                return Err(Error::invalid_input(key, "is not a setting of the client"));
            }
            Ok(b)
        }
    };
}

/// One setting applied (a list of PEM texts one at a time).
macro_rules! apply_setting {
    ($b:ident, $v:ident, $key:ident, Pems, $unit:ident, $apply:expr) => {{
        let pems = $v.as_array().ok_or_else(|| Error::invalid_input($key, "must be a list of PEM texts"))?;
        let mut b = $b;
        for pem in pems {
            b = ($apply)(b, text($key, pem)?);
        }
        b
    }};
    ($b:ident, $v:ident, $key:ident, $kind:ident, $unit:ident, $apply:expr) => { ($apply)($b, setting_value!($v, $key, $kind, $unit)) };
}

wallet_sdk::for_each_client_setting!(declare_node_settings);

/// `snake_case` as `camelCase` (the core's rule for the service's field names).
pub fn camel(snake: &str) -> String {
    wallet_sdk::fields::wire_name_from_attrs(snake, &[])
}

fn whole(key: &str, v: &Value) -> Result<u64, Error> {
    v.as_u64().ok_or_else(|| Error::invalid_input(key, "must be a whole number, not negative"))
}

fn text(key: &str, v: &Value) -> Result<String, Error> {
    v.as_str().map(str::to_string).ok_or_else(|| Error::invalid_input(key, "must be a string"))
}

/// `{legacy, p2shSegwit, bech32, mweb}`: the codes given, the others the defaults.
fn codes(key: &str, v: &Value) -> Result<AddressTypeCodes, Error> {
    let given = v.as_object().ok_or_else(|| Error::invalid_input(key, "must be an object of codes"))?;
    let mut codes = AddressTypeCodes::default();
    for (name, code) in given {
        let slot = match name.as_str() {
            "legacy" => &mut codes.legacy,
            "p2shSegwit" => &mut codes.p2sh_segwit,
            "bech32" => &mut codes.bech32,
            "mweb" => &mut codes.mweb,
            other => return Err(Error::invalid_input(key, format!("{other:?} is not an address type (legacy, p2shSegwit, bech32, mweb)"))),
        };
        *slot = code.as_i64().and_then(|c| i32::try_from(c).ok()).ok_or_else(|| Error::invalid_input(key, "a code must be an integer"))?;
    }
    Ok(codes)
}

/// The JavaScript function told of every call (`onCall`): given the event alone, and weak, so
/// that it never keeps Node's event loop alive.
pub type CallListener = ThreadsafeFunction<Value, Unknown<'static>, Value, napi::Status, false, true>;

/// A call's cancellation: its sender once the call waits, or the cancel that came first.
pub enum CancelSlot {
    Waiting(oneshot::Sender<()>),
    Cancelled,
}

/// The core's client for JavaScript (`Client` of the package wraps it).
#[napi]
pub struct NativeClient {
    client: Client,
    cancels: Cancels,
}

impl NativeClient {
    /// The core's client.
    pub fn core(&self) -> &Client {
        &self.client
    }

    /// The registry of this client's cancellable calls (its pagers and event streams share it).
    pub fn cancels(&self) -> Cancels {
        self.cancels.clone()
    }

    /// [`until_cancelled`] of this client's calls.
    pub async fn read(&self, cancel_id: Option<u32>, run: impl Future<Output = Value>) -> Value {
        read(&self.cancels, cancel_id, run).await
    }
}

/// A client's cancellable calls, by id.
pub type Cancels = Arc<Mutex<HashMap<u32, CancelSlot>>>;

/// `run`'s answer, or `None` once `cancel(cancelId)` came (before it started too): the future is
/// dropped, so nothing of it keeps running (or keeps Node's event loop alive).
pub async fn until_cancelled(cancels: &Cancels, cancel_id: Option<u32>, run: impl Future<Output = Value>) -> Option<Value> {
    let Some(id) = cancel_id else { return Some(run.await) };
    let (tx, rx) = oneshot::channel();
    {
        let mut slots = cancels.lock().unwrap_or_else(PoisonError::into_inner);
        if matches!(slots.remove(&id), Some(CancelSlot::Cancelled)) {
            return None;
        }
        slots.insert(id, CancelSlot::Waiting(tx));
    }
    let finished = tokio::select! {
        answer = run => Some(answer),
        _ = rx => None,
    };
    cancels.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
    finished
}

/// A call's arguments: an object, or none.
fn arguments(args: Option<Value>) -> Result<Map<String, Value>, Error> {
    match args {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(m)) => Ok(m),
        Some(_) => Err(Error::invalid_input("args", "must be an object")),
    }
}

/// [`until_cancelled`] of a call that changes nothing: `{aborted}` when cancelled.
pub async fn read(cancels: &Cancels, cancel_id: Option<u32>, run: impl Future<Output = Value>) -> Value {
    until_cancelled(cancels, cancel_id, run).await.unwrap_or_else(|| json!({ "aborted": true }))
}

#[napi]
impl NativeClient {
    /// A client of `baseUrl` with `credential` (an API key or a node URL) and the optional
    /// `settings`. Throws an error whose message is `wallet-sdk-error:` and the error's JSON.
    #[napi(constructor)]
    pub fn new(
        base_url: String,
        credential: String,
        settings: Option<Value>,
        on_call: Option<CallListener>,
        on_abandoned_call: Option<CallListener>,
    ) -> napi::Result<Self> {
        let build = || -> Result<Client, Error> {
            let given = match settings {
                None | Some(Value::Null) => Map::new(),
                Some(Value::Object(m)) => m,
                Some(_) => return Err(Error::invalid_input("settings", "must be an object")),
            };
            let mut builder = apply_settings(Client::builder().base_url(base_url).credential(credential), &given)?;
            if let Some(listener) = on_call {
                // queued to JavaScript's thread without waiting: the call never waits for its listener
                builder = builder.on_call(move |e| {
                    let event = json!({
                        "operation": e.operation, "attempts": e.attempts, "status": e.status,
                        "latencyMs": e.latency.as_secs_f64() * 1000.0, "errorKind": e.error_kind.map(|k| k.as_str()), "requestId": e.request_id,
                    });
                    listener.call(event, ThreadsafeFunctionCallMode::NonBlocking);
                });
            }
            if let Some(listener) = on_abandoned_call {
                // a create or send given up after its request may have left, once it
                // ended: its data redacted, or the error its caller would have had
                builder = builder.on_abandoned_call(move |call| {
                    let (data, error) = match &call.outcome {
                        Ok(data) => (Some(data.to_string()), None),
                        Err(e) => (None, Some(values::error(e))),
                    };
                    let event = json!({
                        "operation": call.operation, "requestId": call.request_id, "status": call.status,
                        "succeeded": error.is_none(), "error": error, "rawJson": data,
                    });
                    listener.call(event, ThreadsafeFunctionCallMode::NonBlocking);
                });
            }
            builder.build()
        };
        match build() {
            Ok(client) => Ok(NativeClient { client, cancels: Arc::default() }),
            Err(e) => Err(napi::Error::from_reason(format!("{ERROR_PREFIX}{}", values::error(&e)))),
        }
    }

    /// Runs one operation (its snake_case name) with its inputs (snake_case names): `{ok}`,
    /// `{error}`, or `{aborted: true}` when `cancel(cancelId)` came before any request that
    /// changes something may have left (after one may have, the error is `outcome_unknown` with
    /// its token, and the request runs to its end in the background).
    #[napi]
    pub async fn call(&self, operation: String, args: Option<Value>, cancel_id: Option<u32>) -> Value {
        let client = self.client.clone();
        let run = async move { client.call_typed(&operation, &arguments(args)?).await };
        self.cancellable(cancel_id, async move { values::outcome(run.await, values::record) }).await
    }

    /// [`NativeClient::call`] untyped: the answer's `data` as JSON text, secret fields redacted.
    #[napi]
    pub async fn call_untyped(&self, operation: String, args: Option<Value>, cancel_id: Option<u32>) -> Value {
        let client = self.client.clone();
        let run = async move { client.call(&operation, &arguments(args)?).await };
        self.cancellable(cancel_id, async move { values::outcome(run.await, |data| Value::String(data.to_string())) }).await
    }

    /// `run` (a call's `{ok}` or `{error}`), given up when `cancel(cancelId)` comes: `{aborted}`
    /// before a request that changes something may have left, `outcome_unknown` with its token
    /// after.
    async fn cancellable(&self, cancel_id: Option<u32>, run: impl Future<Output = Value>) -> Value {
        let cell = OutcomeTokenCell::new();
        match until_cancelled(&self.cancels, cancel_id, cell.record(run)).await {
            Some(answer) => answer,
            None => match cell.seal_error() {
                Some(e) => json!({ "error": values::error(&e) }),
                None => json!({ "aborted": true }),
            },
        }
    }

    /// Gives up the call started with `cancelId` (also when it has not started waiting yet).
    #[napi]
    pub fn cancel(&self, cancel_id: u32) {
        let mut cancels = self.cancels.lock().unwrap_or_else(PoisonError::into_inner);
        match cancels.remove(&cancel_id) {
            Some(CancelSlot::Waiting(tx)) => {
                let _ = tx.send(());
            }
            _ => {
                cancels.insert(cancel_id, CancelSlot::Cancelled);
            }
        }
    }

    /// The service's base URL.
    #[napi(getter)]
    pub fn base_url(&self) -> String {
        self.client.base_url().to_string()
    }

    /// The API key's expiry in milliseconds since 1970, if it is a JWT with `exp`.
    #[napi(getter)]
    pub fn expires_at_ms(&self) -> Option<f64> {
        let at = self.client.expires_at()?;
        Some(at.duration_since(std::time::UNIX_EPOCH).ok()?.as_millis() as f64)
    }

    /// Replaces the credential of this client and of its copies (`{ok}`, or `{error}` and the
    /// old one stays).
    #[napi]
    pub fn set_credential(&self, value: String) -> Value {
        values::outcome(self.client.set_credential(value), |()| Value::Null)
    }

    /// A copy with another per-attempt timeout and retry policy (the settings' names:
    /// `timeoutMs`, `maxAttempts`, `baseBackoffMs`, `maxBackoffMs`); the copy shares the
    /// connection pool and the credential. Throws like the constructor.
    #[napi]
    pub fn with_options(&self, options: Value) -> napi::Result<NativeClient> {
        let build = || -> Result<Client, Error> {
            let given = options.as_object().ok_or_else(|| Error::invalid_input("options", "must be an object"))?;
            let mut timeout = self.client.timeout();
            let mut retry = self.client.retry_policy();
            for (key, v) in given {
                let key = key.as_str();
                if v.is_null() {
                    continue;
                }
                match key {
                    "timeoutMs" => timeout = Duration::from_millis(whole(key, v)?),
                    "maxAttempts" => retry.max_attempts = u32::try_from(whole(key, v)?).map_err(|_| Error::invalid_input(key, "is too large"))?,
                    "baseBackoffMs" => retry.base_backoff = Duration::from_millis(whole(key, v)?),
                    "maxBackoffMs" => retry.max_backoff = Duration::from_millis(whole(key, v)?),
                    _ => return Err(Error::invalid_input(key, "is not an option of withOptions (timeoutMs, maxAttempts, baseBackoffMs, maxBackoffMs)")),
                }
            }
            retry.check()?;
            Ok(self.client.with_timeout(timeout).with_retry_policy(retry))
        };
        match build() {
            Ok(client) => Ok(NativeClient { client, cancels: self.cancels.clone() }),
            Err(e) => Err(napi::Error::from_reason(format!("{ERROR_PREFIX}{}", values::error(&e)))),
        }
    }

    /// What became of the call whose error carried `token` (`{ok: resolution}` or `{error}`).
    #[napi]
    pub async fn resolve(&self, token: String, cancel_id: Option<u32>) -> Value {
        self.read(cancel_id, async { values::outcome(self.client.resolve_token(&token).await, values::resolution) }).await
    }
}
