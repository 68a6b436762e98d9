//! The local keep-alive HTTP/1.1 responder of the client benches (`client_overhead`, and
//! `side_by_side` of bench/): included by `#[path]`, since bench targets share no library.

use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A complete `200 OK` response with a JSON `body`.
pub fn json_response(body: &str) -> Arc<[u8]> {
    format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
    .into()
}

/// Answers every GET on every connection with the response `answer` picks from the request's
/// head, keeping connections alive, until accepting fails.
pub async fn serve_gets(listener: tokio::net::TcpListener, answer: impl Fn(&[u8]) -> Arc<[u8]> + Clone + Send + 'static) {
    loop {
        let Ok((mut socket, _)) = listener.accept().await else { return };
        socket.set_nodelay(true).unwrap();
        let answer = answer.clone();
        tokio::spawn(async move {
            let mut buf = vec![0u8; 16 * 1024];
            let mut pending = Vec::new();
            loop {
                let Ok(n) = socket.read(&mut buf).await else { return };
                if n == 0 {
                    return;
                }
                pending.extend_from_slice(&buf[..n]);
                // GET requests carry no body: one response per header block.
                while let Some(end) = pending.windows(4).position(|w| w == b"\r\n\r\n") {
                    let response = answer(&pending[..end]);
                    pending.drain(..end + 4);
                    if socket.write_all(&response).await.is_err() {
                        return;
                    }
                }
            }
        });
    }
}
