//! [`Amount`]: exact LTC amounts as signed integer litoshis.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// Litoshis per LTC (10⁸).
pub const LITOSHIS_PER_LTC: i64 = 100_000_000;

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
    pub(crate) fn from_ltc_for(field: &str, text: &str) -> Result<Amount, Error> {
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
        parse_decimal(text, true)
    }
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
    // digits = int_part ++ frac_part, value = digits * 10^(exp - frac_len) LTC
    let digits: String = format!("{int_part}{frac_part}");
    let digits = digits.trim_start_matches('0');
    let scale = exp as i64 - frac_part.len() as i64 + 8; // power of ten applied to digits, in litoshis
    let mut value: i128 = 0;
    let mut digits = digits.to_string();
    let mut scale = scale;
    if scale < 0 {
        // the dropped digits must all be zero
        let drop = (-scale) as usize;
        if drop > digits.len() {
            if digits.bytes().any(|b| b != b'0') {
                return Err(parse_error(text, "more than 8 decimals"));
            }
            digits.clear();
        } else {
            let (keep, dropped) = digits.split_at(digits.len() - drop);
            if dropped.bytes().any(|b| b != b'0') {
                return Err(parse_error(text, "more than 8 decimals"));
            }
            digits = keep.to_string();
        }
        scale = 0;
    }
    if digits.len() > 20 || scale > 20 {
        if digits.is_empty() {
            return Ok(Amount(0));
        }
        return Err(parse_error(text, "too large"));
    }
    for b in digits.bytes() {
        value = value * 10 + (b - b'0') as i128;
    }
    for _ in 0..scale {
        value *= 10;
    }
    if neg {
        value = -value;
    }
    if value > i64::MAX as i128 || value < i64::MIN as i128 {
        return Err(parse_error(text, "too large"));
    }
    Ok(Amount(value as i64))
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
        let v = self.0 as i128;
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        write!(f, "{sign}{}.{:08}", a / LITOSHIS_PER_LTC as u128, a % LITOSHIS_PER_LTC as u128)
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
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let text = raw.get();
        let text = match text.as_bytes().first() {
            Some(b'"') => serde_json::from_str::<String>(text).map_err(serde::de::Error::custom)?,
            Some(b'-' | b'0'..=b'9') => text.to_string(),
            _ => {
                return Err(serde::de::Error::custom(format!(
                    "expected an amount (JSON number), found {}",
                    crate::raw_json::type_name(text)
                )))
            }
        };
        Amount::from_json_text(&text).map_err(serde::de::Error::custom)
    }
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
        assert!(serde_json::from_str::<Amount>("true")
            .unwrap_err()
            .to_string()
            .contains("found a boolean"));
    }
}
