//! A call from start to end: the exactly-once dispatch, the span and the hooks, attempts and
//! their retries, the request as it goes out and the answer as it comes back.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tracing::Instrument;

use crate::credential::{now_unix, Credential};
use crate::decode::{self, Decode, RawResponse};
use crate::raw_json::FromData;
use crate::error::{Details, Error, ErrorKind, Result};
use crate::locks::{read, write};
use crate::operations::{HttpMethod, Location, Operation, CREDENTIAL_WIRE_NAME};
use crate::raw_json::RawJson;
use crate::redact::{self, SecretForms};
use crate::request::{self, Args, BuiltRequest};
use crate::transport::{Incoming, Outgoing, SendFailure, Target};

use super::*;

pub(super) enum AttemptFailure {
    /// The request certainly never left (connect, DNS, TLS).
    NotSent(String),
    /// No complete answer in time; the request may have arrived.
    Timeout,
    /// The connection failed after the request may have been written.
    Lost(String),
    /// An error that ends the call at once (e.g. body too large).
    Fatal(Error),
}

impl Client {
    /// A builder with production defaults.
    pub fn builder() -> ClientBuilder {
        ClientBuilder::default()
    }

    /// A client configured from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`, with defaults
    /// otherwise.
    pub fn from_env() -> Result<Client> {
        Self::builder_from_env()?.build()
    }

    /// A builder preset from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`, and the state key
    /// from `WALLET_SDK_STATE_KEY` when it is set.
    pub fn builder_from_env() -> Result<ClientBuilder> {
        let base = std::env::var(ENV_BASE_URL)
            .map_err(|_| Error::config(format!("environment variable {ENV_BASE_URL} is not set")))?;
        let key = std::env::var(ENV_API_KEY)
            .map_err(|_| Error::config(format!("environment variable {ENV_API_KEY} is not set")))?;
        let builder = Client::builder().base_url(base).credential(key);
        Ok(match std::env::var(crate::ENV_STATE_KEY) {
            Ok(state_key) => builder.state_key(state_key),
            Err(_) => builder,
        })
    }

    /// What signs and checks this client's cursors and outcome tokens.
    pub(crate) fn state_key(&self) -> &Arc<crate::state_key::StateKey> {
        &self.shared.state_key
    }

    /// The base URL in use.
    pub fn base_url(&self) -> &str {
        &self.shared.base_url
    }

    /// Replaces the credential of this client and of every clone (key rotation). The new value
    /// is validated first; on error the old credential stays.
    pub fn set_credential(&self, value: impl Into<String>) -> Result<()> {
        let c = Credential::parse(value)?;
        *write(&self.shared.credential) = CurrentCredential::new(c, &self.shared.http);
        Ok(())
    }

    /// The current credential (printing it shows only `[REDACTED]`).
    pub fn credential(&self) -> Credential {
        read(&self.shared.credential).credential.clone()
    }

    /// The API key's expiry, if the credential is a JWT with `exp`.
    pub fn expires_at(&self) -> Option<std::time::SystemTime> {
        self.credential().expires_at()
    }

    /// The per-attempt timeout of this client (copy).
    pub fn timeout(&self) -> Duration {
        self.settings.timeout
    }

    /// The retry policy of this client (copy).
    pub fn retry_policy(&self) -> RetryPolicy {
        self.settings.retry
    }

    /// A copy of this client (same pool and credential) with another per-attempt timeout.
    pub fn with_timeout(&self, timeout: Duration) -> Client {
        let mut c = self.clone();
        c.settings.timeout = timeout;
        c
    }

    /// The settle time of this client (see [`ClientBuilder::settle_time`]).
    pub fn settle_time(&self) -> Duration {
        self.settings.settle_time.unwrap_or_else(|| self.settings.timeout.saturating_add(SETTLE_MARGIN))
    }

    /// A copy of this client (same pool and credential) with another settle time.
    pub fn with_settle_time(&self, settle_time: Duration) -> Client {
        let mut c = self.clone();
        c.settings.settle_time = Some(settle_time);
        c
    }

    /// A copy of this client (same pool and credential) with another retry policy.
    pub fn with_retry_policy(&self, retry: RetryPolicy) -> Client {
        let mut c = self.clone();
        c.settings.retry = retry;
        c
    }

    /// Runs any of the 43 operations by name, untyped: `arguments` maps SDK parameter names
    /// (`wallet_name`, `passphrase`, `amount` as decimal text…) to JSON values, and the answer's
    /// `data` comes back as JSON. The credential, validation, retries, the non-idempotent rules
    /// and redaction are those of the typed methods; secret fields of the answer are redacted
    /// (for answers that carry a secret, every field), so use the typed method to read one.
    /// Meant for answers whose shape the typed results cannot read.
    pub async fn call(
        &self,
        operation: &str,
        arguments: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<RawJson> {
        let op = crate::operations::by_name(operation).ok_or_else(|| {
            Error::invalid_input("operation", format!("`{operation}` is not the snake_case name of one of the 43 operations, such as `wallet_balance`"))
        })?;
        let args = untyped_args(op, arguments)?;
        self.execute::<RawJson>(op, args).await
    }

    /// Sets the hook told what became of a non-idempotent call whose caller stopped waiting
    /// for it (see [`AbandonedCall`]); `None` removes it. Shared by every clone.
    pub fn set_abandoned_call_hook(&self, hook: Option<AbandonedCallHook>) {
        *write(&self.shared.abandoned_hook) = hook;
    }

    /// Sets the hook told about every finished call (see [`CallEvent`]); `None` removes it.
    /// Shared by every clone.
    pub fn set_call_hook(&self, hook: Option<CallHook>) {
        *write(&self.shared.call_hook) = hook;
    }

    /// Runs one operation: validates, sends (with retries, docs/errors.md), decodes.
    ///
    /// Only the decode depends on `T`: the rest is [`Client::execute_decoded`], made once for
    /// all operations instead of once per result type (it cost about 14 kB of library per
    /// operation, in every binding's library).
    pub(crate) async fn execute<T: FromData + Send>(&self, op: &'static Operation, args: Args) -> Result<T> {
        let mut result = None;
        self.execute_decoded(op, args, &mut |answer, forms| {
            result = Some(decode::typed::<T>(op, answer, forms)?);
            Ok(())
        })
        .await?;
        result.ok_or_else(|| Error::new(ErrorKind::Decode, format!("{}: the answer was not decoded", op.name)))
    }

    /// [`Client::execute`] with the decode of a successful answer left to `decode`.
    pub(super) async fn execute_decoded(&self, op: &'static Operation, args: Args, decode: Decode<'_>) -> Result<()> {
        let span = tracing::info_span!(
            "wallet_sdk.operation",
            op = op.name,
            method = op.method.as_str(),
            path = op.path,
            attempt = tracing::field::Empty,
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
            error_kind = tracing::field::Empty,
            request_id = tracing::field::Empty,
        );
        let hook = read(&self.shared.call_hook).clone();
        // the clock only when something reads the latency (a hook, or a subscriber of the span)
        let started = (hook.is_some() || !span.is_disabled()).then(Instant::now);
        let mut meta = AnswerMeta { wanted: hook.is_some(), ..AnswerMeta::default() };
        let inner = self.execute_inner(op, args, &mut meta, decode);
        // entering a span that nothing records does nothing, but costs a layer of polling
        let result = if span.is_disabled() { inner.await } else { inner.instrument(span.clone()).await };
        let latency = started.map(|t| t.elapsed()).unwrap_or_default();
        span.record("latency_ms", latency.as_millis() as u64);
        match &result {
            Ok(_) => tracing::debug!(parent: &span, "operation succeeded"),
            Err(e) => {
                span.record("error_kind", e.kind().as_str());
                tracing::debug!(parent: &span, kind = e.kind().as_str(), status = e.status(), "operation failed");
            }
        }
        if let Some(hook) = hook {
            let event = match &result {
                Ok(_) => CallEvent { operation: op.name, attempts: meta.attempts, status: meta.status, latency, error_kind: None, request_id: meta.request_id },
                Err(e) => CallEvent {
                    operation: op.name,
                    attempts: e.attempts(),
                    status: e.status(),
                    latency,
                    error_kind: Some(e.kind()),
                    request_id: e.request_id().map(str::to_string),
                },
            };
            // A panicking hook must not turn a finished call into a failure.
            let _ = crate::panic::catch(|| hook(&event));
        }
        result
    }

    pub(super) async fn execute_inner(&self, op: &'static Operation, args: Args, meta: &mut AnswerMeta, decode: Decode<'_>) -> Result<()> {
        use crate::exactly_once as once;
        use crate::operations::ExactlyOnce;
        match op.exactly_once {
            // boxed: these call other operations, which come back here
            ExactlyOnce::Broadcast => return Box::pin(once::broadcast(self, op, args, meta, decode)).await,
            ExactlyOnce::KeyedSend => {
                once::check_description(&args).map_err(|e| e.set_operation(op.name))?;
                if args.text(once::KEY_INPUT).is_some() {
                    return Box::pin(once::keyed_send(self, op, args, meta, decode)).await;
                }
            }
            ExactlyOnce::Nothing | ExactlyOnce::CreatesWallet | ExactlyOnce::EncryptsWallet => {}
        }
        let resolve = once::ResolveInfo::for_call(op, &args, self.state_key());
        self.execute_plain(op, args, meta, resolve, None, decode).await
    }

    /// [`Client::execute`]'s work without the exactly-once rules of broadcasts and keyed sends:
    /// an error that leaves the outcome open carries `resolve` (see [`Client::resolve`]). A keyed
    /// send's `hold` goes with its request and is released when that settles.
    pub(crate) async fn execute_plain(
        &self,
        op: &'static Operation,
        args: Args,
        meta: &mut AnswerMeta,
        resolve: Option<Box<crate::exactly_once::ResolveInfo>>,
        hold: Option<crate::exactly_once::KeyHold>,
        decode: Decode<'_>,
    ) -> Result<()> {
        let mut prepared = self.prepare(op, &args)?;
        let shared;
        let (call, answer) = if op.idempotent {
            let answer = self.send(op, &prepared).await;
            (&prepared, answer)
        } else {
            crate::exactly_once::before_sending(op, resolve.as_deref(), self.settle_time())?;
            prepared.resolve = resolve.clone();
            shared = Arc::new(prepared);
            (&*shared, self.send_detached(op, shared.clone(), hold).await)
        };
        let attempts = answer.as_ref().map(|a| a.attempts).unwrap_or(0);
        if let (true, Ok(a)) = (meta.wanted, &answer) {
            meta.attempts = a.attempts;
            meta.status = Some(a.status);
            meta.request_id = a.request_id.clone();
        }
        // any answer may echo the credential or the call's secret inputs
        let result = answer.and_then(|a| decode(a, Some(&call.forms)));
        result.map_err(|e| {
            let e = if e.attempts() == 0 && attempts > 0 { e.set_attempts(attempts) } else { e };
            let e = e.scrub(&call.forms);
            match resolve {
                Some(info) if info.applies_to(&e) => e.with_resolve_info(info.settling(self.settle_time())),
                _ => e,
            }
        })
    }

    /// Validates the inputs and the credential: nothing is sent when this fails.
    pub(super) fn prepare(&self, op: &'static Operation, args: &Args) -> Result<PreparedCall> {
        let req = request::build_with(op, args, &self.shared.address_type_codes).map_err(|e| e.set_operation(op.name))?;
        let credential = read(&self.shared.credential).clone();
        credential
            .credential
            .check_not_expired(now_unix(), self.shared.expiry_skew)
            .map_err(|e| e.set_operation(op.name))?;
        let forms = SecretForms::with_credential(credential.credential.echo_forms(), req.secrets.iter().map(String::as_str));
        Ok(PreparedCall { req, credential, forms, resolve: None })
    }

    /// Sends a non-idempotent request on a task of its own, so that once written it runs to
    /// completion even when the caller stops waiting (drops the future, cancels the coroutine
    /// or task, times out): what became of it then goes to the abandoned-call hook and the log
    /// instead of vanishing (docs/adr/0002).
    pub(super) async fn send_detached(
        &self,
        op: &'static Operation,
        call: Arc<PreparedCall>,
        mut hold: Option<crate::exactly_once::KeyHold>,
    ) -> Result<decode::Answer> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            if let Some(hold) = &mut hold {
                hold.sending();
            }
            let result = self.send(op, &call).await;
            if let Some(hold) = hold {
                hold.settle(&result);
            }
            return result;
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        let client = self.clone();
        let watched_call = call.clone();
        let task = async move {
            if let Some(hold) = &mut hold {
                hold.sending();
            }
            let result = crate::panic::catch_future(client.send(op, &call)).await.unwrap_or_else(|panic| {
                Err(Error::new(ErrorKind::OutcomeUnknown, format!("{}: outcome unknown: {panic}", op.name)).reached_service())
            });
            // the key is released (or kept for the settle time) before anyone hears the outcome
            if let Some(hold) = hold {
                hold.settle(&result);
            }
            if let Err(unreceived) = tx.send(result) {
                client.report_abandoned(op, &call, unreceived);
            }
        };
        runtime.spawn(task.instrument(tracing::Span::current()));
        let mut waiting = AbandonWatch { rx: Some(rx), client: self.clone(), call: watched_call, op };
        let rx = waiting.rx.as_mut().expect("set above");
        let result = rx.await;
        waiting.rx = None;
        result.unwrap_or_else(|_| Err(Error::new(ErrorKind::OutcomeUnknown, format!("{}: outcome unknown: the request task ended without an answer", op.name))))
    }

    /// Tells the hook and the log what became of a call whose caller stopped waiting.
    pub(super) fn report_abandoned(&self, op: &'static Operation, call: &PreparedCall, result: Result<decode::Answer>) {
        let forms = &call.forms;
        // the raw JSON below reads `data`, which the envelope scan may have skipped unchecked
        let (request_id, status, outcome) = match result.and_then(|a| a.checked(op)) {
            Ok(a) => {
                let data = crate::raw_json::redact_answer(op, a.data(), &[], Some(forms));
                (a.request_id.clone(), Some(a.status), Ok(data))
            }
            Err(e) => {
                let e = match &call.resolve {
                    Some(info) if info.applies_to(&e) => e.with_resolve_info((**info).clone().settling(self.settle_time())),
                    _ => e,
                };
                let e = e.scrub(forms);
                (e.request_id().map(str::to_string), e.status(), Err(e))
            }
        };
        self.tell_abandoned(AbandonedCall { operation: op.name, request_id, status, outcome });
    }

    /// For the bindings: a successful non-idempotent call whose result reached the binding
    /// just as its caller stopped waiting, so that nobody read it. It is reported as an
    /// abandoned call (`raw_json` is the result's redacted raw JSON); nothing happens for an
    /// operation that is safe to repeat or unknown.
    #[doc(hidden)]
    pub fn report_unread_success(&self, operation: &str, raw_json: String) {
        let Some(op) = crate::operations::by_name(operation).filter(|op| !op.idempotent) else { return };
        self.tell_abandoned(AbandonedCall { operation: op.name, request_id: None, status: None, outcome: Ok(RawJson::from_trusted(raw_json)) });
    }

    pub(super) fn tell_abandoned(&self, event: AbandonedCall) {
        let op = event.operation;
        let outcome_kind = event.outcome.as_ref().err().map(|e| e.kind().as_str()).unwrap_or("succeeded");
        tracing::warn!(
            target: "wallet_sdk::abandoned",
            op,
            request_id = event.request_id.as_deref(),
            status = event.status,
            outcome = outcome_kind,
            "a non-idempotent call finished after its caller stopped waiting"
        );
        let hook = read(&self.shared.abandoned_hook).clone();
        if let Some(hook) = hook {
            // A panicking hook must not take the runtime's worker down with it.
            let _ = crate::panic::catch(|| hook(&event));
        }
    }

    /// Sends one prepared request, with retries (docs/errors.md): the answer or the error.
    pub(super) async fn send(&self, op: &'static Operation, call: &PreparedCall) -> Result<decode::Answer> {
        let req = &call.req;
        let credential = &call.credential;
        let policy = self.settings.retry;
        let span = tracing::Span::current();
        let mut attempt: u32 = 0;
        loop {
            attempt += 1;
            span.record("attempt", attempt);
            let can_retry = attempt < policy.max_attempts;
            let outcome = self.attempt(op, req, credential, &call.forms).await;
            let (err, retry_after) = match outcome {
                Ok(raw) => {
                    span.record("status", raw.status);
                    if let Some(r) = &raw.request_id {
                        span.record("request_id", r.as_str());
                    }
                    let (status, retry_after) = (raw.status, raw.retry_after);
                    match decode::interpret(op, raw) {
                        Ok(mut answer) => {
                            answer.attempts = attempt;
                            return Ok(answer);
                        }
                        Err(e) => {
                            let retryable =
                                op.idempotent && retryable_status(status, e.service_code());
                            if !(retryable && can_retry) {
                                return Err(e.set_attempts(attempt));
                            }
                            tracing::debug!(status, attempt, "retryable answer");
                            (e, retry_after)
                        }
                    }
                }
                Err(AttemptFailure::Fatal(e)) => {
                    let e = if op.idempotent { e } else { e.reached_service() };
                    return Err(e.set_attempts(attempt));
                }
                Err(AttemptFailure::NotSent(why)) => {
                    let e = Error::with_details(
                        ErrorKind::Transport,
                        format!("{} failed: could not reach the service ({why}) after {attempt} attempt(s)", op.name),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "connection failed before sending; retrying");
                    (e, None)
                }
                Err(AttemptFailure::Timeout) => {
                    if !op.idempotent {
                        let why = format!("no answer within {} s", self.settings.timeout.as_secs_f64());
                        return Err(outcome_unknown(op, &why).set_attempts(attempt));
                    }
                    let e = Error::with_details(
                        ErrorKind::Timeout,
                        format!(
                            "{} failed: no answer within {} s after {attempt} attempt(s); the operation is safe to repeat",
                            op.name,
                            self.settings.timeout.as_secs_f64()
                        ),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "attempt timed out; retrying");
                    (e, None)
                }
                Err(AttemptFailure::Lost(why)) => {
                    if !op.idempotent {
                        return Err(outcome_unknown(op, &why).set_attempts(attempt));
                    }
                    let e = Error::with_details(
                        ErrorKind::Transport,
                        format!("{} failed: the connection failed before an answer ({why}) after {attempt} attempt(s)", op.name),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "connection lost; retrying");
                    (e, None)
                }
            };
            if retry_after.is_some_and(|wait| wait > policy.max_backoff) {
                // The service asks for a longer pause than the policy allows: that wait is the
                // caller's decision (the error carries `retry_after`).
                return Err(err.set_attempts(attempt));
            }
            drop(err);
            tokio::time::sleep(policy.delay(attempt, retry_after)).await;
        }
    }

    pub(super) async fn attempt(
        &self,
        op: &'static Operation,
        req: &BuiltRequest,
        credential: &CurrentCredential,
        forms: &SecretForms,
    ) -> std::result::Result<RawResponse, AttemptFailure> {
        let out = self.outgoing(op, req, credential).map_err(AttemptFailure::Fatal)?;
        let max = self.shared.max_response_bytes;
        // Boxed: the request's state (1,312 bytes) lives in its own allocation instead of being
        // carried (and moved) inside every caller's future, with fewer cache misses per call
        // (docs/adr/0023-own-connection-pool.md). `Box::pin` copied the whole state into the box,
        // most of it not yet written; allocated first, the box is written in place.
        let fut = boxed_in_place(|| async move {
            let mut resp: Incoming = self.shared.http.send(out).await.map_err(|e| match e {
                SendFailure::NotSent(why) => AttemptFailure::NotSent(why),
                SendFailure::Lost(why) => AttemptFailure::Lost(why),
                SendFailure::Invalid(why) => AttemptFailure::Fatal(Error::config(why)),
            })?;
            let status = resp.status();
            // the first value of each (as `HeaderMap::get` finds it), in one pass over the few
            // headers of an answer instead of a hashed look-up each
            let (mut content_type, mut request_id, mut retry_after) = (None, None, None);
            for (name, value) in resp.headers() {
                let slot = if name == CONTENT_TYPE {
                    &mut content_type
                } else if name == REQUEST_ID {
                    &mut request_id
                } else if name == RETRY_AFTER {
                    &mut retry_after
                } else {
                    continue;
                };
                slot.get_or_insert(value);
            }
            fn header(v: Option<&HeaderValue>) -> Option<&str> {
                v.and_then(|v| v.to_str().ok())
            }
            let content_type = content_type.and_then(decode::content_type);
            // the service's text: it reaches errors, hooks and the log span
            let request_id = header(request_id).map(|r| {
                let mut r = redact::service_text(r, false);
                forms.scrub_in_place(&mut r);
                r
            });
            let retry_after = header(retry_after).and_then(decode::parse_retry_after);
            if let Some(len) = resp.content_length() {
                if len as usize > max {
                    return Err(AttemptFailure::Fatal(too_large(op, max, status)));
                }
            }
            // one allocation when the length is announced (a growing buffer briefly holds twice
            // the body), but no more than a small answer needs on a length's word alone: a
            // hostile header must not reserve the whole cap per call
            let mut body = Vec::with_capacity(resp.content_length().map_or(0, |n| (n as usize).min(max).min(PREALLOCATE_LIMIT)));
            while let Some(chunk) = resp.chunk().await.map_err(AttemptFailure::Lost)? {
                if body.len() + chunk.len() > max {
                    return Err(AttemptFailure::Fatal(too_large(op, max, status)));
                }
                body.extend_from_slice(&chunk);
            }
            Ok(RawResponse { status, content_type, request_id, retry_after, body })
        });
        match crate::deadline::within(&self.shared.timers, self.settings.timeout, fut).await {
            Ok(r) => r,
            Err(_) => Err(AttemptFailure::Timeout),
        }
    }

    /// The request of one attempt: URL with the query, headers, body.
    pub(super) fn outgoing(&self, op: &'static Operation, req: &BuiltRequest, credential: &CurrentCredential) -> Result<Outgoing> {
        let method = match req.method {
            HttpMethod::Get => http::Method::GET,
            HttpMethod::Post => http::Method::POST,
        };
        let in_query = op.credential_location == Location::Query;
        let secret = credential.credential.expose();
        let query = (in_query || !req.query.is_empty()).then(|| {
            let pairs = req.query.iter().map(|(k, v)| (*k, v.as_str()));
            in_query.then_some((CREDENTIAL_WIRE_NAME, secret)).into_iter().chain(pairs)
        });
        // the operation's path and the query form-encoded after it, as `Url::query_pairs_mut`
        // writes it; a URL with a fragment (or one not parsed at build) goes through `url`
        let target = match self.shared.urls.get(req.path) {
            Some(text) => Target::Path(match query {
                None => text.clone(),
                Some(pairs) => {
                    // the exact length when nothing needs encoding: `Bytes` then takes the
                    // text's buffer as it is (a larger one costs it an allocation of its own)
                    let len = pairs.clone().map(|(name, value)| 2 + name.len() + value.len()).sum::<usize>();
                    let mut uri = String::with_capacity(text.len() + len);
                    uri.push_str(text);
                    for (i, (name, value)) in pairs.enumerate() {
                        uri.push(if i == 0 { '?' } else { '&' });
                        push_form_encoded(&mut uri, name);
                        uri.push('=');
                        push_form_encoded(&mut uri, value);
                    }
                    uri
                }
            }),
            None => {
                let mut url = url::Url::parse(&format!("{}{}", self.shared.base_url, req.path))
                    .map_err(|e| Error::config(format!("the request URL is not valid: {e}")))?;
                if let Some(pairs) = query {
                    url.query_pairs_mut().extend_pairs(pairs);
                }
                Target::Url(url.into())
            }
        };
        if let (false, true, None, Some(headers), Target::Path(_)) = (in_query, req.headers.is_empty(), &req.body, &credential.plain_headers, &target) {
            return Ok(Outgoing { method, target, headers: headers.clone(), own_headers_added: true, body: None });
        }
        let invalid_header = |name: &str| Error::config(format!("the request header `{name}` is not valid"));
        let mut headers = HeaderMap::with_capacity(4 + req.headers.len());
        headers.insert(ACCEPT, JSON);
        if !in_query {
            let value = credential.header.clone().ok_or_else(|| invalid_header(CREDENTIAL_WIRE_NAME))?;
            headers.insert(CREDENTIAL_HEADER, value);
        }
        for (name, value) in &req.headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| invalid_header(name))?;
            let value = HeaderValue::from_str(value).map_err(|_| invalid_header(name.as_str()))?;
            headers.append(name, value);
        }
        let body = req.body.as_ref().map(|text| {
            headers.insert(CONTENT_TYPE, JSON_UTF8);
            Bytes::copy_from_slice(text.as_bytes())
        });
        Ok(Outgoing { method, target, headers, own_headers_added: false, body })
    }
}
