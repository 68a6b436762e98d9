//! The proxy named by the environment (docs/adr/0010), in a test binary of its own: setting a
//! variable while other tests' threads read the environment (name resolution does) is a race.

mod common;

use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use wallet_sdk::Client;

const KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
const ADDRESS: &str = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";

#[tokio::test]
async fn http_proxy_from_the_environment_carries_requests_unless_no_proxy() {
    let proxy = TcpListener::bind("127.0.0.1:0").await.unwrap();
    std::env::set_var("HTTP_PROXY", format!("http://127.0.0.1:{}", proxy.local_addr().unwrap().port()));
    let builder = || Client::builder().base_url("http://wallet.invalid").allow_insecure_http(true).api_key(KEY);
    let (through_proxy, direct) = (builder().build(), builder().no_proxy().build());
    std::env::remove_var("HTTP_PROXY");

    let answer = async {
        let (mut sock, _) = proxy.accept().await.unwrap();
        let request = common::read_request(&mut sock).await.unwrap();
        let body = format!(r#"{{"successful":true,"data":{{"address":"{ADDRESS}","confirmed":1,"unconfirmed":0,"height":7,"utxoCount":2}}}}"#);
        let response = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len());
        sock.write_all(response.as_bytes()).await.unwrap();
        request
    };
    let through_proxy = through_proxy.unwrap();
    let (balance, request) = tokio::join!(through_proxy.address_balance(ADDRESS), answer);
    assert_eq!(balance.unwrap().utxo_count, Some(2));
    assert!(request.starts_with("GET http://wallet.invalid/api/Address/address-balance?"), "{request}");

    // no_proxy() goes direct: `wallet.invalid` never resolves, so nothing is sent
    let e = direct.unwrap().with_retry_policy(wallet_sdk::RetryPolicy::none()).address_balance(ADDRESS).await.unwrap_err();
    assert_eq!(e.kind(), wallet_sdk::ErrorKind::Transport, "{e}");
    assert!(e.to_string().contains("could not reach the service"), "{e}");
}
