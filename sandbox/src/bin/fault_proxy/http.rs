//! Just enough HTTP/1.1 on raw TCP for the proxy: read one request (head, then a Content-Length
//! body), forward it on a fresh upstream connection with `Connection: close` and read the whole
//! answer, and write answers whole or in any broken way an action asks for.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const MAX_HEAD: usize = 64 * 1024;
const MAX_REQUEST_BODY: usize = 16 * 1024 * 1024;
const MAX_UPSTREAM_RESPONSE: u64 = 64 * 1024 * 1024;

/// Headers that describe one connection, not the message: never passed on (the proxy sets its
/// own `Connection: close` and `Content-Length`).
const HOP_BY_HOP: &[&str] = &["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "expect"];

pub type Headers = Vec<(String, Vec<u8>)>;

pub struct Request {
    pub method: String,
    /// Path and query as the client sent them.
    pub target: String,
    pub headers: Headers,
    pub body: Vec<u8>,
}

impl Request {
    pub fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or_default()
    }

    pub fn query(&self) -> &str {
        self.target.split_once('?').map(|(_, q)| q).unwrap_or_default()
    }

    /// The first value of a header (name matched case-insensitively).
    pub fn header(&self, name: &str) -> Option<&[u8]> {
        header(&self.headers, name)
    }
}

fn header<'a>(headers: &'a Headers, name: &str) -> Option<&'a [u8]> {
    headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_slice())
}

/// A request the proxy will not take: answered with this status, then the connection closes.
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    Refusal { status, message: message.into() }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Reads one request. `Ok(None)` when the client closed (or failed) before a whole request came.
pub async fn read_request(stream: &mut TcpStream) -> Result<Option<Request>, Refusal> {
    let mut buf = Vec::with_capacity(4096);
    let head_end = loop {
        if let Some(i) = find(&buf, b"\r\n\r\n") {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return Err(refuse(431, "The request head is larger than 64 KiB."));
        }
        let mut chunk = [0u8; 8192];
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return Ok(None),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let (request_line, headers) = parse_head(&buf[..head_end])?;
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(refuse(400, "Malformed request line."));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(refuse(505, "Only HTTP/1.x is supported."));
    }
    if !target.starts_with('/') {
        return Err(refuse(400, "The request target must be a path (origin form)."));
    }
    if header(&headers, "transfer-encoding").is_some() {
        return Err(refuse(501, "Chunked (Transfer-Encoding) request bodies are not supported; send Content-Length."));
    }
    let length = match header(&headers, "content-length") {
        None => 0,
        Some(v) => std::str::from_utf8(v).ok().and_then(|v| v.trim().parse::<usize>().ok()).ok_or_else(|| refuse(400, "Bad Content-Length."))?,
    };
    if length > MAX_REQUEST_BODY {
        return Err(refuse(413, "The request body is larger than 16 MiB."));
    }
    let expects_continue = header(&headers, "expect").is_some_and(|v| v.eq_ignore_ascii_case(b"100-continue"));
    let mut body = buf.split_off(head_end + 4);
    if expects_continue && body.len() < length && stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n").await.is_err() {
        return Ok(None);
    }
    if body.len() < length {
        let missing = length - body.len();
        let mut rest = Vec::with_capacity(missing);
        match (&mut *stream).take(missing as u64).read_to_end(&mut rest).await {
            Ok(n) if n == missing => body.extend_from_slice(&rest),
            _ => return Ok(None),
        }
    }
    // Bytes past the body (a pipelined request) are dropped: every answer closes the connection.
    body.truncate(length);
    Ok(Some(Request { method: method.to_string(), target: target.to_string(), headers, body }))
}

/// Splits a head into its first line and its headers.
fn parse_head(head: &[u8]) -> Result<(String, Headers), Refusal> {
    let mut lines = head.split(|b| *b == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l));
    let first = lines.next().unwrap_or_default();
    let first = std::str::from_utf8(first).map_err(|_| refuse(400, "The first line is not text."))?.to_string();
    let mut headers = Vec::new();
    for line in lines {
        if line.first().is_some_and(|b| *b == b' ' || *b == b'\t') {
            return Err(refuse(400, "Folded header lines are not supported."));
        }
        let colon = line.iter().position(|b| *b == b':').ok_or_else(|| refuse(400, "A header line has no colon."))?;
        let name = std::str::from_utf8(&line[..colon]).ok().filter(|n| is_token(n)).ok_or_else(|| refuse(400, "Bad header name."))?;
        headers.push((name.to_string(), line[colon + 1..].trim_ascii().to_vec()));
    }
    Ok((first, headers))
}

/// An HTTP token (RFC 9110): what a header name may be.
pub fn is_token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// An answer: status line, headers and the whole body.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub reason: String,
    pub headers: Headers,
    pub body: Vec<u8>,
}

impl Response {
    /// The status line and headers, with `Content-Length` of the whole body and `Connection: close`.
    pub fn head(&self) -> Vec<u8> {
        self.head_with_length(self.body.len() as u64)
    }

    /// The head for a body of `length` bytes sent separately (a generated body).
    pub fn head_with_length(&self, length: u64) -> Vec<u8> {
        let mut out = format!("HTTP/1.1 {} {}\r\n", self.status, self.reason).into_bytes();
        for (name, value) in &self.headers {
            let lower = name.to_ascii_lowercase();
            if lower == "content-length" || HOP_BY_HOP.contains(&lower.as_str()) {
                continue;
            }
            push_header(&mut out, name, value);
        }
        out.extend_from_slice(format!("Content-Length: {length}\r\nConnection: close\r\n\r\n").as_bytes());
        out
    }

    /// Writes the head for `parts`, then the parts' bytes as they are generated, and closes the
    /// sending side (FIN). The whole body never sits in memory.
    pub async fn write_generated(&self, parts: &BodyParts, stream: &mut TcpStream) -> std::io::Result<()> {
        stream.write_all(&self.head_with_length(parts.len())).await?;
        let mut chunk = Vec::with_capacity(CHUNK + 1024);
        for part in parts.parts.iter() {
            let pieces = part.pieces();
            for i in 0..part.repeat {
                if chunk.len() >= CHUNK {
                    stream.write_all(&chunk).await?;
                    chunk.clear();
                }
                part.push_repetition(i, &pieces, &mut chunk);
            }
        }
        stream.write_all(&chunk).await?;
        stream.shutdown().await
    }

    /// Writes the whole answer and closes the sending side (FIN).
    pub async fn write_to(&self, stream: &mut TcpStream) -> std::io::Result<()> {
        let mut bytes = self.head();
        bytes.extend_from_slice(&self.body);
        stream.write_all(&bytes).await?;
        stream.shutdown().await
    }
}

/// How much of a generated body is written at a time.
const CHUNK: usize = 64 * 1024;

/// A body given as parts, each a byte string repeated some number of times (`bodyParts` of a
/// rule): a JSON text nested a million levels deep is `[` × 1,000,000 then `]` × 1,000,000,
/// armed in a few bytes and generated while it is written.
#[derive(Debug, Clone)]
pub struct BodyParts {
    parts: std::sync::Arc<[Part]>,
    len: u64,
}

/// One part: `bytes` written `repeat` times; with a `counter`, each of its occurrences in
/// `bytes` is replaced by the number of the repetition (0, 1, 2…).
#[derive(Debug, Clone)]
pub struct Part {
    pub bytes: Vec<u8>,
    pub repeat: u64,
    pub counter: Option<Vec<u8>>,
}

impl Part {
    /// The pieces of `bytes` between the counter's occurrences (one piece without a counter).
    fn pieces(&self) -> Vec<&[u8]> {
        let Some(counter) = self.counter.as_deref().filter(|c| !c.is_empty()) else { return vec![&self.bytes] };
        let mut pieces = Vec::new();
        let mut rest = self.bytes.as_slice();
        while let Some(i) = find(rest, counter) {
            pieces.push(&rest[..i]);
            rest = &rest[i + counter.len()..];
        }
        pieces.push(rest);
        pieces
    }

    fn len(&self) -> Option<u64> {
        let pieces = self.pieces();
        let fixed: u64 = pieces.iter().map(|p| p.len() as u64).sum();
        let numbers = (pieces.len() as u64 - 1).checked_mul(digits_below(self.repeat))?;
        fixed.checked_mul(self.repeat)?.checked_add(numbers)
    }

    /// Appends repetition `i` to `out` (`pieces` from [`Part::pieces`]).
    fn push_repetition(&self, i: u64, pieces: &[&[u8]], out: &mut Vec<u8>) {
        if pieces.len() == 1 {
            out.extend_from_slice(&self.bytes);
            return;
        }
        let number = i.to_string();
        for (k, piece) in pieces.iter().enumerate() {
            if k > 0 {
                out.extend_from_slice(number.as_bytes());
            }
            out.extend_from_slice(piece);
        }
    }
}

/// How many decimal digits the numbers 0..n have in all.
fn digits_below(n: u64) -> u64 {
    let (mut total, mut start, mut width) = (0u64, 0u64, 1u64);
    let mut end = 10u64;
    while start < n {
        total += (n.min(end) - start) * width;
        start = end;
        end = end.saturating_mul(10);
        width += 1;
    }
    total
}

impl BodyParts {
    /// `None` when the total length overflows or exceeds `max`.
    pub fn new(parts: Vec<Part>, max: u64) -> Option<BodyParts> {
        let mut len: u64 = 0;
        for part in &parts {
            len = len.checked_add(part.len()?)?;
        }
        (len <= max).then(|| BodyParts { parts: parts.into(), len })
    }

    /// The body's length in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// The whole body (tests only: the proxy streams it).
    #[cfg(test)]
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for part in self.parts.iter() {
            let pieces = part.pieces();
            for i in 0..part.repeat {
                part.push_repetition(i, &pieces, &mut out);
            }
        }
        out
    }
}

fn push_header(out: &mut Vec<u8>, name: &str, value: &[u8]) {
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b": ");
    out.extend_from_slice(value);
    out.extend_from_slice(b"\r\n");
}

/// The standard reason phrase of a status.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Content Too Large",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Time-out",
        505 => "HTTP Version Not Supported",
        _ => "Status",
    }
}

/// Where requests are forwarded: `host:port`, used to connect and as the `Host` header.
pub struct Upstream {
    pub authority: String,
}

impl Upstream {
    /// From `http://host:port` (a trailing `/` is allowed; no other path, no https).
    pub fn parse(text: &str) -> Result<Upstream, String> {
        let url = url::Url::parse(text).map_err(|e| format!("--upstream {text}: {e}"))?;
        if url.scheme() != "http" {
            return Err(format!("--upstream {text}: only http:// is supported"));
        }
        if url.path() != "/" || url.query().is_some() || !url.username().is_empty() {
            return Err(format!("--upstream {text}: give only http://host:port"));
        }
        let host = url.host_str().ok_or_else(|| format!("--upstream {text}: no host"))?;
        let port = url.port_or_known_default().unwrap_or(80);
        Ok(Upstream { authority: format!("{host}:{port}") })
    }

    /// Sends `req` on a fresh connection and reads the whole answer. `sent` is called once the
    /// request has been written (it reached the upstream, whatever happens next).
    pub async fn forward(&self, req: &Request, sent: impl FnOnce()) -> Result<Response, String> {
        let mut conn = TcpStream::connect(&self.authority).await.map_err(|e| format!("cannot connect to the upstream {}: {e}", self.authority))?;
        let mut out = format!("{} {} HTTP/1.1\r\nHost: {}\r\n", req.method, req.target, self.authority).into_bytes();
        for (name, value) in &req.headers {
            let lower = name.to_ascii_lowercase();
            if lower != "host" && !HOP_BY_HOP.contains(&lower.as_str()) {
                push_header(&mut out, name, value);
            }
        }
        out.extend_from_slice(b"Connection: close\r\n\r\n");
        out.extend_from_slice(&req.body);
        conn.write_all(&out).await.map_err(|e| format!("cannot send to the upstream: {e}"))?;
        sent();
        let mut raw = Vec::new();
        (&mut conn).take(MAX_UPSTREAM_RESPONSE + 1).read_to_end(&mut raw).await.map_err(|e| format!("upstream read failed: {e}"))?;
        if raw.len() as u64 > MAX_UPSTREAM_RESPONSE {
            return Err("the upstream answer is larger than 64 MiB".into());
        }
        parse_response(raw)
    }
}

/// Parses a whole upstream answer (read to EOF), skipping interim 1xx answers and decoding a
/// chunked body.
fn parse_response(mut raw: Vec<u8>) -> Result<Response, String> {
    loop {
        let end = find(&raw, b"\r\n\r\n").ok_or("the upstream closed before a whole answer head")?;
        let (status_line, headers) = parse_head(&raw[..end]).map_err(|r| format!("bad upstream answer head: {}", r.message))?;
        let mut parts = status_line.splitn(3, ' ');
        let status = parts
            .nth(1)
            .and_then(|s| s.parse::<u16>().ok())
            .filter(|s| (100..=599).contains(s))
            .ok_or_else(|| format!("bad upstream status line {status_line:?}"))?;
        let reason = parts.next().unwrap_or_default().to_string();
        let body = raw.split_off(end + 4);
        if (100..200).contains(&status) {
            raw = body;
            continue;
        }
        let chunked = header(&headers, "transfer-encoding").is_some_and(|v| v.to_ascii_lowercase().ends_with(b"chunked"));
        let mut body = if chunked { decode_chunked(&body)? } else { body };
        if let Some(length) = header(&headers, "content-length").and_then(|v| std::str::from_utf8(v).ok()?.trim().parse::<usize>().ok()) {
            body.truncate(length);
        }
        return Ok(Response { status, reason, headers, body });
    }
}

fn decode_chunked(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = find(data, b"\r\n").ok_or("truncated chunked body")?;
        let size_text = std::str::from_utf8(&data[..line_end]).map_err(|_| "bad chunk size")?;
        let size_text = size_text.split(';').next().unwrap_or_default().trim();
        let size = usize::from_str_radix(size_text, 16).map_err(|_| "bad chunk size")?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(body);
        }
        let chunk = data.get(..size).ok_or("truncated chunked body")?;
        body.extend_from_slice(chunk);
        data = data.get(size + 2..).ok_or("truncated chunked body")?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_answers_with_interim_heads_and_chunks() {
        let raw = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: b\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n";
        let r = parse_response(raw.to_vec()).ok().unwrap();
        assert_eq!((r.status, r.reason.as_str(), r.body.as_slice()), (200, "OK", b"abcde".as_slice()));
        let head = String::from_utf8(r.head()).unwrap();
        assert_eq!(head, "HTTP/1.1 200 OK\r\nX-A: b\r\nContent-Length: 5\r\nConnection: close\r\n\r\n");
        assert!(parse_response(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab".to_vec()).is_err());
        assert!(parse_response(b"HTTP/1.1 200 OK\r\n".to_vec()).is_err());
        let r = parse_response(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 2\r\n\r\nokEXTRA".to_vec()).ok().unwrap();
        assert_eq!((r.status, r.body.as_slice()), (503, b"ok".as_slice()));
    }

    #[test]
    fn upstream_urls() {
        assert_eq!(Upstream::parse("http://127.0.0.1:8080").unwrap().authority, "127.0.0.1:8080");
        assert_eq!(Upstream::parse("http://[::1]:9/").unwrap().authority, "[::1]:9");
        assert_eq!(Upstream::parse("http://localhost").unwrap().authority, "localhost:80");
        assert!(Upstream::parse("https://127.0.0.1:1").is_err());
        assert!(Upstream::parse("http://127.0.0.1:1/api").is_err());
        assert!(Upstream::parse("127.0.0.1:1").is_err());
    }
}
