//! `wallet-fault-proxy`: a scripted HTTP/1.1 proxy in front of the sandbox that produces the
//! network faults the sandbox itself cannot: gateway pages after the work was done, resets,
//! truncated and crawling bodies, answers that never come. The SDK's tests in every language arm
//! rules through `/_proxy/*` (docs/fault-proxy.md) and send their requests through it.

#[path = "../launch.rs"]
mod launch;
#[path = "../sync.rs"]
mod sync;

mod fault_proxy;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use fault_proxy::http::{self, Request, Response, Upstream};
use fault_proxy::rules::{self, Action, Plan, Rules};

const USAGE: &str = "usage: wallet-fault-proxy --upstream http://HOST:PORT [--listen ADDR] [--ready-file PATH] [--exit-on-stdin-eof]

  --upstream URL       where requests are forwarded (http://host:port)
  --listen ADDR        address to listen on (default 127.0.0.1:0, a free port; a bare port means 127.0.0.1)
  --ready-file PATH    also write the ready line {\"proxyUrl\": ...} to PATH (mode 0600)
  --exit-on-stdin-eof  stop when stdin closes (lets a test harness tie the proxy to its own life)

Control API (not forwarded): POST /_proxy/rules, GET /_proxy/hits?path=P[&key=K], POST /_proxy/reset.
Logs go to stderr (level from FAULT_PROXY_LOG, default info); they name methods, paths and actions only.";

struct Args {
    listen: SocketAddr,
    upstream: Upstream,
    ready_file: Option<PathBuf>,
    exit_on_stdin_eof: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut listen = SocketAddr::from(([127, 0, 0, 1], 0));
    let mut upstream = None;
    let mut ready_file = None;
    let mut exit_on_stdin_eof = false;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--listen" => {
                let text = value("--listen")?;
                listen = match text.parse::<u16>() {
                    Ok(port) => SocketAddr::from(([127, 0, 0, 1], port)),
                    Err(_) => text.parse().map_err(|_| format!("--listen takes ADDR:PORT or a port, not {text}"))?,
                };
            }
            "--upstream" => upstream = Some(Upstream::parse(&value("--upstream")?)?),
            "--ready-file" => ready_file = Some(value("--ready-file")?.into()),
            "--exit-on-stdin-eof" => exit_on_stdin_eof = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    let upstream = upstream.ok_or_else(|| format!("--upstream is required\n{USAGE}"))?;
    Ok(Args { listen, upstream, ready_file, exit_on_stdin_eof })
}

fn main() {
    let args = launch::start("FAULT_PROXY_LOG", parse_args);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    let outcome = runtime.block_on(run(args));
    // Hanging connections are the point of some rules: don't wait for them.
    runtime.shutdown_background();
    if let Err(e) = outcome {
        tracing::error!("{e}");
        std::process::exit(1);
    }
}

struct Proxy {
    upstream: Upstream,
    rules: Rules,
}

async fn run(args: Args) -> Result<(), String> {
    let listener = TcpListener::bind(args.listen).await.map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let proxy = Arc::new(Proxy { upstream: args.upstream, rules: Rules::default() });
    launch::announce_ready(&json!({ "proxyUrl": format!("http://{addr}") }).to_string(), args.ready_file.as_deref())?;
    tracing::info!(%addr, upstream = %proxy.upstream.authority, "wallet-fault-proxy ready");
    let shutdown = launch::shutdown_signal(args.exit_on_stdin_eof);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(serve(proxy.clone(), stream));
                }
                Err(e) => {
                    // Out of descriptors, typically: let some connections finish.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
        }
    }
    tracing::info!("shutting down");
    Ok(())
}

/// One client connection: one request, answered per the first matching rule, then closed.
async fn serve(proxy: Arc<Proxy>, mut client: TcpStream) {
    let req = match http::read_request(&mut client).await {
        Ok(Some(req)) => req,
        Ok(None) => return,
        Err(refusal) => {
            let _ = error_response(refusal.status, "bad_request", None, &refusal.message).write_to(&mut client).await;
            return;
        }
    };
    if req.path().starts_with("/_proxy/") {
        let _ = control(&proxy.rules, &req).write_to(&mut client).await;
        return;
    }
    let path = req.path().to_ascii_lowercase();
    let plan = proxy.rules.take(&path, &req);
    // Never the query, headers or body: they may carry credentials and secrets.
    tracing::info!(method = %req.method, path = %req.path(), action = plan.action.name(), "request");
    let mut req = req;
    match plan.action {
        // the request is held on its way: the client may have given up before it arrives
        Action::DelayThenForward => tokio::time::sleep(plan.delay).await,
        Action::CutDescriptionThenForward => cut_description(&mut req, plan.max_chars),
        _ => {}
    }
    let upstream = if plan.action.forwards() {
        let key = rules::request_key(&req);
        let answer = proxy.upstream.forward(&req, || proxy.rules.forwarded(&path, key.as_deref())).await;
        if let Err(e) = &answer {
            tracing::warn!(path = %req.path(), error = %e, "upstream failed");
        }
        Some(answer)
    } else {
        None
    };
    act(plan, upstream, client).await;
}

/// Answers (or does not) as the plan says. `upstream` is the upstream's answer when the request
/// was forwarded.
async fn act(plan: Plan, upstream: Option<Result<Response, String>>, mut client: TcpStream) {
    // The upstream's answer to relay, or the proxy's 502 when there is none.
    let upstream_answer = match upstream {
        Some(Ok(answer)) => Ok(answer),
        Some(Err(e)) => Err(error_response(502, "upstream_failed", None, &e)),
        None => Err(error_response(500, "internal", None, "the request was not forwarded")),
    };
    match plan.action {
        Action::Forward | Action::DelayThenForward | Action::CutDescriptionThenForward => {
            let answer = upstream_answer.unwrap_or_else(|e| e);
            let _ = answer.write_to(&mut client).await;
        }
        Action::StatusBeforeForward | Action::StatusAfterForward | Action::Respond | Action::RespondAfterForward => {
            match (&plan.canned, &plan.generated) {
                (Some(canned), Some(parts)) => {
                    let _ = canned.write_generated(parts, &mut client).await;
                }
                (Some(canned), None) => {
                    let _ = canned.write_to(&mut client).await;
                }
                (None, _) => {}
            }
        }
        Action::ResetAfterForward => {
            // SO_LINGER 0: closing sends RST instead of FIN.
            let _ = client.set_zero_linger();
            drop(client);
        }
        Action::CloseAfterForward => {
            let _ = client.shutdown().await;
        }
        Action::TruncateAfterForward => match upstream_answer {
            Ok(answer) => {
                let mut bytes = answer.head();
                bytes.extend_from_slice(&answer.body[..answer.body.len() / 2]);
                if client.write_all(&bytes).await.is_ok() {
                    let _ = client.shutdown().await;
                }
            }
            Err(e) => {
                let _ = e.write_to(&mut client).await;
            }
        },
        Action::SlowBodyAfterForward => match upstream_answer {
            Ok(answer) => {
                if client.write_all(&answer.head()).await.is_err() {
                    return;
                }
                for byte in &answer.body {
                    tokio::time::sleep(plan.delay).await;
                    if client.write_all(std::slice::from_ref(byte)).await.is_err() {
                        return;
                    }
                }
                let _ = client.shutdown().await;
            }
            Err(e) => {
                let _ = e.write_to(&mut client).await;
            }
        },
        Action::HangAfterForward | Action::Hang => {
            // Say nothing; return once the client gives up and closes.
            let mut buf = [0u8; 1024];
            while let Ok(n) = client.read(&mut buf).await {
                if n == 0 {
                    break;
                }
            }
        }
    }
}

/// Keeps the first `max_chars` characters of a JSON body's `description`, as a service whose
/// storage cuts long texts would store it.
fn cut_description(req: &mut Request, max_chars: usize) {
    let Ok(mut body) = serde_json::from_slice::<Value>(&req.body) else { return };
    let Some(text) = body.get("description").and_then(Value::as_str) else { return };
    body["description"] = Value::from(text.chars().take(max_chars).collect::<String>());
    req.body = body.to_string().into_bytes();
    for (name, value) in &mut req.headers {
        if name.eq_ignore_ascii_case("content-length") {
            *value = req.body.len().to_string().into_bytes();
        }
    }
}

/// The control API: `POST /_proxy/rules`, `GET /_proxy/hits`, `POST /_proxy/reset`.
fn control(rules: &Rules, req: &Request) -> Response {
    match (req.method.as_str(), req.path()) {
        ("POST", "/_proxy/rules") => {
            let Ok(body) = serde_json::from_slice::<Value>(&req.body) else {
                return error_response(400, "validation_failed", Some("body"), "The body must be a JSON object.");
            };
            match rules.arm(&body) {
                Ok(()) => json_response(200, &json!({ "armed": true })),
                Err(e) => error_response(400, "validation_failed", Some(&e.field), &e.message),
            }
        }
        ("GET", "/_proxy/hits") => {
            let query: Vec<(String, String)> = url::form_urlencoded::parse(req.query().as_bytes()).into_owned().collect();
            let get = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).filter(|v| !v.is_empty());
            let Some(path) = get("path").filter(|p| p.starts_with('/')) else {
                return error_response(400, "validation_failed", Some("path"), "The path query parameter (starting with /) is required.");
            };
            let (hits, forwarded) = rules.hits(path, get("key"));
            json_response(200, &json!({ "hits": hits, "forwarded": forwarded }))
        }
        ("POST", "/_proxy/reset") => {
            rules.reset();
            json_response(200, &json!({ "reset": true }))
        }
        (method, path @ ("/_proxy/rules" | "/_proxy/hits" | "/_proxy/reset")) => {
            error_response(405, "method_not_allowed", None, &format!("{path} does not accept {method}."))
        }
        (_, path) => error_response(404, "not_found", None, &format!("No proxy endpoint {path}.")),
    }
}

fn json_response(status: u16, body: &Value) -> Response {
    Response {
        status,
        reason: http::reason(status).to_string(),
        headers: vec![("Content-Type".into(), b"application/json".to_vec())],
        body: body.to_string().into_bytes(),
    }
}

/// The proxy's own failures: `{"error": code, "field": ..., "message": ...}`.
fn error_response(status: u16, code: &str, field: Option<&str>, message: &str) -> Response {
    let mut body = json!({ "error": code, "message": message });
    if let Some(field) = field {
        body["field"] = json!(field);
    }
    json_response(status, &body)
}
