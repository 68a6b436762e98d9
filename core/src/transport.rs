//! How a request travels (docs/adr/0010): straight to the service on hyper's connection pool
//! (HTTP/1.1, rustls), or, when a proxy applies, through reqwest, which implements forward
//! proxies (CONNECT tunnels, absolute-form requests, proxy credentials from the proxy URL).
//!
//! reqwest on its own costs about 40 % of a small call's throughput here (it parses every
//! request's URL again for its redirect layer and every response's URL once more, and stacks
//! several services per request); the SDK never follows redirects, so the direct path needs none
//! of that (bench/README.md, session 7).

use std::time::Duration;

use bytes::Bytes;
use http::header::{HeaderMap, HeaderValue, USER_AGENT};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::connect::HttpConnector;

use crate::error::{Error, Result};

type Direct = hyper_util::client::legacy::Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// The connection pool of one client, and how its requests reach the service.
pub(crate) enum Transport {
    Direct { client: Direct, user_agent: HeaderValue },
    Proxied(reqwest::Client),
}

/// The transport's settings (from the `ClientBuilder`).
pub(crate) struct Settings<'a> {
    pub base_url: &'a reqwest::Url,
    pub tls: rustls::ClientConfig,
    pub user_agent: &'a str,
    pub connect_timeout: Duration,
    pub proxy: Option<&'a str>,
    pub no_proxy: bool,
}

/// One request, ready to go.
pub(crate) struct Outgoing {
    pub method: http::Method,
    pub url: reqwest::Url,
    pub headers: HeaderMap,
    pub body: Option<Bytes>,
}

/// Why an attempt got no response head.
pub(crate) enum SendFailure {
    /// The request certainly never left (DNS, connect, TLS).
    NotSent(String),
    /// The connection failed after the request may have been written.
    Lost(String),
    /// The request could not be built (never sent).
    Invalid(String),
}

/// A response whose head has arrived; its body is read in chunks.
pub(crate) enum Incoming {
    Direct(http::Response<hyper::body::Incoming>),
    Proxied(reqwest::Response),
}

impl Transport {
    pub(crate) fn build(s: Settings<'_>) -> Result<Transport> {
        let user_agent = HeaderValue::from_str(s.user_agent)
            .map_err(|_| Error::invalid_input("user_agent_suffix", "must be printable ASCII"))?;
        if s.proxy.is_some() || (!s.no_proxy && env_proxy_applies(s.base_url)) {
            return proxied(s).map(Transport::Proxied);
        }
        let mut http = HttpConnector::new();
        // https is checked by the builder (plain http only to loopback or when allowed)
        http.enforce_http(false);
        http.set_connect_timeout(Some(s.connect_timeout));
        // as reqwest sets them: small requests go out at once, dead peers are noticed
        http.set_nodelay(true);
        http.set_keepalive(Some(Duration::from_secs(15)));
        http.set_keepalive_interval(Some(Duration::from_secs(15)));
        http.set_keepalive_retries(Some(3));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(s.tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(90))
            .pool_timer(hyper_util::rt::TokioTimer::new())
            .build(https);
        Ok(Transport::Direct { client, user_agent })
    }

    /// Sends the request and waits for the response head.
    pub(crate) async fn send(&self, out: Outgoing) -> std::result::Result<Incoming, SendFailure> {
        match self {
            Transport::Direct { client, user_agent } => {
                let uri = http::Uri::try_from(out.url.as_str()).map_err(|e| SendFailure::Invalid(format!("the request URL is not valid: {e}")))?;
                let mut req = http::Request::new(Full::new(out.body.unwrap_or_default()));
                *req.method_mut() = out.method;
                *req.uri_mut() = uri;
                *req.headers_mut() = out.headers;
                req.headers_mut().insert(USER_AGENT, user_agent.clone());
                client.request(req).await.map(Incoming::Direct).map_err(|e| {
                    let text = describe(&e, if e.is_connect() { "connection failed" } else { "error sending the request" });
                    if e.is_connect() {
                        SendFailure::NotSent(text)
                    } else {
                        SendFailure::Lost(text)
                    }
                })
            }
            Transport::Proxied(client) => {
                let mut req = reqwest::Request::new(out.method, out.url);
                *req.headers_mut() = out.headers;
                if let Some(body) = out.body {
                    *req.body_mut() = Some(body.into());
                }
                client.execute(req).await.map(Incoming::Proxied).map_err(|e| {
                    let e = e.without_url();
                    let text = describe_reqwest(&e);
                    if e.is_connect() {
                        SendFailure::NotSent(text)
                    } else if e.is_builder() {
                        SendFailure::Invalid(text)
                    } else {
                        SendFailure::Lost(text)
                    }
                })
            }
        }
    }
}

impl Incoming {
    pub(crate) fn status(&self) -> u16 {
        match self {
            Incoming::Direct(r) => r.status().as_u16(),
            Incoming::Proxied(r) => r.status().as_u16(),
        }
    }

    pub(crate) fn headers(&self) -> &HeaderMap {
        match self {
            Incoming::Direct(r) => r.headers(),
            Incoming::Proxied(r) => r.headers(),
        }
    }

    /// The body's length when the response announced it.
    pub(crate) fn content_length(&self) -> Option<u64> {
        match self {
            Incoming::Direct(r) => http_body::Body::size_hint(r.body()).exact(),
            Incoming::Proxied(r) => r.content_length(),
        }
    }

    /// The next piece of the body, `None` at its end; the error text when the connection fails.
    pub(crate) async fn chunk(&mut self) -> std::result::Result<Option<Bytes>, String> {
        match self {
            Incoming::Direct(r) => loop {
                match r.body_mut().frame().await {
                    None => return Ok(None),
                    Some(Err(e)) => return Err(describe(&e, "error reading the response body")),
                    // trailers carry nothing the SDK reads
                    Some(Ok(frame)) => {
                        if let Ok(data) = frame.into_data() {
                            return Ok(Some(data));
                        }
                    }
                }
            },
            Incoming::Proxied(r) => r.chunk().await.map_err(|e| describe_reqwest(&e.without_url())),
        }
    }
}

/// Whether `HTTP_PROXY`/`HTTPS_PROXY`/`ALL_PROXY` (and `NO_PROXY`) send this base URL through a
/// proxy, as reqwest would read them.
fn env_proxy_applies(base_url: &reqwest::Url) -> bool {
    let Ok(uri) = http::Uri::try_from(base_url.as_str()) else {
        return true;
    };
    hyper_util::client::proxy::matcher::Matcher::from_env().intercept(&uri).is_some()
}

fn proxied(s: Settings<'_>) -> Result<reqwest::Client> {
    let mut http = reqwest::Client::builder()
        .tls_backend_preconfigured(s.tls)
        .user_agent(s.user_agent)
        .connect_timeout(s.connect_timeout)
        .retry(reqwest::retry::never())
        .redirect(reqwest::redirect::Policy::none())
        .referer(false);
    if let Some(p) = s.proxy {
        let proxy = reqwest::Proxy::all(p).map_err(|_| Error::config(format!("the proxy URL `{}` is not valid", redact_userinfo(p))))?;
        http = http.proxy(proxy);
    }
    http.build()
        .map_err(|e| Error::config(format!("cannot build the HTTP client: {}", describe_reqwest(&e))))
}

/// `s` with a URL's user name and password removed (for messages).
pub(crate) fn redact_userinfo(s: &str) -> String {
    match reqwest::Url::parse(s) {
        Ok(mut u) if !u.username().is_empty() || u.password().is_some() => {
            let _ = u.set_username("");
            let _ = u.set_password(None);
            u.to_string()
        }
        Ok(_) => s.to_string(),
        Err(_) => "(unparseable)".to_string(),
    }
}

/// `what`, then the texts of the error and its causes (none of which holds the URL).
fn describe(e: &(dyn std::error::Error + 'static), what: &str) -> String {
    let mut parts = vec![what.to_string()];
    let mut cur = Some(e);
    while let Some(s) = cur {
        let t = s.to_string();
        if !t.is_empty() && parts.last() != Some(&t) {
            parts.push(t);
        }
        cur = s.source();
    }
    parts.join(": ")
}

/// Text of a reqwest error (already without its URL), with its causes.
fn describe_reqwest(e: &reqwest::Error) -> String {
    let what = if e.is_connect() {
        "connection failed"
    } else if e.is_timeout() {
        "timed out"
    } else if e.is_body() || e.is_decode() {
        "error reading the response body"
    } else if e.is_request() {
        "error sending the request"
    } else {
        "HTTP error"
    };
    match std::error::Error::source(e) {
        Some(cause) => describe(cause, what),
        None => what.to_string(),
    }
}
