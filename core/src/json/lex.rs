//! The one lexer of the SDK's own JSON readers: where a string, a scalar or a whole value ends,
//! and the whitespace between tokens. It checks nothing beyond what it needs to find those ends
//! (serde, or the reader built on it, checks the rest) and never reads past the text: every
//! position it gives is within it, and text that ends early gives `None`.

/// A lookup table of the bytes in `bytes` (for the byte scans of the JSON and text readers).
pub(crate) const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// The position of the first byte at or after `at` that is not JSON whitespace.
pub(crate) fn skip_ws(text: &[u8], mut at: usize) -> usize {
    while matches!(text.get(at), Some(b' ' | b'\n' | b'\r' | b'\t')) {
        at += 1;
    }
    at
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is below `n` (and maybe of bytes after it: the first
/// one marked is always right).
const fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(ONES * n as u64) & !x & HIGHS
}

/// The high bit of each byte of `x` that is `b` (the first one marked is always right).
const fn bytes_equal(x: u64, b: u8) -> u64 {
    bytes_below(x ^ (ONES * b as u64), 1)
}

/// The index of the closing quote of a string whose text starts at `at`, when the text has no
/// escape and no control character (else `None`). Eight bytes at a time.
pub(crate) fn plain_string_end(text: &[u8], mut at: usize) -> Option<usize> {
    while let Some(word) = text.get(at..at + 8) {
        let x = u64::from_le_bytes(word.try_into().ok()?);
        let marks = bytes_equal(x, b'"') | bytes_equal(x, b'\\') | bytes_below(x, 0x20);
        if marks != 0 {
            at += (marks.trailing_zeros() / 8) as usize;
            return (text[at] == b'"').then_some(at);
        }
        at += 8;
    }
    loop {
        match *text.get(at)? {
            b'"' => return Some(at),
            b'\\' | 0..=0x1f => return None,
            _ => at += 1,
        }
    }
}

/// How far [`string_end`] looks eight bytes at a time before it hands a long string to
/// `memchr2`, whose vector scan is faster once past its own set-up.
const WORDS_BEFORE_MEMCHR: usize = 4;

/// The index of the closing quote of a string whose text starts at `at`, escapes jumped over
/// (not checked). `None` when the text ends first (an escape may be its last byte).
pub(crate) fn string_end(text: &[u8], mut at: usize) -> Option<usize> {
    loop {
        let mut words = 0;
        while let Some(word) = text.get(at..at + 8) {
            let x = u64::from_le_bytes(word.try_into().ok()?);
            let marks = bytes_equal(x, b'"') | bytes_equal(x, b'\\');
            if marks != 0 {
                at += (marks.trailing_zeros() / 8) as usize;
                break;
            }
            at += 8;
            words += 1;
            if words == WORDS_BEFORE_MEMCHR {
                at += memchr::memchr2(b'"', b'\\', text.get(at..)?)?;
                break;
            }
        }
        match *text.get(at)? {
            b'"' => return Some(at),
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
}

/// The bytes that end a number, `true`, `false` or `null`.
static ENDS_SCALAR: [bool; 256] = byte_set(b",}] \n\r\t\"{[:");

/// The end of the number or literal that starts at `at` (`at` itself when none starts there).
pub(crate) fn scalar_end(text: &[u8], at: usize) -> usize {
    let rest = text.get(at..).unwrap_or_default();
    at + rest.iter().position(|&b| ENDS_SCALAR[usize::from(b)]).unwrap_or(rest.len())
}

/// Bytes that matter when skipping over a value: quotes and brackets.
static SKIPPED_OVER: [bool; 256] = byte_set(b"\"{}[]");

/// The end of the JSON value that starts at `at`: a string, a number or literal (at least one
/// byte), or an array or object found by matching brackets and jumping over strings; nothing
/// else is checked. Counts the opening brackets in `opens`.
pub(crate) fn skip_value(text: &[u8], at: usize, opens: &mut usize) -> Option<usize> {
    match *text.get(at)? {
        b'"' => return Some(string_end(text, at + 1)? + 1),
        b'{' | b'[' => {}
        _ => {
            let end = scalar_end(text, at);
            return (end > at).then_some(end);
        }
    }
    let mut depth = 0usize;
    let mut i = at;
    while let Some(&b) = text.get(i) {
        i += 1;
        if !SKIPPED_OVER[usize::from(b)] {
            continue;
        }
        match b {
            b'"' => i = string_end(text, i)? + 1,
            b'{' | b'[' => {
                depth += 1;
                *opens += 1;
            }
            // a closing bracket: the first byte opened, so depth is at least one here
            _ => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_end_at_their_closing_quote_at_any_length() {
        for len in [0, 1, 7, 8, 9, 31, 32, 33, 40, 1000] {
            for escape_at in [None, Some(0), Some(len / 2)] {
                let mut body = "a".repeat(len);
                if let Some(i) = escape_at.filter(|&i| i < len) {
                    body.replace_range(i..=i, "\\");
                    body.insert(i + 1, '"');
                }
                let text = format!("\"{body}\" tail");
                let end = string_end(text.as_bytes(), 1).unwrap();
                assert_eq!(end, body.len() + 1, "{text}");
                assert_eq!(plain_string_end(text.as_bytes(), 1).is_some(), !body.contains('\\'), "{text}");
            }
        }
    }

    #[test]
    fn text_that_ends_early_gives_none_never_a_position_past_it() {
        for text in ["\"abc", "\"abc\\", "\"", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\", "[1,\"]", "{\"a\":[", "["] {
            let b = text.as_bytes();
            assert_eq!(skip_value(b, 0, &mut 0), None, "{text}");
            if b[0] == b'"' {
                assert_eq!(string_end(b, 1), None, "{text}");
            }
        }
    }

    #[test]
    fn values_end_where_json_says() {
        for (text, end) in [("{\"a\":[1,{\"b\":\"]\"}]} x", 19), ("\"s\\\"\" ,", 5), ("-12.5e3,", 7), ("true]", 4), ("null", 4)] {
            let mut opens = 0;
            assert_eq!(skip_value(text.as_bytes(), 0, &mut opens), Some(end), "{text}");
        }
        assert_eq!(skip_value(b",", 0, &mut 0), None);
        assert_eq!(skip_value(b"}", 0, &mut 0), None);
        assert_eq!(skip_ws(b" \n\t\r x", 0), 5);
    }
}
