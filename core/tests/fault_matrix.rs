//! The fault matrix of the 13 non-idempotent operations (create, send…): every fault
//! a hostile network or gateway can produce, against a scripted server of our own. For each
//! cell: the error kind, `retryable`, and that exactly one request reached the server. Plus the
//! secret-echo shapes, cancellation, and the untyped call.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
mod common;
use common::read_request;
use wallet_sdk::{
    AbandonedCall, Amount, Client, CreateAddressOptions, CreateMultisigAddressOptions, ErrorKind, GenerateDefaultAddressOptions,
    AddressType, Result, RetryPolicy, Secret, SendFundsFromWalletOptions, SetWalletMnemonicsOptions,
};

const PASSPHRASE: &str = "correct horse/battery \"staple\"";
const MNEMONICS: &str = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
const NEW_PASSPHRASE: &str = "n3w-pa55phrase!";
const OTP_CODE: &str = "481516";
const KEY_SIGNATURE: &str = "c2lnbmF0dXJlX29mX3RoZV9tYXRyaXhfa2V5";

fn key() -> String {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.{KEY_SIGNATURE}",
        b64.encode(br#"{"alg":"HS256","typ":"JWT"}"#),
        b64.encode(br#"{"sub":"matrix","exp":4000000000}"#)
    )
}

/// Every secret the calls of the matrix send, in the forms the server may echo them.
fn secret_forms() -> Vec<String> {
    secret_forms_of(&[PASSPHRASE, MNEMONICS, NEW_PASSPHRASE])
}

/// The secrets one operation of the matrix sends (and the credential), in those forms.
fn secret_forms_of_op(op: &str) -> Vec<String> {
    match op {
        "import_wallet" => secret_forms_of(&[MNEMONICS]),
        "set_wallet_mnemonics" => secret_forms_of(&[MNEMONICS, PASSPHRASE]),
        "change_passphrase" => secret_forms_of(&[PASSPHRASE, NEW_PASSPHRASE]),
        _ => secret_forms_of(&[PASSPHRASE]),
    }
}

fn secret_forms_of(secrets: &[&str]) -> Vec<String> {
    let mut v = vec![key(), KEY_SIGNATURE.to_string()];
    for s in secrets {
        v.push(s.to_string());
        v.push(serde_json::to_string(s).unwrap().trim_matches('"').to_string());
        v.push(url_encode(s));
    }
    v
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The 13 non-idempotent operations, through their typed methods (a broadcast is safe to
/// repeat: docs/adr/0014).
const NON_IDEMPOTENT: [&str; 13] = [
    "create_address",
    "create_multisig_address",
    "generate_default_address",
    "send_funds_from_wallet",
    "verify_otp",
    "create_wallet",
    "encrypt_wallet",
    "create_encrypted_wallet",
    "create_importable_wallet",
    "create_importable_encrypted_wallet",
    "import_wallet",
    "change_passphrase",
    "set_wallet_mnemonics",
];

async fn run(c: &Client, op: &str) -> Result<()> {
    let pp = || Some(Secret::new(PASSPHRASE));
    let mn = Secret::new(MNEMONICS);
    match op {
        "create_address" => c.create_address("w", CreateAddressOptions { passphrase: pp(), ..Default::default() }).await.map(drop),
        "create_multisig_address" => c
            .create_multisig_address("w", vec!["a1".into(), "a2".into()], 1, AddressType::Bech32, CreateMultisigAddressOptions { passphrase: pp() })
            .await
            .map(drop),
        "generate_default_address" => {
            c.generate_default_address("w", GenerateDefaultAddressOptions { passphrase: pp(), ..Default::default() }).await.map(drop)
        }
        "send_funds_from_wallet" => c
            .send_funds_from_wallet("w", "rltc1qrecipient", Amount::from_ltc("0.5").unwrap(), SendFundsFromWalletOptions { passphrase: pp(), ..Default::default() })
            .await
            .map(drop),
        "verify_otp" => c.verify_otp("sig", &Secret::new(OTP_CODE)).await.map(drop),
        "create_wallet" => c.create_wallet("w").await.map(drop),
        "encrypt_wallet" => c.encrypt_wallet("w", &Secret::new(PASSPHRASE)).await.map(drop),
        "create_encrypted_wallet" => c.create_encrypted_wallet("w").await.map(drop),
        "create_importable_wallet" => c.create_importable_wallet("w").await.map(drop),
        "create_importable_encrypted_wallet" => c.create_importable_encrypted_wallet("w").await.map(drop),
        "import_wallet" => c.import_wallet("w", &mn).await.map(drop),
        "change_passphrase" => c.change_passphrase("w", &Secret::new(PASSPHRASE), &Secret::new(NEW_PASSPHRASE)).await.map(drop),
        "set_wallet_mnemonics" => c.set_wallet_mnemonics("w", &mn, SetWalletMnemonicsOptions { passphrase: pp() }).await.map(drop),
        other => panic!("not in the matrix: {other}"),
    }
}

#[derive(Clone)]
enum Fault {
    /// Answer with these raw bytes, then close.
    Respond(String),
    /// Reset the connection (RST) once the request is read.
    Reset,
    /// Close the connection (FIN) once the request is read, without answering.
    Close,
    /// Send this head and the first half of the body it announces, then close.
    Truncate(String, String),
    /// Send this head, then the body one byte every 200 ms.
    SlowBody(String, String),
    /// Never answer.
    Hang,
    /// Hold the request, then answer.
    HoldThen(Duration, String),
    /// Answer what this function makes of the request line.
    Handler(Arc<dyn Fn(&str) -> String + Send + Sync>),
}

struct Server {
    url: String,
    hits: Arc<Mutex<usize>>,
}

impl Server {
    async fn start(fault: Fault) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let hits = Arc::new(Mutex::new(0));
        let h = hits.clone();
        tokio::spawn(async move {
            while let Ok((mut sock, _)) = listener.accept().await {
                let h = h.clone();
                let fault = fault.clone();
                tokio::spawn(async move {
                    let Some(request) = read_request(&mut sock).await else { return };
                    let request_line = request.lines().next().unwrap_or_default().to_string();
                    *h.lock().unwrap() += 1;
                    let fault = match fault {
                        Fault::Handler(f) => Fault::Respond(f(&request_line)),
                        other => other,
                    };
                    serve(sock, fault).await;
                });
            }
        });
        Server { url, hits }
    }

    /// Requests that reached the server, after a pause long enough for any retry to arrive.
    async fn hits_after_settling(&self) -> usize {
        tokio::time::sleep(Duration::from_millis(150)).await;
        *self.hits.lock().unwrap()
    }
}

async fn serve(mut sock: TcpStream, fault: Fault) {
    match fault {
        Fault::Respond(r) => {
            let _ = sock.write_all(r.as_bytes()).await;
            let _ = sock.shutdown().await;
        }
        Fault::Reset => {
            // SO_LINGER 0 makes the close a reset, which is the point here.
            #[allow(deprecated)]
            let _ = sock.set_linger(Some(Duration::ZERO));
            drop(sock);
        }
        Fault::Close => {
            let _ = sock.shutdown().await;
        }
        Fault::Truncate(head, body) => {
            let _ = sock.write_all(head.as_bytes()).await;
            let _ = sock.write_all(&body.as_bytes()[..body.len() / 2]).await;
            let _ = sock.shutdown().await;
        }
        Fault::SlowBody(head, body) => {
            let _ = sock.write_all(head.as_bytes()).await;
            for b in body.bytes() {
                if sock.write_all(&[b]).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        Fault::Hang => tokio::time::sleep(Duration::from_secs(3600)).await,
        // resolved into a Respond by the accept loop
        Fault::Handler(_) => {}
        Fault::HoldThen(d, r) => {
            tokio::time::sleep(d).await;
            let _ = sock.write_all(r.as_bytes()).await;
            let _ = sock.shutdown().await;
        }
    }
}

fn http(status: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut s = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\nX-Request-Id: rid-matrix\r\n", body.len());
    for (k, v) in headers {
        s.push_str(&format!("{k}: {v}\r\n"));
    }
    s + "\r\n" + body
}

fn head(status: &str, content_type: &str, len: usize) -> String {
    format!("HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n")
}

fn client(url: &str) -> Client {
    Client::builder()
        .base_url(url)
        .credential(key())
        .retry_policy(RetryPolicy { max_attempts: 3, base_backoff: Duration::from_millis(10), max_backoff: Duration::from_millis(50), jitter: 0.0 })
        .timeout(Duration::from_millis(600))
        .build()
        .unwrap()
}

const GATEWAY_504: &str = "<html><body><h1>504 Gateway Time-out</h1></body></html>";
const A_RESULT: &str = r#"{"successful":true,"data":{"walletName":"w","address":"rltc1qx","txid":"ab","valid":true}}"#;

/// One cell: the fault, and what every non-idempotent operation must give.
struct Cell {
    name: &'static str,
    fault: Fault,
    kind: ErrorKind,
    status: Option<u16>,
}

fn cells() -> Vec<Cell> {
    let json = [("Content-Type", "application/json")];
    vec![
        Cell { name: "reset after the request was sent", fault: Fault::Reset, kind: ErrorKind::OutcomeUnknown, status: None },
        Cell { name: "FIN after the request was sent", fault: Fault::Close, kind: ErrorKind::OutcomeUnknown, status: None },
        Cell {
            name: "500 from a gateway",
            fault: Fault::Respond(http("500 Internal Server Error", &[("Content-Type", "text/html")], "<h1>500</h1>")),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(500),
        },
        Cell {
            name: "502 from a gateway",
            fault: Fault::Respond(http("502 Bad Gateway", &[("Content-Type", "text/html")], "<h1>502 Bad Gateway</h1>")),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(502),
        },
        Cell {
            name: "504 from a gateway",
            fault: Fault::Respond(http("504 Gateway Timeout", &[("Content-Type", "text/html")], GATEWAY_504)),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(504),
        },
        Cell {
            name: "502 node_unavailable (the sandbox's answer when sendtoaddress times out)",
            fault: Fault::Respond(http(
                "502 Bad Gateway",
                &json,
                r#"{"successful":false,"message":"node timed out","error":{"code":"node_unavailable"}}"#,
            )),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(502),
        },
        Cell {
            name: "507, another 5xx",
            fault: Fault::Respond(http("507 Insufficient Storage", &[], "")),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(507),
        },
        Cell {
            name: "503 (a service mesh answers it after the upstream reset, when the work may be done)",
            fault: Fault::Respond(http("503 Service Unavailable", &[("Content-Type", "text/plain"), ("Retry-After", "0")], "busy")),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(503),
        },
        Cell {
            name: "429 before forwarding",
            fault: Fault::Respond(http(
                "429 Too Many Requests",
                &[("Content-Type", "application/json"), ("Retry-After", "0")],
                r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#,
            )),
            kind: ErrorKind::RateLimited,
            status: Some(429),
        },
        Cell {
            name: "a huge Retry-After on a 429",
            fault: Fault::Respond(http("429 Too Many Requests", &[("Retry-After", "100000000000000000000")], "")),
            kind: ErrorKind::RateLimited,
            status: Some(429),
        },
        Cell {
            name: "a truncated body",
            fault: Fault::Truncate(head("200 OK", "application/json", A_RESULT.len()), A_RESULT.to_string()),
            kind: ErrorKind::OutcomeUnknown,
            status: None,
        },
        Cell {
            name: "a slow body",
            fault: Fault::SlowBody(head("200 OK", "application/json", A_RESULT.len()), A_RESULT.to_string()),
            kind: ErrorKind::OutcomeUnknown,
            status: None,
        },
        Cell { name: "no answer (timeout)", fault: Fault::Hang, kind: ErrorKind::OutcomeUnknown, status: None },
        Cell {
            name: "an undecodable 2xx",
            fault: Fault::Respond(http("200 OK", &[("Content-Type", "text/html")], "<html>captive portal</html>")),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(200),
        },
        Cell {
            name: "a 2xx JSON of another shape",
            fault: Fault::Respond(http("200 OK", &json, r#"{"error":"wallet is locked"}"#)),
            kind: ErrorKind::OutcomeUnknown,
            status: Some(200),
        },
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fault_on_every_non_idempotent_operation() {
    // one server per cell, the cells side by side
    let mut cells_running = tokio::task::JoinSet::new();
    for cell in cells() {
        cells_running.spawn(run_cell(cell));
    }
    let mut failures = Vec::new();
    while let Some(r) = cells_running.join_next().await {
        failures.extend(r.unwrap());
    }
    assert!(failures.is_empty(), "{} cells failed:\n{}", failures.len(), failures.join("\n"));
}

async fn run_cell(cell: Cell) -> Vec<String> {
    let mut failures = Vec::new();
    let server = Server::start(cell.fault.clone()).await;
    let c = client(&server.url);
    let mut expected_hits = 0;
    for op in NON_IDEMPOTENT {
        let e = match run(&c, op).await {
            Ok(()) => {
                failures.push(format!("{op} / {}: succeeded", cell.name));
                continue;
            }
            Err(e) => e,
        };
        expected_hits += 1;
        let hits = server.hits_after_settling().await;
        let text = format!("{e} {e:?} {:?} {:?}", e.service_message(), e.raw_body());
        let leaked: Vec<String> = secret_forms().into_iter().filter(|s| text.contains(s.as_str())).collect();
        if e.kind() != cell.kind
            || e.is_retryable()
            || hits != expected_hits
            || e.operation() != Some(op)
            || (cell.status.is_some() && e.status() != cell.status)
            || !leaked.is_empty()
        {
            failures.push(format!(
                "{op} / {}: kind {} (want {}), retryable {}, requests {} (want {expected_hits}), status {:?}, leaked {leaked:?}: {e}",
                cell.name,
                e.kind(),
                cell.kind,
                e.is_retryable(),
                hits,
                e.status()
            ));
            expected_hits = hits;
        }
        if cell.status.is_some() && e.request_id() != Some("rid-matrix") {
            failures.push(format!("{op} / {}: request id lost: {e:?}", cell.name));
        }
    }
    failures
}

#[tokio::test]
async fn gateway_5xx_keeps_status_code_and_request_id_and_says_what_to_do() {
    let server = Server::start(Fault::Respond(http("504 Gateway Timeout", &[("Content-Type", "text/html")], GATEWAY_504))).await;
    let e = run(&client(&server.url), "send_funds_from_wallet").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(e.status(), Some(504));
    assert_eq!(e.service_code(), Some("server_error"));
    assert_eq!(e.request_id(), Some("rid-matrix"));
    assert_eq!(e.attempts(), 1);
    assert_eq!(
        e.to_string(),
        "send_funds_from_wallet: outcome unknown (HTTP 504, code `server_error`): non-JSON body (content type `text/html`): \
         <html><body><h1>504 Gateway Time-out</h1></body></html> — a gateway may answer so after the service acted; it was \
         not repeated automatically — check whether it took effect before trying again [request id rid-matrix]"
    );
    // the same answer to a read is retried, and retryable
    let e = client(&server.url).blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ServiceUnavailable);
    assert!(e.is_retryable());
    assert_eq!(e.attempts(), 3);
}

#[tokio::test]
async fn undecodable_2xx_keeps_the_redacted_body_but_never_for_an_answer_with_secrets() {
    let body = format!(r#"{{"weird":{{"mnemonics":"{MNEMONICS}","note":"import of {MNEMONICS} done"}}}}"#);
    let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "application/json")], &body))).await;
    let e = run(&client(&server.url), "import_wallet").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(e.raw_body(), Some(r#"{"weird":{"mnemonics":"[REDACTED]","note":"import of [REDACTED] done"}}"#));
    assert!(e.to_string().starts_with("import_wallet: outcome unknown: the service answered HTTP 200, so the operation probably took effect"), "{e}");

    let e = run(&client(&server.url), "create_importable_wallet").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(e.raw_body(), None);
    assert!(e.to_string().contains("the body is not shown: this operation's answers carry secrets"), "{e}");

    // a read with an unreadable answer: decode, with the body
    let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "text/plain")], "not json"))).await;
    let e = client(&server.url).blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Decode);
    assert_eq!(e.raw_body(), Some("not json"));
}

#[tokio::test]
async fn a_huge_retry_after_never_panics() {
    for value in ["100000000000000000000", "18446744073709551616", "1e300", "inf", "NaN", "-0", "9".repeat(400).as_str()] {
        let ok = http("200 OK", &[("Content-Type", "application/json"), ("Retry-After", value)], A_RESULT);
        let server = Server::start(Fault::Respond(ok)).await;
        client(&server.url).create_wallet("w").await.unwrap_or_else(|e| panic!("Retry-After {value}: {e}"));
        let limited = http("429 Too Many Requests", &[("Retry-After", value)], "");
        let server = Server::start(Fault::Respond(limited)).await;
        let e = client(&server.url).blockchain_info().await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::RateLimited, "{value}");
        assert!(e.retry_after().is_none_or(|d| d <= wallet_sdk::MAX_RETRY_AFTER), "{value}: {:?}", e.retry_after());
    }
}

/// A secret of the request echoed in every shape: as a bare string, under another key, in a
/// non-JSON body, URL-encoded, JSON-escaped, as the userinfo of a node URL.
#[tokio::test]
async fn echoed_secrets_never_reach_an_error_or_raw_json() {
    let esc = |s: &str| serde_json::to_string(s).unwrap();
    let bodies = [
        ("200 OK", "application/json", esc(MNEMONICS)),
        ("200 OK", "application/json", format!(r#"{{"echo":{},"walletName":"w"}}"#, esc(MNEMONICS))),
        ("200 OK", "text/plain", format!("mnemonics={}&pp={}", url_encode(MNEMONICS), url_encode(PASSPHRASE))),
        ("500 Internal Server Error", "text/plain", format!("failed for {MNEMONICS} / {PASSPHRASE}")),
        ("400 Bad Request", "application/json", format!(r#"{{"successful":false,"message":{},"error":{{"code":{},"field":{},"nodeMessage":{}}}}}"#, esc(PASSPHRASE), esc(MNEMONICS), esc(NEW_PASSPHRASE), esc(&key()))),
        ("409 Conflict", "application/json", format!(r#"{{"successful":false,"message":"key {KEY_SIGNATURE} rejected"}}"#)),
    ];
    for (status, ct, body) in bodies {
        let server = Server::start(Fault::Respond(http(status, &[("Content-Type", ct)], &body))).await;
        for op in ["import_wallet", "set_wallet_mnemonics", "change_passphrase", "encrypt_wallet", "send_funds_from_wallet"] {
            let c = client(&server.url);
            let r = run(&c, op).await;
            let text = match &r {
                Ok(()) => String::new(),
                Err(e) => format!("{e} | {e:?} | {:?} | {:?} | {:?} | {:?} | {:?}", e.service_message(), e.node_message(), e.raw_body(), e.field(), e.service_code()),
            };
            for s in secret_forms_of_op(op) {
                assert!(!text.contains(&s), "{op} / {status} {body}: leaked `{s}` in {text}");
            }
        }
        // and in the raw JSON of a result that decoded
        let c = client(&server.url);
        if let Ok(w) = c.import_wallet("w", &Secret::new(MNEMONICS)).await {
            let raw = w.raw().to_string();
            for s in secret_forms() {
                assert!(!raw.contains(&s), "raw {raw} leaks {s}");
            }
        }
    }
    // a node URL credential echoed as its userinfo or password alone
    let node = "http://rpcuser:s3cret%2Fpw@127.0.0.1:9332";
    for echo in ["rpcuser:s3cret%2Fpw", "rpcuser:s3cret/pw", "s3cret/pw", "s3cret%2Fpw"] {
        let server = Server::start(Fault::Respond(http("500 Internal Server Error", &[("Content-Type", "text/plain")], &format!("node {echo} down")))).await;
        let c = Client::builder().base_url(&server.url).credential(node).retry_policy(RetryPolicy::none()).build().unwrap();
        let e = c.create_wallet("w").await.unwrap_err();
        let text = format!("{e} {e:?} {:?} {:?}", e.service_message(), e.raw_body());
        assert!(!text.contains("s3cret"), "{echo}: {text}");
        assert!(text.contains("node [REDACTED] down"), "{text}");
    }
}

#[tokio::test]
async fn allow_list_for_answers_that_carry_a_secret() {
    let body = r#"{"successful":true,"data":{"address":"rltc1qa","addressType":"bech32","privateKey":"cTopSecretWif","wif2":"cOtherName","extra":{"k":"cNested"}}}"#;
    let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "application/json")], body))).await;
    let c = client(&server.url);
    let a = c.wallet_default_address_v2(&Secret::new(MNEMONICS), Default::default()).await.unwrap();
    assert_eq!(a.private_key.as_ref().map(Secret::expose), Some("cTopSecretWif"));
    assert_eq!(a.raw().to_string(), r#"{"address":"rltc1qa","addressType":"bech32","privateKey":"[REDACTED]","wif2":"[REDACTED]","extra":"[REDACTED]"}"#);
    assert!(!format!("{a:?}").contains("cTopSecretWif"));
    // a bare string where a private key answer belongs: never shown
    let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "application/json")], r#""cBareWifString""#))).await;
    let e = client(&server.url).address_private_key("w", "a", Default::default()).await.unwrap_err();
    assert!(!format!("{e} {e:?} {:?}", e.raw_body()).contains("cBareWifString"), "{e}");
}

#[tokio::test]
async fn a_failure_never_decodes_as_success() {
    // results whose fields are all optional: an error body of another shape is not a success
    for body in [r#"{"error":"locked"}"#, r#"{"status":"failed","detail":"x"}"#, "[]", "42", r#""done""#, r#"{"successful":"yes"}"#] {
        let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "application/json")], body))).await;
        let c = client(&server.url);
        for op in ["encrypt_wallet", "set_wallet_mnemonics", "change_passphrase", "create_wallet", "import_wallet"] {
            let e = run(&c, op).await.unwrap_err();
            assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{op} {body}: {e}");
        }
        let e = c.screen_address("w", "a", &Secret::new(MNEMONICS)).await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Decode, "{body}: {e}");
    }
    // an envelope says success, or one known field is present: success
    for body in [r#"{"successful":true,"data":null}"#, r#"{"walletName":"w"}"#] {
        let server = Server::start(Fault::Respond(http("200 OK", &[("Content-Type", "application/json")], body))).await;
        client(&server.url).encrypt_wallet("w", &Secret::new(PASSPHRASE)).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_send_runs_once_to_completion_and_the_hook_is_told() {
    let server = Server::start(Fault::HoldThen(Duration::from_millis(400), http("200 OK", &[("Content-Type", "application/json")], A_RESULT))).await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<AbandonedCall>();
    let c = Client::builder()
        .base_url(&server.url)
        .credential(key())
        .timeout(Duration::from_secs(5))
        .on_abandoned_call(move |call| {
            let _ = tx.send(call.clone());
        })
        .build()
        .unwrap();
    for op in ["send_funds_from_wallet", "create_wallet"] {
        // the caller gives up after 100 ms, while the server holds the request
        let given_up = tokio::time::timeout(Duration::from_millis(100), run(&c, op)).await;
        assert!(given_up.is_err(), "{op} should still be running");
        let call = tokio::time::timeout(Duration::from_secs(3), rx.recv()).await.expect("the hook is told").unwrap();
        assert_eq!(call.operation, op);
        assert_eq!(call.status, Some(200));
        assert_eq!(call.request_id.as_deref(), Some("rid-matrix"));
        let data = call.outcome.as_ref().expect("the request completed");
        assert_eq!(data.member("walletName"), Some(r#""w""#));
    }
    assert_eq!(server.hits_after_settling().await, 2, "each ran exactly once");

    // an abandoned call that fails: the hook gets the error, redacted
    let server = Server::start(Fault::HoldThen(Duration::from_millis(300), http("504 Gateway Timeout", &[], ""))).await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<AbandonedCall>();
    let c = client(&server.url);
    c.set_abandoned_call_hook(Some(Arc::new(move |call: &AbandonedCall| {
        let _ = tx.send(call.clone());
    })));
    let _ = tokio::time::timeout(Duration::from_millis(50), run(&c, "import_wallet")).await;
    let call = tokio::time::timeout(Duration::from_secs(3), rx.recv()).await.unwrap().unwrap();
    let e = call.outcome.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert!(!format!("{e:?} {e}").contains("pole inch"));
    assert_eq!(server.hits_after_settling().await, 1);
}

#[tokio::test]
async fn idempotent_reads_are_still_aborted_when_dropped() {
    let server = Server::start(Fault::Hang).await;
    let c = client(&server.url);
    let given_up = tokio::time::timeout(Duration::from_millis(100), c.blockchain_info()).await;
    assert!(given_up.is_err());
    assert_eq!(server.hits_after_settling().await, 1);
}

#[tokio::test]
async fn the_untyped_call_follows_the_same_rules() {
    let server = Server::start(Fault::Respond(http(
        "200 OK",
        &[("Content-Type", "application/json")],
        &format!(r#"{{"successful":true,"data":{{"walletName":"w","mnemonics":"{MNEMONICS}","odd":"{MNEMONICS}"}}}}"#),
    )))
    .await;
    let c = client(&server.url);
    let args = serde_json::json!({"wallet_name": "w", "mnemonics": MNEMONICS});
    let v = c.call("import_wallet", args.as_object().unwrap()).await.unwrap();
    assert_eq!(v.as_str(), r#"{"walletName":"w","mnemonics":"[REDACTED]","odd":"[REDACTED]"}"#);
    let v = c.call("importWallet", args.as_object().unwrap()).await.unwrap();
    assert_eq!(v.member("walletName"), Some(r#""w""#));

    // a JSON number is read as its exact text, never as a float
    let e = c.call("send_funds_from_wallet", serde_json::json!({"wallet_name": "w", "recipient_address": "r", "amount": true}).as_object().unwrap()).await.unwrap_err();
    assert_eq!(e.to_string(), "invalid input `amount`: must be a decimal string, not a boolean");
    let e = client(&server.url).call("send_funds_from_wallet", serde_json::json!({"wallet_name": "w", "recipient_address": "r", "amount": "1.123456789"}).as_object().unwrap()).await.unwrap_err();
    assert_eq!(e.field(), Some("amount"));
    let e = client(&server.url).call("send_funds_from_wallet", serde_json::json!({"wallet_name": "w", "recipient_address": "r", "amount": "1", "amont": 1}).as_object().unwrap()).await.unwrap_err();
    assert_eq!(e.field(), Some("amont"));
    let e = client(&server.url).call("no_such_op", &serde_json::Map::new()).await.unwrap_err();
    assert_eq!(e.to_string(), "invalid input `operation`: `no_such_op` is not the snake_case name of one of the 43 operations, such as `wallet_balance`");
    let e = client(&server.url).call("create_wallet", &serde_json::Map::new()).await.unwrap_err();
    assert_eq!(e.to_string(), "invalid input `wallet_name`: it is required and must not be empty");
    assert_eq!(server.hits_after_settling().await, 2, "invalid calls are never sent");
    let exact = c.call("send_funds_from_wallet", serde_json::json!({"wallet_name": "w", "recipient_address": "r", "amount": 0.1}).as_object().unwrap()).await;
    assert!(exact.is_ok(), "{exact:?}");

    // the untyped send is as safe as the typed one
    let server = Server::start(Fault::Respond(http("502 Bad Gateway", &[], ""))).await;
    let e = client(&server.url)
        .call("send_funds_from_wallet", serde_json::json!({"wallet_name": "w", "recipient_address": "r", "amount": "0.5"}).as_object().unwrap())
        .await
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(server.hits_after_settling().await, 1);
}

fn query_int(request_line: &str, name: &str) -> usize {
    request_line
        .split(['?', '&', ' '])
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn page_answer(entries: std::ops::Range<usize>) -> String {
    let items: Vec<String> = entries.map(|i| format!(r#"{{"txid":"t{i}","amount":1.0}}"#)).collect();
    http("200 OK", &[("Content-Type", "application/json")], &format!(r#"{{"successful":true,"data":{{"items":[{}]}}}}"#, items.join(",")))
}

#[tokio::test]
async fn a_service_that_caps_its_page_size_does_not_cut_history_short() {
    // 23 entries, at most 5 per page whatever the caller asks for
    let server = Server::start(Fault::Handler(Arc::new(|line: &str| {
        let skip = query_int(line, "skip");
        page_answer(skip.min(23)..(skip + 5).min(23))
    })))
    .await;
    let all = client(&server.url).wallet_transactions_pages("w", 10).collect_all().await.unwrap();
    let txids: Vec<String> = all.iter().map(|t| t.txid.clone().unwrap()).collect();
    assert_eq!(txids, (0..23).map(|i| format!("t{i}")).collect::<Vec<_>>());
    let all = client(&server.url).address_transaction_pages("a", 10).collect_all().await.unwrap();
    assert_eq!(all.len(), 23);
}

#[tokio::test]
async fn a_service_that_ignores_skip_is_an_error_not_an_endless_loop() {
    let server = Server::start(Fault::Handler(Arc::new(|_: &str| page_answer(0..10)))).await;
    let e = client(&server.url).wallet_transactions_pages("w", 10).collect_all().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ServiceError);
    assert_eq!(
        e.to_string(),
        "wallet_transactions failed: the service answered skip=10 with the same entries as an earlier page; it seems to ignore `skip`, so the pages were not followed further"
    );
    assert_eq!(server.hits_after_settling().await, 2);
    let e = client(&server.url).address_transaction_pages("a", 10).collect_all().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ServiceError);
}

#[tokio::test]
async fn a_service_that_answers_two_pages_in_turn_is_an_error_not_an_endless_loop() {
    let server = Server::start(Fault::Handler(Arc::new(|line: &str| {
        if (query_int(line, "skip") / 10).is_multiple_of(2) { page_answer(0..10) } else { page_answer(10..20) }
    })))
    .await;
    let e = client(&server.url).wallet_transactions_pages("w", 10).collect_all().await.unwrap_err();
    assert!(e.to_string().contains("skip=20 with the same entries as an earlier page"), "{e}");
    assert_eq!(server.hits_after_settling().await, 3);
}

#[tokio::test]
async fn pagers_stop_at_their_entry_cap() {
    // every page new, never empty: the pager ends at MAX_PAGED_ENTRIES, not never
    let server = Server::start(Fault::Handler(Arc::new(|line: &str| {
        let skip = query_int(line, "skip");
        let items: Vec<String> = (0..500).map(|i| format!(r#"{{"txid":"t{}","amount":1.0}}"#, skip + i)).collect();
        http("200 OK", &[("Content-Type", "application/json")], &format!(r#"{{"successful":true,"data":{{"items":[{}]}}}}"#, items.join(",")))
    })))
    .await;
    let e = client(&server.url).wallet_transactions_pages("w", 500).collect_all().await.unwrap_err();
    assert!(e.to_string().contains("go past 1000000 entries"), "{e}");
    assert_eq!(server.hits_after_settling().await as u32, wallet_sdk::MAX_PAGED_ENTRIES / 500 + 1);
}

#[tokio::test]
async fn the_call_hook_sees_each_call_and_never_a_secret() {
    let events: Arc<Mutex<Vec<wallet_sdk::CallEvent>>> = Arc::default();
    let seen = events.clone();
    // the service echoes the mnemonics in its request id
    let rid = url_encode(MNEMONICS);
    let ok = http("200 OK", &[("Content-Type", "application/json")], A_RESULT).replacen("rid-matrix", &rid, 1);
    let server = Server::start(Fault::Respond(ok)).await;
    let c = Client::builder()
        .base_url(&server.url)
        .credential(key())
        .on_call(move |e| seen.lock().unwrap().push(e.clone()))
        .build()
        .unwrap();
    c.import_wallet("w", &Secret::new(MNEMONICS)).await.unwrap();
    let e = c.wallet_balance("").await.unwrap_err(); // refused before sending
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    let events = events.lock().unwrap().clone();
    assert_eq!(events.len(), 2, "{events:?}");
    let (done, refused) = (&events[0], &events[1]);
    assert_eq!((done.operation, done.attempts, done.status, done.error_kind), ("import_wallet", 1, Some(200), None));
    let rid = done.request_id.as_deref().unwrap();
    for s in secret_forms_of_op("import_wallet") {
        assert!(!format!("{done:?}").contains(&s), "{done:?} leaks {s}");
    }
    assert!(rid.contains("[REDACTED]"), "{rid}");
    assert_eq!((refused.operation, refused.attempts, refused.status, refused.error_kind), ("wallet_balance", 0, None, Some(ErrorKind::InvalidInput)));
    assert!(done.latency > Duration::ZERO);

    // retries count, and a hook set later (or removed) applies to every clone
    let server = Server::start(Fault::Respond(http("503 Service Unavailable", &[], ""))).await;
    let c = client(&server.url);
    let later: Arc<Mutex<Vec<wallet_sdk::CallEvent>>> = Arc::default();
    let seen = later.clone();
    c.clone().set_call_hook(Some(Arc::new(move |e: &wallet_sdk::CallEvent| seen.lock().unwrap().push(e.clone()))));
    let _ = c.blockchain_info().await.unwrap_err();
    c.set_call_hook(None);
    let _ = c.blockchain_info().await.unwrap_err();
    let later = later.lock().unwrap().clone();
    assert_eq!(later.len(), 1);
    assert_eq!((later[0].attempts, later[0].status, later[0].error_kind), (3, Some(503), Some(ErrorKind::ServiceUnavailable)));
    assert_eq!(later[0].request_id.as_deref(), Some("rid-matrix"));

    // a failed call's request id is scrubbed too
    let seen: Arc<Mutex<Vec<wallet_sdk::CallEvent>>> = Arc::default();
    let sink = seen.clone();
    let refused = http("409 Conflict", &[("Content-Type", "application/json")], r#"{"successful":false,"message":"exists"}"#)
        .replacen("rid-matrix", &url_encode(MNEMONICS), 1);
    let server = Server::start(Fault::Respond(refused)).await;
    let c = client(&server.url);
    c.set_call_hook(Some(Arc::new(move |e: &wallet_sdk::CallEvent| sink.lock().unwrap().push(e.clone()))));
    let e = c.import_wallet("w", &Secret::new(MNEMONICS)).await.unwrap_err();
    let seen = seen.lock().unwrap().clone();
    assert_eq!((seen.len(), seen[0].error_kind, seen[0].status), (1, Some(e.kind()), Some(409)));
    assert!(seen[0].request_id.as_deref().is_some_and(|r| r.contains("[REDACTED]")), "{:?}", seen[0]);
    for s in secret_forms_of_op("import_wallet") {
        assert!(!format!("{:?}", seen[0]).contains(&s), "{:?} leaks {s}", seen[0]);
    }
}
