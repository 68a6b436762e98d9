//! `offline`: every reader of user text of the offline toolkit (`wallet_sdk::offline`:
//! addresses, WIF keys, public keys, BIP39 phrases, derivation paths, signed messages, payment
//! URIs, pasted text of any kind, QR codes) and the other public parsers of user text (network
//! and address-type names, amounts, the credential). Oracles: (a) no panic, stack overflow,
//! endless loop or unbounded allocation; (b) no error shows a secret given in a secret argument
//! (WIF, phrase, passphrase, credential), no result's Debug shows the secret it holds, and
//! `parse_input` shows none of the secrets planted in its text. Also: `is_valid_address` agrees
//! with `parse_address`; a payment URI that parses is built and parsed again to the same
//! request; a QR code holds its text (changed only in case).
//!
//! Input: a 4-byte header, then the arguments separated by 0xFF bytes (as text; `$` letters
//! plant secrets, see fuzz/src/lib.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallet_sdk::offline::{self, InputKind, KeyAddressType, Network, QrErrorCorrection, QrFormat};
use wallet_sdk_fuzz::*;

const HEAD: usize = 4;

/// Byte 0 function, 1 network (bits 0–1), address type and QR error correction (bits 2–3), the
/// default address's type given (bit 4), the credential built as a JWT around the argument
/// (bit 5), QR format PNG (bit 6), QR module size 2 (bit 7), 2 the secret of `$S`, 3 form.
type Input<'a> = wallet_sdk_fuzz::Input<'a, HEAD>;

fuzz_target!(|input: Input<'_>| {
    catch_stack_overflow();
    let h = input.head;
    let network_opt = [None, Some(Network::Mainnet), Some(Network::Testnet), Some(Network::Regtest)][usize::from(h.byte(1) & 3)];
    let network = network_opt.unwrap_or(Network::Regtest);
    let kind = KeyAddressType::ALL[usize::from((h.byte(1) >> 2) & 3) % 3];
    let mut planted = Vec::new();
    let text = substitute(input.rest, h.byte(2), Form::from_byte(h.byte(3)), false, false, "$ in argument", &mut planted);
    let args: Vec<String> = text.split(|&b| b == 0xFF).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    // the planted secrets inside argument `i` (a secret argument)
    let secret_in = |i: usize| -> Vec<Planted> { planted.iter().filter(|p| arg(i).contains(p.text.as_str())).cloned().collect() };
    let no_secret_in_debug = |what: &str, debug: String, secret: &str| {
        if !secret.is_empty() && debug.contains(secret) {
            finding(format!("leak sink={what}.debug kind=result"), debug);
        }
    };

    match h.byte(0) % 15 {
        0 => {
            let parsed = offline::parse_address(arg(0), network_opt);
            if parsed.is_ok() != offline::is_valid_address(arg(0), network_opt) {
                finding("is_valid_address_disagrees".to_string(), format_args!("{:?} {parsed:?}", arg(0)));
            }
            if let Ok(info) = parsed {
                // a canonical address parses again to itself
                let again = offline::parse_address(&info.address, network_opt);
                if again.as_ref().ok().map(|a| &a.address) != Some(&info.address) {
                    finding("canonical_address_not_fixed_point".to_string(), format_args!("{info:?} {again:?}"));
                }
            }
        }
        1 => match offline::wif_to_key(arg(0), network_opt) {
            Ok(key) => {
                for &t in KeyAddressType::ALL {
                    let _ = key.address(t);
                }
                no_secret_in_debug("wif_to_key", format!("{key:?}"), arg(0).trim());
            }
            Err(e) => check_error("wif_to_key.error", &e, &secret_in(0)),
        },
        2 => {
            let _ = offline::address_from_public_key(arg(0), kind, network);
        }
        3 => {
            let _ = offline::validate_mnemonic(arg(0));
        }
        4 => match offline::mnemonic_to_seed(arg(0), arg(1)) {
            Ok(seed) => no_secret_in_debug("mnemonic_to_seed", format!("{seed:?}"), seed.expose()),
            Err(e) => check_error("mnemonic_to_seed.error", &e, &[secret_in(0), secret_in(1)].concat()),
        },
        5 => match offline::derive_key(arg(0), arg(1), kind, network, arg(2)) {
            Ok(key) => no_secret_in_debug("derive_key", format!("{key:?}"), key.private_key.expose()),
            Err(e) => check_error("derive_key.error", &e, &[secret_in(0), secret_in(2)].concat()),
        },
        6 => {
            if let Err(e) = offline::default_address(arg(0), (h.byte(1) & 0x10 != 0).then_some(kind), network) {
                check_error("default_address.error", &e, &secret_in(0));
            }
        }
        7 => match offline::sign_message(arg(0), arg(1), kind) {
            Ok(signature) => {
                // a signature made with a key verifies with that key's address
                if let Ok(key) = offline::wif_to_key(arg(0), None) {
                    if let Ok(address) = key.address(kind) {
                        if !offline::verify_message(&address, arg(1), &signature) {
                            finding("own_signature_does_not_verify".to_string(), format_args!("{address} {signature}"));
                        }
                    }
                }
            }
            Err(e) => check_error("sign_message.error", &e, &secret_in(0)),
        },
        8 => {
            let _ = offline::verify_message(arg(0), arg(1), arg(2));
        }
        9 => {
            let _ = arg(0).parse::<Network>();
            let _ = arg(0).parse::<KeyAddressType>();
            let t = wallet_sdk::AddressType::from_name(arg(0));
            let _ = (t.code(), t.name());
            let _ = wallet_sdk::Amount::from_ltc(arg(0));
            let _ = arg(0).parse::<wallet_sdk::Amount>().map(|a| a.to_plain_string());
        }
        10 => match wallet_sdk::Credential::parse(&if h.byte(1) & 0x20 != 0 {
            // an API key whose payload is the argument (`{"exp":…}`): a JWT's structure is checked
            format!("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{}.c2lnbmF0dXJlLW9mLWZ1enotand0", b64url(arg(0).as_bytes()))
        } else {
            arg(0).to_string()
        }) {
            Ok(c) => {
                let _ = (c.expires_at(), c.is_node_url());
                if arg(0).len() >= 12 {
                    no_secret_in_debug("credential", format!("{c:?}"), arg(0));
                }
            }
            Err(e) => check_error("credential.error", &e, &secret_in(0)),
        },
        11 => match offline::parse_payment_uri(arg(0), network) {
            Ok(request) => {
                // what is read is written back and read again to the same request
                let r = &request;
                match offline::build_payment_uri(&r.address, r.amount, r.label.as_deref(), r.message.as_deref(), &r.extras, network) {
                    Ok(uri) => {
                        let again = offline::parse_payment_uri(&uri, network);
                        if again.as_ref().ok() != Some(r) {
                            finding("payment_uri_round_trip".to_string(), format_args!("{r:?}\n{uri}\n{again:?}"));
                        }
                    }
                    // raw UTF-8 text is written percent-encoded: up to three times longer than the cap allows
                    Err(e) if e.field() == Some("uri") => {}
                    Err(e) => finding("payment_uri_not_rebuilt".to_string(), format_args!("{r:?}\n{e}")),
                }
            }
            // a key of at most 32 characters (a `req-` parameter's) is named in the message
            Err(e) => check_error("parse_payment_uri.error", &e, &planted.iter().filter(|p| p.text.chars().count() > 32).cloned().collect::<Vec<_>>()),
        },
        12 => {
            let found = offline::parse_input(arg(0), network);
            // a URI's request gives its own values back, and its problem may name a short key
            let (shown, secrets) = if found.kind == InputKind::PaymentUri {
                let long: Vec<Planted> = planted.iter().filter(|p| p.text.chars().count() > 32).cloned().collect();
                (format!("{:?}", offline::ParsedInput { payment_request: None, ..found.clone() }), long)
            } else {
                (format!("{found:?}"), planted.clone())
            };
            check_text("parse_input.debug", &shown, &secrets);
        }
        13 => {
            let text: String = arg(0).chars().take(200).collect();
            let level = [QrErrorCorrection::L, QrErrorCorrection::M, QrErrorCorrection::Q, QrErrorCorrection::H][usize::from((h.byte(1) >> 2) & 3)];
            let format = if h.byte(1) & 0x40 != 0 { QrFormat::Png } else { QrFormat::Svg };
            let module_size = if h.byte(1) & 0x80 != 0 { 2 } else { 1 };
            // 200 characters are at most 800 bytes: they fit at every level
            match offline::payment_qr(&text, format, level, Some(module_size)) {
                Ok(qr) => {
                    if !qr.encoded_text.eq_ignore_ascii_case(&text) || qr.width != (qr.modules + 8) * module_size {
                        finding("payment_qr_text_or_size".to_string(), format_args!("{text:?} {qr:?} {:?}", qr.encoded_text));
                    }
                }
                Err(e) if text.is_empty() && e.field() == Some("text") => {}
                Err(e) => finding("payment_qr_refused_short_text".to_string(), format_args!("{text:?} {e}")),
            }
        }
        _ => {
            let count = u32::from_le_bytes([h.byte(1), h.byte(2), h.byte(3), 0]) % 40;
            if let Ok(phrase) = offline::generate_mnemonic(count) {
                assert!(offline::validate_mnemonic(&phrase), "a generated phrase is valid");
                no_secret_in_debug("generate_mnemonic", format!("{phrase:?}"), phrase.expose());
            }
        }
    }
});
