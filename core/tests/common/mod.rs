//! What the scripted-server tests share.

use tokio::io::AsyncReadExt;

/// Reads one HTTP/1.1 request (head and a Content-Length body) as text, from a TCP or TLS
/// stream; `None` when the client closed the connection first.
pub async fn read_request<S: tokio::io::AsyncRead + Unpin>(sock: &mut S) -> Option<String> {
    let mut buf = Vec::new();
    let mut tmp = [0u8; 4096];
    loop {
        let n = sock.read(&mut tmp).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&tmp[..n]);
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
            return Some(String::from_utf8_lossy(&buf).to_string());
        }
    }
}
