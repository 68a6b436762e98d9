//! What the scripted-server tests share.

// each test crate that includes this module uses a part of it
#![allow(dead_code)]

use tokio::io::AsyncReadExt;

/// Reads one HTTP/1.1 request (head and a Content-Length body) as text, from a TCP or TLS
/// stream; `None` when the client closed the connection first.
pub async fn read_request<S: tokio::io::AsyncRead + Unpin>(sock: &mut S) -> Option<String> {
    let (head, body) = read_request_kept_alive(sock, &mut Vec::new()).await?;
    Some(format!("{head}\r\n\r\n{body}"))
}

/// Reads the next request of a kept-alive connection as its head and its body; bytes read past
/// it stay in `buf` for the next one. `None` when the client closed the connection first.
pub async fn read_request_kept_alive<S: tokio::io::AsyncRead + Unpin>(sock: &mut S, buf: &mut Vec<u8>) -> Option<(String, String)> {
    let mut tmp = [0u8; 8192];
    loop {
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..pos]).to_string();
            let len = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap_or(0)))
                .unwrap_or(0);
            while buf.len() < pos + 4 + len {
                let n = sock.read(&mut tmp).await.ok()?;
                if n == 0 {
                    break;
                }
                buf.extend_from_slice(&tmp[..n]);
            }
            let end = buf.len().min(pos + 4 + len);
            let body = String::from_utf8_lossy(&buf[pos + 4..end]).to_string();
            buf.drain(..end);
            return Some((head, body));
        }
        let n = sock.read(&mut tmp).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&tmp[..n]);
    }
}
