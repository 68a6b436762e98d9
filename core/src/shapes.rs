//! Secrets recognised by their shape, in text that comes from the service (docs/adr/0011).
//!
//! Scrubbing the call's own secrets cannot catch a secret that only the service knew: the
//! phrase of a wallet it generated, a WIF it exported. So every text of the service that the
//! SDK keeps or shows is also scrubbed of what looks like one:
//! - a run of 12 or more BIP39 English words (any case, any short separators), or of 6 or more
//!   in a secret-bearing position (a phrase the service cut or sent in part);
//! - a WIF of any network (base58check, 33 or 34 payload bytes, a compressed key's flag 0x01);
//! - an extended private key of any network (base58check, 78 bytes, key data starting 0x00);
//! - a JWT (`eyJ…` header, payload and signature);
//! - in a secret-bearing position only, 64 or more hexadecimal digits (elsewhere that is the
//!   shape of every txid and block hash).

use std::ops::Range;

/// What stands in the place of a secret in every text the SDK gives out.
pub(crate) const REDACTED: &str = "[REDACTED]";

/// Shorter texts hold none of the shapes (the shortest, twelve 3-letter words, is 47 bytes;
/// a JWT is longer than this in practice).
const SHORTEST_SHAPE: usize = 36;

/// `text` with every secret shape replaced by `[REDACTED]`, or `None` when it holds none.
pub(crate) fn scrub(text: &str, hex_is_secret: bool) -> Option<String> {
    scrub_within(text, hex_is_secret, &mut ShapeBudget::default())
}

/// [`scrub`], spending `budget` (shared by the texts of one answer).
pub(crate) fn scrub_within(text: &str, hex_is_secret: bool, budget: &mut ShapeBudget) -> Option<String> {
    // six 3-letter words and their separators, where a part of a phrase counts
    let shortest = if hex_is_secret { 6 * 4 - 1 } else { SHORTEST_SHAPE };
    if text.len() < shortest {
        return None;
    }
    // one pass tells which scans can find anything: a key (and a JWT's `eyJ`) has an upper-case
    // letter, twelve words need eleven separators; ids, hashes and addresses have neither
    let (mut upper, mut separators) = (false, 0usize);
    for &b in text.as_bytes() {
        upper |= b.is_ascii_uppercase();
        separators += usize::from(IS_PHRASE_SEPARATOR[usize::from(b)]);
    }
    let mut spans = Vec::new();
    if upper || hex_is_secret {
        token_shapes(text, hex_is_secret, budget, &mut spans);
    }
    let min_words = if hex_is_secret { MIN_WORDS_WHERE_SECRET } else { MIN_WORDS };
    if separators + 1 >= min_words {
        phrase_runs(text, min_words, &mut spans);
    }
    if spans.is_empty() {
        return None;
    }
    spans.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        if span.end <= at {
            continue;
        }
        out.push_str(&text[at..span.start.max(at)]);
        out.push_str(REDACTED);
        at = span.end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// What stands between the words of a phrase as people and services write it, by byte.
static IS_PHRASE_SEPARATOR: [bool; 256] = crate::json::lex::byte_set(b" \t\r\n+,;|%-_");

fn is_base58(b: u8) -> bool {
    b.is_ascii_alphanumeric() && !matches!(b, b'0' | b'O' | b'I' | b'l')
}

fn is_base64url(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// JWTs, WIFs, extended private keys and (where secret) long hex runs.
fn token_shapes(text: &str, hex_is_secret: bool, budget: &mut ShapeBudget, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    // JWT: three base64url segments, the first a JSON header (`{"` is `eyJ`)
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&bytes[from..], b"eyJ") {
        let start = from + i;
        let mut end = start;
        let mut dots = 0;
        while end < bytes.len() && (is_base64url(bytes[end]) || (bytes[end] == b'.' && dots < 2)) {
            dots += usize::from(bytes[end] == b'.');
            end += 1;
        }
        if dots == 2 && end - start >= 20 && !bytes[end - 1].eq(&b'.') {
            spans.push(start..end);
        }
        from = end.max(start + 3);
    }
    // base58check keys: maximal base58 runs, a key possibly glued to other characters
    let mut i = 0;
    while i < bytes.len() {
        if !is_base58(bytes[i]) {
            i += 1;
            continue;
        }
        let run_end = i + bytes[i..].iter().position(|b| !is_base58(*b)).unwrap_or(bytes.len() - i);
        // a key's 51+ base58 characters mix upper and lower case (all one case by chance: about
        // 1 in 10^12); hex ids, hashes and bech32 text do not, and skip the decoding
        let run = &bytes[i..run_end];
        if run.len() >= KEY_LENGTHS[0] && run.iter().any(u8::is_ascii_uppercase) && run.iter().any(u8::is_ascii_lowercase) {
            key_windows(&text[i..run_end], i, budget, spans);
        }
        i = run_end;
    }
    // 64 or more hex digits where they are a secret
    if hex_is_secret {
        let mut i = 0;
        while i < bytes.len() {
            if !bytes[i].is_ascii_hexdigit() {
                i += 1;
                continue;
            }
            let run_end = i + bytes[i..].iter().position(|b| !b.is_ascii_hexdigit()).unwrap_or(bytes.len() - i);
            if run_end - i >= 64 {
                spans.push(i..run_end);
            }
            i = run_end;
        }
    }
}

/// The lengths of a WIF (uncompressed, compressed) and an extended key in base58check.
const KEY_LENGTHS: [usize; 4] = [51, 52, 111, 112];

/// Base58check decodes an answer may cost the shape check beyond one per run: a key glued to
/// other characters is found by trying every window of a key's length, and a hostile answer full
/// of long base58 runs must not turn that into minutes of work.
pub(crate) struct ShapeBudget(usize);

impl Default for ShapeBudget {
    fn default() -> Self {
        ShapeBudget(20_000)
    }
}

/// The keys in a base58 run starting at `offset`: the whole run, or a window of it when the key
/// is glued to other characters. Once the budget is spent a longer run is redacted whole (fail
/// closed: unchecked, it could hold a key).
fn key_windows(run: &str, offset: usize, budget: &mut ShapeBudget, spans: &mut Vec<Range<usize>>) {
    if KEY_LENGTHS.contains(&run.len()) && is_secret_key(run) {
        spans.push(offset..offset + run.len());
        return;
    }
    for len in KEY_LENGTHS.into_iter().filter(|len| *len < run.len()) {
        let mut start = 0;
        while start + len <= run.len() {
            if budget.0 == 0 {
                spans.push(offset..offset + run.len());
                return;
            }
            budget.0 -= 1;
            if is_secret_key(&run[start..start + len]) {
                spans.push(offset + start..offset + start + len);
                start += len;
            } else {
                start += 1;
            }
        }
    }
}

/// A base58check WIF (any version byte) or extended private key (any version).
fn is_secret_key(run: &str) -> bool {
    if !matches!(run.len(), 51 | 52 | 111 | 112) {
        return false;
    }
    match bitcoin::base58::decode_check(run) {
        Ok(data) => match data.len() {
            33 => true,
            34 => data[33] == 0x01,
            78 => data[45] == 0x00,
            _ => false,
        },
        Err(_) => false,
    }
}

/// Runs of 12 or more BIP39 English words separated by at most 6 bytes that are not letters
/// (spaces, commas, newlines, `+`, `%20`, a list's numbers).
/// The shortest BIP39 phrase: fewer words are common in ordinary text.
const MIN_WORDS: usize = 12;
/// In a secret-bearing position a shorter run is part of a phrase: half of one.
const MIN_WORDS_WHERE_SECRET: usize = 6;

fn phrase_runs(text: &str, min_words: usize, spans: &mut Vec<Range<usize>>) {
    const MAX_GAP: usize = 6;
    let bytes = text.as_bytes();
    let mut run_start = 0;
    let mut run_words = 0;
    let mut last_end = 0;
    let mut i = 0;
    let close = |words: usize, start: usize, end: usize, spans: &mut Vec<Range<usize>>| {
        if words >= min_words {
            spans.push(start..end);
        }
    };
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let word = &text[start..i];
        if is_bip39_word(word) {
            let gap_ok = run_words > 0 && start - last_end <= MAX_GAP && !bytes[last_end..start].iter().any(u8::is_ascii_alphabetic);
            if !gap_ok {
                close(run_words, run_start, last_end, spans);
                run_start = start;
                run_words = 0;
            }
            run_words += 1;
            last_end = i;
        } else {
            // a phrase glued to other letters: its last word starts this run, or its first ends it
            let gap_ok = run_words > 0 && start - last_end <= MAX_GAP;
            match (3..=8.min(word.len())).rev().find(|n| gap_ok && is_bip39_word(&word[..*n])) {
                Some(n) => close(run_words + 1, run_start, start + n, spans),
                None => close(run_words, run_start, last_end, spans),
            }
            run_words = 0;
            if let Some(n) = (3..=8.min(word.len() - 1)).rev().find(|n| is_bip39_word(&word[word.len() - n..])) {
                run_start = i - n;
                run_words = 1;
                last_end = i;
            }
        }
    }
    close(run_words, run_start, last_end, spans);
}

fn is_bip39_word(word: &str) -> bool {
    if !(3..=8).contains(&word.len()) {
        return false;
    }
    let mut lower = [0u8; 8];
    for (l, b) in lower.iter_mut().zip(word.bytes()) {
        *l = b.to_ascii_lowercase();
    }
    let lower = std::str::from_utf8(&lower[..word.len()]).unwrap_or("");
    bip39::Language::English.find_word(lower).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHRASE: &str = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";

    fn wif(version: u8, compressed: bool) -> String {
        let mut data = vec![version];
        data.extend([7u8; 32]);
        if compressed {
            data.push(1);
        }
        bitcoin::base58::encode_check(&data)
    }

    #[test]
    fn phrases_in_any_case_and_separation() {
        for text in [
            PHRASE.to_string(),
            PHRASE.to_uppercase(),
            PHRASE.replace(' ', "  "),
            PHRASE.replace(' ', "+"),
            PHRASE.replace(' ', "%20"),
            PHRASE.replace(' ', ",\n"),
            format!("your phrase is: {PHRASE}. keep it safe"),
        ] {
            let out = scrub(&text, false).unwrap_or_else(|| panic!("not found in {text:?}"));
            assert!(!out.to_lowercase().contains("wrist"), "{out}");
        }
        assert_eq!(
            scrub(&format!("zzz: {PHRASE}!"), false).as_deref(),
            Some("zzz: [REDACTED]!")
        );
        // glued to other letters at either end
        for text in [format!("X{PHRASE}"), format!("{PHRASE}Xyz"), format!("ab{}cd", PHRASE.replace(' ', ","))] {
            let out = scrub(&text, false).unwrap_or_else(|| panic!("not found in {text:?}"));
            assert!(!out.contains("wrist") && !out.contains("disorder"), "{out}");
        }
        // eleven words and ordinary prose stay
        let eleven = PHRASE.rsplit_once(' ').unwrap().0;
        assert_eq!(scrub(eleven, false), None);
        assert_eq!(scrub("Insufficient funds: the wallet has 0.5 LTC and the transaction needs 1.2 LTC", false), None);
        // where a secret is expected, half a phrase is one too (cut, or sent in part), in any shape
        let six: Vec<&str> = PHRASE.split(' ').take(6).collect();
        for text in [six.join(" "), format!("[\"{}\"]", six.join("\",\"")), eleven.to_string()] {
            let out = scrub(&text, true).unwrap_or_else(|| panic!("not found in {text:?}"));
            assert!(!out.contains(six[1]), "{out}");
            assert_eq!(scrub(&six[..5].join(" "), true), None, "five words are not");
        }
    }

    #[test]
    fn keys_of_any_network() {
        for version in [0xB0, 0xEF, 0x80] {
            for compressed in [true, false] {
                let w = wif(version, compressed);
                assert_eq!(scrub(&format!("key {w} here"), false).as_deref(), Some("key [REDACTED] here"), "{w}");
            }
        }
        // glued to other characters
        let w = wif(0xB0, true);
        assert_eq!(scrub(&format!("isValab{w}anin"), false).as_deref(), Some("isValab[REDACTED]anin"));
        assert_eq!(scrub(&format!("{w}d"), false).as_deref(), Some("[REDACTED]d"));
        // a hostile run of base58: bounded work, and what is left unchecked is redacted
        let long = "aB".repeat(50_000);
        let mut budget = ShapeBudget(1_000);
        assert_eq!(scrub_within(&long, false, &mut budget).as_deref(), Some("[REDACTED]"));
        let mut xprv = vec![0x04, 0x88, 0xAD, 0xE4];
        xprv.extend([0u8; 41]);
        xprv.push(0);
        xprv.extend([9u8; 32]);
        let x = bitcoin::base58::encode_check(&xprv);
        assert_eq!(scrub(&format!("{x}"), false).as_deref(), Some("[REDACTED]"));
        // an extended public key (0x02/0x03 key data) is not a secret
        let mut xpub = xprv.clone();
        xpub[45] = 0x02;
        let x = bitcoin::base58::encode_check(&xpub);
        assert_eq!(scrub(&x, false), None);
        // a legacy address has 21 payload bytes
        assert_eq!(scrub("address LZ5bBpnPhUpbq5tWGCGkjjHxYkQcrRLC33 and more text", false), None);
    }

    #[test]
    fn jwts_and_hex() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlX3NlY3JldA";
        assert_eq!(scrub(&format!("bad key {jwt}."), false).as_deref(), Some("bad key [REDACTED]."));
        let hex = "ab".repeat(32);
        let text = format!("txid {hex} confirmed");
        assert_eq!(scrub(&text, false), None);
        assert_eq!(scrub(&text, true).as_deref(), Some("txid [REDACTED] confirmed"));
    }
}
