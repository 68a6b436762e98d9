//! Where a connection goes and how: straight to the service, to an HTTP proxy, or through a
//! proxy's tunnel; the socket and what is watched on it; the URL helpers of the settings.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use http::header::HeaderValue;
use http::uri::Authority;
use http::Uri;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::legacy::connect::{Connected, Connection, HttpConnector};
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::error::{Error, Result};
use crate::locks::lock;

use super::*;

/// The authority of `uri` and the `Host` header hyper-util's client sets for a request to it
/// (`Client::send_request`): the host, and `:port` unless the port is the scheme's default.
pub(super) fn host_header(uri: &Uri) -> Option<(Authority, HeaderValue)> {
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
pub(super) enum Route {
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
pub(super) fn route(s: &Settings<'_>) -> Result<(Route, Option<HeaderValue>)> {
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
    pub(super) http: HttpConnector,
    /// Shared by the copies of the connector that each new connection takes.
    pub(super) route: Arc<Route>,
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
                Route::Direct => Stream::new(http.call(dst).await?),
                Route::Forward { proxy } => Stream::new(http.call(proxy.clone()).await?),
                Route::Tunnel { proxy, authorization } => {
                    let mut tunnel = Tunnel::new(proxy.clone(), http);
                    if let Some(auth) = authorization {
                        tunnel = tunnel.with_auth(auth.clone());
                    }
                    Stream::new(tunnel.call(dst).await?)
                }
            })
        })
    }
}

/// A TCP connection (to the service, to a proxy that forwards requests, or through a tunnel).
pub(crate) struct Stream {
    pub(super) io: TokioIo<TcpStream>,
    pub(super) socket: Arc<SocketWatch>,
}

impl Stream {
    pub(super) fn new(io: TokioIo<TcpStream>) -> Self {
        #[cfg(unix)]
        let socket = Arc::new(SocketWatch { fd: Mutex::new(Some(std::os::fd::AsRawFd::as_raw_fd(io.inner()))) });
        #[cfg(not(unix))]
        let socket = Arc::new(SocketWatch {});
        Stream { io, socket }
    }
}

impl Drop for Stream {
    /// The watch lets go of the socket before it closes (the fields drop after this).
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            *lock(&self.socket.fd) = None;
        }
    }
}

/// A look at a connection's socket from outside the task that reads it.
///
/// That task runs only when the runtime gets to it. Until then a connection that the service
/// closed while it was idle still looks open, and a request handed to it is written into a
/// socket that the service no longer reads. hyper cannot tell then whether the request was
/// read, so a create or a send made on it would end `outcome_unknown`. The kernel already
/// knows: one `recv` with `MSG_PEEK` asks it before an idle connection is used again.
pub(crate) struct SocketWatch {
    /// The socket while its [`Stream`] lives; cleared, under this lock, before it closes.
    #[cfg(unix)]
    pub(super) fd: Mutex<Option<std::os::fd::RawFd>>,
}

impl SocketWatch {
    /// Nothing has come on the socket since it was last read: no end, no reset, no byte. An
    /// idle HTTP/1.1 connection gets nothing before its next request; anything else (a close,
    /// a `408` sent before one, a TLS alert) means it is not to be used.
    pub(super) fn is_quiet(&self) -> bool {
        #[cfg(unix)]
        {
            let fd = lock(&self.fd);
            let Some(fd) = *fd else { return false };
            let mut byte = 0u8;
            // SAFETY: `fd` is open while the lock is held (`Stream`'s drop clears it first), and
            // `recv` writes at most the one byte it is given.
            let read = unsafe { libc::recv(fd, std::ptr::addr_of_mut!(byte).cast(), 1, libc::MSG_PEEK | libc::MSG_DONTWAIT) };
            read < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::WouldBlock
        }
        #[cfg(not(unix))]
        true
    }
}

/// hyper-rustls asks for it; the SDK reads nothing of it.
impl Connection for Stream {
    fn connected(&self) -> Connected {
        self.io.connected()
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
    // up to the last `@` of all: a password may hold `/`, `?` or `#` unencoded, and a path's
    // own `@` (rare in these URLs) is hidden too rather than a password shown
    let shown = match rest.rfind('@') {
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

/// `what`, then the texts of the error and its causes (none of which holds the URL).
pub(super) fn describe(e: &(dyn std::error::Error + 'static), what: &str) -> String {
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
