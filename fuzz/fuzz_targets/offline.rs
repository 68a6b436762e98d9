//! `offline`: every reader of user text of the offline toolkit (`wallet_sdk::offline`:
//! addresses, WIF keys, public keys, BIP39 phrases, derivation paths, signed messages) and the
//! other public parsers of user text (network and address-type names, amounts, the
//! credential). Oracles: (a) no panic, stack overflow, endless loop or unbounded allocation;
//! (b) no error shows a secret given in a secret argument (WIF, phrase, passphrase,
//! credential), and no result's Debug shows the secret it holds. Also: `is_valid_address`
//! agrees with `parse_address`.
//!
//! Input: a 4-byte header, then the arguments separated by 0xFF bytes (as text; `$` letters
//! plant secrets, see fuzz/src/lib.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallet_sdk::offline::{self, KeyAddressType, Network};
use wallet_sdk_fuzz::*;

const HEAD: usize = 4;

/// Byte 0 function, 1 network (bits 0–1), address type (bits 2–3), the default address's type
/// given (bit 4), the credential built as a JWT around the argument (bit 5), 2 the secret of
/// `$S`, 3 form.
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

    match h.byte(0) % 12 {
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
                for t in KeyAddressType::ALL {
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
        _ => {
            let count = u32::from_le_bytes([h.byte(1), h.byte(2), h.byte(3), 0]) % 40;
            if let Ok(phrase) = offline::generate_mnemonic(count) {
                assert!(offline::validate_mnemonic(&phrase), "a generated phrase is valid");
                no_secret_in_debug("generate_mnemonic", format!("{phrase:?}"), phrase.expose());
            }
        }
    }
});
