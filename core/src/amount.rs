//! [`Amount`]: exact LTC amounts as signed integer litoshis.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// Litoshis per LTC (10⁸).
pub const LITOSHIS_PER_LTC: i64 = 100_000_000;

/// Every litoshi that will ever exist (Litecoin Core's `MAX_MONEY`: 84 000 000 LTC).
pub(crate) const MAX_MONEY: i64 = 84_000_000 * LITOSHIS_PER_LTC;

/// An exact amount of LTC, held as signed integer litoshis (1 LTC = 100 000 000 litoshis).
///
/// Balances and wallet entries can be negative. Amounts passed to operations must be positive;
/// build them explicitly with [`Amount::from_ltc`] or [`Amount::from_litoshis`]. `Display` prints
/// 8-decimal text (`1.50000000`, `-0.00001640`). Amounts are parsed from the JSON number's text,
/// never through a binary float, and written to requests as plain decimal text (`1.5`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Amount(i64);

/// Why a text could not be read as an amount.
fn parse_error(text: &str, why: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    format!("`{shown}` is not a valid LTC amount: {why}")
}

impl Amount {
    /// Zero LTC.
    pub const ZERO: Amount = Amount(0);

    /// An amount of `litoshis` litoshis (any sign; operations check that inputs are positive).
    pub const fn from_litoshis(litoshis: i64) -> Amount {
        Amount(litoshis)
    }

    /// Parses a positive LTC amount given as decimal text, e.g. `"1.5"` or `"0.00005460"`.
    ///
    /// Fails with [`crate::ErrorKind::InvalidInput`] for more than 8 decimals, a value that
    /// overflows, zero, a negative value or text that is not a plain decimal number.
    pub fn from_ltc(text: &str) -> Result<Amount, Error> {
        Amount::from_ltc_for("amount", text)
    }

    /// [`from_ltc`](Self::from_ltc) with errors naming `field`.
    pub fn from_ltc_for(field: &str, text: &str) -> Result<Amount, Error> {
        let a = parse_decimal(text, false).map_err(|m| Error::invalid_input(field, m))?;
        if a.0 <= 0 {
            return Err(Error::invalid_input(
                field,
                format!("`{}` must be greater than zero", text.trim()),
            ));
        }
        Ok(a)
    }

    /// The amount in litoshis.
    pub const fn litoshis(self) -> i64 {
        self.0
    }

    /// `true` when the amount is greater than zero.
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// Plain decimal text without trailing zeros (`1.5`, `0.0001`, `2`), as sent in requests.
    pub fn to_plain_string(self) -> String {
        let s = self.to_string();
        let s = s.trim_end_matches('0');
        s.trim_end_matches('.').to_string()
    }

    /// Parses an amount from JSON number text; accepts a sign and exponent notation as long as
    /// the value is a whole number of litoshis.
    pub(crate) fn from_json_text(text: &str) -> Result<Amount, String> {
        match parse_plain(text.as_bytes()) {
            Some(amount) => Ok(amount),
            None => parse_decimal(text, true),
        }
    }
}

/// The form of nearly every amount in an answer, `-?digits[.digits]` with at most 8 decimals
/// and 18 digits, read in one pass; `None` for anything else (and for values out of range),
/// which [`parse_decimal`] reads or refuses. Where this gives a value, it is the one
/// `parse_decimal` gives.
fn parse_plain(text: &[u8]) -> Option<Amount> {
    const SCALE: [u64; 9] = [100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];
    let (neg, digits) = match text.split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, text),
    };
    let (int, frac) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], &digits[dot + 1..]),
        None => (digits, &[][..]),
    };
    let with_point = int.len() < digits.len();
    // at most 18 digits (no overflow below) and, after a point, 1 to 8 of them
    if int.is_empty() || int.len() + frac.len() > 18 || (with_point && !(1..=8).contains(&frac.len())) {
        return None;
    }
    let mut value = 0u64;
    for &b in int {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value * 10 + u64::from(d);
    }
    for &b in frac {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value * 10 + u64::from(d);
    }
    let litoshis = i64::try_from(value.checked_mul(SCALE[frac.len()])?).ok()?;
    Some(Amount(if neg { -litoshis } else { litoshis }))
}

fn parse_decimal(text: &str, allow_exponent: bool) -> Result<Amount, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(parse_error(text, "it is empty"));
    }
    let (neg, body) = match t.as_bytes()[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) if allow_exponent => {
            let e: i32 = body[i + 1..]
                .parse()
                .map_err(|_| parse_error(text, "bad exponent"))?;
            (&body[..i], e)
        }
        Some(_) => return Err(parse_error(text, "exponent notation is not accepted; write plain decimals like 0.0001")),
        None => (body, 0),
    };
    let (int_part, frac_part) = match mantissa.split_once('.') {
        Some((i, f)) => (i, f),
        None => (mantissa, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(parse_error(text, "no digits"));
    }
    if !int_part.bytes().all(|b| b.is_ascii_digit()) || !frac_part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(parse_error(text, "only digits and one decimal point are allowed"));
    }
    // The value is `digits × 10^scale` litoshis, `digits` being int_part ++ frac_part without
    // its leading zeros. Read in place (no allocation): amounts are in every answer.
    let all_digits = || int_part.bytes().chain(frac_part.bytes());
    let leading_zeros = all_digits().take_while(|&b| b == b'0').count();
    let significant = int_part.len() + frac_part.len() - leading_zeros;
    let mut scale = exp as i64 - frac_part.len() as i64 + 8;
    let mut kept = significant;
    if scale < 0 {
        // the dropped digits (all of them when there are fewer) must all be zero
        kept = significant.saturating_sub(usize::try_from(scale.unsigned_abs()).unwrap_or(usize::MAX));
        if all_digits().skip(leading_zeros + kept).any(|b| b != b'0') {
            return Err(parse_error(text, "more than 8 decimals"));
        }
        scale = 0;
    }
    if kept == 0 {
        return Ok(Amount(0));
    }
    let too_large = || parse_error(text, "too large");
    if kept > 20 || scale > 20 {
        return Err(too_large());
    }
    let mut value: u128 = all_digits()
        .skip(leading_zeros)
        .take(kept)
        .fold(0, |v, b| v * 10 + u128::from(b - b'0'));
    for _ in 0..scale {
        value = value.checked_mul(10).ok_or_else(too_large)?;
    }
    let limit = if neg { i64::MIN.unsigned_abs() } else { i64::MAX.unsigned_abs() };
    if value > u128::from(limit) {
        return Err(too_large());
    }
    // in range: -2^63 ≤ ±value ≤ 2^63 - 1
    Ok(Amount(if neg { -(value as i128) as i64 } else { value as i64 }))
}

impl FromStr for Amount {
    type Err = Error;
    /// Parses signed decimal LTC text with at most 8 decimals (e.g. `-0.00001640`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_decimal(s, false).map_err(|m| Error::invalid_input("amount", m))
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.with_ltc_text(|text| f.write_str(text))
    }
}

impl Amount {
    /// Calls `f` with the 8-decimal text (`-0.00001640`, as `Display` writes it) without
    /// allocating: the bindings make a decimal of their language from every amount they hand out.
    pub fn with_ltc_text<R>(self, f: impl FnOnce(&str) -> R) -> R {
        // sign, 11 digits of LTC at most (i64::MIN is -92233720368.54775808), point, 8 decimals
        let mut buf = [0u8; 21];
        let mut at = buf.len();
        let mut put = |byte: u8| {
            at -= 1;
            buf[at] = byte;
        };
        let magnitude = self.0.unsigned_abs();
        let (mut whole, mut fraction) = (magnitude / LITOSHIS_PER_LTC as u64, magnitude % LITOSHIS_PER_LTC as u64);
        for _ in 0..8 {
            put(b'0' + (fraction % 10) as u8);
            fraction /= 10;
        }
        put(b'.');
        loop {
            put(b'0' + (whole % 10) as u8);
            whole /= 10;
            if whole == 0 {
                break;
            }
        }
        if self.0 < 0 {
            put(b'-');
        }
        // only ASCII digits, '.' and '-' were written
        f(std::str::from_utf8(&buf[at..]).unwrap_or_default())
    }
}

impl fmt::Debug for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Amount({self})")
    }
}

impl<'de> serde::Deserialize<'de> for Amount {
    /// A JSON number (or decimal string), read from its text: exact whatever serde_json's
    /// features (docs/adr/0007).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = raw_json_text(d)?;
        Amount::from_raw_json(&text).inspect_err(|_| UNREADABLE_AT.with(|at| at.set(Some(text.as_ptr() as usize))))
    }
}

thread_local! {
    /// The address of the text of the last amount this thread could not read. serde_json
    /// places the error of a value read as raw text after the object that holds it, so the
    /// typed decode looks here for the field it names (`decode::path_at`).
    static UNREADABLE_AT: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Forgets the address of an earlier unreadable amount (before a decode).
pub(crate) fn forget_unreadable() {
    UNREADABLE_AT.with(|at| at.set(None));
}

/// The address of the text of the amount that failed the decode just made on this thread, if
/// an amount failed it.
pub(crate) fn take_unreadable() -> Option<usize> {
    UNREADABLE_AT.with(|at| at.take())
}

impl Amount {
    /// An amount from the JSON text of a value: a number, or a decimal string.
    fn from_raw_json<E: serde::de::Error>(text: &str) -> Result<Amount, E> {
        let text: std::borrow::Cow<'_, str> = match text.as_bytes().first() {
            Some(b'"') => serde_json::from_str::<String>(text).map_err(E::custom)?.into(),
            Some(b'-' | b'0'..=b'9') => text.into(),
            _ => {
                return Err(E::custom(format!(
                    "expected an amount (JSON number), found {}",
                    crate::raw_json::type_name(text)
                )))
            }
        };
        Amount::from_json_text(&text).map_err(E::custom)
    }
}

/// The JSON text of a value, read as `Box<serde_json::value::RawValue>` reads it (the same
/// request to the deserializer, the same errors) but borrowed from the input when serde_json
/// reads a text in memory, as the typed decode does: no allocation per amount. Owned when the
/// deserializer has the text only for the moment (a reader, a `Value`).
fn raw_json_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<std::borrow::Cow<'de, str>, D::Error> {
    use serde::de::{self, DeserializeSeed, MapAccess, Unexpected, Visitor};
    use std::borrow::Cow;
    use std::fmt;
    /// serde_json's name for the raw value (`serde_json::raw::TOKEN`): its deserializer answers
    /// a newtype struct of this name with the value's text, as a map of one entry.
    const TOKEN: &str = "$serde_json::private::RawValue";
    struct Key;
    impl<'de> serde::Deserialize<'de> for Key {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
            struct KeyVisitor;
            impl Visitor<'_> for KeyVisitor {
                type Value = Key;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("raw value")
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Key, E> {
                    if s == TOKEN {
                        Ok(Key)
                    } else {
                        Err(de::Error::custom("unexpected raw value"))
                    }
                }
            }
            d.deserialize_identifier(KeyVisitor)
        }
    }
    struct Text;
    impl<'de> DeserializeSeed<'de> for Text {
        type Value = Cow<'de, str>;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Cow<'de, str>, D::Error> {
            d.deserialize_str(self)
        }
    }
    impl<'de> Visitor<'de> for Text {
        type Value = Cow<'de, str>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("raw value")
        }
        fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Cow<'de, str>, E> {
            Ok(Cow::Borrowed(s))
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<Cow<'de, str>, E> {
            Ok(Cow::Owned(s.to_owned()))
        }
        fn visit_string<E: de::Error>(self, s: String) -> Result<Cow<'de, str>, E> {
            Ok(Cow::Owned(s))
        }
    }
    struct Raw;
    impl<'de> Visitor<'de> for Raw {
        type Value = Cow<'de, str>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any valid JSON value")
        }
        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Cow<'de, str>, M::Error> {
            if map.next_key::<Key>()?.is_none() {
                return Err(de::Error::invalid_type(Unexpected::Map, &self));
            }
            map.next_value_seed(Text)
        }
    }
    d.deserialize_newtype_struct(TOKEN, Raw)
}

impl serde::Serialize for Amount {
    /// A JSON number written as plain decimal text (`12.24992630` → `12.2499263`), exact.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_plain_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Amounts read as `Box<RawValue>` read them, from every kind of serde_json input: a text
    /// (borrowed), bytes, a reader, a `Value`; and with the same errors.
    #[test]
    fn amounts_are_read_from_any_serde_json_input() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct Row {
            a: Amount,
            b: Option<Amount>,
        }
        let text = r#"{"a": -0.00001640 , "b":"12.5"}"#;
        let want = Row { a: Amount::from_litoshis(-1640), b: Some(Amount::from_litoshis(1_250_000_000)) };
        assert_eq!(serde_json::from_str::<Row>(text).unwrap(), want);
        assert_eq!(serde_json::from_slice::<Row>(text.as_bytes()).unwrap(), want);
        assert_eq!(serde_json::from_reader::<_, Row>(text.as_bytes()).unwrap(), want);
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::from_value::<Row>(value).unwrap(), want);
        // the same results and errors as reading a `Box<RawValue>` first (as it did before)
        fn boxed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
            use serde::Deserialize;
            Amount::from_raw_json(Box::<serde_json::value::RawValue>::deserialize(d)?.get())
        }
        #[derive(serde::Deserialize, Debug)]
        struct Old {
            #[allow(dead_code)]
            #[serde(deserialize_with = "boxed")]
            a: Amount,
        }
        for json in [r#"{"a":true}"#, r#"{"a":{"x":1}}"#, r#"{"a":1.5.5}"#, r#"{"a":"x"}"#, r#"{"a":1e3}"#, r#"{"a":"1.123456789"}"#, r#"{"a":[1]}"#, r#"{"a":}"#, r#"{"a":-}"#] {
            let ours = serde_json::from_str::<Row>(json).map(|r| r.a).map_err(|e| e.to_string());
            let old = serde_json::from_str::<Old>(json).map(|r| r.a).map_err(|e| e.to_string());
            assert_eq!(ours, old, "{json}");
            let ours = serde_json::from_reader::<_, Row>(json.as_bytes()).map(|r| r.a).map_err(|e| e.to_string());
            let old = serde_json::from_reader::<_, Old>(json.as_bytes()).map(|r| r.a).map_err(|e| e.to_string());
            assert_eq!(ours, old, "{json}");
        }
    }

    #[test]
    fn parses_and_prints() {
        assert_eq!(Amount::from_ltc("1.5").unwrap().litoshis(), 150_000_000);
        assert_eq!(Amount::from_ltc("0.00005460").unwrap().litoshis(), 5460);
        assert_eq!(Amount::from_ltc("84000000").unwrap().to_string(), "84000000.00000000");
        assert_eq!(Amount::from_litoshis(-1640).to_string(), "-0.00001640");
        assert_eq!(Amount::from_litoshis(150_000_000).to_plain_string(), "1.5");
        assert_eq!(Amount::from_litoshis(10_000).to_plain_string(), "0.0001");
        assert_eq!(Amount::from_litoshis(200_000_000).to_plain_string(), "2");
        assert_eq!(Amount::from_litoshis(i64::MIN).to_string(), "-92233720368.54775808");
        assert_eq!("-0.99998360".parse::<Amount>().unwrap().litoshis(), -99_998_360);
    }

    #[test]
    fn rejects_bad_inputs() {
        let e = Amount::from_ltc("0.123456789").unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidInput);
        assert_eq!(
            e.to_string(),
            "invalid input `amount`: `0.123456789` is not a valid LTC amount: more than 8 decimals"
        );
        assert_eq!(
            Amount::from_ltc("0").unwrap_err().to_string(),
            "invalid input `amount`: `0` must be greater than zero"
        );
        assert!(Amount::from_ltc("-1").is_err());
        assert!(Amount::from_ltc("1e-4").is_err());
        assert!(Amount::from_ltc("1.2.3").is_err());
        assert!(Amount::from_ltc("").is_err());
        assert!(Amount::from_ltc("abc").is_err());
        assert_eq!(
            Amount::from_ltc("99999999999999").unwrap_err().to_string(),
            "invalid input `amount`: `99999999999999` is not a valid LTC amount: too large"
        );
    }

    /// The one-pass reader agrees with the general one wherever it gives a value.
    fn plain_agrees(text: &str) {
        if let Some(fast) = parse_plain(text.as_bytes()) {
            assert_eq!(Ok(fast), parse_decimal(text, true), "{text:?}");
        }
    }

    #[test]
    fn plain_form_reads_as_the_general_one() {
        for text in [
            "0", "-0", "1", "1.5", "-0.00001640", "12.24992630", "007.5", "1.", ".5", "-", "", "1.123456789",
            "92233720368.54775807", "92233720368.54775808", "-92233720368.54775808", "999999999999999999",
            "1e5", "+1", " 1", "1.2.3", "0.00000000",
        ] {
            plain_agrees(text);
        }
        assert_eq!(parse_plain(b"-0.00001640"), Some(Amount(-1640)));
        assert_eq!(parse_plain(b"9223372036.85477580"), Some(Amount(922_337_203_685_477_580)));
        // 19 digits: the general reader's
        assert_eq!(parse_plain(b"92233720368.54775807"), None);
        assert_eq!(parse_plain(b"1."), None);
    }

    proptest::proptest! {
        #[test]
        fn plain_form_agrees(text in "-?[0-9]{0,20}(\\.[0-9]{0,10})?") {
            plain_agrees(&text);
        }

        /// Every i64 of litoshis reads back exactly from each way JSON may write it, and one
        /// digit too many is refused.
        #[test]
        fn every_amount_reads_back_from_its_text(litoshis: i64, zeros in 0usize..12) {
            let pad = "0".repeat(zeros);
            let amount = Amount::from_litoshis(litoshis);
            let magnitude = litoshis.unsigned_abs();
            let sign = if litoshis < 0 { "-" } else { "" };
            proptest::prop_assert_eq!(amount.to_string(), format!("{sign}{}.{:08}", magnitude / 100_000_000, magnitude % 100_000_000));
            proptest::prop_assert_eq!(Amount::from_json_text(&amount.to_string()), Ok(amount));
            proptest::prop_assert_eq!(Amount::from_json_text(&format!("{litoshis}e-8")), Ok(amount));
            proptest::prop_assert_eq!(Amount::from_json_text(&format!("{litoshis}{pad}E-{}", 8 + zeros)), Ok(amount));
            proptest::prop_assert_eq!(Amount::from_json_text(&format!("{}{pad}", amount)), Ok(amount));
            if litoshis % 10 != 0 {
                let e = Amount::from_json_text(&format!("{litoshis}e-9")).unwrap_err();
                proptest::prop_assert!(e.ends_with("more than 8 decimals"), "{}", e);
            }
        }
    }

    #[test]
    fn json_numbers_are_exact() {
        let v: serde_json::Value = serde_json::from_str(r#"{"a": -0.00001640, "b": 12.24992630, "c": 1.64e-05, "d": 7}"#).unwrap();
        let a: Amount = serde_json::from_value(v["a"].clone()).unwrap();
        let b: Amount = serde_json::from_value(v["b"].clone()).unwrap();
        let c: Amount = serde_json::from_value(v["c"].clone()).unwrap();
        let d: Amount = serde_json::from_value(v["d"].clone()).unwrap();
        assert_eq!(a.litoshis(), -1640);
        assert_eq!(b.litoshis(), 1_224_992_630);
        assert_eq!(c.litoshis(), 1640);
        assert_eq!(d.litoshis(), 700_000_000);
        assert!(serde_json::from_value::<Amount>(serde_json::json!(1e-9)).is_err());
        assert_eq!(
            serde_json::to_string(&Amount::from_litoshis(10_000)).unwrap(),
            "0.0001"
        );
        assert_eq!(
            serde_json::to_string(&Amount::from_litoshis(1)).unwrap(),
            "0.00000001"
        );
        let whole_supply_and_a_litoshi = Amount::from_litoshis(8_399_999_999_999_999);
        assert_eq!(
            serde_json::to_string(&whole_supply_and_a_litoshi).unwrap(),
            "83999999.99999999"
        );
        assert_eq!(
            serde_json::from_str::<Amount>("83999999.99999999").unwrap(),
            whole_supply_and_a_litoshi
        );
        assert_eq!(
            serde_json::from_str::<Amount>("\"83999999.99999999\"").unwrap(),
            whole_supply_and_a_litoshi
        );
        // whole numbers far beyond i64 are refused, never wrapped (20 digits × 10^20 overflows u128 too)
        for huge in ["99999999999999999999e12", "99999999999999999999e30", "1e11", "-92233720368.54775809", "92233720368.54775808"] {
            assert!(Amount::from_json_text(huge).unwrap_err().ends_with("too large"), "{huge}");
        }
        assert_eq!(Amount::from_json_text("-92233720368.54775808").unwrap(), Amount::from_litoshis(i64::MIN));
        assert_eq!(Amount::from_json_text("92233720368.54775807").unwrap(), Amount::from_litoshis(i64::MAX));
        for (text, litoshis) in [("0e999999", 0), ("-0.000000000", 0), ("000.00000001", 1), ("1.00000000000000", 100_000_000), ("12.5e-9", -1), ("0.1e-7", 1), ("100e-10", 1), ("1E2", 10_000_000_000), ("+3", 300_000_000)] {
            match litoshis {
                -1 => assert!(Amount::from_json_text(text).unwrap_err().ends_with("more than 8 decimals"), "{text}"),
                n => assert_eq!(Amount::from_json_text(text).unwrap().litoshis(), n, "{text}"),
            }
        }
        assert!(serde_json::from_str::<Amount>("true")
            .unwrap_err()
            .to_string()
            .contains("found a boolean"));
    }
}
