//! `json_envelope`: one reader built on the SDK's one JSON lexer, on any text, checked against
//! serde_json: the quick envelope reading (`fuzzing::json_envelope`): what it finds is what
//! serde_json reads, `successful` and `data`. Oracles: (a) no panic, overflow or endless loop; (b)
//! no disagreement with serde.
//!
//! Input: a 1-byte header (byte 0: the text as given, as the `data` of an envelope, or as
//! members of one), then the text (`json_oracles::json_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallet_sdk_fuzz::json_oracles::*;
use wallet_sdk_fuzz::*;

fuzz_target!(|input: Input<'_, 1>| {
    catch_stack_overflow();
    let (text, parsed) = json_text(&input);
    envelope(&text, parsed.as_ref());
});
