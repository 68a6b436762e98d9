//! How a request travels (docs/adr/0010, 0023): HTTP/1.1 connections of hyper's own, kept in
//! the client's pool of idle connections, with rustls through hyper-rustls, and a connector that
//! goes straight to the service, to an HTTP proxy (absolute-form requests) or through a proxy's
//! CONNECT tunnel (https).
//!
//! reqwest, which this replaced, costs about 40 % of a small call's throughput here: it parses
//! every request's URL again for its redirect layer and every response's URL once more, and
//! stacks several services per request. The SDK follows no redirects and times and retries its
//! attempts itself, so it needs none of that (docs/adr/0010-direct-transport-on-hyper.md). hyper-util's pooled
//! client, which replaced reqwest, boxed a 2.5 kB future per request, cloned the connector
//! into it and kept its pool in a hash map by origin; a client of the SDK talks to one origin
//! (ADR 0023).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{HeaderMap, HeaderValue, HOST, PROXY_AUTHORIZATION, USER_AGENT};
use http::uri::{Authority, PathAndQuery, Scheme};
use http::Uri;
use http_body_util::BodyExt;
use hyper::client::conn::http1::SendRequest;
use hyper_rustls::{HttpsConnector, MaybeHttpsStream};
use hyper_util::client::legacy::connect::HttpConnector;
use tower_service::Service;

use crate::error::{Error, Result};
use crate::locks::lock;

mod connect;
mod given;
mod pool;

pub use given::{Transport, TransportFailure, TransportFuture, TransportRequest, TransportResponse};

pub(crate) use connect::{is_loopback, redact_userinfo, Connector};
pub(crate) use pool::IdleConnections;
use connect::*;

type BoxError = Box<dyn std::error::Error + Send + Sync>;
/// One connection's sending side; its other side is a task of the runtime.
type Sender = SendRequest<RequestBody>;

/// How long a connection may stay idle before it is no longer used: as long as reqwest and
/// hyper-util keep them. A middlebox may drop a connection idle for longer without telling
/// either side, and a request written into it would get no answer.
const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// The connections of one client and the headers every request gets.
pub(crate) struct HttpTransport {
    connector: HttpsConnector<Connector>,
    /// The idle connections to the base URL's origin.
    idle: Mutex<IdleConnections<Pooled>>,
    /// Requests go to an HTTP proxy that forwards them, and so in absolute form.
    forwarding: bool,
    user_agent: HeaderValue,
    /// Sent with every request to an HTTP proxy (from the proxy URL's user and password).
    proxy_authorization: Option<HeaderValue>,
    /// The base URL's scheme and authority, parsed once, and the `Host` header of a request to
    /// them, made once ([`host_header`]): hyper-util makes it per request when it is missing
    /// (2.3k instructions of a call).
    origin: Option<Origin>,
    /// The caller's own transport ([`Transport`]), which then carries every request instead
    /// of a connection of this one.
    given: Option<Arc<dyn Transport>>,
}

struct Origin {
    scheme: Scheme,
    authority: Authority,
    host: HeaderValue,
    /// The scheme and authority alone: where its connections go.
    root: Uri,
}

/// Where a request goes.
pub(crate) enum Target {
    /// A path and query ([`HttpTransport::path_of`]) on the base URL's scheme and authority: only
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
    pub given: Option<Arc<dyn Transport>>,
}

/// One request, ready to go.
pub(crate) struct Outgoing {
    pub method: http::Method,
    /// The URL, query included (parsed here as hyper reads it, without another copy).
    pub target: Target,
    pub headers: HeaderMap,
    /// `headers` already end with the transport's own ([`HttpTransport::add_own_headers`]); only
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
pub(crate) enum Incoming<'t> {
    Network(NetworkIncoming<'t>),
    /// The answer of the caller's own transport.
    Given(TransportResponse),
}

/// A response read from a connection of this transport.
pub(crate) struct NetworkIncoming<'t> {
    response: http::Response<hyper::body::Incoming>,
    /// The connection and the pool it goes back to once the body has been read to its end
    /// (`None` for a connection that is not kept). A response dropped before that drops the
    /// connection with it: hyper closes a connection whose answer was not read.
    connection: Option<(Pooled, &'t Mutex<IdleConnections<Pooled>>)>,
}

/// A connection as the pool keeps it: its sending side, and a look at its socket.
pub(crate) struct Pooled {
    sender: Sender,
    socket: Arc<SocketWatch>,
}

impl HttpTransport {
    pub(crate) fn build(s: Settings<'_>) -> Result<HttpTransport> {
        let user_agent = HeaderValue::from_str(s.user_agent)
            .map_err(|_| Error::invalid_input("user_agent_suffix", "must be printable ASCII"))?;
        let (route, proxy_authorization) = route(&s)?;
        let forwarding = matches!(route, Route::Forward { .. });
        let mut http = HttpConnector::new();
        // https is checked by the builder (plain http only to loopback or when allowed)
        http.enforce_http(false);
        http.set_connect_timeout(Some(s.connect_timeout));
        // as reqwest set them: small requests go out at once, dead peers are noticed
        http.set_nodelay(true);
        http.set_keepalive(Some(Duration::from_secs(15)));
        http.set_keepalive_interval(Some(Duration::from_secs(15)));
        http.set_keepalive_retries(Some(3));
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(s.tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(Connector { http, route: Arc::new(route) });
        let origin = Uri::try_from(s.base_url.as_str()).ok().and_then(|base| {
            let (authority, host) = host_header(&base)?;
            let scheme = base.scheme()?.clone();
            let root = Uri::builder().scheme(scheme.clone()).authority(authority.clone()).path_and_query("/").build().ok()?;
            Some(Origin { scheme, authority, host, root })
        });
        Ok(HttpTransport { connector, idle: Mutex::default(), forwarding, user_agent, proxy_authorization, origin, given: s.given })
    }

    /// Appends the headers every request gets: `User-Agent`, a proxy's `Proxy-Authorization`,
    /// and last, where hyper-util's client added it, `Host`.
    fn add_own_headers(&self, headers: &mut HeaderMap, host: &HeaderValue) {
        headers.insert(USER_AGENT, self.user_agent.clone());
        if let Some(auth) = &self.proxy_authorization {
            headers.insert(PROXY_AUTHORIZATION, auth.clone());
        }
        headers.insert(HOST, host.clone());
    }

    /// `headers` followed by the transport's own headers for a request to the base URL (a
    /// [`Target::Path`]): a call whose headers are only these sends a copy of this map
    /// ([`Outgoing::own_headers_added`]) instead of building it header by header.
    pub(crate) fn with_own_headers(&self, mut headers: HeaderMap) -> Option<HeaderMap> {
        let origin = self.origin.as_ref()?;
        self.add_own_headers(&mut headers, &origin.host);
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
    pub(crate) fn send(&self, out: Outgoing) -> impl Future<Output = std::result::Result<Incoming<'_>, SendFailure>> + Send + '_ {
        // made before the future, which then carries the request and where it goes (`out`
        // would be carried twice, as an argument and as the local it is moved to)
        let request = self.request(out);
        async move {
            let (mut req, to) = request?;
            if let Some(given) = &self.given {
                return given::send(&**given, req, to.root()).await.map(Incoming::Given);
            }
            let pool = match &to {
                Destination::Origin(_) => Some(&self.idle),
                Destination::Other(_) => None,
            };
            let take_idle = || pool.and_then(|idle| lock(idle).take(Instant::now()));
            let mut idle = take_idle();
            loop {
                let (mut connection, reused) = match idle.take() {
                    Some(connection) => (connection, true),
                    // boxed: its state (the TLS handshake's among it) would otherwise make every
                    // request's future larger, and that future is copied into a box per attempt
                    None => (Box::pin(self.connect(to.root())).await?, false),
                };
                // an idle connection is ready once its task has read the last answer to its end;
                // one the peer closed (or spoke on) meanwhile is dropped for the next, before its
                // task may have noticed (`SocketWatch`)
                if reused && (!connection.socket.is_quiet() || connection.sender.ready().await.is_err()) {
                    idle = take_idle();
                    continue;
                }
                match connection.sender.try_send_request(req).await {
                    Ok(response) => return Ok(Incoming::Network(NetworkIncoming { response, connection: pool.map(|idle| (connection, idle)) })),
                    Err(mut e) => match e.take_message() {
                        // given back unwritten: the connection closed before it took the request
                        Some(unsent) if reused => {
                            tracing::debug!("an idle connection closed as it was given the request, unwritten; sending it on the next");
                            req = unsent;
                            idle = take_idle();
                        }
                        Some(_) => return Err(SendFailure::NotSent(describe(e.error(), "connection failed"))),
                        None => return Err(SendFailure::Lost(describe(e.error(), "error sending the request"))),
                    },
                }
            }
        }
    }

    /// The request as it goes on the wire (origin form, or absolute form to a forwarding proxy,
    /// with the transport's own headers), and where it goes.
    fn request(&self, out: Outgoing) -> std::result::Result<(http::Request<RequestBody>, Destination<'_>), SendFailure> {
        let invalid = |e: http::Error| SendFailure::Invalid(format!("the request URL is not valid: {e}"));
        let (uri, to) = match (out.target, &self.origin) {
            (Target::Path(path), Some(origin)) => {
                let path = PathAndQuery::from_maybe_shared(Bytes::from(path)).map_err(|e| invalid(e.into()))?;
                let uri = if self.forwarding {
                    let mut parts = http::uri::Parts::default();
                    parts.scheme = Some(origin.scheme.clone());
                    parts.authority = Some(origin.authority.clone());
                    parts.path_and_query = Some(path);
                    Uri::from_parts(parts).map_err(|e| invalid(e.into()))?
                } else {
                    Uri::from(path)
                };
                (uri, Destination::Origin(origin))
            }
            (Target::Path(_), None) => return Err(SendFailure::Invalid("the request URL is not valid: no base URL".to_string())),
            (Target::Url(text), origin) => {
                let uri = Uri::from_maybe_shared(Bytes::from(text)).map_err(|e| invalid(e.into()))?;
                let not_absolute = || SendFailure::Invalid("the request URL is not valid: it has no scheme or host".to_string());
                // the authority compared as bytes (`Authority`'s own comparison ignores case, at a
                // few hundred instructions): one that differs only in case gets a connection of
                // its own
                let to = match origin.as_ref().filter(|o| uri.scheme() == Some(&o.scheme) && uri.authority().map(Authority::as_str) == Some(o.authority.as_str())) {
                    Some(origin) => Destination::Origin(origin),
                    None => {
                        let (authority, host) = host_header(&uri).ok_or_else(not_absolute)?;
                        let scheme = uri.scheme().ok_or_else(not_absolute)?.clone();
                        let root = Uri::builder().scheme(scheme).authority(authority).path_and_query("/").build().map_err(invalid)?;
                        Destination::Other(Box::new(Elsewhere { root, host }))
                    }
                };
                let uri = match (self.forwarding, uri.path_and_query()) {
                    (true, _) => uri,
                    (false, Some(path)) => Uri::from(path.clone()),
                    (false, None) => Uri::from_static("/"),
                };
                (uri, to)
            }
        };
        let mut req = http::Request::new(RequestBody(out.body.filter(|b| !b.is_empty()).map(Box::new)));
        *req.method_mut() = out.method;
        *req.uri_mut() = uri;
        *req.headers_mut() = out.headers;
        if !(out.own_headers_added && matches!(to, Destination::Origin(_))) {
            self.add_own_headers(req.headers_mut(), to.host());
        }
        Ok((req, to))
    }

    /// A new connection to `root` along the route, its task started on the current runtime.
    async fn connect(&self, root: &Uri) -> std::result::Result<Pooled, SendFailure> {
        let io = self.connector.clone().call(root.clone()).await.map_err(|e| SendFailure::NotSent(describe(&*e, "connection failed")))?;
        let socket = match &io {
            MaybeHttpsStream::Http(stream) => stream.socket.clone(),
            MaybeHttpsStream::Https(tls) => tls.inner().get_ref().0.inner().socket.clone(),
        };
        let (sender, connection) =
            hyper::client::conn::http1::handshake(io).await.map_err(|e| SendFailure::NotSent(describe(&e, "connection failed")))?;
        // it ends when the peer closes the connection, or when its sender is dropped and no
        // request is left on it (its errors reach the request that was on it)
        tokio::spawn(async move {
            let _ = connection.await;
        });
        Ok(Pooled { sender, socket })
    }
}

/// Where a request's connection goes.
enum Destination<'t> {
    /// The base URL's origin: a connection of the pool.
    Origin(&'t Origin),
    /// Elsewhere: a connection for this request only (boxed: rare, and a request's future
    /// carries it).
    Other(Box<Elsewhere>),
}

struct Elsewhere {
    root: Uri,
    host: HeaderValue,
}

impl Destination<'_> {
    fn root(&self) -> &Uri {
        match self {
            Destination::Origin(origin) => &origin.root,
            Destination::Other(elsewhere) => &elsewhere.root,
        }
    }

    fn host(&self) -> &HeaderValue {
        match self {
            Destination::Origin(origin) => &origin.host,
            Destination::Other(elsewhere) => &elsewhere.host,
        }
    }
}

impl Incoming<'_> {
    pub(crate) fn status(&self) -> u16 {
        match self {
            Incoming::Network(n) => n.response.status().as_u16(),
            Incoming::Given(g) => g.status,
        }
    }

    pub(crate) fn headers(&self) -> &HeaderMap {
        match self {
            Incoming::Network(n) => n.response.headers(),
            Incoming::Given(g) => &g.headers,
        }
    }

    /// The body's length when the response announced it.
    pub(crate) fn content_length(&self) -> Option<u64> {
        match self {
            Incoming::Network(n) => http_body::Body::size_hint(n.response.body()).exact(),
            Incoming::Given(g) => g.broken_after_body.is_none().then_some(g.body.len() as u64),
        }
    }

    /// The next piece of the body, `None` at its end (the connection then goes back to the
    /// idle ones); the error text when the connection fails.
    pub(crate) async fn chunk(&mut self) -> std::result::Result<Option<Bytes>, String> {
        match self {
            Incoming::Network(n) => n.chunk().await,
            Incoming::Given(g) => given::chunk(g),
        }
    }
}

impl NetworkIncoming<'_> {
    async fn chunk(&mut self) -> std::result::Result<Option<Bytes>, String> {
        loop {
            match self.response.body_mut().frame().await {
                None => {
                    if let Some((connection, idle)) = self.connection.take() {
                        lock(idle).put(connection, Instant::now());
                    }
                    return Ok(None);
                }
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use super::pool::Closable;

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

    /// Reads one request from `conn`, its body too, and answers it `200` with `{}`: the request
    /// line, in lower case.
    async fn answer_one(conn: &mut tokio::net::TcpStream) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let head = read_request_head(conn).await.to_ascii_lowercase();
        let length = head.split("\r\n").find_map(|line| line.strip_prefix("content-length: ")).map_or(0, |n| n.parse().unwrap());
        conn.read_exact(&mut vec![0; length]).await.unwrap();
        conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}").await.unwrap();
        head.lines().next().unwrap().to_string()
    }

    /// A transport to `http://127.0.0.1:PORT`, and that base URL.
    fn local_transport(port: u16) -> (url::Url, HttpTransport) {
        let base = url::Url::parse(&format!("http://127.0.0.1:{port}")).unwrap();
        let tls = rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth();
        let settings = Settings { base_url: &base, tls, user_agent: "ua", connect_timeout: Duration::from_secs(5), proxy: None, no_proxy: true, given: None };
        let transport = HttpTransport::build(settings).unwrap();
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

    /// A stand-in for a connection's sender, closed or not.
    struct FakeConnection(u32, bool);

    impl Closable for FakeConnection {
        fn is_closed(&self) -> bool {
            self.1
        }
    }

    #[test]
    fn the_newest_idle_connection_is_taken_and_the_expired_and_closed_ones_are_dropped() {
        let start = Instant::now();
        let at = |secs: u64| start + Duration::from_secs(secs);
        let mut idle = IdleConnections::default();
        idle.put(FakeConnection(1, false), at(0));
        idle.put(FakeConnection(2, false), at(10));
        idle.put(FakeConnection(3, true), at(20));
        assert_eq!(idle.len(), 2, "a closed connection is not kept");
        assert_eq!(idle.take(at(30)).map(|c| c.0), Some(2));
        idle.put(FakeConnection(2, false), at(30));
        idle.put(FakeConnection(4, false), at(40));
        // connection 1 has been idle for 90 s when 5 comes back: it goes
        idle.put(FakeConnection(5, false), at(90));
        assert_eq!(idle.len(), 3);
        assert_eq!(idle.take(at(100)).map(|c| c.0), Some(5));
        // the newest left was idle from 40 s: at 130 s it has expired, and the older ones with it
        assert_eq!(idle.take(at(130)).map(|c| c.0), None);
        assert_eq!(idle.len(), 0);
        idle.put(FakeConnection(6, false), at(130));
        idle.connections.push((FakeConnection(7, true), at(131)));
        // a connection that closed while idle is passed over
        assert_eq!(idle.take(at(132)).map(|c| c.0), Some(6));
        assert_eq!(idle.len(), 0);
    }

    /// In a child after `fork()`, dropping the idle connections leaves the parent's alone.
    #[cfg(unix)]
    #[test]
    fn a_forked_child_does_not_drop_its_parents_connections() {
        struct Held {
            _witness: std::sync::Arc<()>,
        }
        impl Closable for Held {
            fn is_closed(&self) -> bool {
                false
            }
        }
        let witness = std::sync::Arc::new(());
        let mut idle = IdleConnections::default();
        idle.put(Held { _witness: witness.clone() }, Instant::now());
        // SAFETY: the child drops `idle` (which must touch no lock), reads a count and exits.
        unsafe {
            let child = libc::fork();
            assert!(child >= 0, "fork failed");
            if child == 0 {
                drop(idle);
                libc::_exit(if std::sync::Arc::strong_count(&witness) == 2 { 0 } else { 1 });
            }
            let mut status = 0;
            assert_eq!(libc::waitpid(child, &mut status, 0), child);
            assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "the child dropped the parent's connections");
        }
        drop(idle);
        assert_eq!(std::sync::Arc::strong_count(&witness), 1, "in its own process they are dropped");
    }

    /// A server on a local port that answers each request after every connection has a
    /// request waiting (so that `connections` requests are in flight together): the port and
    /// the number of connections it accepted.
    async fn lockstep_server(connections: usize) -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let accepted = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(connections));
        let counter = accepted.clone();
        tokio::spawn(async move {
            loop {
                let (mut conn, _) = listener.accept().await.unwrap();
                counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let barrier = barrier.clone();
                tokio::spawn(async move {
                    use tokio::io::AsyncReadExt;
                    loop {
                        let mut head = Vec::new();
                        let mut buf = [0u8; 1];
                        while !head.ends_with(b"\r\n\r\n") {
                            if conn.read(&mut buf).await.unwrap_or(0) == 0 {
                                return;
                            }
                            head.extend_from_slice(&buf);
                        }
                        barrier.wait().await;
                        conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}").await.unwrap();
                    }
                });
            }
        });
        (port, accepted)
    }

    /// Calls in flight together each get a connection of their own, and later calls use those
    /// again instead of opening more.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn calls_in_flight_get_a_connection_each_and_later_calls_reuse_them() {
        const IN_FLIGHT: usize = 8;
        let (port, accepted) = lockstep_server(IN_FLIGHT).await;
        let transport = std::sync::Arc::new(local_transport(port).1);
        for _round in 0..3 {
            let calls: Vec<_> = (0..IN_FLIGHT)
                .map(|_| {
                    let transport = transport.clone();
                    tokio::spawn(async move {
                        let target = Target::Path("/api/x".to_string());
                        let out = Outgoing { method: http::Method::GET, target, headers: HeaderMap::new(), own_headers_added: false, body: None };
                        let mut resp = transport.send(out).await.ok().unwrap();
                        assert_eq!(resp.status(), 200);
                        while resp.chunk().await.unwrap().is_some() {}
                    })
                })
                .collect();
            for call in calls {
                call.await.unwrap();
            }
        }
        assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), IN_FLIGHT);
        assert_eq!(lock(&transport.idle).len(), IN_FLIGHT);
    }

    /// A connection that the service closed while it was idle is not used: the next request,
    /// even one that must not be repeated, goes out on a new connection and gets its answer.
    #[tokio::test]
    async fn a_connection_closed_while_idle_is_replaced_without_failing_the_request() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            let mut lines = Vec::new();
            for _ in 0..2 {
                // each connection serves one request and is closed after its answer
                lines.push(answer_one(&mut listener.accept().await.unwrap().0).await);
            }
            lines
        });
        let (_, transport) = local_transport(port);
        for (method, body) in [(http::Method::GET, None), (http::Method::POST, Some(Bytes::from_static(b"{\"a\":1}")))] {
            let out = Outgoing { method, target: Target::Path("/api/x".to_string()), headers: HeaderMap::new(), own_headers_added: false, body };
            let mut resp = transport.send(out).await.ok().expect("the request is answered");
            while resp.chunk().await.unwrap().is_some() {}
            // the close reaches the connection's task
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(server.await.unwrap(), ["get /api/x http/1.1", "post /api/x http/1.1"]);
    }

    /// The race that the `ready()` check cannot catch: the service closed the idle connection
    /// (or wrote on it, as a server that times out an idle connection with a `408` does), but
    /// the connection's task has not run since, so the connection still looks ready. The
    /// `SocketWatch` sees it, and the request (a `POST`, which must not be repeated) goes out on
    /// a new connection instead of into one the service no longer reads. On a runtime of one
    /// thread, blocked while the close arrives, the task cannot run before the request is
    /// handed over.
    #[test]
    fn an_idle_connection_the_service_left_is_not_used_before_its_task_noticed() {
        for says_408 in [false, true] {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.set_nonblocking(true).unwrap();
            let port = listener.local_addr().unwrap().port();
            // the server leaves each connection when the test says so, and then says it has
            let (leave, mut leave_now) = tokio::sync::mpsc::unbounded_channel::<()>();
            let (left_tx, left) = std::sync::mpsc::channel();
            let server = std::thread::spawn(move || {
                tokio::runtime::Runtime::new().unwrap().block_on(async move {
                    use tokio::io::AsyncWriteExt;
                    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                    let (mut lines, mut kept) = (Vec::new(), Vec::new());
                    for _ in 0..2 {
                        // (a request that went out on the connection left would never come here)
                        let accepted = tokio::time::timeout(Duration::from_secs(10), listener.accept()).await;
                        let (mut conn, _) = accepted.expect("the request came on a new connection").unwrap();
                        lines.push(answer_one(&mut conn).await);
                        leave_now.recv().await;
                        if says_408 {
                            conn.write_all(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n\r\n").await.unwrap();
                            kept.push(conn);
                        }
                        left_tx.send(()).unwrap();
                    }
                    lines
                })
            });
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            let (_, transport) = local_transport(port);
            for (method, body) in [(http::Method::GET, None), (http::Method::POST, Some(Bytes::from_static(b"{\"a\":1}")))] {
                let out = Outgoing { method, target: Target::Path("/api/x".to_string()), headers: HeaderMap::new(), own_headers_added: false, body };
                runtime.block_on(async {
                    let mut resp = match transport.send(out).await {
                        Ok(resp) => resp,
                        Err(SendFailure::NotSent(e) | SendFailure::Lost(e) | SendFailure::Invalid(e)) => panic!("not answered (408: {says_408}): {e}"),
                    };
                    assert_eq!(resp.status(), 200, "the answer is the server's to this request, not the 408");
                    while resp.chunk().await.unwrap().is_some() {}
                    // the connection's task goes idle and waits for the next request
                    tokio::time::sleep(Duration::from_millis(20)).await;
                });
                // the close or the 408 arrives while nothing on the runtime runs
                leave.send(()).unwrap();
                left.recv_timeout(Duration::from_secs(20)).expect("the server left the connection");
                std::thread::sleep(Duration::from_millis(50));
            }
            assert_eq!(server.join().unwrap(), ["get /api/x http/1.1", "post /api/x http/1.1"], "408: {says_408}");
        }
    }

    #[test]
    fn userinfo_never_shown() {
        assert_eq!(redact_userinfo("http://alice:S3cret@proxy:3128"), "http://[REDACTED]@proxy:3128");
        assert_eq!(redact_userinfo("alice:S3cret@proxy:3128"), "[REDACTED]@proxy:3128");
        assert_eq!(redact_userinfo("socks5://a:b@c@proxy:1/x@y"), "socks5://[REDACTED]@y");
        // a password with the characters that end an authority, unencoded
        assert_eq!(redact_userinfo("http://u:pa/ss@host:3128"), "http://[REDACTED]@host:3128");
        assert_eq!(redact_userinfo("http://u:p?a#s@host:3128"), "http://[REDACTED]@host:3128");
        assert_eq!(redact_userinfo("socks5://u:p/w@host:1080"), "socks5://[REDACTED]@host:1080");
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
