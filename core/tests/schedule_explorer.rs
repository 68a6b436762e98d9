//! Exactly-once, explored (docs/adr/0027-exactly-once-invariants.md): thousands of random
//! schedules of keyed sends, caller timeouts and cancels, retries from one or several clients
//! and `resolve` calls, against an in-process model of the service on a virtual clock, with the
//! four invariants checked after each.
//!
//! The model keeps one wallet's entries (newest first, with their times), stores descriptions
//! (cut to 100 characters or with runs of spaces collapsed, when the schedule says so), and
//! gives each send request a fate: answered, answer lost after the work, a gateway's 503 or 504
//! before or after the work, no answer ever. The work commits after a delay of up to 2 s (the
//! contract: a request takes effect within the clients' settle time of arriving, or never).
//! Other payers flood the wallet with dust entries, and the service restarts, dropping every
//! connection.
//!
//! Each schedule comes from one seed. A failure prints `EXPLORE_SEED=<seed>` to replay it;
//! keep it in `tests/data/schedule-seeds.txt`, which runs first every time.
//! `EXPLORE_SCHEDULES` sets how many random schedules run (`make fuzz` runs many more).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio::time::Instant;
use wallet_sdk::{Amount, Client, ErrorKind, OutcomeTokenCell, ResolutionState, RetryPolicy, SealedCall, SendFundsFromWalletOptions};

mod common;
use common::read_request_kept_alive;

const WALLET: &str = "w";
const RECIPIENT: &str = "rltc1qrecipient";
/// The node's clock at the start of a schedule (Unix seconds).
const EPOCH: i64 = 1_800_000_000;
const SETTLE: Duration = Duration::from_secs(5);
/// The longest a request takes to commit after it arrives: within `SETTLE`, as the contract asks.
const MAX_COMMIT_MS: u64 = 2_000;

/// splitmix64: a schedule is its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn ms(&mut self, max: u64) -> Duration {
        Duration::from_millis(self.below(max + 1))
    }
}

// ------------------------------------------------------------------ the model of the service

#[derive(Clone, Copy, Debug, PartialEq)]
enum Fate {
    Answer,
    /// The work is done, the connection closes without an answer.
    LostAfter,
    /// A gateway answers this status after the work.
    StatusAfter(u16),
    /// A gateway answers this status and the request never reaches the service.
    StatusBefore(u16),
    /// The work is done; no answer ever comes.
    Hang,
}

struct Request {
    call: Option<u64>,
    key: Option<String>,
    received: Instant,
    /// The amount asked for.
    litoshis: i64,
    fate: Fate,
    txid: Option<String>,
}

struct Service {
    /// Oldest first (the wire shows them newest first).
    entries: Vec<String>,
    requests: Vec<Request>,
    truncate: Option<usize>,
    normalise: bool,
    hide_comments: bool,
    start: Instant,
    txids: u64,
}

impl Service {
    fn node_time(&self) -> i64 {
        EPOCH + self.start.elapsed().as_secs() as i64
    }

    fn entry(&self, txid: &str, category: &str, litoshis: i64, fee: Option<i64>, comment: Option<&str>, time: i64) -> String {
        let ltc = |l: i64| Amount::from_litoshis(l).to_plain_string();
        let comment = if self.hide_comments { String::new() } else { format!(r#","comment":{}"#, serde_json::Value::from(comment).to_string()) };
        format!(
            r#"{{"txid":"{txid}","category":"{category}","address":"{}","amount":{},"fee":{},"vout":0,"confirmations":0,"time":{time},"timeReceived":{time}{comment},"to":null}}"#,
            if category == "send" { RECIPIENT } else { "rltc1qdust" },
            ltc(litoshis),
            fee.map_or("null".into(), ltc),
        )
    }

    fn stored(&self, description: &str) -> String {
        let mut text = if self.normalise { description.split_whitespace().collect::<Vec<_>>().join(" ") } else { description.to_string() };
        if let Some(n) = self.truncate {
            text = text.chars().take(n).collect();
        }
        text
    }

    fn flood(&mut self, n: usize, time: i64) {
        for _ in 0..n {
            self.txids += 1;
            let e = self.entry(&format!("{:064x}", self.txids), "receive", 1_000, None, None, time);
            self.entries.push(e);
        }
    }

    fn page(&self, skip: usize, count: usize) -> String {
        let items: Vec<&str> = self.entries.iter().rev().skip(skip).take(count).map(String::as_str).collect();
        format!(r#"{{"walletName":"{WALLET}","skip":{skip},"count":{count},"items":[{}]}}"#, items.join(","))
    }
}

type Shared = Arc<Mutex<Service>>;

/// The key and the call id a description carries (`[wsdk-idem:KEY] call-N …`).
fn parse_description(text: &str) -> (Option<String>, Option<u64>) {
    let key = text.split_once("[wsdk-idem:").and_then(|(_, r)| r.split_once(']')).map(|(k, _)| k.to_string());
    let call = text.split_whitespace().find_map(|w| w.strip_prefix("call-")).and_then(|n| n.parse().ok());
    (key, call)
}

fn envelope(data: &str) -> String {
    format!(r#"{{"successful":true,"message":"ok","data":{data}}}"#)
}

fn http(status: u16, body: &str) -> Vec<u8> {
    format!("HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fn query(head: &str, name: &str) -> Option<usize> {
    let target = head.split_whitespace().nth(1)?;
    let (_, q) = target.split_once('?')?;
    q.split('&').find_map(|kv| kv.strip_prefix(&format!("{name}=")).and_then(|v| v.parse().ok()))
}

/// What the model does with one request: the answer to write, or none (close or hang).
enum Reply {
    Write(Vec<u8>),
    Close,
    Hang,
}

async fn handle(service: &Shared, head: &str, body: &str, fates: &Mutex<Rng>) -> Reply {
    if head.starts_with("GET /api/Wallet/transactions") {
        let s = service.lock().unwrap();
        let page = s.page(query(head, "skip").unwrap_or(0), query(head, "count").unwrap_or(25).min(500));
        return Reply::Write(http(200, &envelope(&page)));
    }
    if !head.starts_with("POST /api/Transactions/send-funds-from-wallet") {
        return Reply::Write(http(404, r#"{"successful":false,"message":"no such path"}"#));
    }
    let v: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    let description = v["description"].as_str().unwrap_or_default().to_string();
    // the model reads the decimal through f64: its amounts are a few LTC with 8 decimals
    let litoshis = (v["amount"].as_f64().unwrap_or(0.0) * 1e8).round() as i64;
    let (key, call) = parse_description(&description);
    let (fate, delay) = {
        let mut r = fates.lock().unwrap();
        let fate = match r.below(10) {
            0..=3 => Fate::Answer,
            4 => Fate::LostAfter,
            5 => Fate::StatusAfter([500, 502, 503, 504][r.below(4) as usize]),
            6 => Fate::StatusBefore([502, 503][r.below(2) as usize]),
            7 => Fate::Hang,
            _ => Fate::Answer,
        };
        (fate, r.ms(MAX_COMMIT_MS))
    };
    let index = {
        let mut s = service.lock().unwrap();
        s.requests.push(Request { call, key, received: Instant::now(), litoshis, fate, txid: None });
        s.requests.len() - 1
    };
    if let Fate::StatusBefore(status) = fate {
        return Reply::Write(http(status, "<h1>gateway</h1>"));
    }
    // the work commits after `delay`, whatever becomes of the connection
    let commit = {
        let service = service.clone();
        async move {
            tokio::time::sleep(delay).await;
            let mut s = service.lock().unwrap();
            s.txids += 1;
            let txid = format!("{:064x}", s.txids);
            let stored = s.stored(&description);
            let time = s.node_time();
            let e = s.entry(&txid, "send", -litoshis, Some(1_410), Some(&stored), time);
            s.entries.push(e);
            s.requests[index].txid = Some(txid.clone());
            txid
        }
    };
    match fate {
        Fate::Answer => {
            let txid = commit.await;
            let amount = Amount::from_litoshis(litoshis).to_plain_string();
            let data = format!(
                r#"{{"txid":"{txid}","recipientAddress":"{RECIPIENT}","amount":{amount},"amountReceived":{amount},"fee":0.0000141,"totalDebited":{},"amountIncludeFees":false}}"#,
                Amount::from_litoshis(litoshis + 1_410).to_plain_string()
            );
            Reply::Write(http(200, &envelope(&data)))
        }
        Fate::StatusAfter(status) => {
            commit.await;
            Reply::Write(http(status, "<h1>gateway</h1>"))
        }
        Fate::LostAfter => {
            commit.await;
            Reply::Close
        }
        Fate::Hang => {
            tokio::spawn(commit);
            Reply::Hang
        }
        Fate::StatusBefore(_) => unreachable!("answered above"),
    }
}

async fn serve(listener: TcpListener, service: Shared, fates: Arc<Mutex<Rng>>, restarts: tokio::sync::watch::Receiver<u32>) {
    loop {
        let Ok((mut sock, _)) = listener.accept().await else { return };
        let (service, fates, mut restarts) = (service.clone(), fates.clone(), restarts.clone());
        // only a restart after the connection opened drops it
        restarts.borrow_and_update();
        tokio::spawn(async move {
            let mut buf = Vec::new();
            let connection = async {
                while let Some((head, body)) = read_request_kept_alive(&mut sock, &mut buf).await {
                    match handle(&service, &head, &body, &fates).await {
                        Reply::Write(bytes) => {
                            if sock.write_all(&bytes).await.is_err() {
                                return;
                            }
                        }
                        Reply::Close => return,
                        Reply::Hang => std::future::pending::<()>().await,
                    }
                }
            };
            // a restart drops every connection, answers in flight included
            tokio::select! {
                _ = connection => {}
                _ = restarts.changed() => {}
            }
        });
    }
}

// ------------------------------------------------------------------ the callers

/// A send that succeeded, as its caller saw it.
struct Sent {
    key: String,
    txid: String,
    replayed: bool,
    recipient: Option<String>,
    received: Option<i64>,
}

/// What the callers saw, for the invariants.
#[derive(Default)]
struct Seen {
    /// (key, when) of every `not_applied`.
    not_applied: Vec<(String, Instant)>,
    /// (key, txid) of every `applied`.
    applied: Vec<(String, String)>,
    /// Every successful send.
    sent: Vec<Sent>,
    /// Call id → how it ended: `ok`, `outcome_unknown+token`, `cancelled+token`, `cancelled`
    /// (without a token), or another kind.
    calls: HashMap<u64, String>,
    abandoned_reports: usize,
    log: Vec<String>,
}

fn client(url: &str, timeout: Duration, seen: &Arc<Mutex<Seen>>) -> Client {
    let seen = seen.clone();
    Client::builder()
        .base_url(url)
        .credential("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJleHBsb3JlciIsImV4cCI6NDAwMDAwMDAwMH0.c2lnbmF0dXJl")
        .timeout(timeout)
        .settle_time(SETTLE)
        .retry_policy(RetryPolicy { max_attempts: 2, base_backoff: Duration::from_millis(20), max_backoff: Duration::from_millis(50), jitter: 0.0 })
        .on_abandoned_call(move |_| seen.lock().unwrap().abandoned_reports += 1)
        .build()
        .unwrap()
}

/// One caller paying one key's payment: sends, gives up on some of its calls, resolves or
/// retries after failures, until a send succeeds or its tries run out.
async fn caller(clients: Vec<Client>, key: String, litoshis: i64, mut rng: Rng, seen: Arc<Mutex<Seen>>, calls: Arc<Mutex<u64>>) {
    for _ in 0..6 {
        let client = clients[rng.below(clients.len() as u64) as usize].clone();
        let call = {
            let mut n = calls.lock().unwrap();
            *n += 1;
            *n
        };
        let padding = "x".repeat(rng.below(200) as usize);
        let options = SendFundsFromWalletOptions {
            description: Some(format!("call-{call}  {padding}")),
            idempotency_key: Some(key.clone()),
            ..Default::default()
        };
        let send = client.send_funds_from_wallet(WALLET, RECIPIENT, Amount::from_litoshis(litoshis), options);
        let give_up = if rng.chance(30) { rng.ms(3_000) } else { Duration::from_secs(3_600) };
        let cell = OutcomeTokenCell::new();
        let outcome = tokio::time::timeout(give_up, cell.record(send)).await;
        let error = match outcome {
            Err(_) => {
                // "nothing sent" must stay true: invariant 4 fails a call ended so that reaches the service
                let (token, ended) = match cell.seal() {
                    SealedCall::NothingSent => (None, "cancelled, nothing sent"),
                    SealedCall::MayHaveBeenSent { outcome_token: Some(token), .. } => (Some(token), "cancelled+token"),
                    SealedCall::MayHaveBeenSent { outcome_token: None, .. } => (None, "cancelled without a token"),
                };
                seen.lock().unwrap().calls.insert(call, ended.into());
                match token {
                    // the guide's way: resolve what was given up
                    Some(token) if rng.chance(50) => {
                        if resolved(&key, client.resolve_token(&token).await, &seen) {
                            return;
                        }
                    }
                    // the caller who gave up tries again at once, or a little later
                    _ => tokio::time::sleep(rng.ms(500)).await,
                }
                continue;
            }
            Ok(Ok(sent)) => {
                let mut s = seen.lock().unwrap();
                s.calls.insert(call, "ok".into());
                s.sent.push(Sent {
                    key: key.clone(),
                    txid: sent.txid.clone(),
                    replayed: sent.replayed,
                    recipient: sent.recipient_address.clone(),
                    received: sent.amount_received.map(Amount::litoshis),
                });
                return;
            }
            Ok(Err(e)) => e,
        };
        let ended = match (error.kind(), error.outcome_token()) {
            (ErrorKind::OutcomeUnknown, Some(_)) => "outcome_unknown+token".to_string(),
            (kind, _) => kind.as_str().to_string(),
        };
        seen.lock().unwrap().log.push(format!("call {call} ({key}): {error}"));
        seen.lock().unwrap().calls.insert(call, ended);
        if error.kind() != ErrorKind::OutcomeUnknown {
            tokio::time::sleep(rng.ms(2_000)).await;
            continue;
        }
        match rng.below(3) {
            // the guide's way: resolve first
            0 | 1 => {
                if resolved(&key, client.resolve(&error).await, &seen) {
                    return;
                }
            }
            // an impatient caller retries at once with the same key
            _ => tokio::time::sleep(rng.ms(300)).await,
        }
    }
}

/// Notes what `resolve` said; `true` when the payment is known to be made.
fn resolved(key: &str, r: wallet_sdk::Result<wallet_sdk::Resolution>, seen: &Mutex<Seen>) -> bool {
    let mut s = seen.lock().unwrap();
    match r {
        Ok(r) => {
            s.log.push(format!("resolve ({key}): {} {:?}: {}", r.state, r.txid, r.reason));
            match r.state {
                ResolutionState::Applied => {
                    s.applied.push((key.to_string(), r.txid.clone().unwrap_or_default()));
                    true
                }
                ResolutionState::NotApplied => {
                    s.not_applied.push((key.to_string(), Instant::now()));
                    false
                }
                ResolutionState::Unknown => false,
            }
        }
        Err(e) => {
            s.log.push(format!("resolve ({key}) failed: {e}"));
            false
        }
    }
}

fn run(seed: u64) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().start_paused(true).build().unwrap();
    rt.block_on(explore(seed))
}

async fn explore(seed: u64) -> Result<(), String> {
    let mut rng = Rng(seed);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let mut service = Service {
        entries: Vec::new(),
        requests: Vec::new(),
        truncate: rng.chance(30).then_some(100),
        normalise: rng.chance(30),
        hide_comments: rng.chance(5),
        start: Instant::now(),
        txids: 1 << 40,
    };
    // history from two days ago, which no look-up needs to read
    let old = rng.below(3) as usize * 300;
    service.flood(old, EPOCH - 2 * 24 * 3600);
    let service: Shared = Arc::new(Mutex::new(service));
    let (restart, restarts) = tokio::sync::watch::channel(0u32);
    let fates = Arc::new(Mutex::new(Rng(rng.next())));
    tokio::spawn(serve(listener, service.clone(), fates, restarts));

    let seen = Arc::new(Mutex::new(Seen::default()));
    let clients: Vec<Client> = (0..1 + rng.below(3))
        .map(|_| client(&url, [Duration::from_millis(300), Duration::from_secs(1), Duration::from_secs(3)][rng.below(3) as usize], &seen))
        .collect();
    let keys = 1 + rng.below(2);
    let calls = Arc::new(Mutex::new(0u64));
    let mut callers = Vec::new();
    for k in 0..keys {
        let key = format!("order-{seed:x}-{k}");
        let litoshis = 25_000_000 + k as i64;
        for _ in 0..1 + rng.below(2) {
            let start = rng.ms(1_000);
            let (clients, key, caller_rng, seen, calls) = (clients.clone(), key.clone(), Rng(rng.next()), seen.clone(), calls.clone());
            callers.push(tokio::spawn(async move {
                tokio::time::sleep(start).await;
                caller(clients, key, litoshis, caller_rng, seen, calls).await;
            }));
        }
    }
    // other payers and the operator: dust floods and restarts while the callers work
    let disturbances = {
        let (service, mut rng) = (service.clone(), Rng(rng.next()));
        tokio::spawn(async move {
            for _ in 0..rng.below(4) {
                tokio::time::sleep(rng.ms(4_000)).await;
                if rng.chance(50) {
                    let n = [50, 600, 1_500, 11_000][rng.below(4) as usize];
                    let mut s = service.lock().unwrap();
                    let time = s.node_time();
                    s.flood(n, time);
                } else {
                    let _ = restart.send_modify(|n| *n += 1);
                }
            }
        })
    };
    for c in callers {
        c.await.map_err(|e| format!("a caller panicked: {e}"))?;
    }
    disturbances.await.unwrap();
    // every request still in flight commits or is gone by now
    tokio::time::sleep(SETTLE * 4).await;
    let verdict = check(&service.lock().unwrap(), &seen.lock().unwrap());
    if std::env::var_os("EXPLORE_VERBOSE").is_some() {
        let (s, seen) = (service.lock().unwrap(), seen.lock().unwrap());
        let fates: Vec<String> = s.requests.iter().map(|r| format!("{:?}{}", r.fate, if r.txid.is_some() { "+paid" } else { "" })).collect();
        eprintln!("seed {seed:x}: {} entries, requests {fates:?}, calls {:?}\n  {}", s.entries.len(), seen.calls, seen.log.join("\n  "));
    }
    verdict
}

// ------------------------------------------------------------------ the invariants

fn check(service: &Service, seen: &Seen) -> Result<(), String> {
    let mut broken = Vec::new();
    let paid = |key: &str| service.requests.iter().filter(|r| r.txid.is_some() && r.key.as_deref() == Some(key)).collect::<Vec<_>>();
    let mut keys: Vec<&String> = service.requests.iter().filter_map(|r| r.key.as_ref()).collect();
    keys.sort();
    keys.dedup();
    // 1. at most one payment per key
    for key in &keys {
        let payments = paid(key);
        if payments.len() > 1 {
            broken.push(format!("invariant 1: key {key} paid {} times (calls {:?})", payments.len(), payments.iter().map(|r| r.call).collect::<Vec<_>>()));
        }
    }
    // 2. `not_applied` only when no request of the key sent before it ever took effect
    for (key, when) in &seen.not_applied {
        for r in paid(key) {
            // (another caller's request at the very instant of the answer is a new send)
            if r.received < *when {
                broken.push(format!(
                    "invariant 2: resolve said not_applied for key {key}, but call {:?}'s request, received {:?} before, was paid",
                    r.call,
                    *when - r.received
                ));
            }
        }
    }
    for (key, txid) in &seen.applied {
        if !paid(key).iter().any(|r| r.txid.as_deref() == Some(txid.as_str())) {
            broken.push(format!("resolve said applied for key {key} with txid {txid}, which no request of the key made"));
        }
    }
    // 3. a send, replayed or not, is the payment of its key: that txid, recipient and amount
    for s in &seen.sent {
        let payment = paid(&s.key).into_iter().find(|r| r.txid.as_deref() == Some(s.txid.as_str()));
        let shown = (s.recipient.as_deref(), s.received);
        match payment {
            Some(r) if shown == (Some(RECIPIENT), Some(r.litoshis)) => {}
            Some(r) => broken.push(format!(
                "invariant 3: a send of key {} (replayed {}) showed {shown:?}, the payment was {} litoshis to {RECIPIENT}",
                s.key, s.replayed, r.litoshis
            )),
            None => broken.push(format!("invariant 3: a send of key {} returned txid {} (replayed {}), not a payment of that key", s.key, s.txid, s.replayed)),
        }
    }
    // 4. a call whose request reached the service ends in success or outcome_unknown with a
    //    token; given up by its caller, it leaves a token and is reported to the abandoned-call hook
    let mut given_up = 0;
    for r in &service.requests {
        let Some(call) = r.call else { continue };
        match seen.calls.get(&call).map(String::as_str) {
            Some("ok" | "outcome_unknown+token") => {}
            Some("cancelled+token") => given_up += 1,
            other => broken.push(format!("invariant 4: call {call} reached the service ({:?}) and ended {other:?}", r.fate)),
        }
    }
    if seen.abandoned_reports < given_up {
        broken.push(format!("invariant 4: {given_up} calls given up after their request left, {} reported", seen.abandoned_reports));
    }
    if broken.is_empty() {
        Ok(())
    } else {
        let requests: Vec<String> = service
            .requests
            .iter()
            .map(|r| format!("call {:?} {:?} at {:?}{}", r.call, r.fate, r.received - service.start, if r.txid.is_some() { " paid" } else { "" }))
            .collect();
        Err(format!("{}\n--- the service saw:\n{}\n--- the callers saw:\n{}", broken.join("\n"), requests.join("\n"), seen.log.join("\n")))
    }
}

// ------------------------------------------------------------------ the tests

fn kept_seeds() -> Vec<u64> {
    include_str!("data/schedule-seeds.txt")
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| u64::from_str_radix(l.trim_start_matches("0x"), 16).expect("a seed in hex"))
        .collect()
}

/// A schedule that has not ended after a minute of real time (`EXPLORE_HANG_SECONDS`) hangs (a
/// deadlock, or a call that never ends): a failure with its seed, not a stuck test run.
fn run_watched(seed: u64) -> Result<(), String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(|| run(seed)).unwrap_or_else(|_| Err("the schedule panicked".into()));
        let _ = tx.send(result);
    });
    let limit = std::env::var("EXPLORE_HANG_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    rx.recv_timeout(Duration::from_secs(limit)).unwrap_or_else(|_| Err(format!("the schedule hung: no end within {limit} s of real time")))
}

fn explore_all(seeds: Vec<u64>) {
    let seeds = Arc::new(Mutex::new(seeds));
    let failures = Arc::new(Mutex::new(Vec::new()));
    // one schedule at a time: the SDK's table of keys is the process's, and each schedule's
    // virtual clock is its own, so two at once would read each other's settle times wrongly
    let workers: Vec<_> = (0..1)
        .map(|_| {
            let (seeds, failures) = (seeds.clone(), failures.clone());
            std::thread::spawn(move || loop {
                let Some(seed) = seeds.lock().unwrap().pop() else { return };
                if let Err(why) = run_watched(seed) {
                    failures.lock().unwrap().push(format!("EXPLORE_SEED={seed:x}\n{why}"));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let failures = failures.lock().unwrap();
    let summary: Vec<String> = failures.iter().map(|f| f.lines().take(2).collect::<Vec<_>>().join(": ")).collect();
    assert!(failures.is_empty(), "{} schedules broke an invariant:\n{}\n--- the first:\n{}", failures.len(), summary.join("\n"), failures[0]);
}

#[test]
fn kept_schedules_hold_the_invariants() {
    explore_all(kept_seeds());
}

#[test]
fn random_schedules_hold_the_invariants() {
    if let Ok(seed) = std::env::var("EXPLORE_SEED") {
        let seed = u64::from_str_radix(seed.trim_start_matches("0x"), 16).expect("EXPLORE_SEED in hex");
        return run_watched(seed).unwrap_or_else(|why| panic!("EXPLORE_SEED={seed:x}\n{why}"));
    }
    let n: u64 = std::env::var("EXPLORE_SCHEDULES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000);
    let base = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64;
    eprintln!("exploring {n} schedules from seed {base:x}");
    explore_all((0..n).map(|i| Rng(base ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next()).collect());
}
