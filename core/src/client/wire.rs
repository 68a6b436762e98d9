//! What the call path needs of HTTP and JSON: header names, form encoding, the errors of an
//! answer too large or lost, and the untyped call's arguments.

use std::sync::Arc;
use std::time::Duration;

use http::header::{HeaderName, HeaderValue};

use crate::decode::Decode;
use crate::raw_json::FromData;
use crate::error::{Details, Error, ErrorKind, Result};
use crate::operations::Operation;
use crate::request::Args;

use super::*;

// names as constants: a name given as text is parsed again on every call
pub(super) const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// `nodeUrlOrApiAccessKey` as HTTP/1.1 sends every header name: in lower case.
pub(super) const CREDENTIAL_HEADER: HeaderName = HeaderName::from_static("nodeurlorapiaccesskey");
pub(super) const JSON: HeaderValue = HeaderValue::from_static("application/json");
pub(super) const JSON_UTF8: HeaderValue = HeaderValue::from_static("application/json; charset=utf-8");

/// FNV-1a over eight bytes at a time (a path is hashed in four steps instead of thirty), for
/// the table of the operations' URLs; the key is compared after, so the hash only spreads them.
#[derive(Default)]
pub(super) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        // the high bits, which the multiplications mixed most, where hashbrown reads them too
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0100_0000_01b3;
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            h = (h ^ u64::from_le_bytes(word.try_into().unwrap_or_default())).wrapping_mul(PRIME).rotate_left(23);
        }
        for &b in words.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        self.0 = h;
    }
}

/// Appends `text` form-urlencoded, as `url`'s `query_pairs_mut` writes a query's names and
/// values: most values (addresses, names, ids) need no encoding and are copied as they are.
pub(super) fn push_form_encoded(out: &mut String, text: &str) {
    if text.bytes().all(|b| FORM_PLAIN[usize::from(b)]) {
        out.push_str(text);
    } else {
        out.extend(url::form_urlencoded::byte_serialize(text.as_bytes()));
    }
}

/// The bytes that form-urlencoding leaves as they are.
pub(super) static FORM_PLAIN: [bool; 256] =
    crate::json::lex::byte_set(b"*-._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

/// The most a call reserves for a body on its announced length alone; past it the buffer
/// grows with what really arrives.
pub(super) const PREALLOCATE_LIMIT: usize = 256 * 1024;

/// `make()`'s future in a box of its own, allocated first so that the future can be written
/// straight into it.
pub(super) fn boxed_in_place<F: std::future::Future>(make: impl FnOnce() -> F) -> std::pin::Pin<Box<F>> {
    Box::into_pin(Box::write(Box::new_uninit(), make()))
}

pub(super) fn too_large(op: &'static Operation, max: usize, status: u16) -> Error {
    let why = format!("the body is larger than the limit of {max} bytes (max_response_bytes)");
    if !op.idempotent && (200..300).contains(&status) {
        return Error::with_details(
            ErrorKind::OutcomeUnknown,
            format!(
                "{}: outcome unknown: the service answered HTTP {status}, so the operation probably took effect, but {why}; \
                 it was not repeated automatically — check whether it took effect before trying again",
                op.name
            ),
            Details { operation: Some(op.name), status: Some(status), ..Details::default() },
        );
    }
    Error::with_details(
        ErrorKind::Decode,
        format!("{} failed: could not read the response (HTTP {status}): {why}", op.name),
        Details { operation: Some(op.name), status: Some(status), ..Details::default() },
    )
}

pub(super) fn outcome_unknown(op: &'static Operation, why: &str) -> Error {
    Error::with_details(
        ErrorKind::OutcomeUnknown,
        format!(
            "{} outcome unknown: the request may have reached the service but no answer came ({why}); it was not repeated \
             automatically — check whether it took effect before trying again",
            op.name
        ),
        Details { operation: Some(op.name), may_have_reached_service: true, ..Details::default() },
    )
}

/// The arguments of an untyped call given as JSON text (how the Kotlin, Swift and Java `call`
/// takes them): a JSON object, its size and nesting bounded as for an answer before it is parsed
/// (a parser of the caller's build may have no depth limit). Errors are `invalid_input` naming
/// `arguments_json` and never quote the text (it may hold a passphrase or a mnemonic).
pub fn call_arguments_from_json(json: &str) -> Result<serde_json::Map<String, serde_json::Value>> {
    let field = "arguments_json";
    if let Err(too_costly) = crate::json::limits::check(json.as_bytes()) {
        return Err(Error::invalid_input(field, too_costly.why()));
    }
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(other) => Err(Error::invalid_input(
            field,
            format!("must be a JSON object of arguments, not {}", crate::json::limits::json_type_name(&other)),
        )),
        // serde_json's syntax errors name a line and column, never the text
        Err(e) => Err(Error::invalid_input(field, format!("not valid JSON: {e}"))),
    }
}

/// Statuses retried for idempotent operations: 429, 503, 504, and 502 unless `node_error`.
pub(crate) fn retryable_status(status: u16, code: Option<&str>) -> bool {
    match status {
        429 | 503 | 504 => true,
        502 => code != Some("node_error"),
        _ => false,
    }
}


impl Client {
    /// Finds out what became of the call that failed with `error`, for an `outcome_unknown`
    /// error (and a failed `broadcast_transaction`): whether the operation took effect
    /// ([`ResolutionState::Applied`](crate::ResolutionState::Applied), with the txid or the sent funds), certainly did not
    /// ([`ResolutionState::NotApplied`](crate::ResolutionState::NotApplied)), or cannot be told ([`ResolutionState::Unknown`](crate::ResolutionState::Unknown)). See
    /// [`crate::Resolution`] for what each operation can tell.
    ///
    /// "Not applied" is said only once the request can no longer be in flight: when the
    /// operation is not found, `resolve` waits until the settle time has passed since the
    /// error ([`crate::ClientBuilder::settle_time`]; by default the per-attempt timeout plus
    /// 60 s) and looks again. An error of a failed look-up (the service unreachable, say) is
    /// returned as the `Err`; calling `resolve` again later is safe.
    pub async fn resolve(&self, error: &Error) -> Result<crate::Resolution> {
        crate::exactly_once::resolve(error, self).await
    }

    /// Resolves a saved [`Error::outcome_token`] (see [`Client::resolve`]): what became of a
    /// call that failed with `outcome_unknown`, perhaps in another process. A token that is not
    /// one of this SDK's is an `invalid_input` error on `token`.
    pub async fn resolve_token(&self, token: &str) -> Result<crate::Resolution> {
        crate::exactly_once::resolve_token(token, self).await
    }
}

impl crate::exactly_once::Service for Client {
    type Meta = AnswerMeta;
    fn base_url(&self) -> &str {
        Client::base_url(self)
    }
    fn settle_time(&self) -> Duration {
        Client::settle_time(self)
    }
    fn state_key(&self) -> &Arc<crate::state_key::StateKey> {
        Client::state_key(self)
    }
    fn keyed_sends(&self) -> &crate::exactly_once::KeyedSends {
        &self.shared.keyed_sends
    }
    fn send_plain(
        &self,
        op: &'static Operation,
        args: Args,
        meta: &mut AnswerMeta,
        resolve: Option<Box<crate::exactly_once::ResolveInfo>>,
        hold: Option<crate::exactly_once::KeyHold>,
        decode: Decode<'_>,
    ) -> impl std::future::Future<Output = Result<()>> + Send {
        self.execute_plain(op, args, meta, resolve, hold, decode)
    }
    fn read<T: FromData + Send>(&self, op: &'static Operation, args: Args) -> impl std::future::Future<Output = Result<T>> + Send {
        self.execute::<T>(op, args)
    }
}

/// The arguments of an untyped call of `op` (`Client::call`, `Client::call_typed`), checked as
/// the typed methods check theirs.
pub(crate) fn untyped_args(op: &'static Operation, arguments: &serde_json::Map<String, serde_json::Value>) -> Result<Args> {
    if let Some((name, _)) = arguments.iter().find(|(_, v)| crate::json::limits::value_too_deep(v)) {
        let why = format!("nests deeper than {} levels", crate::json::limits::MAX_JSON_DEPTH);
        return Err(Error::invalid_input(name, why).set_operation(op.name));
    }
    Args::from_json(op, arguments).map_err(|e| e.set_operation(op.name))
}
