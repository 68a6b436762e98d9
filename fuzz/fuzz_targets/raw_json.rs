//! `raw_json`: the rewriter that makes every raw JSON the SDK keeps (redaction of secret
//! fields, of everything but the public fields of an answer that carries a secret, and of the
//! call's echoed secrets), on any text and on generated JSON (deep, huge, many members).
//! Oracles: (a) no panic, stack overflow, endless loop or unbounded allocation; (b) what it
//! returns is valid JSON holding none of the call's secrets (text and decoded strings), and no
//! value planted under a secret field.
//!
//! Input: a 12-byte header, then free bytes (the text, or the inner value of generated JSON).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallet_sdk::fuzzing;
use wallet_sdk_fuzz::*;

const HEAD: usize = 12;

/// Byte 0 mode (free text, deep, huge, many), 1 public fields, 2 secret fields, 3 the call's
/// secrets (none, API key, node URL), 4 the secret of `$S`, 5 form, 6–9 a count, 10 shape,
/// 11 position (bit 7: 64 hex digits are a secret, as in an answer that carries one).
type Input<'a> = wallet_sdk_fuzz::Input<'a, HEAD>;

const PUBLIC: [Option<&[&str]>; 3] = [None, Some(&[]), Some(&["address", "format", "hdKeyPath", "items"])];
const SECRET_FIELDS: [&[&str]; 3] = [&[], &["privateKey", "mnemonics", "passphrase", "wif", "seed"], &["a"]];

fuzz_target!(|input: Input<'_>| {
    catch_stack_overflow();
    let h = input.head;
    let s = Secrets::get();
    let public = PUBLIC[usize::from(h.byte(1)) % PUBLIC.len()];
    let secret_fields = SECRET_FIELDS[usize::from(h.byte(2)) % SECRET_FIELDS.len()];
    let echo = h.byte(3) % 3;
    let node_url = echo == 2;
    let chosen = h.byte(4);
    let form = Form::from_byte(h.byte(5));
    let count = h.u32(6);
    let shape = h.byte(10);
    let position = h.byte(11);
    let mut planted = Vec::new();

    let text = match h.byte(0) % 4 {
        0 => String::from_utf8_lossy(&substitute(input.rest, chosen, form, true, node_url, "$ in text", &mut planted)).into_owned(),
        mode => {
            let letter = Secrets::LETTERS[usize::from(chosen) % Secrets::LETTERS.len()];
            let secret = s.by_letter(letter, node_url).expect("a letter of the table");
            let (written, reads_as) = form.write(&secret.text, true);
            wallet_sdk_fuzz::plant(&mut planted, secret.kind, reads_as, "generated");
            // a value under a secret field, which must come out redacted
            let key = secret_fields.first().copied().unwrap_or("privateKey");
            let inner = if input.rest.is_empty() {
                format!(r#"{{"{key}":"{}","x":"{written}"}}"#, s.hex_key)
            } else {
                String::from_utf8_lossy(&substitute(input.rest, chosen, form, true, node_url, "$ in inner", &mut planted)).into_owned()
            };
            if input.rest.is_empty() && secret_fields.contains(&key) {
                wallet_sdk_fuzz::plant(&mut planted, "hex_key", s.hex_key.clone(), "secret field");
            }
            match mode {
                1 => deep(depth(count, 1_000_000), shape, &inner),
                2 => {
                    let v = huge(shape, scaled(count, 4 << 20) as usize, Some(&written));
                    if position & 1 == 0 { v } else { format!(r#"{{"address":{v},"y":{inner}}}"#) }
                }
                _ => many(shape, scaled(count, 5_000_000) as usize, key, &inner),
            }
        }
    };

    let credential = match echo {
        0 => None,
        1 => Some(s.credential_jwt.as_str()),
        _ => Some(s.credential_node_url.as_str()),
    };
    let call_secrets = [s.passphrase.as_str(), s.call_mnemonic.as_str()];
    let hex_is_secret = position & 0x80 != 0;
    let out = fuzzing::rewrite(&text, public, secret_fields, credential, &call_secrets, hex_is_secret);

    // (b): the call's secrets (when given) and values under secret fields
    let planted: Vec<Planted> = planted
        .into_iter()
        .filter(|p| match p.kind {
            "hex_key" => true,
            "credential_jwt" | "credential_node_url" | "node_password" | "passphrase" | "call_mnemonic" => credential.is_some(),
            _ => false,
        })
        .collect();
    // the SDK passes the rewriter valid JSON only; what it makes of invalid text is its own class
    let input_valid = json_strings(&text).is_some();
    check_json_from("rewritten", out.as_str(), &planted, input_valid);
});
