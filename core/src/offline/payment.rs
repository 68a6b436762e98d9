//! Payment URIs (`litecoin:` in the form of BIP21 and its successor BIP321): build one to be paid,
//! read one that was pasted or scanned.
//!
//! The rules are on [`parse_payment_uri`].

use std::fmt::Write as _;

use super::{parse_address, Network, PaymentRequest};
use crate::amount::MAX_MONEY;
use crate::{Amount, Error, Result};

/// The URI scheme, as written.
pub const URI_SCHEME: &str = "litecoin";

/// The longest payment URI read or written, in bytes (16 KiB): far more than a QR code holds
/// (at most 2 953 bytes), and a bound on the work an attacker's text can cause.
pub const MAX_URI_LEN: usize = 16 * 1024;

/// Writes a `litecoin:` payment URI: the address in its canonical form, then `amount`, `label`,
/// `message` and the `extras` in their order, each value percent-encoded (UTF-8; everything but
/// RFC 3986's unreserved characters and `!$'()*,;:@/?` is encoded, a space as `%20`, `+` as
/// `%2B`). Extra keys are written in ASCII lower case (keys are case-insensitive).
/// [`parse_payment_uri`] reads the result back to the same [`PaymentRequest`].
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `address` (not an address of
/// `network`), `amount` (not greater than zero, or more than 84 000 000 LTC), `extras` (an
/// empty key; `amount`, `label` or `message`, which have their own arguments; a `req-` key,
/// which readers that do not know it must refuse; `pop` twice) or `uri` (the result would be
/// longer than [`MAX_URI_LEN`]).
///
/// ```
/// use wallet_sdk::offline::{build_payment_uri, Network};
/// use wallet_sdk::Amount;
///
/// let uri = build_payment_uri(
///     "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w",
///     Some(Amount::from_ltc("20.3")?),
///     Some("Luke-Jr"),
///     Some("Donation for project xyz"),
///     &[],
///     Network::Mainnet,
/// )?;
/// assert_eq!(
///     uri,
///     "litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w?amount=20.3&label=Luke-Jr&message=Donation%20for%20project%20xyz"
/// );
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn build_payment_uri(
    address: &str,
    amount: Option<Amount>,
    label: Option<&str>,
    message: Option<&str>,
    extras: &[(String, String)],
    network: Network,
) -> Result<String> {
    let address = parse_address(address, Some(network))?.address;
    if let Some(a) = amount {
        check_amount_range(a)?;
    }
    let mut pop_seen = false;
    for (key, _) in extras {
        let key = key.to_ascii_lowercase();
        let bad = |why: &str| Err(Error::invalid_input("extras", format!("{}: {why}", name_of(&key))));
        match key.as_str() {
            "" => return bad("a key must not be empty"),
            "amount" | "label" | "message" => return bad("has its own argument"),
            "pop" if pop_seen => return bad("may appear only once (BIP321)"),
            "pop" => pop_seen = true,
            k if k.starts_with("req-") => {
                return bad("a required (req-) parameter makes the URI invalid for every reader that does not implement it")
            }
            _ => {}
        }
    }
    let mut uri = String::with_capacity(URI_SCHEME.len() + 1 + address.len());
    uri.push_str(URI_SCHEME);
    uri.push(':');
    uri.push_str(&address);
    let mut params: Vec<(String, &str)> = Vec::with_capacity(3 + extras.len());
    let amount_text = amount.map(Amount::to_plain_string);
    params.extend(amount_text.as_deref().map(|a| ("amount".to_string(), a)));
    params.extend(label.map(|l| ("label".to_string(), l)));
    params.extend(message.map(|m| ("message".to_string(), m)));
    params.extend(extras.iter().map(|(k, v)| (k.to_ascii_lowercase(), v.as_str())));
    for (i, (key, value)) in params.iter().enumerate() {
        uri.push(if i == 0 { '?' } else { '&' });
        percent_encode_into(&mut uri, key);
        uri.push('=');
        percent_encode_into(&mut uri, value);
        if uri.len() > MAX_URI_LEN {
            break;
        }
    }
    if uri.len() > MAX_URI_LEN {
        return Err(Error::invalid_input("uri", format!("the URI would be longer than {MAX_URI_LEN} bytes")));
    }
    Ok(uri)
}

/// Reads a `litecoin:` payment URI (or a bare address) for `network`, with the rules below
/// (BIP321). The address is validated offline and given in its canonical form, so
/// `LITECOIN:LTC1Q…` (a QR code's upper case) reads as `ltc1q…`.
///
/// # Rules
/// BIP321's, with the choices it leaves open:
/// - The scheme `litecoin:` is read in any case and written in lower case. Text without a scheme
///   is read as a bare address (a URI without parameters).
/// - The address is validated offline for the caller's network with [`parse_address`] (every
///   kind it knows, MWEB included) and given back in its canonical form. BIP321 allows an empty
///   address when a parameter carries another payment instruction; this toolkit pays on chain
///   only, so an empty address is an error on field `address`.
/// - Parameter keys are case-insensitive (BIP321): they are compared and given back in ASCII
///   lower case. Keys and values are percent-decoded (RFC 3986) and must then be valid UTF-8.
///   BIP321 gives `+` no special meaning, so `+` is read as itself, never as a space; the
///   builder writes `+` as `%2B` so that readers that do decode it as a space agree.
/// - `amount` is decimal LTC: digits with at most one `.` and at most 8 decimals (`1`, `1.5`,
///   `.5` and `1.` are the grammar's forms); no sign, exponent, separator, space or
///   percent-encoding (the grammar has digits and `.` only); greater than zero and at most the
///   84 000 000 LTC that will ever exist.
/// - `amount`, `label`, `message` and `pop` may appear once each. A `req-` parameter is one this
///   toolkit does not implement (`req-pop` included: it does not open proof-of-payment URIs), so
///   it makes the URI invalid. Every other parameter (`pop`, `lightning`, `ltc`, …) is kept in
///   [`PaymentRequest::extras`], in order, repeats included.
/// - Empty parameters (`&&`, a trailing `&`) are skipped; a parameter without `=` has the empty
///   value; a parameter with an empty key and a fragment (`#`) are errors.
/// - At most [`MAX_URI_LEN`] bytes (16 KiB). Reading allocates at most about twice the text,
///   without recursion.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) naming what is wrong: `uri` (too long,
/// another scheme, a fragment, a bad percent-encoding or key, `pop` twice, a `req-` parameter,
/// named in the message when it is at most 32 characters), `address` (empty, or not an address
/// of `network`), `amount`, `label` or `message` (given twice, bad text). No message quotes a
/// value.
///
/// ```
/// use wallet_sdk::offline::{parse_payment_uri, Network};
///
/// let request = parse_payment_uri(
///     "LITECOIN:LTC1QHDHVRWE6RGQNS8FZ28TEE0HPHR5X7ULW5EXV4W?amount=0.5&label=Caf%C3%A9&lightning=lnltc1x",
///     Network::Mainnet,
/// )?;
/// assert_eq!(request.address, "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w");
/// assert_eq!(request.amount.map(|a| a.litoshis()), Some(50_000_000));
/// assert_eq!(request.label.as_deref(), Some("Café"));
/// assert_eq!(request.extras, [("lightning".to_string(), "lnltc1x".to_string())]);
///
/// let e = parse_payment_uri("litecoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA?amount=1,5", Network::Mainnet).unwrap_err();
/// assert_eq!(e.field(), Some("amount"));
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn parse_payment_uri(uri: &str, network: Network) -> Result<PaymentRequest> {
    if uri.len() > MAX_URI_LEN {
        return Err(Error::invalid_input("uri", format!("is longer than {MAX_URI_LEN} bytes ({} bytes)", uri.len())));
    }
    let uri = uri.trim();
    let (address, query) = match split_scheme(uri)? {
        None => (uri, None),
        Some(rest) => match rest.split_once('?') {
            Some((a, q)) => (a, Some(q)),
            None => (rest, None),
        },
    };
    if uri.contains('#') {
        return Err(Error::invalid_input("uri", "has a fragment (#): a payment URI has none; write # in a value as %23"));
    }
    if address.is_empty() {
        return Err(Error::invalid_input(
            "address",
            "is empty: BIP321 allows a URI with payment instructions only, but this toolkit pays to an on-chain address",
        ));
    }
    let address = parse_address(address, Some(network))?.address;
    let mut request = PaymentRequest { address, network, amount: None, label: None, message: None, extras: Vec::new() };
    let mut pop_seen = false;
    for param in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (raw_key, raw_value) = param.split_once('=').unwrap_or((param, ""));
        let mut key = percent_decode(raw_key).ok_or_else(|| Error::invalid_input("uri", "a parameter key is not valid percent-encoded UTF-8"))?;
        key.make_ascii_lowercase();
        let once = |field: &'static str, seen: bool| {
            if seen {
                Err(Error::invalid_input(field, "appears twice in the URI (BIP321 allows it once)"))
            } else {
                Ok(field)
            }
        };
        let value_of = |field: &str| {
            percent_decode(raw_value).ok_or_else(|| Error::invalid_input(field, "is not valid percent-encoded UTF-8"))
        };
        match key.as_str() {
            "" => return Err(Error::invalid_input("uri", "a parameter has an empty key")),
            "amount" => request.amount = Some(parse_amount(raw_value, once("amount", request.amount.is_some())?)?),
            "label" => request.label = Some(value_of(once("label", request.label.is_some())?)?),
            "message" => request.message = Some(value_of(once("message", request.message.is_some())?)?),
            k if k.starts_with("req-") => {
                return Err(Error::invalid_input(
                    "uri",
                    format!("{} is required but not implemented here, so the URI is invalid (BIP321)", name_of(k)),
                ))
            }
            _ => {
                if key == "pop" {
                    if pop_seen {
                        return Err(Error::invalid_input("uri", "parameter `pop` appears twice (BIP321 allows it once)"));
                    }
                    pop_seen = true;
                }
                let value = percent_decode(raw_value)
                    .ok_or_else(|| Error::invalid_input("uri", format!("the value of {} is not valid percent-encoded UTF-8", name_of(&key))))?;
                request.extras.push((key, value));
            }
        }
    }
    Ok(request)
}

/// The rest of the URI after `litecoin:` (any case), `None` for text without a scheme.
fn split_scheme(uri: &str) -> Result<Option<&str>> {
    let Some((scheme, rest)) = uri.split_once(':') else {
        return Ok(None);
    };
    if scheme.eq_ignore_ascii_case(URI_SCHEME) {
        return Ok(Some(rest));
    }
    let shown = if scheme.len() <= 16 && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) {
        format!("`{scheme}:`")
    } else {
        "another scheme".to_string()
    };
    Err(Error::invalid_input("uri", format!("is not a litecoin: URI ({shown})")))
}

/// `amount`'s text: BIP321's `*digit [ "." *digit ]` with at least one digit, read exactly.
fn parse_amount(text: &str, field: &str) -> Result<Amount> {
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    let points = text.bytes().filter(|&b| b == b'.').count();
    if digits == 0 || points > 1 || digits + points != text.len() {
        return Err(Error::invalid_input(
            field,
            "must be decimal LTC such as 1.5 or 0.0001: digits and at most one `.`, without sign, exponent, separators or spaces",
        ));
    }
    let amount = Amount::from_ltc_for(field, text)?;
    check_amount_range(amount)?;
    Ok(amount)
}

/// An amount of a payment request: more than zero, at most every coin that will exist.
fn check_amount_range(amount: Amount) -> Result<()> {
    if !amount.is_positive() {
        return Err(Error::invalid_input("amount", "must be greater than zero"));
    }
    if amount.litoshis() > MAX_MONEY {
        return Err(Error::invalid_input("amount", "is more than the 84000000 LTC that will ever exist"));
    }
    Ok(())
}

/// How a message names a parameter key: quoted when it is short and printable, else by length
/// (a key is the sender's text; a long one could hold anything).
fn name_of(key: &str) -> String {
    if key.chars().count() <= 32 && !key.chars().any(char::is_control) {
        format!("parameter `{key}`")
    } else {
        format!("a parameter whose key has {} characters", key.chars().count())
    }
}

/// Bytes written as themselves in a value: RFC 3986's unreserved characters and the query
/// characters `!$'()*,;:@/?` (BIP321's qchar without `=`, `&`, and `+`, which some readers take
/// for a space).
fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$'()*,;:@/?".contains(&b)
}

fn percent_encode_into(out: &mut String, text: &str) {
    for b in text.bytes() {
        if is_plain(b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
}

/// RFC 3986 percent-decoding to UTF-8; `None` for a `%` not followed by two hex digits or bytes
/// that are not UTF-8. `+` stays `+`.
fn percent_decode(text: &str) -> Option<String> {
    if !text.contains('%') {
        return Some(text.to_string());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hi = char::from(hex[0]).to_digit(16)?;
            let lo = char::from(hex[1]).to_digit(16)?;
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The part of a payment URI (or bare address) whose case does not matter and which a QR code
/// holds best in upper case: the scheme and a bech32 address (`ltc1`, `tltc1`, `rltc1`,
/// `ltcmweb1`, `tmweb1`). `Some(upper-cased text)` when there is something to change.
pub(crate) fn qr_upper_case(text: &str) -> Option<String> {
    let (scheme, rest) = match text.split_once(':') {
        Some((s, rest)) if s.eq_ignore_ascii_case(URI_SCHEME) => (Some(s), rest),
        Some(_) => return None,
        None => (None, text),
    };
    let address = rest.split_once('?').map_or(rest, |(a, _)| a);
    let lower = address.to_ascii_lowercase();
    let bech32 = ["ltc1", "tltc1", "rltc1", "ltcmweb1", "tmweb1"].iter().any(|hrp| lower.starts_with(hrp))
        && address.bytes().all(|b| b.is_ascii_alphanumeric())
        // mixed case is an invalid bech32 string: leave it as it is
        && (address == lower || address == address.to_ascii_uppercase());
    if !bech32 || (address != lower && scheme.is_none_or(|s| s == "LITECOIN")) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    if scheme.is_some() {
        out.push_str("LITECOIN:");
    }
    out.push_str(&address.to_ascii_uppercase());
    out.push_str(&rest[address.len()..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_codec() {
        let mut s = String::new();
        percent_encode_into(&mut s, "a b+c&d=e%f/é?");
        assert_eq!(s, "a%20b%2Bc%26d%3De%25f/%C3%A9?");
        assert_eq!(percent_decode(&s).as_deref(), Some("a b+c&d=e%f/é?"));
        assert_eq!(percent_decode("a+b").as_deref(), Some("a+b"));
        for bad in ["%", "%4", "%zz", "%C3", "%FF"] {
            assert_eq!(percent_decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn qr_upper_case_touches_only_scheme_and_bech32_address() {
        let a = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w";
        assert_eq!(
            qr_upper_case(&format!("litecoin:{a}?label=Ab%20c")).unwrap(),
            format!("LITECOIN:{}?label=Ab%20c", a.to_uppercase())
        );
        assert_eq!(qr_upper_case(a).unwrap(), a.to_uppercase());
        assert_eq!(qr_upper_case(&format!("Litecoin:{}", a.to_uppercase())).unwrap(), format!("LITECOIN:{}", a.to_uppercase()));
        assert_eq!(qr_upper_case(&format!("LITECOIN:{}", a.to_uppercase())), None);
        assert_eq!(qr_upper_case("litecoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA?amount=1"), None);
        assert_eq!(qr_upper_case("bitcoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"), None);
        assert_eq!(qr_upper_case("litecoin:Ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"), None);
        assert_eq!(qr_upper_case("hello"), None);
    }
}
