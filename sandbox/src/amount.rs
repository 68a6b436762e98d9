//! Exact LTC amounts: integer litoshis inside, 8-decimal JSON number text outside.

use serde_json::Value;

pub const LITOSHIS_PER_LTC: i64 = 100_000_000;
/// The largest amount a request may carry.
pub const MAX_REQUEST_LITOSHIS: i64 = 84_000_000 * LITOSHIS_PER_LTC;

/// Formats litoshis as a JSON number with exactly 8 decimals, never in exponent notation.
pub fn ltc(litoshis: i64) -> Value {
    let sign = if litoshis < 0 { "-" } else { "" };
    let abs = litoshis.unsigned_abs();
    let text = format!("{sign}{}.{:08}", abs / LITOSHIS_PER_LTC as u64, abs % LITOSHIS_PER_LTC as u64);
    serde_json::from_str(&text).expect("formatted amount is a valid JSON number")
}

/// Parses decimal text (optionally with an exponent) into litoshis; `None` if it has more than
/// 8 decimals or does not fit.
pub fn parse_ltc_text(text: &str) -> Option<i64> {
    let text = text.trim();
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (int_part, frac_part) = match digits.split_once('.') {
        Some((i, f)) => (i, f),
        None => (digits, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    if !int_part.chars().chain(frac_part.chars()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    // value = 0.<all digits> shifted: digits × 10^(exponent − len(frac))
    let all: String = format!("{int_part}{frac_part}");
    let all = all.trim_start_matches('0');
    // The power of ten applied to `all` in litoshis; an absurd exponent is refused, not wrapped.
    let scale = exponent.checked_sub(i32::try_from(frac_part.len()).ok()?)?.checked_add(8)?;
    let mut value: i128 = 0;
    for c in all.chars() {
        value = value.checked_mul(10)?.checked_add((c as u8 - b'0') as i128)?;
        // Far beyond any i64 amount; stops before i128 could overflow.
        if value > 10_i128.pow(30) {
            return None;
        }
    }
    let litoshis = if scale >= 0 {
        value.checked_mul(10_i128.checked_pow(scale.unsigned_abs())?)?
    } else {
        let div = 10_i128.checked_pow(scale.unsigned_abs()).unwrap_or(i128::MAX);
        if value % div != 0 {
            return None;
        }
        value / div
    };
    let litoshis = i64::try_from(litoshis).ok()?;
    Some(if negative { -litoshis } else { litoshis })
}

/// Reads an amount from a JSON value as Core prints it (a number, exact thanks to
/// serde_json's arbitrary precision); integers are taken as LTC.
pub fn from_json(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => parse_ltc_text(&n.to_string()),
        _ => None,
    }
}

/// Converts a Core field given in litoshis (e.g. `getblockstats.totalfee`) to an LTC JSON number.
pub fn litoshi_field(v: &Value) -> Value {
    v.as_i64().map(ltc).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_exactly() {
        assert_eq!(ltc(1640).to_string(), "0.00001640");
        assert_eq!(ltc(-1640).to_string(), "-0.00001640");
        assert_eq!(ltc(1_250_000_000).to_string(), "12.50000000");
    }

    #[test]
    fn parses_decimal_and_exponent_text() {
        assert_eq!(parse_ltc_text("1.5"), Some(150_000_000));
        assert_eq!(parse_ltc_text("0.0001"), Some(10_000));
        assert_eq!(parse_ltc_text("1e-4"), Some(10_000));
        assert_eq!(parse_ltc_text("-1.64e-05"), Some(-1640));
        assert_eq!(parse_ltc_text("0.000000001"), None);
        assert_eq!(parse_ltc_text("2"), Some(200_000_000));
        assert_eq!(parse_ltc_text("abc"), None);
        assert_eq!(parse_ltc_text("1e400"), None);
        assert_eq!(parse_ltc_text("1e2147483647"), None);
        assert_eq!(parse_ltc_text("1e-2147483648"), None);
        assert_eq!(parse_ltc_text("0e2147483647"), None);
        assert_eq!(parse_ltc_text("123456789012345678901234567890123"), None);
        assert_eq!(parse_ltc_text("12.49985890"), Some(1_249_985_890));
    }
}
