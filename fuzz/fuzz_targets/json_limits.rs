//! `json_limits`: one reader built on the SDK's one JSON lexer, on any text, checked against
//! serde_json: the limits (`fuzzing::json_limits`): a text they pass holds no more array entries
//! and object members than its budgets, counted on serde_json's reading. Oracles: (a) no panic,
//! overflow or endless loop; (b) no disagreement with serde.
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
    limits(&text, parsed.as_ref());
});
