//! What a JSON text may cost before anything walks it.
//!
//! Every answer body, every raw JSON the SDK keeps and every argument of the untyped call is
//! measured here first, by one iterative scan that allocates nothing. Past a limit the text is
//! treated like text that is not JSON at all, so no later step (serde, the redacting
//! rewriter, a binding's conversion) ever meets deeper nesting or more entries than these:
//! - nesting: [`MAX_JSON_DEPTH`] levels, serde_json's own recursion limit, so that what one
//!   step accepts every other step accepts too;
//! - array entries, counted over the whole text: at most one per [`BYTES_PER_ENTRY`] bytes of
//!   the text, and never fewer than [`MIN_ENTRY_BUDGET`]. A page of the service holds at most
//!   500 entries; `{"items":[{},{},…]}` in 16 MiB would otherwise decode into millions of
//!   default entries (gigabytes once typed, more in Python);
//! - object members, likewise: at most one per [`BYTES_PER_MEMBER`] bytes, and never fewer than
//!   [`MIN_ENTRY_BUDGET`]. A member of the service's answers takes 18 bytes or more (30 and up
//!   in most); 16 MiB of short unique keys (`"k1":1,"k2":1,…`) would otherwise become about
//!   250 MB of `serde_json::Value` where the SDK reads an answer whole (a keyed send's look-up,
//!   error bodies, the untyped call), and is at most a million members now.

use super::lex::{byte_set, string_end};

/// The deepest nesting of arrays and objects accepted in any JSON the SDK reads.
pub const MAX_JSON_DEPTH: usize = 128;

/// Array entries always allowed, whatever the size of the text.
pub const MIN_ENTRY_BUDGET: usize = 10_000;

/// Bytes of JSON text per array entry allowed beyond [`MIN_ENTRY_BUDGET`].
pub const BYTES_PER_ENTRY: usize = 128;

/// Bytes of JSON text per object member allowed beyond [`MIN_ENTRY_BUDGET`].
pub const BYTES_PER_MEMBER: usize = 16;

/// Why a JSON text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TooCostly {
    Depth,
    Entries(usize),
    Members(usize),
}

impl TooCostly {
    /// What an error says about it.
    pub(crate) fn why(self) -> String {
        match self {
            TooCostly::Depth => format!("the JSON nests deeper than {MAX_JSON_DEPTH} levels"),
            TooCostly::Entries(budget) => {
                format!("the JSON holds more than {budget} array entries, more than its size allows")
            }
            TooCostly::Members(budget) => {
                format!("the JSON holds more than {budget} object members, more than its size allows")
            }
        }
    }
}

/// The array entries allowed in a text of `len` bytes.
pub(crate) fn entry_budget(len: usize) -> usize {
    MIN_ENTRY_BUDGET.max(len / BYTES_PER_ENTRY)
}

/// The object members allowed in a text of `len` bytes.
pub(crate) fn member_budget(len: usize) -> usize {
    MIN_ENTRY_BUDGET.max(len / BYTES_PER_MEMBER)
}

/// Checks nesting, entries and members of `text` in one pass. Text that is not valid JSON may pass:
/// the parser reports that; this only guarantees bounds on what a parser would build.
pub(crate) fn check(text: &[u8]) -> Result<(), TooCostly> {
    // Most answers are small: a text of at most MIN_ENTRY_BUDGET bytes cannot hold more entries
    // or members (each is a byte at least), and one with no more than MAX_JSON_DEPTH opening brackets, in
    // strings or not, cannot nest deeper. Counting them is one vector scan, not a walk.
    if text.len() <= MIN_ENTRY_BUDGET && memchr::memchr2_iter(b'[', b'{', text).take(MAX_JSON_DEPTH + 1).count() <= MAX_JSON_DEPTH {
        return Ok(());
    }
    let budget = entry_budget(text.len());
    let members_budget = member_budget(text.len());
    // one bit per open level: set for an array (depth never exceeds 128, so a u128 holds it)
    let mut arrays: u128 = 0;
    let mut depth = 0usize;
    let mut entries = 0usize;
    let mut members = 0usize;
    let mut at = 0usize;
    while at < text.len() {
        if !STRUCTURAL[usize::from(text[at])] {
            at += 1;
            continue;
        }
        match text[at] {
            b'"' => match string_end(text, at + 1) {
                Some(end) => at = end,
                None => return Ok(()),
            },
            open @ (b'[' | b'{') => {
                if depth == MAX_JSON_DEPTH {
                    return Err(TooCostly::Depth);
                }
                if open == b'[' {
                    arrays |= 1 << depth;
                    // the first entry (an empty array counts one too: a little conservative)
                    entries += 1;
                } else {
                    arrays &= !(1 << depth);
                    // the first member (an empty object counts one too)
                    members += 1;
                }
                depth += 1;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {
                if depth > 0 && arrays & (1 << (depth - 1)) != 0 {
                    entries += 1;
                } else if depth > 0 {
                    members += 1;
                }
            }
        }
        if entries > budget {
            return Err(TooCostly::Entries(budget));
        }
        if members > members_budget {
            return Err(TooCostly::Members(members_budget));
        }
        at += 1;
    }
    Ok(())
}

/// The bytes that open or close a level, start a string or separate entries.
static STRUCTURAL: [bool; 256] = byte_set(b"\"[]{},");

/// `true` when a JSON value built by the caller nests deeper than [`MAX_JSON_DEPTH`]. Walked
/// with a stack of its own, so that no depth can overflow this thread's.
pub(crate) fn value_too_deep(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    let mut stack: Vec<(&Value, usize)> = vec![(value, 0)];
    while let Some((v, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(members) => Box::new(members.values()),
            _ => continue,
        };
        if depth == MAX_JSON_DEPTH {
            return true;
        }
        stack.extend(children.map(|c| (c, depth + 1)));
    }
    false
}

/// What a JSON value is, as an error message names it (`a string`, `an array`…).
pub(crate) fn json_type_name(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize, open: &str, close: &str) -> String {
        format!("{}{}", open.repeat(depth), close.repeat(depth))
    }

    #[test]
    fn depth_up_to_the_limit_and_not_one_more() {
        assert_eq!(check(nested(128, "[", "]").as_bytes()), Ok(()));
        assert_eq!(check(nested(129, "[", "]").as_bytes()), Err(TooCostly::Depth));
        let objects = format!("{}1{}", "{\"a\":".repeat(128), "}".repeat(128));
        assert_eq!(check(objects.as_bytes()), Ok(()));
        let objects = format!("{}1{}", "{\"a\":".repeat(129), "}".repeat(129));
        assert_eq!(check(objects.as_bytes()), Err(TooCostly::Depth));
        // a million levels: refused, without recursion
        assert_eq!(check(nested(1_000_000, "[", "]").as_bytes()), Err(TooCostly::Depth));
        assert_eq!(check(nested(1_000_000, "{\"k\":", "}").as_bytes()), Err(TooCostly::Depth));
    }

    #[test]
    fn brackets_inside_strings_do_not_count() {
        let text = format!(r#"{{"s":"{}","e":"\"[{{\\"}}"#, "[".repeat(1000));
        assert_eq!(check(text.as_bytes()), Ok(()));
        // unterminated string: left to the parser
        assert_eq!(check(b"[\"abc"), Ok(()));
        assert_eq!(check(b"]]]}}}"), Ok(()));
    }

    #[test]
    fn entries_are_bounded_by_the_size_of_the_text() {
        let many = format!(r#"{{"items":[{}{{}}]}}"#, "{},".repeat(200_000));
        assert!(matches!(check(many.as_bytes()), Err(TooCostly::Entries(_))));
        let few = format!("[{}1]", "1,".repeat(MIN_ENTRY_BUDGET - 2));
        assert_eq!(check(few.as_bytes()), Ok(()));
        // entries of a realistic size pass at any count the size allows
        let entry = format!(r#"{{"txid":"{}","amount":0.5,"comment":"{}"}},"#, "a".repeat(64), "c".repeat(40));
        let page = format!("[{}1]", entry.repeat(50_000));
        assert_eq!(check(page.as_bytes()), Ok(()));
        // commas between object members are not entries
        let members: String = (0..20_000).map(|i| format!("\"k{i}\":1,")).collect();
        let text = format!("[{{{members}\"z\":1}}]");
        assert_eq!(check(text.as_bytes()), Err(TooCostly::Members(member_budget(text.len()))));
    }

    #[test]
    fn members_are_bounded_by_the_size_of_the_text() {
        // 16 MiB of short unique keys: refused, where it would have become ~250 MB of values
        let mut text = String::from("{");
        let mut i = 0u64;
        while text.len() < 16 * 1024 * 1024 {
            text.push_str(&format!("\"{i:x}\":1,"));
            i += 1;
        }
        text.push_str("\"z\":1}");
        assert_eq!(check(text.as_bytes()), Err(TooCostly::Members(member_budget(text.len()))));
        // as many small objects: refused too (each opening brace is a member)
        let empties = format!("[{}{{}}]", "{},".repeat(500_000));
        assert!(check(empties.as_bytes()).is_err());
        // entries of the service's own shape pass at any count their size allows
        let entry = r#"{"txid":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","category":"receive","address":"rltc1qexampleexampleexampleexampleexample","amount":0.5,"vout":0,"confirmations":12,"blockHash":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","time":1795305274,"timeReceived":1795305270,"comment":"invoice 17","abandoned":false},"#;
        let page = format!(r#"{{"successful":true,"data":{{"items":[{}{{}}]}}}}"#, entry.repeat(40_000));
        assert_eq!(check(page.as_bytes()), Ok(()));
        let vout = r#"{"value":0.1,"n":0,"scriptPubKey":{"asm":"0 3f5a0e2b9c7d4e1f8a6b5c4d3e2f1a0b9c8d7e6f","hex":"00143f5a0e2b9c7d4e1f8a6b5c4d3e2f1a0b9c8d7e6f","address":"rltc1q8adqu2uu0f8sl9x2m3xn3uhcp2uc6lagw9v2y3","type":"witness_v0_keyhash"}},"#;
        let vouts = format!("[{}1]", vout.repeat(40_000));
        assert_eq!(check(vouts.as_bytes()), Ok(()));
    }

    #[test]
    fn text_that_ends_in_an_escape_inside_a_string_is_no_panic() {
        // past the quick path (over MIN_ENTRY_BUDGET bytes, or more than MAX_JSON_DEPTH brackets)
        let long = format!(r#"{{"a":"{}\"#, "x".repeat(MIN_ENTRY_BUDGET));
        assert_eq!(check(long.as_bytes()), Ok(()));
        let bracketed = format!("{}\"\\", "[".repeat(MAX_JSON_DEPTH));
        assert_eq!(check(bracketed.as_bytes()), Ok(()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]
        /// Bodies far past the quick path, made of JSON's tokens and cut anywhere: bounded, total.
        #[test]
        fn any_cut_of_any_size_is_checked_without_panic(
            parts in proptest::collection::vec(proptest::sample::select(vec!["\"", "\\", "\\u00", "[", "]", "{", "}", ",", ":", "a", "1.5e", "tru", "\"k\":"]), 0..40_000),
            cut in 0usize..200_000,
        ) {
            let text = parts.concat();
            let _ = check(&text.as_bytes()[..cut.min(text.len())]);
        }
    }

    #[test]
    fn caller_values_too_deep() {
        let mut v = serde_json::json!(1);
        for _ in 0..128 {
            v = serde_json::json!([v]);
        }
        assert!(!value_too_deep(&v));
        let v = serde_json::json!({ "x": v });
        assert!(value_too_deep(&v));
        // the test's own deep value is dropped by serde_json recursively: keep it small
    }
}
