//! Answers far past every quick path of the readers (10 kB, 128 brackets), made of the
//! service's own shapes and cut at any kind of token boundary: one generator for the proptest of
//! `make test` (`decode::tests::big_bodies_cut_anywhere_never_panic`) and the `response` fuzz
//! target, so that both explore the same space.

/// Entries of the service's own shapes, with every kind of token: strings with escapes and
/// `\u` sequences (surrogate pairs too), numbers with fractions and exponents, the three
/// literals, nested empty containers, secret fields.
pub const ENTRIES: [&str; 6] = [
    r#"{"txid":"ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12","category":"receive","address":"rltc1qexample","amount":0.5,"vout":0,"confirmations":12,"time":1795305274,"comment":"invoice \"17\" \u00e9t\u00e9 \\ done"}"#,
    r#"{"value":1.5e-3,"n":1,"scriptPubKey":{"asm":"0 3f5a","hex":"00143f5a","type":"witness_v0_keyhash"},"spent":false,"x":null}"#,
    r#"["\ud83d\ude00",true,false,null,-0.0,12345678901234567890,{"k":[[],[{}]]}]"#,
    r#"{"privateKey":"cNfnpdHTQC1nFJrUQeWv4mGUGRvDhyV3tkpHMXmTeRqvchR8tmsR","mnemonic":"pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject"}"#,
    r#""a plain string with \n\t\r\b\f\/ escapes""#,
    r#"{"successful":false,"message":"node said \u0000\u001f\u007f","error":{"code":"node_error","nodeCode":-5}}"#,
];

/// The envelopes an answer's entries are put in.
pub const ENVELOPES: u8 = 4;

/// `count` copies of `entry` in envelope `envelope` (modulo [`ENVELOPES`]: a success's `items`,
/// a success's `data` array, a failure's `errors`, a bare array), then cut as `cut` says: one
/// time in eight whole, otherwise just before or just after one of the bytes where a token
/// starts, ends or turns (a quote, a backslash, `u`, a digit, the first letter of a literal, a
/// comma, a colon, a bracket, a point, an exponent, a minus).
pub fn cut_body(entry: &str, count: usize, envelope: u8, cut: u64) -> Vec<u8> {
    let entries = std::iter::repeat_n(entry, count).collect::<Vec<_>>().join(",");
    let text = match envelope % ENVELOPES {
        0 => format!(r#"{{"successful":true,"message":"ok","data":{{"items":[{entries}]}}}}"#),
        1 => format!(r#"{{"successful":true,"data":[{entries}]}}"#),
        2 => format!(r#"{{"successful":false,"message":"m","error":{{"code":"x","errors":[{entries}]}}}}"#),
        _ => format!("[{entries}]"),
    };
    if cut % 8 == 0 {
        return text.into_bytes();
    }
    let boundaries = text.bytes().enumerate().filter(|(_, b)| br#""\u0123456789tfn,:[]{}.e-"#.contains(b)).map(|(i, _)| i);
    let count = boundaries.clone().count();
    let Some(at) = boundaries.clone().nth((cut / 8) as usize % count.max(1)) else { return Vec::new() };
    let mut body = text.into_bytes();
    body.truncate(at + usize::from(cut % 2 == 0));
    body
}
