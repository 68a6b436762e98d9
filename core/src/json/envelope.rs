//! The quick reading of the usual envelope's top level, built on [`super::lex`].

use std::ops::Range;

use super::lex::{plain_string_end, skip_value, skip_ws};

/// What the fast reading of a `successful: true` envelope found (see [`scan_envelope`]).
pub(crate) struct Scan {
    pub successful: Option<bool>,
    pub data: Option<Range<usize>>,
    /// Opening brackets outside strings: at most [`super::limits::MAX_JSON_DEPTH`] in a text of
    /// at most [`super::limits::MIN_ENTRY_BUDGET`] bytes is within the limits.
    pub opens: usize,
}

/// Reads the top level of the usual envelope (`{"successful":true,"message":"…","data":…}`)
/// without serde: one pass over the body instead of serde's envelope pass (which reads `data`
/// once to find where it ends) and the typed decode's second one.
///
/// It accepts only what serde accepts and reads the same way, and gives up (`None`: serde
/// reads the body as before) on anything else: a top level that is not an object, a key or a
/// value with an escape or a control character, a value other than `true`, `false`, `null` or
/// a plain string beside `data`, a second `data`, anything but whitespace after the object.
/// `data` itself is only skipped over (brackets matched, strings jumped), not checked: the
/// typed decode reads all of it with serde, and when that fails [`Answer::not_json`] tells
/// whether the body was JSON at all.
pub(crate) fn scan_envelope(body: &[u8]) -> Option<Scan> {
    let ws = |at: &mut usize| *at = skip_ws(body, *at);
    let mut at = 0;
    ws(&mut at);
    if body.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    let mut scan = Scan { successful: None, data: None, opens: 1 };
    ws(&mut at);
    if body.get(at) == Some(&b'}') {
        at += 1;
    } else {
        loop {
            if body.get(at) != Some(&b'"') {
                return None;
            }
            let key_end = plain_string_end(body, at + 1)?;
            let key = &body[at + 1..key_end];
            at = key_end + 1;
            ws(&mut at);
            if body.get(at) != Some(&b':') {
                return None;
            }
            at += 1;
            ws(&mut at);
            if key == b"data" {
                if scan.data.is_some() {
                    return None;
                }
                let start = at;
                at = skip_value(body, at, &mut scan.opens)?;
                scan.data = Some(start..at);
            } else {
                let rest = body.get(at..)?;
                let (len, flag) = match rest.first()? {
                    b'"' => (plain_string_end(body, at + 1)? + 1 - at, None),
                    _ if rest.starts_with(b"true") => (4, Some(true)),
                    _ if rest.starts_with(b"false") => (5, Some(false)),
                    _ if rest.starts_with(b"null") => (4, None),
                    _ => return None,
                };
                at += len;
                if key == b"successful" {
                    scan.successful = flag;
                }
            }
            ws(&mut at);
            match body.get(at)? {
                b',' => {
                    at += 1;
                    ws(&mut at);
                }
                b'}' => {
                    at += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    ws(&mut at);
    (at == body.len()).then_some(scan)
}
