//! The JSON lexer's string scan (`core/src/json/lex.rs`: eight bytes at a time, then `memchr2`
//! past 32 bytes) against the plain byte-at-a-time loop it replaces, on what the SDK reads:
//! a page of 25 wallet transactions (many short strings) and one 1 MiB string (a raw
//! transaction's hex, a long memo). Each line is the best of 5 rounds. The scan earns its place
//! while it is clearly faster on the long string and no slower on the page. Run with
//! `cargo bench -p wallet-sdk --features fuzzing --bench json_scan` (or `make bench`).

use std::hint::black_box;
use std::time::Instant;

use wallet_sdk::fuzzing::json_value_end;

/// The simple scan: the end of the JSON value at `at`, one byte at a time (strings with their
/// escapes, nested objects and arrays by depth). What the lexer would be without its tricks.
fn bytewise_value_end(text: &[u8], mut at: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *text.get(at)? {
            b'"' => {
                at += 1;
                loop {
                    match *text.get(at)? {
                        b'"' => break,
                        b'\\' => at += 2,
                        _ => at += 1,
                    }
                }
                at += 1;
            }
            b'{' | b'[' => {
                depth += 1;
                at += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                at += 1;
            }
            _ => at += 1,
        }
        if depth == 0 {
            return Some(at);
        }
    }
}

fn measure(name: &str, text: &[u8], calls: u32, scan: fn(&[u8], usize) -> Option<usize>) {
    let best = (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..calls {
                black_box(scan(black_box(text), 0));
            }
            t.elapsed()
        })
        .min()
        .unwrap();
    println!("{name:<44} {calls:>6} calls ×5  {:>9.2} µs/call (best round)", best.as_secs_f64() * 1e6 / calls as f64);
}

fn main() {
    let item = r#"{"txid":"76fb7e579108b4ae3d207f62f3fd3b0dc9b3823711576cedf6333a3add6f0a35","category":"send","address":"rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9","label":null,"amount":-0.99998360,"fee":0.00001640,"vout":1,"mwebOutputId":null,"confirmations":2,"trusted":true,"blockHash":"ba24f76091b5371920e500a66e49408bad56b9fd66a62bbf09882263ddd292c5","blockHeight":505,"blockIndex":2,"blockTime":1795305290,"time":1795305274,"timeReceived":1795305274,"comment":"invoice 17","to":"Alice","replaceable":"no","abandoned":false}"#;
    let page = format!(r#"{{"successful":true,"message":"ok","data":{{"items":[{}]}}}}"#, vec![item; 25].join(","));
    let long = format!(r#"{{"hex":"{}"}}"#, "0123456789abcdef".repeat(1 << 16));
    for (what, text, calls) in [("page of 25 transactions", page.as_bytes(), 20_000), ("1 MiB string", long.as_bytes(), 200)] {
        assert_eq!(json_value_end(text, 0), Some(text.len()));
        assert_eq!(bytewise_value_end(text, 0), Some(text.len()));
        measure(&format!("{what}: lexer"), text, calls, json_value_end);
        measure(&format!("{what}: byte at a time"), text, calls, bytewise_value_end);
    }
}
