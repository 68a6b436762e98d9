//! `json_members`: one reader built on the SDK's one JSON lexer, on any text, checked against
//! serde_json: the member reader of a raw JSON (`fuzzing::json_members`: each key's last value is
//! serde_json's) and the end of a value (`fuzzing::json_value_end`: a valid text's value ends where
//! the text does). Oracles: (a) no panic, overflow or endless loop; (b) no disagreement with serde.
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
    if let (Ok(text), Some(value)) = (std::str::from_utf8(&text), &parsed) {
        members(text, value);
        value_end(text);
    }
});
