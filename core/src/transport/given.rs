//! A transport of the caller's own ([`crate::ClientBuilder::transport`]): the client hands it each
//! attempt's request as it would go on the wire and reads the answer it gives back through the
//! same path as a network answer: size limit, decoding, scrubbing, retries, exactly-once rules,
//! hooks and log. An in-memory one (a closure) is how tests and fuzzers drive the real client
//! without a network; another HTTP stack is how an app routes calls through its own.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use bytes::Bytes;
use http::header::HeaderMap;
use http::{Method, Uri};

/// Carries one attempt's request to the service and its answer back.
///
/// A closure `Fn(TransportRequest) -> impl Future<Output = Result<TransportResponse,
/// TransportFailure>>` is one: an in-memory service for tests.
///
/// ```
/// use wallet_sdk::{Client, TransportRequest, TransportResponse};
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> wallet_sdk::Result<()> {
/// let client = Client::builder()
///     .base_url("https://wallet.example.com")
///     .api_key("eyJhbGciOiJIUzI1NiJ9.e30.c2ln")
///     .transport(|request: TransportRequest| async move {
///         assert!(request.url.path().ends_with("/blockchain-info"));
///         Ok(TransportResponse::new(200, r#"{"successful":true,"data":{"chain":"regtest","blocks":7}}"#))
///     })
///     .build()?;
/// assert_eq!(client.blockchain_info().await?.blocks, Some(7));
/// # Ok(()) }
/// ```
pub trait Transport: Send + Sync + 'static {
    /// Sends `request` and gives back the answer, or why there is none. The client times the
    /// attempt (its `timeout` covers this future and the body) and drops the future when the
    /// caller stops waiting.
    fn send(&self, request: TransportRequest) -> TransportFuture;
}

/// The future of one [`Transport::send`].
pub type TransportFuture = Pin<Box<dyn Future<Output = Result<TransportResponse, TransportFailure>> + Send + 'static>>;

impl<F, Fut> Transport for F
where
    F: Fn(TransportRequest) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<TransportResponse, TransportFailure>> + Send + 'static,
{
    fn send(&self, request: TransportRequest) -> TransportFuture {
        Box::pin(self(request))
    }
}

/// One attempt's request, as it would go on the wire. It carries the credential (in a header
/// or the query), so its `Debug` shows neither header values, nor the query, nor the body.
#[non_exhaustive]
pub struct TransportRequest {
    /// `GET` or `POST`.
    pub method: Method,
    /// The whole URL: the base URL's scheme and authority, the operation's path, the query.
    pub url: Uri,
    /// Every header, the credential's and `User-Agent` included.
    pub headers: HeaderMap,
    /// The JSON body of a `POST` (empty for a `GET`).
    pub body: Bytes,
}

impl fmt::Debug for TransportRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.headers.keys().map(http::HeaderName::as_str).collect();
        f.debug_struct("TransportRequest")
            .field("method", &self.method)
            .field("path", &self.url.path())
            .field("header_names", &names)
            .field("body_len", &self.body.len())
            .finish_non_exhaustive()
    }
}

/// An answer: its status, headers and body. An answer may hold a secret (a private key the
/// service returns, or one it echoes), so its `Debug` shows neither the header values nor the
/// body.
#[derive(Clone)]
#[non_exhaustive]
pub struct TransportResponse {
    /// The HTTP status (the client reads 100–999).
    pub status: u16,
    /// The answer's headers (`Content-Type`, `X-Request-Id`, `Retry-After` are read).
    pub headers: HeaderMap,
    /// The body, or its part that arrived.
    pub body: Bytes,
    /// Set when the connection failed after `body` arrived, with why: the answer is then cut,
    /// as the client sees a connection reset in the middle of a body.
    pub broken_after_body: Option<String>,
}

impl fmt::Debug for TransportResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.headers.keys().map(http::HeaderName::as_str).collect();
        f.debug_struct("TransportResponse")
            .field("status", &self.status)
            .field("header_names", &names)
            .field("body_len", &self.body.len())
            .field("broken_after_body", &self.broken_after_body.is_some())
            .finish_non_exhaustive()
    }
}

impl TransportResponse {
    /// An answer with `status` and `body`, typed `application/json`.
    pub fn new(status: u16, body: impl Into<Bytes>) -> TransportResponse {
        let mut headers = HeaderMap::new();
        headers.insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
        TransportResponse { status, headers, body: body.into(), broken_after_body: None }
    }

    /// The answer with a header set (added to, for a name given twice); a value that is not a
    /// valid header value is left out, as it could not have arrived.
    pub fn with_header(mut self, name: http::HeaderName, value: &str) -> TransportResponse {
        if let Ok(value) = http::HeaderValue::from_str(value) {
            self.headers.append(name, value);
        }
        self
    }

    /// The answer cut after its body so far: the connection failed, with why.
    pub fn broken(mut self, why: impl Into<String>) -> TransportResponse {
        self.broken_after_body = Some(why.into());
        self
    }
}

/// Why an attempt got no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransportFailure {
    /// The request certainly never left (a refused connection, DNS, TLS): any call may be
    /// tried again.
    NotSent(String),
    /// The request may have arrived (the connection failed after it was written): a
    /// non-idempotent call's outcome is unknown.
    Lost(String),
}

/// Hands `request` (as the network transport built it: origin form unless a proxy forwards it)
/// to `transport`, with its URL made whole from `root` (where the request goes).
pub(super) async fn send(
    transport: &dyn Transport,
    request: http::Request<super::RequestBody>,
    root: &Uri,
) -> Result<TransportResponse, super::SendFailure> {
    let (parts, body) = request.into_parts();
    let url = if parts.uri.scheme().is_some() {
        parts.uri
    } else {
        let mut whole = http::uri::Parts::default();
        whole.scheme = root.scheme().cloned();
        whole.authority = root.authority().cloned();
        whole.path_and_query = parts.uri.path_and_query().cloned();
        Uri::from_parts(whole).map_err(|e| super::SendFailure::Invalid(format!("the request URL is not valid: {e}")))?
    };
    let request = TransportRequest { method: parts.method, url, headers: parts.headers, body: body.0.map_or_else(Bytes::new, |b| *b) };
    transport.send(request).await.map_err(|failure| match failure {
        TransportFailure::NotSent(why) => super::SendFailure::NotSent(why),
        TransportFailure::Lost(why) => super::SendFailure::Lost(why),
    })
}

/// The next piece of a given answer's body: the whole body, then its end or the break.
pub(super) fn chunk(answer: &mut TransportResponse) -> Result<Option<Bytes>, String> {
    if !answer.body.is_empty() {
        return Ok(Some(std::mem::take(&mut answer.body)));
    }
    match answer.broken_after_body.take() {
        Some(why) => Err(why),
        None => Ok(None),
    }
}
