//! How a request travels (docs/adr/0010): hyper's pooled HTTP/1.1 client, rustls through
//! hyper-rustls, and a connector that goes straight to the service, to an HTTP proxy (absolute-form
//! requests) or through a proxy's CONNECT tunnel (https).
//!
//! reqwest, which this replaced, costs about 40 % of a small call's throughput here: it parses
//! every request's URL again for its redirect layer and every response's URL once more, and
//! stacks several services per request. The SDK follows no redirects and times and retries its
//! attempts itself, so it needs none of that (bench/README.md, session 7).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::header::{HeaderMap, HeaderValue, HOST, PROXY_AUTHORIZATION, USER_AGENT};
use http::uri::{Authority, PathAndQuery, Scheme};
use http::Uri;
use http_body_util::BodyExt;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::legacy::connect::{Connected, Connection, HttpConnector};
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::error::{Error, Result};

type BoxError = Box<dyn std::error::Error + Send + Sync>;
type Pool = hyper_util::client::legacy::Client<hyper_rustls::HttpsConnector<Connector>, RequestBody>;

/// The connection pool of one client and the headers every request gets.
pub(crate) struct Transport {
    pool: Pool,
    user_agent: HeaderValue,
    /// Sent with every request to an HTTP proxy (from the proxy URL's user and password).
    proxy_authorization: Option<HeaderValue>,
    /// The base URL's scheme and authority, parsed once, and the `Host` header of a request to
    /// them, made once ([`host_header`]): hyper-util makes it per request when it is missing
    /// (2.3k instructions of a call).
    origin: Option<Origin>,
}

struct Origin {
    scheme: Scheme,
    authority: Authority,
    host: HeaderValue,
}

/// Where a request goes.
pub(crate) enum Target {
    /// A path and query ([`Transport::path_of`]) on the base URL's scheme and authority: only
    /// the path and query are parsed per request.
    Path(String),
    /// A whole URL's text.
    Url(String),
}

/// The transport's settings (from the `ClientBuilder`).
pub(crate) struct Settings<'a> {
    pub base_url: &'a url::Url,
    pub tls: rustls::ClientConfig,
    pub user_agent: &'a str,
    pub connect_timeout: Duration,
    pub proxy: Option<&'a str>,
    pub no_proxy: bool,
}

/// One request, ready to go.
pub(crate) struct Outgoing {
    pub method: http::Method,
    /// The URL, query included (parsed here as hyper reads it, without another copy).
    pub target: Target,
    pub headers: HeaderMap,
    /// `headers` already end with the transport's own ([`Transport::add_own_headers`]); only
    /// for a [`Target::Path`].
    pub own_headers_added: bool,
    pub body: Option<Bytes>,
}

/// Why an attempt got no response head.
pub(crate) enum SendFailure {
    /// The request certainly never left (DNS, connect, proxy, TLS).
    NotSent(String),
    /// The connection failed after the request may have been written.
    Lost(String),
    /// The request could not be built (never sent).
    Invalid(String),
}

/// A request's body: none (a GET) or one chunk. Boxed, so that the request is one word larger
/// than a bodiless one instead of four (`Full<Bytes>`): hyper moves the request through its
/// channel and futures, and with 64 calls in flight those moves cost cache misses.
pub(crate) struct RequestBody(Option<Box<Bytes>>);

impl http_body::Body for RequestBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<std::result::Result<http_body::Frame<Bytes>, Self::Error>>> {
        Poll::Ready(self.0.take().map(|data| Ok(http_body::Frame::data(*data))))
    }

    fn is_end_stream(&self) -> bool {
        self.0.is_none()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.0.as_ref().map_or(0, |data| data.len() as u64))
    }
}

/// A response whose head has arrived; its body is read in chunks.
pub(crate) struct Incoming(http::Response<hyper::body::Incoming>);

impl Transport {
    pub(crate) fn build(s: Settings<'_>) -> Result<Transport> {
        let user_agent = HeaderValue::from_str(s.user_agent)
            .map_err(|_| Error::invalid_input("user_agent_suffix", "must be printable ASCII"))?;
        let (route, proxy_authorization) = route(&s)?;
        let mut http = HttpConnector::new();
        // https is checked by the builder (plain http only to loopback or when allowed)
        http.enforce_http(false);
        http.set_connect_timeout(Some(s.connect_timeout));
        // as reqwest set them: small requests go out at once, dead peers are noticed
        http.set_nodelay(true);
        http.set_keepalive(Some(Duration::from_secs(15)));
        http.set_keepalive_interval(Some(Duration::from_secs(15)));
        http.set_keepalive_retries(Some(3));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(s.tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(Connector { http, route: Arc::new(route) });
        let pool = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(90))
            .pool_timer(hyper_util::rt::TokioTimer::new())
            .build(https);
        let origin = Uri::try_from(s.base_url.as_str()).ok().and_then(|base| {
            let (authority, host) = host_header(&base)?;
            Some(Origin { scheme: base.scheme()?.clone(), authority, host })
        });
        Ok(Transport { pool, user_agent, proxy_authorization, origin })
    }

    /// Appends the headers every request gets: `User-Agent`, a proxy's `Proxy-Authorization`,
    /// and last, where hyper-util would add it, `Host` (`host`: the base URL's, when the request
    /// goes there).
    fn add_own_headers(&self, headers: &mut HeaderMap, host: Option<&HeaderValue>) {
        headers.insert(USER_AGENT, self.user_agent.clone());
        if let Some(auth) = &self.proxy_authorization {
            headers.insert(PROXY_AUTHORIZATION, auth.clone());
        }
        if let Some(host) = host {
            headers.insert(HOST, host.clone());
        }
    }

    /// `headers` followed by the transport's own headers for a request to the base URL (a
    /// [`Target::Path`]): a call whose headers are only these sends a copy of this map
    /// ([`Outgoing::own_headers_added`]) instead of building it header by header.
    pub(crate) fn with_own_headers(&self, mut headers: HeaderMap) -> Option<HeaderMap> {
        let origin = self.origin.as_ref()?;
        self.add_own_headers(&mut headers, Some(&origin.host));
        Some(headers)
    }

    /// The path and query of `url` when its scheme and authority are the base URL's (as
    /// [`Target::Path`] sends it), else `None`.
    pub(crate) fn path_of(&self, url: &str) -> Option<String> {
        let origin = self.origin.as_ref()?;
        let uri = Uri::try_from(url).ok()?;
        let same = uri.scheme() == Some(&origin.scheme) && uri.authority().map(Authority::as_str) == Some(origin.authority.as_str());
        same.then(|| uri.path_and_query().map_or("/", PathAndQuery::as_str).to_string())
    }

    /// Sends the request and waits for the response head.
    pub(crate) async fn send(&self, out: Outgoing) -> std::result::Result<Incoming, SendFailure> {
        let invalid = |e: http::Error| SendFailure::Invalid(format!("the request URL is not valid: {e}"));
        let (uri, host) = match (out.target, &self.origin) {
            (Target::Path(path), Some(origin)) => {
                let mut parts = http::uri::Parts::default();
                parts.scheme = Some(origin.scheme.clone());
                parts.authority = Some(origin.authority.clone());
                parts.path_and_query = Some(PathAndQuery::from_maybe_shared(Bytes::from(path)).map_err(|e| invalid(e.into()))?);
                (Uri::from_parts(parts).map_err(|e| invalid(e.into()))?, Some(&origin.host))
            }
            (Target::Path(_), None) => return Err(SendFailure::Invalid("the request URL is not valid: no base URL".to_string())),
            (Target::Url(text), origin) => {
                let uri = Uri::from_maybe_shared(Bytes::from(text)).map_err(|e| invalid(e.into()))?;
                // the authority compared as bytes (`Authority`'s own comparison ignores case, at a
                // few hundred instructions): one that differs only in case gets hyper-util's
                // header, which is the same
                let host = origin.as_ref().filter(|o| uri.authority().map(Authority::as_str) == Some(o.authority.as_str()));
                (uri, host.map(|o| &o.host))
            }
        };
        let mut req = http::Request::new(RequestBody(out.body.filter(|b| !b.is_empty()).map(Box::new)));
        *req.method_mut() = out.method;
        *req.uri_mut() = uri;
        *req.headers_mut() = out.headers;
        if !(out.own_headers_added && host.is_some()) {
            self.add_own_headers(req.headers_mut(), host);
        }
        self.pool.request(req).await.map(Incoming).map_err(|e| {
            if e.is_connect() {
                SendFailure::NotSent(describe(&e, "connection failed"))
            } else {
                SendFailure::Lost(describe(&e, "error sending the request"))
            }
        })
    }
}

impl Incoming {
    pub(crate) fn status(&self) -> u16 {
        self.0.status().as_u16()
    }

    pub(crate) fn headers(&self) -> &HeaderMap {
        self.0.headers()
    }

    /// The body's length when the response announced it.
    pub(crate) fn content_length(&self) -> Option<u64> {
        http_body::Body::size_hint(self.0.body()).exact()
    }

    /// The next piece of the body, `None` at its end; the error text when the connection fails.
    pub(crate) async fn chunk(&mut self) -> std::result::Result<Option<Bytes>, String> {
        loop {
            match self.0.body_mut().frame().await {
                None => return Ok(None),
                Some(Err(e)) => return Err(describe(&e, "error reading the response body")),
                // trailers carry nothing the SDK reads
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        return Ok(Some(data));
                    }
                }
            }
        }
    }
}

/// The authority of `uri` and the `Host` header hyper-util's client sets for a request to it
/// (`Client::send_request`): the host, and `:port` unless the port is the scheme's default.
fn host_header(uri: &Uri) -> Option<(Authority, HeaderValue)> {
    let authority = uri.authority()?.clone();
    let host = uri.host()?;
    let secure = matches!(uri.scheme_str(), Some("https" | "wss"));
    let value = match uri.port() {
        Some(port) if !matches!((port.as_u16(), secure), (443, true) | (80, false)) => HeaderValue::from_str(&format!("{host}:{port}")),
        _ => HeaderValue::from_str(host),
    };
    Some((authority, value.ok()?))
}

/// Where connections go.
#[derive(Clone)]
enum Route {
    Direct,
    /// Plain http through an HTTP proxy: requests in absolute form.
    Forward { proxy: Uri },
    /// https through an HTTP proxy's CONNECT tunnel; TLS to the service inside it.
    Tunnel { proxy: Uri, authorization: Option<HeaderValue> },
}

/// The route to the base URL: the configured proxy; else `HTTP_PROXY`/`HTTPS_PROXY`/
/// `ALL_PROXY` less `NO_PROXY` (as curl and reqwest read them), unless `no_proxy`; else direct.
/// Decided once: a client's host never changes.
///
/// Loopback destinations always go direct: a proxy would carry a local sandbox's plain-http
/// traffic (the key, passphrases, private keys) off the machine.
fn route(s: &Settings<'_>) -> Result<(Route, Option<HeaderValue>)> {
    let base = Uri::try_from(s.base_url.as_str()).map_err(|_| Error::config("the base URL is not valid"))?;
    let host = s.base_url.host_str().unwrap_or("");
    let port = s.base_url.port_or_known_default().unwrap_or(0);
    let env_bypass = || {
        ["NO_PROXY", "no_proxy"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .any(|list| no_proxy_matches(&list, host, port))
    };
    if is_loopback(host) {
        return Ok((Route::Direct, None));
    }
    let intercept = match s.proxy {
        Some(p) => {
            let not_supported = || Error::config(format!("the proxy URL `{}` is not supported: use http://[user:password@]host:port", redact_userinfo(p)));
            match url::Url::parse(p) {
                Ok(u) if u.scheme() == "http" && u.host_str().is_some_and(|h| !h.is_empty()) => {}
                _ => return Err(not_supported()),
            }
            Some(Matcher::builder().all(p.to_string()).build().intercept(&base).ok_or_else(not_supported)?)
        }
        None if s.no_proxy || env_bypass() => None,
        None => Matcher::from_env().intercept(&base),
    };
    let Some(intercept) = intercept else {
        return Ok((Route::Direct, None));
    };
    if intercept.uri().scheme_str() != Some("http") {
        return Err(Error::config(format!(
            "the proxy for the base URL (from the environment) is `{}`: only http:// proxies are supported; \
             set NO_PROXY or call no_proxy() to go direct",
            redact_userinfo(&intercept.uri().to_string())
        )));
    }
    let proxy = intercept.uri().clone();
    let authorization = intercept.basic_auth().cloned().map(|mut v| {
        v.set_sensitive(true);
        v
    });
    Ok(match s.base_url.scheme() {
        "https" => (Route::Tunnel { proxy, authorization }, None),
        _ => (Route::Forward { proxy }, authorization),
    })
}

/// Opens connections along the route (hyper-rustls adds TLS for https on top).
#[derive(Clone)]
pub(crate) struct Connector {
    http: HttpConnector,
    /// Shared: hyper-util clones the connector into every request's future, which then moves
    /// it; a proxy's URI and credentials inline made each of those moves ~130 bytes longer.
    route: Arc<Route>,
}

impl tower_service::Service<Uri> for Connector {
    type Response = Stream;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = std::result::Result<Stream, BoxError>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<std::result::Result<(), BoxError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, dst: Uri) -> Self::Future {
        let (mut http, route) = (self.http.clone(), self.route.clone());
        Box::pin(async move {
            Ok(match &*route {
                Route::Direct => Stream { io: http.call(dst).await?, forwarding: false },
                Route::Forward { proxy } => Stream { io: http.call(proxy.clone()).await?, forwarding: true },
                Route::Tunnel { proxy, authorization } => {
                    let mut tunnel = Tunnel::new(proxy.clone(), http);
                    if let Some(auth) = authorization {
                        tunnel = tunnel.with_auth(auth.clone());
                    }
                    Stream { io: tunnel.call(dst).await?, forwarding: false }
                }
            })
        })
    }
}

/// A TCP connection; `forwarding` when it goes to an HTTP proxy that forwards each request (so
/// that hyper writes requests in absolute form).
pub(crate) struct Stream {
    io: TokioIo<TcpStream>,
    forwarding: bool,
}

impl Connection for Stream {
    fn connected(&self) -> Connected {
        self.io.connected().proxy(self.forwarding)
    }
}

impl hyper::rt::Read for Stream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: hyper::rt::ReadBufCursor<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl hyper::rt::Write for Stream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[std::io::IoSlice<'_>]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }
}

/// `s` with a URL's user name and password removed (for messages); also for a proxy given
/// without a scheme (`alice:S3cret@proxy:3128`), which a URL parser reads as something else.
pub(crate) fn redact_userinfo(s: &str) -> String {
    let (scheme, rest) = s.split_once("://").map_or(("", s), |(scheme, rest)| (scheme, rest));
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let shown = match rest[..authority_end].rfind('@') {
        Some(at) => format!("[REDACTED]@{}", &rest[at + 1..]),
        None => rest.to_string(),
    };
    if scheme.is_empty() {
        shown
    } else {
        format!("{scheme}://{shown}")
    }
}

/// Whether a `NO_PROXY` list sends `host:port` direct, as curl reads it and beyond what the
/// proxy matcher reads: `*`, `*.example.com`, `.example.com` and `example.com` (the host and its
/// subdomains), each optionally with `:port`. IP ranges are left to the matcher.
pub(crate) fn no_proxy_matches(list: &str, host: &str, port: u16) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    list.split(',').map(str::trim).filter(|e| !e.is_empty()).any(|entry| {
        if entry == "*" {
            return true;
        }
        let (name, entry_port) = match entry.rsplit_once(':') {
            Some((name, p)) if !name.contains(':') || name.ends_with(']') => (name, p.parse::<u16>().ok()),
            _ => (entry, None),
        };
        if entry_port.is_some_and(|p| p != port) {
            return false;
        }
        let name = name.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        let name = name.trim_start_matches("*.").trim_start_matches('.');
        !name.is_empty() && (host == name || host.ends_with(&format!(".{name}")))
    })
}

/// `true` for `localhost` and loopback addresses.
pub(crate) fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost") || h.parse::<std::net::IpAddr>().map(|ip| ip.is_loopback()).unwrap_or(false)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn the_host_header_is_hyper_utils() {
        for (url, host) in [
            ("http://127.0.0.1:8080/api/x?a=b", "127.0.0.1:8080"),
            ("https://wallet.example.com/prefix/api", "wallet.example.com"),
            ("https://wallet.example.com:443/", "wallet.example.com"),
            ("https://wallet.example.com:80/", "wallet.example.com:80"),
            ("http://wallet.example.com:80/", "wallet.example.com"),
            ("http://wallet.example.com:443/", "wallet.example.com:443"),
            ("http://[::1]:8080/", "[::1]:8080"),
            ("http://[::1]/", "[::1]"),
        ] {
            let uri: Uri = url.parse().unwrap();
            let (authority, value) = host_header(&uri).unwrap();
            assert_eq!(value, host, "{url}");
            assert_eq!(Some(&authority), uri.authority(), "{url}");
        }
    }

    /// The head of the next request on `conn` (up to its blank line), byte by byte so that
    /// nothing after it is read.
    pub(crate) async fn read_request_head(conn: &mut tokio::net::TcpStream) -> String {
        use tokio::io::AsyncReadExt;
        let mut head = Vec::new();
        let mut buf = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            assert_eq!(conn.read(&mut buf).await.unwrap(), 1, "the connection closed mid-head");
            head.extend_from_slice(&buf);
        }
        String::from_utf8(head).unwrap()
    }

    /// A transport to `http://127.0.0.1:PORT`, and that base URL.
    fn local_transport(port: u16) -> (url::Url, Transport) {
        let base = url::Url::parse(&format!("http://127.0.0.1:{port}")).unwrap();
        let tls = rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth();
        let settings = Settings { base_url: &base, tls, user_agent: "ua", connect_timeout: Duration::from_secs(5), proxy: None, no_proxy: true };
        let transport = Transport::build(settings).unwrap();
        (base, transport)
    }

    /// A request to the base URL carries one `Host` header, the one hyper-util would have set.
    #[tokio::test]
    async fn one_host_header_on_the_wire() {
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            // the pooled connection serves both requests
            let (mut conn, _) = listener.accept().await.unwrap();
            let mut heads = Vec::new();
            for _ in 0..2 {
                let head = read_request_head(&mut conn).await;
                conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}").await.unwrap();
                heads.push(head);
            }
            heads
        });
        let (base, transport) = local_transport(port);
        let path = transport.path_of(&format!("{base}api/x?a=b")).unwrap();
        assert_eq!(path, "/api/x?a=b");
        assert_eq!(transport.path_of("http://127.0.0.2/api/x"), None);
        assert_eq!(transport.path_of(&format!("https://127.0.0.1:{port}/api/x")), None);
        for target in [Target::Path(path), Target::Url(format!("{base}api/x?a=b"))] {
            let out = Outgoing { method: http::Method::GET, target, headers: HeaderMap::new(), own_headers_added: false, body: None };
            let mut resp = transport.send(out).await.ok().unwrap();
            while resp.chunk().await.unwrap().is_some() {}
        }
        for head in server.await.unwrap() {
            let head = head.to_ascii_lowercase();
            assert!(head.starts_with("get /api/x?a=b http/1.1\r\n"), "{head}");
            assert_eq!(head.matches("\r\nhost: ").count(), 1, "{head}");
            assert!(head.contains(&format!("\r\nhost: 127.0.0.1:{port}\r\n")), "{head}");
        }
    }

    /// What `RequestBody` puts on the wire: no body for a GET, the exact length and bytes of a
    /// POST's body.
    #[tokio::test]
    async fn request_bodies_on_the_wire() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            let (mut conn, _) = listener.accept().await.unwrap();
            let mut seen = Vec::new();
            for _ in 0..3 {
                let head = read_request_head(&mut conn).await.to_ascii_lowercase();
                let length = head.split("\r\n").find_map(|line| line.strip_prefix("content-length: ")).map(|n| n.parse::<usize>().unwrap());
                let mut body = vec![0; length.unwrap_or(0)];
                conn.read_exact(&mut body).await.unwrap();
                conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}").await.unwrap();
                seen.push((head.lines().next().unwrap().to_string(), length, String::from_utf8(body).unwrap()));
            }
            seen
        });
        let (_, transport) = local_transport(port);
        for (method, body) in [(http::Method::GET, None), (http::Method::POST, Some(Bytes::from_static(b"{\"a\":1}"))), (http::Method::POST, Some(Bytes::new()))] {
            let out = Outgoing { method, target: Target::Path("/api/x".to_string()), headers: HeaderMap::new(), own_headers_added: false, body };
            let mut resp = transport.send(out).await.ok().unwrap();
            while resp.chunk().await.unwrap().is_some() {}
        }
        let seen = server.await.unwrap();
        assert_eq!(seen[0], ("get /api/x http/1.1".to_string(), None, String::new()));
        assert_eq!(seen[1], ("post /api/x http/1.1".to_string(), Some(7), "{\"a\":1}".to_string()));
        // hyper writes no length for a body that has ended before it starts: a request without
        // one has no body (as with http-body-util's `Full` before)
        assert_eq!(seen[2], ("post /api/x http/1.1".to_string(), None, String::new()));
    }

    #[test]
    fn userinfo_never_shown() {
        assert_eq!(redact_userinfo("http://alice:S3cret@proxy:3128"), "http://[REDACTED]@proxy:3128");
        assert_eq!(redact_userinfo("alice:S3cret@proxy:3128"), "[REDACTED]@proxy:3128");
        assert_eq!(redact_userinfo("socks5://a:b@c@proxy:1/x@y"), "socks5://[REDACTED]@proxy:1/x@y");
        assert_eq!(redact_userinfo("http://proxy:3128"), "http://proxy:3128");
    }

    #[test]
    fn no_proxy_with_ports_and_wildcards() {
        assert!(no_proxy_matches("*", "wallet.example.com", 443));
        assert!(no_proxy_matches("other, *.example.com", "wallet.example.com", 443));
        assert!(no_proxy_matches(".example.com", "wallet.example.com", 443));
        assert!(no_proxy_matches("example.com", "example.com", 443));
        assert!(no_proxy_matches("wallet.example.com:443", "wallet.example.com", 443));
        assert!(!no_proxy_matches("wallet.example.com:8443", "wallet.example.com", 443));
        assert!(!no_proxy_matches("ample.com", "wallet.example.com", 443));
        assert!(no_proxy_matches("[::1]:8080", "[::1]", 8080));
        assert!(!no_proxy_matches("", "wallet.example.com", 443));
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
