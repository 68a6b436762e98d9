//! Generic request building, driven by the operation table.

use serde_json::{Map, Value};

use crate::address_type::{AddressType, AddressTypeCodes};
use crate::amount::Amount;
use crate::error::{Error, Result};
use crate::operations::{HttpMethod, Location, Operation, Param, Presence, ValueKind};
use crate::secret::Secret;

/// A value given for one SDK parameter.
#[derive(Clone, Debug)]
pub(crate) enum ArgValue {
    Text(String),
    Secret(Secret),
    Int(i64),
    Amount(Amount),
    Bool(bool),
    List(Vec<String>),
    IntList(Vec<i64>),
    AddressType(AddressType),
}

/// A value the generated methods pass for one input (`core/src/description.rs` names its type).
pub(crate) trait IntoArg {
    fn into_arg(self) -> ArgValue;
}

impl IntoArg for &str {
    fn into_arg(self) -> ArgValue {
        ArgValue::Text(self.to_string())
    }
}
impl IntoArg for String {
    fn into_arg(self) -> ArgValue {
        ArgValue::Text(self)
    }
}
impl IntoArg for &Secret {
    fn into_arg(self) -> ArgValue {
        ArgValue::Secret(self.clone())
    }
}
impl IntoArg for Secret {
    fn into_arg(self) -> ArgValue {
        ArgValue::Secret(self)
    }
}
impl IntoArg for Amount {
    fn into_arg(self) -> ArgValue {
        ArgValue::Amount(self)
    }
}
impl IntoArg for u32 {
    fn into_arg(self) -> ArgValue {
        ArgValue::Int(i64::from(self))
    }
}
impl IntoArg for bool {
    fn into_arg(self) -> ArgValue {
        ArgValue::Bool(self)
    }
}
impl IntoArg for Vec<String> {
    fn into_arg(self) -> ArgValue {
        ArgValue::List(self)
    }
}
impl IntoArg for Vec<u32> {
    fn into_arg(self) -> ArgValue {
        ArgValue::IntList(self.into_iter().map(i64::from).collect())
    }
}
impl IntoArg for AddressType {
    fn into_arg(self) -> ArgValue {
        ArgValue::AddressType(self)
    }
}

/// The SDK-named inputs of one call.
#[derive(Clone, Debug, Default)]
pub(crate) struct Args(Vec<(&'static str, ArgValue)>);

impl Args {
    pub fn new() -> Self {
        Args(Vec::new())
    }
    /// Adds an input of a generated method.
    pub fn put(mut self, name: &'static str, v: impl IntoArg) -> Self {
        self.0.push((name, v.into_arg()));
        self
    }
    /// Adds an optional input of a generated method when it was given.
    pub fn put_opt(self, name: &'static str, v: Option<impl IntoArg>) -> Self {
        match v {
            Some(v) => self.put(name, v),
            None => self,
        }
    }
    /// The inputs of an untyped call: SDK parameter names (snake_case) to JSON values, checked
    /// against the operation's table. Amounts are decimal text (or a JSON number, read as its
    /// text, never as a float); address types a name or an integer code.
    pub fn from_json(op: &'static Operation, arguments: &Map<String, Value>) -> Result<Args> {
        let mut args = Args::new();
        for name in arguments.keys() {
            if op.param(name).is_none() {
                let known: Vec<&str> = op.params.iter().map(|p| p.sdk_name).collect();
                return Err(Error::invalid_input(
                    name,
                    format!("`{}` has no such input (its inputs: {})", op.name, if known.is_empty() { "none".to_string() } else { known.join(", ") }),
                ));
            }
        }
        for p in op.params {
            if args.get(p.sdk_name).is_some() {
                continue; // wallet_name may travel twice (header and body): one value
            }
            let Some(v) = arguments.get(p.sdk_name).filter(|v| !v.is_null()) else { continue };
            let wrong = |want: &str| Error::invalid_input(p.sdk_name, format!("must be {want}, not {}", crate::json::limits::json_type_name(v)));
            let value = match p.kind {
                ValueKind::Text => {
                    let s = v.as_str().ok_or_else(|| wrong("a string"))?;
                    if p.secret { ArgValue::Secret(Secret::new(s)) } else { ArgValue::Text(s.to_string()) }
                }
                ValueKind::Integer => ArgValue::Int(v.as_i64().ok_or_else(|| wrong("an integer"))?),
                ValueKind::Amount => {
                    let text = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => return Err(wrong("a decimal string")),
                    };
                    ArgValue::Amount(Amount::from_ltc_for(p.sdk_name, &text)?)
                }
                ValueKind::Boolean => ArgValue::Bool(v.as_bool().ok_or_else(|| wrong("a boolean"))?),
                ValueKind::TextArray | ValueKind::TextListCommaJoined => {
                    let items = v.as_array().ok_or_else(|| wrong("an array of strings"))?;
                    let items: Option<Vec<String>> = items.iter().map(|i| i.as_str().map(str::to_string)).collect();
                    ArgValue::List(items.ok_or_else(|| wrong("an array of strings"))?)
                }
                ValueKind::IntegerArray => {
                    let items = v.as_array().ok_or_else(|| wrong("an array of integers"))?;
                    let items: Option<Vec<i64>> = items.iter().map(Value::as_i64).collect();
                    ArgValue::IntList(items.ok_or_else(|| wrong("an array of integers"))?)
                }
                ValueKind::AddressTypeCode | ValueKind::AddressTypeName => match v {
                    Value::String(s) => ArgValue::AddressType(AddressType::from_name(s)),
                    Value::Number(n) => ArgValue::AddressType(AddressType::RawCode(
                        n.as_i64().and_then(|c| i32::try_from(c).ok()).ok_or_else(|| wrong("an address type name or integer code"))?,
                    )),
                    _ => return Err(wrong("an address type name or integer code")),
                },
            };
            args.0.push((p.sdk_name, value));
        }
        Ok(args)
    }

    fn get(&self, name: &str) -> Option<&ArgValue> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The text of an input that was given (a secret's too), `None` when absent or empty.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name).and_then(text_of).filter(|s| !s.is_empty())
    }

    /// The amount given for an input.
    pub fn amount(&self, name: &str) -> Option<Amount> {
        match self.get(name) {
            Some(ArgValue::Amount(a)) => Some(*a),
            _ => None,
        }
    }

    /// The flag given for an input.
    pub fn flag(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(ArgValue::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    /// Sets (or replaces) a text input.
    pub fn set_text(&mut self, name: &'static str, value: String) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = ArgValue::Text(value),
            None => self.0.push((name, ArgValue::Text(value))),
        }
    }
}

/// A request ready to send (without the credential).
#[derive(Debug)]
pub(crate) struct BuiltRequest {
    pub method: HttpMethod,
    pub path: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub query: Vec<(&'static str, String)>,
    /// The JSON body, written once (amounts as exact number text).
    pub body: Option<String>,
    /// Secret input values, scrubbed from any error text.
    pub secrets: Vec<String>,
}

// The body and the values hold the call's secrets (a passphrase, a phrase, a key, an OTP code):
// zeroed when the request goes, after its last retry.
impl Drop for BuiltRequest {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.body.zeroize();
        self.secrets.iter_mut().for_each(Zeroize::zeroize);
        self.headers.iter_mut().for_each(|(_, value)| value.zeroize());
        self.query.iter_mut().for_each(|(_, value)| value.zeroize());
    }
}

/// Checks that a header value is printable ASCII (0x20–0x7E) without leading/trailing
/// whitespace. Never echoes the value.
pub(crate) fn check_header_value(field: &str, v: &str) -> Result<()> {
    // bytes, not chars: a non-ASCII char starts with a byte ≥ 0x80, so `i` is where it starts
    if let Some(i) = v.bytes().position(|b| !(b' '..=b'~').contains(&b)) {
        let what = match v[i..].chars().next() {
            Some('\r') | Some('\n') => "a line break (CR/LF)".to_string(),
            Some(c) if c.is_ascii() => format!("a control character (0x{:02X})", c as u32),
            _ => "a non-ASCII character".to_string(),
        };
        return Err(Error::invalid_input(
            field,
            format!("contains {what} at byte {i}; it travels in an HTTP header, which allows only printable ASCII (0x20–0x7E)"),
        ));
    }
    if v.starts_with(' ') || v.ends_with(' ') {
        return Err(Error::invalid_input(field, "must not start or end with whitespace"));
    }
    Ok(())
}

fn required_error(name: &str) -> Error {
    Error::invalid_input(name, "it is required and must not be empty")
}

fn text_of(v: &ArgValue) -> Option<&str> {
    match v {
        ArgValue::Text(s) => Some(s),
        ArgValue::Secret(s) => Some(s.expose()),
        _ => None,
    }
}

/// [`build_with`] and the default address-type codes.
#[cfg(test)]
pub(crate) fn build(op: &'static Operation, args: &Args) -> Result<BuiltRequest> {
    build_with(op, args, &AddressTypeCodes::default())
}

/// Validates the inputs and places them as the operation table says; address types that travel
/// as integers use `codes`.
pub(crate) fn build_with(op: &'static Operation, args: &Args, codes: &AddressTypeCodes) -> Result<BuiltRequest> {
    let mut headers = Vec::new();
    let mut query = Vec::new();
    let mut body: Vec<(&'static str, WireValue)> = Vec::new();
    let mut secrets = Vec::new();
    for p in op.params {
        if p.location == Location::Sdk {
            // the SDK's own input (idempotency_key): never a field of the request
            continue;
        }
        let value = args.get(p.sdk_name);
        // an empty optional text counts as "not given"
        let value = match value {
            Some(v) if p.presence != Presence::Required && text_of(v).is_some_and(str::is_empty) => None,
            other => other,
        };
        let value = match (value, p.presence) {
            (None, Presence::Required) => return Err(required_error(p.sdk_name)),
            (None, Presence::Optional) => continue,
            (None, Presence::EmptyWhenAbsent) => {
                put(
                    &mut body,
                    p.wire_name,
                    WireValue::Json(Value::String(String::new())),
                );
                continue;
            }
            (Some(v), _) => v,
        };
        let wire = match (p.kind, value) {
            (ValueKind::Amount, ArgValue::Amount(a)) => {
                if !a.is_positive() {
                    return Err(Error::invalid_input(p.sdk_name, format!("must be greater than zero (got {a})")));
                }
                WireValue::Amount(*a)
            }
            other => WireValue::Json(json_of(p, other, codes)?),
        };
        match p.location {
            Location::Header => headers.push((p.wire_name, wire.into_text())),
            Location::Query => {
                let text = wire.into_text();
                // a text input's wire text is the input, which `json_of` checked already
                if !(p.kind == ValueKind::Text && text_of(value).is_some()) {
                    check_header_like(Location::Query, p.sdk_name, &text)?;
                }
                query.push((p.wire_name, text))
            }
            Location::Body => put(&mut body, p.wire_name, wire),
            Location::Sdk => {}
        }
        if p.secret || matches!(value, ArgValue::Secret(_)) {
            if let Some(s) = text_of(value).filter(|s| !s.is_empty()) {
                secrets.push(s.to_string());
            }
        }
    }
    let body = match op.method {
        HttpMethod::Post => Some(body_text(&body)),
        HttpMethod::Get => None,
    };
    Ok(BuiltRequest { method: op.method, path: op.path, headers, query, body, secrets })
}

/// A value as it travels: JSON, or an amount written as exact number text.
enum WireValue {
    Json(Value),
    Amount(Amount),
}

impl WireValue {
    /// The text of a header or query value (a string's own, without a copy).
    fn into_text(self) -> String {
        match self {
            WireValue::Json(Value::String(s)) => s,
            WireValue::Json(v) => v.to_string(),
            WireValue::Amount(a) => a.to_plain_string(),
        }
    }
}

/// Sets a body member; a name set twice keeps its first place and its last value.
fn put(body: &mut Vec<(&'static str, WireValue)>, name: &'static str, value: WireValue) {
    match body.iter_mut().find(|(n, _)| *n == name) {
        Some(slot) => slot.1 = value,
        None => body.push((name, value)),
    }
}

/// The body's JSON text, members in parameter order.
fn body_text(body: &[(&'static str, WireValue)]) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in body.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::from(*name).to_string());
        out.push(':');
        match value {
            WireValue::Json(v) => out.push_str(&v.to_string()),
            WireValue::Amount(a) => out.push_str(&a.to_plain_string()),
        }
    }
    out.push('}');
    out
}

/// The JSON of one validated input that is not an amount.
fn json_of(
    p: &Param,
    (kind, value): (ValueKind, &ArgValue),
    codes: &AddressTypeCodes,
) -> Result<Value> {
    Ok(match (kind, value) {
        (ValueKind::Text, v) if text_of(v).is_some() => {
            let s = text_of(v).unwrap_or_default();
            if s.is_empty() {
                return Err(required_error(p.sdk_name));
            }
            if p.location != Location::Body {
                check_header_like(p.location, p.sdk_name, s)?;
            }
            Value::String(s.to_string())
        }
        (ValueKind::Integer, ArgValue::Int(i)) => Value::from(*i),
        (ValueKind::Boolean, ArgValue::Bool(b)) => Value::Bool(*b),
        (ValueKind::TextArray, ArgValue::List(items)) => {
            if items.is_empty() {
                return Err(required_error(p.sdk_name));
            }
            check_items(p.sdk_name, items)?;
            Value::Array(items.iter().cloned().map(Value::String).collect())
        }
        (ValueKind::TextListCommaJoined, ArgValue::List(items)) => {
            if items.is_empty() {
                return Err(required_error(p.sdk_name));
            }
            check_items(p.sdk_name, items)?;
            if let Some(i) = items.iter().position(|s| s.contains(',')) {
                return Err(Error::invalid_input(
                    p.sdk_name,
                    format!("item {i} contains a comma; items are joined with commas on the wire"),
                ));
            }
            Value::String(items.join(","))
        }
        (ValueKind::IntegerArray, ArgValue::IntList(items)) => {
            if items.is_empty() {
                return Err(required_error(p.sdk_name));
            }
            Value::Array(items.iter().map(|i| Value::from(*i)).collect())
        }
        (ValueKind::AddressTypeCode, ArgValue::AddressType(t)) => t.code_json(codes),
        (ValueKind::AddressTypeName, ArgValue::AddressType(t)) => {
            let n = t.name();
            if n.trim().is_empty() {
                return Err(required_error(p.sdk_name));
            }
            Value::String(n)
        }
        (kind, v) => {
            // a programming error in the method table; report instead of panicking
            return Err(Error::invalid_input(
                p.sdk_name,
                format!(
                    "internal: value {} does not fit wire kind {kind:?}",
                    arg_kind(v)
                ),
            ));
        }
    })
}

fn check_header_like(loc: Location, name: &str, s: &str) -> Result<()> {
    match loc {
        Location::Header => check_header_value(name, s),
        // query values are percent-encoded, only refuse surrounding whitespace and line breaks
        Location::Query => {
            if memchr::memchr2(b'\r', b'\n', s.as_bytes()).is_some() {
                return Err(Error::invalid_input(name, "must not contain a line break (CR/LF)"));
            }
            if s.starts_with(char::is_whitespace) || s.ends_with(char::is_whitespace) {
                return Err(Error::invalid_input(name, "must not start or end with whitespace"));
            }
            Ok(())
        }
        Location::Body | Location::Sdk => Ok(()),
    }
}

fn check_items(name: &str, items: &[String]) -> Result<()> {
    if let Some(i) = items.iter().position(|s| s.trim().is_empty()) {
        return Err(Error::invalid_input(name, format!("item {i} is empty")));
    }
    Ok(())
}

fn arg_kind(v: &ArgValue) -> &'static str {
    match v {
        ArgValue::Text(_) => "text",
        ArgValue::Secret(_) => "secret",
        ArgValue::Int(_) => "integer",
        ArgValue::Amount(_) => "amount",
        ArgValue::Bool(_) => "boolean",
        ArgValue::List(_) => "list",
        ArgValue::IntList(_) => "integer list",
        ArgValue::AddressType(_) => "address type",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations as ops;

    #[test]
    fn places_inputs_by_table() {
        let pp = Secret::new("pp-123");
        let r = build(
            &ops::CREATE_ADDRESS,
            &Args::new()
                .put("wallet_name", "w1")
                .put_opt("passphrase", Some(&pp))
                .put_opt("address_type", Some(AddressType::Legacy)),
        )
        .unwrap();
        assert_eq!(
            r.headers,
            vec![
                ("walletName", "w1".to_string()),
                ("encryptedPassphrase", "pp-123".to_string())
            ]
        );
        assert_eq!(r.body.clone().unwrap(), r#"{"type":0}"#);
        assert_eq!(r.secrets, vec!["pp-123".to_string()]);

        // another address-type mapping (the codes are the service's convention) changes only the code sent
        let bech32m_first = AddressTypeCodes { mweb: 4, ..AddressTypeCodes::default() };
        let r = build_with(
            &ops::CREATE_ADDRESS,
            &Args::new().put("wallet_name", "w1").put_opt("address_type", Some(AddressType::Mweb)),
            &bech32m_first,
        )
        .unwrap();
        assert_eq!(r.body.clone().unwrap(), r#"{"type":4}"#);

        // no passphrase given -> no header; no type -> field omitted
        let r = build(&ops::CREATE_ADDRESS, &Args::new().put("wallet_name", "w1")).unwrap();
        assert_eq!(r.headers, vec![("walletName", "w1".to_string())]);
        assert_eq!(r.body.clone().unwrap(), "{}");

        // sign-wallet-message sends "" when no passphrase was given
        let r = build(
            &ops::SIGN_WALLET_MESSAGE,
            &Args::new().put("wallet_name", "w").put("message", "hi").put("address", "m1"),
        )
        .unwrap();
        assert_eq!(
            r.body.clone().unwrap(),
            r#"{"address":"m1","message":"hi","passphrase":""}"#
        );

        let r = build(
            &ops::CREATE_MULTISIG_ADDRESS,
            &Args::new()
                .put("wallet_name", "w")
                .put("addresses", vec!["a".to_string(), "b".to_string()])
                .put("n_required", 2u32)
                .put("address_type", AddressType::P2shSegwit),
        )
        .unwrap();
        assert_eq!(
            r.body.clone().unwrap(),
            r#"{"addresses":"a,b","nreqired":2,"address_type":"p2sh-segwit"}"#
        );

        let r = build(
            &ops::CREATE_RAW_TRANSACTION_V2,
            &Args::new()
                .put("sender_address", "s")
                .put("recipient_address", "r")
                .put("amount", Amount::from_litoshis(10_000))
                .put("utxos", vec!["t".to_string()])
                .put("vouts", vec![1u32]),
        )
        .unwrap();
        assert_eq!(
            r.body.clone().unwrap(),
            r#"{"senderAddress":"s","recipientAddress":"r","amount":0.0001,"utxos":["t"],"vouts_n":[1]}"#
        );
        let r = build(&ops::GET_UTXO_DETAILS, &Args::new().put("txid", "ab").put("vout", 1u32)).unwrap();
        assert_eq!(r.query, vec![("txid", "ab".to_string()), ("vout_n", "1".to_string())]);
        assert!(r.body.is_none());
    }

    #[test]
    fn validation_messages_are_pinned() {
        let cases: Vec<(Result<BuiltRequest>, &str)> = vec![
            (
                build(&ops::WALLET_BALANCE, &Args::new().put("wallet_name", "")),
                "invalid input `wallet_name`: it is required and must not be empty",
            ),
            (
                build(&ops::WALLET_BALANCE, &Args::new()),
                "invalid input `wallet_name`: it is required and must not be empty",
            ),
            (
                build(&ops::WALLET_BALANCE, &Args::new().put("wallet_name", "w\r\nX-Evil: 1")),
                "invalid input `wallet_name`: contains a line break (CR/LF) at byte 1; it travels in an HTTP header, which allows only printable ASCII (0x20–0x7E)",
            ),
            (
                build(&ops::WALLET_DEFAULT_ADDRESS, &Args::new().put("mnemonics", &Secret::new("abandon ü"))),
                "invalid input `mnemonics`: contains a non-ASCII character at byte 8; it travels in an HTTP header, which allows only printable ASCII (0x20–0x7E)",
            ),
            (
                build(&ops::WALLET_DEFAULT_ADDRESS, &Args::new().put("mnemonics", &Secret::new("abandon\tx"))),
                "invalid input `mnemonics`: contains a control character (0x09) at byte 7; it travels in an HTTP header, which allows only printable ASCII (0x20–0x7E)",
            ),
            (
                build(&ops::WALLET_DEFAULT_ADDRESS, &Args::new().put("mnemonics", &Secret::new("abandon "))),
                "invalid input `mnemonics`: must not start or end with whitespace",
            ),
            (
                build(
                    &ops::CREATE_RAW_TRANSACTION,
                    &Args::new()
                        .put("wallet_name", "w")
                        .put("recipient_address", "r")
                        .put("sender_address", "s")
                        .put("amount", Amount::from_litoshis(-5)),
                ),
                "invalid input `amount`: must be greater than zero (got -0.00000005)",
            ),
            (
                build(&ops::ADDRESS_BALANCE, &Args::new().put("address", " m1")),
                "invalid input `address`: must not start or end with whitespace",
            ),
        ];
        for (r, msg) in cases {
            let e = r.unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::InvalidInput);
            assert_eq!(e.to_string(), msg);
            assert!(!e.to_string().contains("abandon"));
        }
    }
}
