//! The SDK's copies of an answer are zeroed when dropped: its text, the raw JSON a result keeps,
//! and an error's texts (`raw_body`, the service's message…), which may hold a secret that no rule
//! recognised. A global allocator looks into every block freed while a call's answer is read and
//! dropped, and counts those that still hold a marker planted in the answer.
//!
//! Run with the `fuzzing` feature, whose entry point reads an answer as the client does without
//! a network (hyper's own read buffers and the kernel's are outside the SDK's reach).
#![cfg(feature = "fuzzing")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use wallet_sdk::fuzzing;

const MARKER: &[u8] = b"Kept-Text-7f3a9c";

struct Watching;

static ARMED: AtomicBool = AtomicBool::new(false);
static FOUND: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Watching {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if ARMED.load(Ordering::Relaxed) {
            let block = std::slice::from_raw_parts(ptr, layout.size());
            if block.windows(MARKER.len()).any(|w| w == MARKER) {
                FOUND.fetch_add(1, Ordering::Relaxed);
            }
        }
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Watching = Watching;

/// One test at a time: the counter is the process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Blocks freed still holding the marker when what the caller got from `answer`, read as
/// `operation`'s answer (the typed result or error, the untyped one, the abandoned-call report),
/// is dropped. The copies made while reading (a parse's values, a message being formatted) are
/// freed before, and are not what this looks at.
fn left_behind(operation: &str, status: u16, content_type: &str, answer: String) -> usize {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let op = (0..fuzzing::operation_count()).find(|&i| fuzzing::operation(i).name == operation).expect("an operation");
    let body = answer.into_bytes();
    let outcome = fuzzing::response(op, status, Some(content_type), None, None, &body, "eyJhbGciOiJIUzI1NiJ9.e30.c2ln", &[]);
    let marker = std::str::from_utf8(MARKER).unwrap();
    for result in [&outcome.typed, &outcome.untyped] {
        let kept = match result {
            Ok(raw) => raw.as_str().contains(marker),
            Err(e) => e.raw_body().is_some_and(|b| b.contains(marker)) || e.service_message().is_some_and(|m| m.contains(marker)),
        };
        assert!(kept, "the caller was given the answer's text: {result:?}");
    }
    FOUND.store(0, Ordering::Relaxed);
    ARMED.store(true, Ordering::Relaxed);
    drop(outcome);
    ARMED.store(false, Ordering::Relaxed);
    FOUND.load(Ordering::Relaxed)
}

#[test]
fn an_error_body_the_sdk_could_not_read_is_zeroed() {
    let marker = std::str::from_utf8(MARKER).unwrap();
    let page = format!("<html><body>upstream said {marker} and more</body></html>");
    assert_eq!(left_behind("wallet_balance", 502, "text/html", page), 0);
}

#[test]
fn a_result_s_raw_json_is_zeroed() {
    let marker = std::str::from_utf8(MARKER).unwrap();
    let success = format!(r#"{{"successful":true,"data":{{"walletName":"w {marker}","confirmed":1,"unconfirmed":0,"immature":0,"total":1}}}}"#);
    assert_eq!(left_behind("wallet_balance", 200, "application/json", success), 0);
}

#[test]
fn a_failure_the_service_explained_is_zeroed() {
    let marker = std::str::from_utf8(MARKER).unwrap();
    let failure = format!(r#"{{"successful":false,"message":"node said {marker}","error":{{"code":"node_error","nodeMessage":"{marker}"}}}}"#);
    assert_eq!(left_behind("wallet_balance", 500, "application/json", failure), 0);
}
