//! What a web page in the developer's browser must not be able to make the sandbox do.
//!
//! The sandbox listens on 127.0.0.1 only, but a browser on the same machine can still reach it:
//! - DNS rebinding: a page on `evil.example`, whose name is then re-pointed at 127.0.0.1, talks to
//!   the sandbox as its own origin, with `Host: evil.example`. Every request whose Host is not a
//!   loopback name or address is refused, which closes that door for every endpoint.
//! - Cross-site requests to `/sandbox/*` (they need no credential: minting keys, mining, funding,
//!   arming delays): a request carrying a foreign `Origin` is refused, and a POST must say
//!   `Content-Type: application/json`, which a page cannot send to another origin without a CORS
//!   preflight, which the sandbox never approves.
//!
//! Every test client (Rust, Python, Kotlin, Swift, curl in the launcher) sends its requests to
//! 127.0.0.1 with a JSON content type and no `Origin`, so none of them is affected.

use std::net::{Ipv4Addr, Ipv6Addr};

use axum::http::{HeaderMap, Method, StatusCode, Uri};

use crate::error::ApiError;

/// True for a `host[:port]` naming this machine: `localhost`, 127.0.0.0/8 or `[::1]`, with an
/// optional numeric port.
pub fn is_loopback_authority(authority: &str) -> bool {
    if let Some(rest) = authority.strip_prefix('[') {
        // `[IPv6]` or `[IPv6]:port`
        let Some((inside, after)) = rest.split_once(']') else { return false };
        let port_ok = after.is_empty() || after.strip_prefix(':').is_some_and(valid_port);
        return port_ok && inside.parse::<Ipv6Addr>().is_ok_and(|a| a.is_loopback());
    }
    let (host, port_ok) = match authority.rsplit_once(':') {
        Some((host, port)) => (host, valid_port(port)),
        None => (authority, true),
    };
    port_ok && (host.eq_ignore_ascii_case("localhost") || host.parse::<Ipv4Addr>().is_ok_and(|a| a.is_loopback()))
}

fn valid_port(port: &str) -> bool {
    !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u16>().is_ok()
}

/// True for an `Origin` naming this machine: `http(s)://` and a loopback authority, nothing else
/// (`null` and every other scheme are foreign).
fn is_loopback_origin(origin: &str) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else { return false };
    (scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) && is_loopback_authority(authority)
}

fn forbidden(code: &'static str, field: &str, message: String) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, code, message).with_field(field)
}

/// Shown in messages: at most 100 characters of what the client sent.
fn shown(value: &str) -> String {
    value.chars().take(100).collect()
}

/// Every request: exactly one `Host`, a loopback one (and an absolute request target, if any,
/// names a loopback authority too).
pub fn check_host(uri: &Uri, headers: &HeaderMap) -> Result<(), ApiError> {
    let refuse = |what: String| {
        forbidden(
            "forbidden_host",
            "Host",
            format!("The sandbox answers only requests addressed to a loopback host (127.0.0.1, localhost or [::1], with or without a port); {what}."),
        )
    };
    let mut hosts = headers.get_all("host").iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(h), None) => h,
        (None, _) => return Err(refuse("the request has no Host header".into())),
        (Some(_), Some(_)) => return Err(refuse("the request has more than one Host header".into())),
    };
    let Ok(host) = host.to_str() else { return Err(refuse("its Host header is not text".into())) };
    if !is_loopback_authority(host) {
        return Err(refuse(format!("this one was addressed to {:?}", shown(host))));
    }
    if let Some(authority) = uri.authority() {
        if !is_loopback_authority(authority.as_str()) {
            return Err(refuse(format!("this one was addressed to {:?}", shown(authority.as_str()))));
        }
    }
    Ok(())
}

/// `/sandbox/*`: no foreign `Origin`; a POST's body is declared `application/json`.
pub fn check_sandbox_request(method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    for origin in headers.get_all("origin") {
        let text = origin.to_str().unwrap_or("");
        if !is_loopback_origin(text) {
            return Err(forbidden(
                "forbidden_origin",
                "Origin",
                format!(
                    "The sandbox's own endpoints refuse requests from web pages of other origins; Origin was {:?}.",
                    shown(text)
                ),
            ));
        }
    }
    if method == Method::POST && !is_json_content_type(headers) {
        let sent = match headers.get("content-type") {
            None => "none".to_string(),
            Some(v) => format!("{:?}", shown(v.to_str().unwrap_or("?"))),
        };
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            format!(
                "POST to the sandbox's own endpoints needs the header Content-Type: application/json (with curl: -H 'content-type: application/json'); the request had {sent}."
            ),
        )
        .with_field("Content-Type"));
    }
    Ok(())
}

/// Exactly one `Content-Type`, whose media type is `application/json` (any case; parameters such
/// as `charset` allowed).
fn is_json_content_type(headers: &HeaderMap) -> bool {
    let mut all = headers.get_all("content-type").iter();
    let (Some(value), None) = (all.next(), all.next()) else { return false };
    let Ok(value) = value.to_str() else { return false };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_authorities() {
        for ok in ["127.0.0.1", "127.0.0.1:8080", "127.255.255.254:1", "localhost", "LOCALHOST:80", "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]:65535"] {
            assert!(is_loopback_authority(ok), "{ok}");
        }
        for bad in [
            "",
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "localhost.",
            "127.0.0.1@evil.example",
            "user@127.0.0.1",
            "128.0.0.1",
            "0.0.0.0",
            "10.0.0.1:80",
            "127.1",
            "2130706433",
            "0x7f.0.0.1",
            "127.0.0.1:",
            "127.0.0.1:99999",
            "127.0.0.1:+80",
            "127.0.0.1:80:80",
            "localhost:http",
            "::1",
            "[::1",
            "[::1]x",
            "[::1]:",
            "[::2]",
            "[::ffff:127.0.0.1]",
            "[::]",
        ] {
            assert!(!is_loopback_authority(bad), "{bad}");
        }
    }

    #[test]
    fn origins() {
        for ok in ["http://127.0.0.1:8080", "http://localhost:3000", "https://localhost", "http://[::1]:8000"] {
            assert!(is_loopback_origin(ok), "{ok}");
        }
        for bad in ["null", "http://evil.example", "file://", "chrome-extension://abc", "http://localhost.evil.example", "127.0.0.1", ""] {
            assert!(!is_loopback_origin(bad), "{bad}");
        }
    }

    #[test]
    fn content_types() {
        let with = |values: &[&str]| {
            let mut h = HeaderMap::new();
            for v in values {
                h.append("content-type", v.parse().unwrap());
            }
            is_json_content_type(&h)
        };
        assert!(with(&["application/json"]));
        assert!(with(&["Application/JSON; charset=utf-8"]));
        assert!(with(&[" application/json ;charset=UTF-8"]));
        assert!(!with(&[]));
        assert!(!with(&["text/plain"]));
        assert!(!with(&["application/x-www-form-urlencoded"]));
        assert!(!with(&["multipart/form-data; boundary=x"]));
        assert!(!with(&["application/jsonx"]));
        assert!(!with(&["application/problem+json"]));
        assert!(!with(&["text/plain; application/json"]));
        assert!(!with(&["application/json", "text/plain"]));
    }
}
