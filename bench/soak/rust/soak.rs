//! The Rust half of the soak (`scripts/soak`, `make soak`): the local responder every
//! language's soak program calls, and the Rust client's soak.
//!
//! ```text
//! soak responder                      # prints "OK SLOW E500 GARBAGE REFUSED" (ports), then
//!                                     # answers until stdin closes; then prints its counts
//! soak client PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S
//!                                     # one phase of the Rust Client's soak, N in flight
//! ```
//!
//! Built as its own small crate by `scripts/soak` (a manifest and a copy of the workspace's
//! Cargo.lock written into the target directory; nothing of the workspace is changed).
//!
//! The responder listens on four loopback ports, each with one behaviour, all keep-alive
//! HTTP/1.1 answering every GET:
//! - OK: the service's `address-balance` envelope (as bench/rust/side_by_side.rs);
//! - SLOW: the same answer after 30 s, unless the client closes the connection first (a call
//!   cancelled mid-flight: the responder stops waiting at once and closes its side);
//! - E500: `500 Internal Server Error` with a JSON error envelope;
//! - GARBAGE: `200 OK` with a body that is not JSON (undecodable).
//!
//! REFUSED is a port that was bound and closed again: nothing listens there.
//!
//! A client phase prints one JSON line (read by `bench/soak/run.py`): calls, outcomes, and
//! VmRSS / open fds / threads after the warm-up and after the phase (after a settle that waits up
//! to SETTLE_S seconds for the threads to come back to the warm-up's level and the fds to at most
//! SLACK above it: idle keep-alive connections the pool may keep). A cancelled call is cancelled
//! CANCEL_MS milliseconds after it started.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A structurally valid, long-lived JWT: the responder does not check it.
const KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
const ADDRESS: &str = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";

fn response(status: &str, body: &str) -> Arc<[u8]> {
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
    .into()
}

#[derive(Clone, Copy)]
enum Mode {
    Ok,
    Slow,
    E500,
    Garbage,
}

#[derive(Default)]
struct Counts {
    requests: [AtomicU64; 4],
    /// slow requests whose client went away before the answer (cancelled mid-flight)
    slow_abandoned: AtomicU64,
    connections: [AtomicU64; 4],
}

async fn serve(listener: tokio::net::TcpListener, mode: Mode, counts: Arc<Counts>) {
    let ok = response(
        "200 OK",
        &format!(
            r#"{{"successful":true,"message":"Address balance","data":{{"address":"{ADDRESS}","confirmed":1.23456789,"unconfirmed":-0.00001640,"height":505,"utxoCount":3}}}}"#
        ),
    );
    let e500 = response("500 Internal Server Error", r#"{"successful":false,"message":"soak: internal error","data":null}"#);
    let garbage = response("200 OK", "<html>this is not the service's JSON</html>");
    loop {
        let Ok((mut socket, _)) = listener.accept().await else { return };
        socket.set_nodelay(true).unwrap();
        counts.connections[mode as usize].fetch_add(1, Ordering::Relaxed);
        let (ok, e500, garbage, counts) = (ok.clone(), e500.clone(), garbage.clone(), counts.clone());
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
                    pending.drain(..end + 4);
                    counts.requests[mode as usize].fetch_add(1, Ordering::Relaxed);
                    let answer = match mode {
                        Mode::Ok => ok.clone(),
                        Mode::E500 => e500.clone(),
                        Mode::Garbage => garbage.clone(),
                        Mode::Slow => {
                            // wait, but notice the client going away (EOF or reset)
                            tokio::select! {
                                _ = tokio::time::sleep(Duration::from_secs(30)) => ok.clone(),
                                _ = socket.read(&mut buf) => {
                                    counts.slow_abandoned.fetch_add(1, Ordering::Relaxed);
                                    return;
                                }
                            }
                        }
                    };
                    if socket.write_all(&answer).await.is_err() {
                        return;
                    }
                }
            }
        });
    }
}

fn responder() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let counts = Arc::new(Counts::default());
        let mut ports = Vec::new();
        for mode in [Mode::Ok, Mode::Slow, Mode::E500, Mode::Garbage] {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            ports.push(listener.local_addr().unwrap().port());
            tokio::spawn(serve(listener, mode, counts.clone()));
        }
        // a port nobody listens on: bound, then closed
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        ports.push(closed.local_addr().unwrap().port());
        drop(closed);
        println!("{}", ports.iter().map(u16::to_string).collect::<Vec<_>>().join(" "));
        // Stop when the driver closes our stdin (or dies); say what was served.
        let mut sink = [0u8; 64];
        let mut stdin = tokio::io::stdin();
        while matches!(stdin.read(&mut sink).await, Ok(n) if n > 0) {}
        let r = |i: usize| counts.requests[i].load(Ordering::Relaxed);
        let c = |i: usize| counts.connections[i].load(Ordering::Relaxed);
        println!(
            r#"{{"responder":true,"ok":{},"slow":{},"slow_abandoned":{},"e500":{},"garbage":{},"connections_ok":{},"connections_slow":{},"connections_e500":{},"connections_garbage":{}}}"#,
            r(0),
            r(1),
            counts.slow_abandoned.load(Ordering::Relaxed),
            r(2),
            r(3),
            c(0),
            c(1),
            c(2),
            c(3)
        );
        std::process::exit(0);
    });
}

/// (VmRSS kB, open fds, threads) of this process.
fn measure() -> (u64, u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
            .unwrap_or(0)
    };
    // the read_dir's own fd is counted too, in every measurement alike
    let fds = std::fs::read_dir("/proc/self/fd").unwrap().count() as u64;
    (field("VmRSS"), fds, field("Threads"))
}

/// The names of this process's threads (`/proc/self/task/*/comm`), for the report of a thread
/// that stayed.
fn thread_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("/proc/self/task")
        .map(|d| d.flatten().filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok()).map(|n| n.trim().to_string()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// Outcomes of a phase: counted by what the call gave.
#[derive(Default)]
struct Outcomes {
    ok: AtomicU64,
    cancelled: AtomicU64,
    errors: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
}

impl Outcomes {
    fn error(&self, kind: String) {
        *self.errors.lock().unwrap().entry(kind).or_default() += 1;
    }
}

struct Clients {
    ok: wallet_sdk::Client,
    slow: wallet_sdk::Client,
    e500: wallet_sdk::Client,
    garbage: wallet_sdk::Client,
    refused: wallet_sdk::Client,
}

/// One call of the phase: call number `i`.
async fn one(clients: &Clients, phase: &str, i: u64, cancel_after: Duration, out: &Outcomes) {
    let record = |r: wallet_sdk::Result<wallet_sdk::AddressBalance>| match r {
        Ok(b) => {
            assert_eq!(b.utxo_count, Some(3));
            out.ok.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => out.error(format!("{:?}", e.kind())),
    };
    match phase {
        "success" => record(clients.ok.address_balance(ADDRESS).await),
        // dropping the call's future mid-flight is a Rust caller's cancellation
        "cancel" => match tokio::time::timeout(cancel_after, clients.slow.address_balance(ADDRESS)).await {
            Err(_) => {
                out.cancelled.fetch_add(1, Ordering::Relaxed);
            }
            Ok(r) => record(r),
        },
        "fail" => {
            let client = match i % 3 {
                0 => &clients.refused,
                1 => &clients.e500,
                _ => &clients.garbage,
            };
            record(client.address_balance(ADDRESS).await)
        }
        _ => panic!("unknown phase {phase}"),
    }
}

async fn run(clients: Arc<Clients>, phase: &'static str, calls: u64, in_flight: u64, cancel_after: Duration, out: Arc<Outcomes>) {
    let next = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..in_flight)
        .map(|_| {
            let (clients, next, out) = (clients.clone(), next.clone(), out.clone());
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= calls {
                        break;
                    }
                    one(&clients, phase, i, cancel_after, &out).await;
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
}

fn client(ports: &[u16], phase: &str, calls: u64, warm: u64, in_flight: u64, slack: u64, cancel_ms: f64, settle_s: f64) {
    let phase: &'static str = match phase {
        "success" => "success",
        "cancel" => "cancel",
        "fail" => "fail",
        other => panic!("unknown phase {other}"),
    };
    let cancel_after = Duration::from_secs_f64(cancel_ms / 1e3);
    let settle = Duration::from_secs_f64(settle_s);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let make = |port: u16| {
            wallet_sdk::Client::builder()
                .base_url(format!("http://127.0.0.1:{port}"))
                .api_key(KEY)
                .retry_policy(wallet_sdk::RetryPolicy::none())
                .no_proxy()
                .build()
                .unwrap()
        };
        let clients = Arc::new(Clients {
            ok: make(ports[0]),
            slow: make(ports[1]),
            e500: make(ports[2]),
            garbage: make(ports[3]),
            refused: make(ports[4]),
        });
        run(clients.clone(), phase, warm, in_flight, cancel_after, Arc::new(Outcomes::default())).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = measure();
        let names_before = thread_names();
        let out = Arc::new(Outcomes::default());
        let start = Instant::now();
        run(clients.clone(), phase, calls, in_flight, cancel_after, out.clone()).await;
        let secs = start.elapsed().as_secs_f64();
        // settle: fds and threads may take a moment to come back (closing connections, idle
        // blocking-pool threads end after 10 s); wait up to `settle` for them, then measure
        tokio::time::sleep(Duration::from_millis(500)).await;
        let deadline = Instant::now() + settle;
        let mut after = measure();
        while (after.1 > before.1 + slack || after.2 > before.2) && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(250)).await;
            after = measure();
        }
        if after.2 > before.2 {
            eprintln!("soak: threads before: {names_before:?}\nsoak: threads after: {:?}", thread_names());
        }
        let errors = out.errors.lock().unwrap();
        let errors_json = errors.iter().map(|(k, v)| format!(r#""{k}":{v}"#)).collect::<Vec<_>>().join(",");
        let (ok, cancelled) = (out.ok.load(Ordering::Relaxed), out.cancelled.load(Ordering::Relaxed));
        let expected = match phase {
            "success" => ok,
            "cancel" => cancelled,
            _ => errors.values().sum(),
        };
        println!(
            r#"{{"lang":"rust","phase":"{phase}","calls":{calls},"warmup":{warm},"in_flight":{in_flight},"secs":{secs:.3},"ok":{ok},"cancelled":{cancelled},"errors":{{{errors_json}}},"expected":{expected},"rss_before_kb":{},"rss_after_kb":{},"fds_before":{},"fds_after":{},"threads_before":{},"threads_after":{}}}"#,
            before.0, after.0, before.1, after.1, before.2, after.2
        );
    });
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("responder") => responder(),
        Some("client") => {
            let ports: Vec<u16> = args[1].split(',').map(|p| p.parse().unwrap()).collect();
            let num = |i: usize| -> u64 { args[i].parse().unwrap() };
            let float = |i: usize| -> f64 { args[i].parse().unwrap() };
            client(&ports, &args[2], num(3), num(4), num(5), num(6), float(7), float(8))
        }
        _ => {
            eprintln!("usage: soak responder | soak client OK,SLOW,E500,GARBAGE,REFUSED PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S");
            std::process::exit(2)
        }
    }
}
