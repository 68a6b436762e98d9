//! The SDK's transport (docs/adr/0010) against local servers: TLS with a custom root (and
//! refusing an unknown one), a forward proxy and a `CONNECT` tunnel, with and without proxy
//! credentials. The proxy from the environment has a test binary of its own
//! (`transport_env.rs`).

mod common;

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;
use wallet_sdk::{Client, ErrorKind};

const KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
const ADDRESS: &str = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";
/// A test CA and a certificate for `localhost`, 127.0.0.1 and `wallet.test` it signed (valid
/// until 2126; the CA's key was thrown away): tests/data/tls.
const CA: &str = include_str!("data/tls/ca.pem");
const LOCALHOST_CERT: &str = include_str!("data/tls/localhost.pem");
const LOCALHOST_KEY: &str = include_str!("data/tls/localhost-key.pem");

fn balance_response() -> String {
    let body = format!(
        r#"{{"successful":true,"data":{{"address":"{ADDRESS}","confirmed":1.5,"unconfirmed":0,"height":7,"utxoCount":2}}}}"#
    );
    format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len())
}

/// The value of a header of a request head (names compared ignoring case).
fn header<'h>(head: &'h str, name: &str) -> Option<&'h str> {
    head.lines().find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Reads one request, records it in `seen` (before answering, so that it is there when the
/// client has its answer) and answers with the balance.
async fn answer_one<S: AsyncRead + AsyncWrite + Unpin>(mut stream: S, seen: &Mutex<Vec<String>>) {
    if let Some(request) = common::read_request(&mut stream).await {
        seen.lock().unwrap().push(request);
        let _ = stream.write_all(balance_response().as_bytes()).await;
    }
    let _ = stream.shutdown().await;
}

/// A server answering every connection with `answer_one`; the requests it saw.
async fn serve(tls: Option<tokio_rustls::TlsAcceptor>) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let heads = Arc::new(Mutex::new(Vec::new()));
    let seen = heads.clone();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (tls, seen) = (tls.clone(), seen.clone());
            tokio::spawn(async move {
                match tls {
                    Some(acceptor) => {
                        if let Ok(stream) = acceptor.accept(tcp).await {
                            answer_one(stream, &seen).await
                        }
                    }
                    None => answer_one(tcp, &seen).await,
                }
            });
        }
    });
    (port, heads)
}

fn tls_acceptor() -> tokio_rustls::TlsAcceptor {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let certs = CertificateDer::pem_slice_iter(LOCALHOST_CERT.as_bytes()).collect::<Result<Vec<_>, _>>().unwrap();
    let key = PrivateKeyDer::from_pem_slice(LOCALHOST_KEY.as_bytes()).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .unwrap();
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}

#[tokio::test]
async fn https_with_a_custom_root_and_never_with_an_unknown_one() {
    let (port, heads) = serve(Some(tls_acceptor())).await;
    let base = format!("https://localhost:{port}");
    let client = Client::builder()
        .base_url(&base)
        .api_key(KEY)
        .no_proxy()
        .add_root_certificate_pem(CA.as_bytes().to_vec())
        .tls_certs_only(true)
        .build()
        .unwrap();
    let balance = client.address_balance(ADDRESS).await.unwrap();
    assert_eq!((balance.confirmed.litoshis(), balance.utxo_count), (150_000_000, Some(2)));
    let head = heads.lock().unwrap().pop().unwrap();
    assert!(head.starts_with(&format!("GET /api/Address/address-balance?address={ADDRESS} HTTP/1.1\r\n")), "{head}");
    assert!(head.contains(&format!("nodeurlorapiaccesskey: {KEY}\r\n")), "{head}");
    assert!(head.contains(&format!("user-agent: {}", wallet_sdk::default_user_agent())), "{head}");

    // the public roots do not know the test CA: the handshake fails and nothing is sent
    let unknown = Client::builder()
        .base_url(&base)
        .api_key(KEY)
        .no_proxy()
        .retry_policy(wallet_sdk::RetryPolicy::none())
        .build()
        .unwrap();
    let e = unknown.address_balance(ADDRESS).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Transport, "{e}");
    assert!(e.to_string().contains("could not reach the service") && e.to_string().contains("certificate"), "{e}");
    assert!(heads.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_configured_proxy_carries_every_request() {
    let (port, heads) = serve(None).await;
    // the service's host is never resolved here: only the proxy is reached
    let client = Client::builder()
        .base_url("http://wallet.invalid")
        .allow_insecure_http(true)
        .api_key(KEY)
        .proxy(format!("http://127.0.0.1:{port}"))
        .build()
        .unwrap();
    let balance = client.address_balance(ADDRESS).await.unwrap();
    assert_eq!(balance.utxo_count, Some(2));
    let head = heads.lock().unwrap().pop().unwrap();
    assert!(head.starts_with(&format!("GET http://wallet.invalid/api/Address/address-balance?address={ADDRESS} HTTP/1.1\r\n")), "{head}");
    assert!(head.contains(&format!("user-agent: {}", wallet_sdk::default_user_agent())), "{head}");
}

/// A proxy that opens CONNECT tunnels to a TLS "service" of its own; the requests it saw (the
/// CONNECT, then the request inside the tunnel).
async fn serve_tunnel() -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let heads = Arc::new(Mutex::new(Vec::new()));
    let seen = heads.clone();
    let acceptor = tls_acceptor();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let (acceptor, seen) = (acceptor.clone(), seen.clone());
            tokio::spawn(async move {
                // the client sends nothing after its CONNECT until the proxy answers
                let Some(connect) = common::read_request(&mut tcp).await else { return };
                seen.lock().unwrap().push(connect);
                let _ = tcp.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await;
                if let Ok(stream) = acceptor.accept(tcp).await {
                    answer_one(stream, &seen).await;
                }
            });
        }
    });
    (port, heads)
}

#[tokio::test]
async fn https_through_a_proxys_tunnel_with_its_credentials_only_on_the_connect() {
    let (port, heads) = serve_tunnel().await;
    let client = Client::builder()
        .base_url("https://wallet.test:8443")
        .api_key(KEY)
        .add_root_certificate_pem(CA.as_bytes().to_vec())
        .tls_certs_only(true)
        .proxy(format!("http://proxyuser:proxy-pass@127.0.0.1:{port}"))
        .build()
        .unwrap();
    let balance = client.address_balance(ADDRESS).await.unwrap();
    assert_eq!(balance.utxo_count, Some(2));
    let heads = heads.lock().unwrap().clone();
    assert_eq!(heads.len(), 2, "{heads:?}");
    // base64("proxyuser:proxy-pass")
    assert!(heads[0].starts_with("CONNECT wallet.test:8443 HTTP/1.1\r\n"), "{}", heads[0]);
    assert_eq!(header(&heads[0], "proxy-authorization"), Some("Basic cHJveHl1c2VyOnByb3h5LXBhc3M="), "{}", heads[0]);
    assert!(heads[1].starts_with("GET /api/Address/address-balance?"), "{}", heads[1]);
    assert_eq!(header(&heads[1], "proxy-authorization"), None, "{}", heads[1]);
}

/// A local service (the sandbox) is never reached through a proxy: plain http with the key,
/// passphrases and private keys would leave the machine.
#[tokio::test]
async fn loopback_destinations_never_go_through_a_proxy() {
    let (proxy_port, proxy_heads) = serve(None).await;
    let (port, heads) = serve(None).await;
    for host in ["127.0.0.1", "localhost"] {
        let client = Client::builder()
            .base_url(format!("http://{host}:{port}"))
            .api_key(KEY)
            .proxy(format!("http://proxyuser:proxy-pass@127.0.0.1:{proxy_port}"))
            .build()
            .unwrap();
        client.address_balance(ADDRESS).await.unwrap();
    }
    assert_eq!(heads.lock().unwrap().len(), 2);
    assert!(proxy_heads.lock().unwrap().is_empty());
    // a proxy given without a scheme is refused without showing its password
    let e = Client::builder().base_url("https://wallet.example").api_key(KEY).proxy("alice:S3cret@proxy:3128").build().unwrap_err();
    assert!(!e.to_string().contains("S3cret"), "{e}");
}

#[tokio::test]
async fn a_forward_proxy_gets_its_credentials_and_unsupported_proxies_are_refused_without_them() {
    let (port, heads) = serve(None).await;
    let client = Client::builder()
        .base_url("http://wallet.invalid")
        .allow_insecure_http(true)
        .api_key(KEY)
        .proxy(format!("http://proxyuser:proxy-pass@127.0.0.1:{port}"))
        .build()
        .unwrap();
    client.address_balance(ADDRESS).await.unwrap();
    let head = heads.lock().unwrap().pop().unwrap();
    assert_eq!(header(&head, "proxy-authorization"), Some("Basic cHJveHl1c2VyOnByb3h5LXBhc3M="), "{head}");

    for proxy in ["socks5://proxyuser:proxy-pass@127.0.0.1:1080", "https://proxyuser:proxy-pass@proxy.example", "not a url"] {
        let e = Client::builder().base_url("https://wallet.example").api_key(KEY).proxy(proxy).build().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().starts_with("invalid configuration: "), "{e}");
        assert!(e.to_string().contains("only http://") || e.to_string().contains("use http://"), "{e}");
        assert!(!e.to_string().contains("proxy-pass"), "{e}");
    }
}
