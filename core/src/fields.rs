//! A generic, typed view of the result models, for language bindings.
//!
//! Every result type of [`crate::models`] (and every item type inside one) implements
//! [`Fields`]: its [`record_type`](Fields::record_type) lists the fields with their [`FieldType`], and
//! [`to_record`](Fields::to_record) gives the values as a [`Record`] tree. A binding converts
//! that tree into its own language's objects once, generically, instead of hand-writing a
//! wrapper per model. Amounts stay [`Amount`] and secrets stay [`Secret`] (the binding decides
//! how a secret is revealed); nothing here prints a secret.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::raw_json::RawJson;

use crate::amount::Amount;
use crate::secret::Secret;

/// The declared type of a model field.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldType {
    /// A boolean.
    Bool,
    /// A signed integer.
    Int,
    /// A floating-point number (only non-amount values such as `difficulty`).
    Float,
    /// A string.
    Text,
    /// An exact LTC amount.
    Amount,
    /// A secret string.
    Secret,
    /// Any JSON value, kept as is.
    Json,
    /// `None`/null or the inner type.
    Optional(Box<FieldType>),
    /// A list of the inner type.
    List(Box<FieldType>),
    /// A map from strings to the inner type.
    Map(Box<FieldType>),
    /// Another model.
    Record(RecordType),
}

/// A model type: its name, documentation and fields.
#[derive(Clone, Copy)]
pub struct RecordType {
    /// The Rust type name (`WalletBalance`, `WalletTx`, …).
    pub name: &'static str,
    /// The model's documentation.
    pub doc: fn() -> String,
    /// The fields, in declaration order.
    pub fields: fn() -> Vec<FieldSchema>,
}

impl std::fmt::Debug for RecordType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for RecordType {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

/// One field of a model.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldSchema {
    /// The snake_case field name.
    pub name: &'static str,
    /// Its type.
    pub ty: FieldType,
    /// Its documentation.
    pub doc: String,
    /// Its name in the service's JSON (`encryptedPassphrase` for `passphrase`, `walletName` for
    /// `wallet_name`), as the raw JSON shows it.
    pub wire_name: String,
}

/// A field value.
#[derive(Debug)]
pub enum FieldValue {
    /// An absent optional value (or JSON null).
    Null,
    /// A boolean.
    Bool(bool),
    /// A signed integer.
    Int(i64),
    /// A floating-point number.
    Float(f64),
    /// A string.
    Text(String),
    /// An exact amount.
    Amount(Amount),
    /// A secret (its `Debug` is redacted).
    Secret(Secret),
    /// Any JSON value, as exact text.
    Json(RawJson),
    /// A list.
    List(Vec<FieldValue>),
    /// A list whose items are converted one at a time as they are read
    /// ([`ToField::into_field`] of a `Vec`): a binding converting a long page holds one item's
    /// values at a time instead of the whole page's.
    Items(FieldItems),
    /// A string-keyed map (sorted by key).
    Map(Vec<(String, FieldValue)>),
    /// A nested model.
    Record(Record),
}

/// The items of [`FieldValue::Items`], converted as they are read.
pub struct FieldItems(Box<dyn ExactSizeIterator<Item = FieldValue> + Send>);

impl Iterator for FieldItems {
    type Item = FieldValue;
    fn next(&mut self) -> Option<FieldValue> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for FieldItems {}

impl std::fmt::Debug for FieldItems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FieldItems({} left)", self.0.len())
    }
}

/// The values of one model instance.
#[derive(Debug)]
pub struct Record {
    /// The model's type name.
    pub type_name: &'static str,
    /// The field values, in declaration order.
    pub fields: Vec<(&'static str, FieldValue)>,
    /// For result types, the raw `data` JSON (secret fields redacted); `None` for item types.
    pub raw: Option<RawJson>,
}

/// A model with a schema and a generic value view.
pub trait Fields {
    /// The model's type description.
    fn record_type() -> RecordType;
    /// The model's values.
    fn to_record(&self) -> Record;
}

/// The raw JSON of a result model (`None` for item models).
#[doc(hidden)]
pub trait RawOf {
    /// The raw `data` JSON, for result types.
    fn raw_of(&self) -> Option<RawJson>;
    /// The raw `data` JSON moved out (leaving `null`).
    fn take_raw(&mut self) -> Option<RawJson>;
}

/// A field type that can describe and convert itself.
pub trait ToField {
    /// The declared type.
    fn field_type() -> FieldType;
    /// The value.
    fn to_field(&self) -> FieldValue;
    /// The value, moved out rather than copied (a binding converting a large page holds one
    /// copy fewer).
    fn into_field(self) -> FieldValue
    where
        Self: Sized;
}

macro_rules! simple {
    ($t:ty, $ft:ident, |$v:ident| $e:expr, |$owned:ident| $moved:expr) => {
        impl ToField for $t {
            fn field_type() -> FieldType {
                FieldType::$ft
            }
            fn to_field(&self) -> FieldValue {
                let $v = self;
                $e
            }
            fn into_field(self) -> FieldValue {
                let $owned = self;
                $moved
            }
        }
    };
}

simple!(bool, Bool, |v| FieldValue::Bool(*v), |v| FieldValue::Bool(v));
simple!(i64, Int, |v| FieldValue::Int(*v), |v| FieldValue::Int(v));
simple!(f64, Float, |v| FieldValue::Float(*v), |v| FieldValue::Float(v));
simple!(String, Text, |v| FieldValue::Text(v.clone()), |v| FieldValue::Text(v));
simple!(Amount, Amount, |v| FieldValue::Amount(*v), |v| FieldValue::Amount(v));
simple!(Secret, Secret, |v| FieldValue::Secret(v.clone()), |v| FieldValue::Secret(v));
simple!(Value, Json, |v| FieldValue::Json(RawJson::from_trusted(v.to_string())), |v| v.to_field());
simple!(RawJson, Json, |v| FieldValue::Json(v.clone()), |v| FieldValue::Json(v));

impl<T: ToField> ToField for Option<T> {
    fn field_type() -> FieldType {
        FieldType::Optional(Box::new(T::field_type()))
    }
    fn to_field(&self) -> FieldValue {
        match self {
            Some(v) => v.to_field(),
            None => FieldValue::Null,
        }
    }
    fn into_field(self) -> FieldValue {
        match self {
            Some(v) => v.into_field(),
            None => FieldValue::Null,
        }
    }
}

impl<T: ToField + Send + 'static> ToField for Vec<T> {
    fn field_type() -> FieldType {
        FieldType::List(Box::new(T::field_type()))
    }
    fn to_field(&self) -> FieldValue {
        FieldValue::List(self.iter().map(ToField::to_field).collect())
    }
    fn into_field(self) -> FieldValue {
        FieldValue::Items(FieldItems(Box::new(Releasing::new(self).map(ToField::into_field))))
    }
}

/// A vector's items in order, handing the vector's memory back as they are taken: reversed once,
/// popped from the end, and the buffer shrunk whenever it is at most half full. A binding
/// converting a long page then never holds the whole page's Rust items beside its own objects.
struct Releasing<T>(Vec<T>);

impl<T> Releasing<T> {
    fn new(mut items: Vec<T>) -> Self {
        items.reverse();
        Releasing(items)
    }
}

impl<T> Iterator for Releasing<T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        let item = self.0.pop();
        if self.0.len() <= self.0.capacity() / 2 {
            self.0.shrink_to_fit();
        }
        item
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl<T> ExactSizeIterator for Releasing<T> {}

impl<T: ToField> ToField for BTreeMap<String, T> {
    fn field_type() -> FieldType {
        FieldType::Map(Box::new(T::field_type()))
    }
    fn to_field(&self) -> FieldValue {
        FieldValue::Map(self.iter().map(|(k, v)| (k.clone(), v.to_field())).collect())
    }
    fn into_field(self) -> FieldValue {
        FieldValue::Map(self.into_iter().map(|(k, v)| (k, v.into_field())).collect())
    }
}

/// The documentation text of a list of stringified attributes (`#[doc = "..."]` entries
/// joined by newlines; other attributes ignored). Used by the model macros.
#[doc(hidden)]
pub fn doc_from_attrs(attrs: &[&str]) -> String {
    let mut lines = Vec::new();
    for a in attrs {
        let compact: String = a.chars().take_while(|c| *c != '"').filter(|c| !c.is_whitespace()).collect();
        // `#[doc = "..."]`, or the raw forms `#[doc = r"..."]` / `#[doc = r#"..."#]` that
        // doc comments become
        let raw = match compact.strip_prefix("#[doc=") {
            Some("") => false,
            Some(r) if r.starts_with('r') && r[1..].chars().all(|c| c == '#') => true,
            _ => continue,
        };
        let (Some(open), Some(close)) = (a.find('"'), a.rfind('"')) else { continue };
        if close <= open {
            continue;
        }
        let body = &a[open + 1..close];
        lines.push(if raw { body.trim().to_string() } else { unescape(body).trim().to_string() });
    }
    lines.join("\n").trim().to_string()
}

/// The JSON name of field `name` given its attributes (their source text): the `rename` of a
/// `#[serde(rename = "…")]`, else `name` in camelCase (the models' `rename_all`).
#[doc(hidden)]
pub fn wire_name_from_attrs(name: &str, attrs: &[&str]) -> String {
    let renamed = attrs.iter().find_map(|a| {
        let compact: String = a.chars().filter(|c| !c.is_whitespace()).collect();
        let rest = compact.strip_prefix("#[serde(rename=\"")?;
        Some(rest[..rest.find('"')?].to_string())
    });
    renamed.unwrap_or_else(|| {
        let mut out = String::with_capacity(name.len());
        let mut upper = false;
        for c in name.chars() {
            match c {
                '_' => upper = true,
                c if upper => {
                    out.extend(c.to_uppercase());
                    upper = false;
                }
                c => out.push(c),
            }
        }
        out
    })
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('u') => {
                // \u{XXXX}
                let mut hex = String::new();
                if it.peek() == Some(&'{') {
                    it.next();
                    for h in it.by_ref() {
                        if h == '}' {
                            break;
                        }
                        hex.push(h);
                    }
                }
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Every model type reachable from `roots` (the roots first, then nested types), each once.
pub fn reachable(roots: &[RecordType]) -> Vec<RecordType> {
    fn walk(t: &FieldType, out: &mut Vec<RecordType>) {
        match t {
            FieldType::Optional(i) | FieldType::List(i) | FieldType::Map(i) => walk(i, out),
            FieldType::Record(r) => visit(*r, out),
            _ => {}
        }
    }
    fn visit(r: RecordType, out: &mut Vec<RecordType>) {
        if out.iter().any(|x| x.name == r.name) {
            return;
        }
        out.push(r);
        for f in (r.fields)() {
            walk(&f.ty, out);
        }
    }
    let mut out = Vec::new();
    for r in roots {
        visit(*r, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::*;

    #[test]
    fn schema_and_values() {
        let t = CreatedEncryptedWallet::record_type();
        assert_eq!(t.name, "CreatedEncryptedWallet");
        assert!((t.doc)().starts_with("A new encrypted wallet"), "{}", (t.doc)());
        let fields = (t.fields)();
        let pp = fields.iter().find(|f| f.name == "passphrase").unwrap();
        assert_eq!(pp.ty, FieldType::Secret);
        assert!(pp.doc.starts_with("The generated passphrase"), "{}", pp.doc);
        // the JSON names: a rename, else the camelCase of the field
        assert_eq!(pp.wire_name, "encryptedPassphrase");
        assert_eq!(fields.iter().find(|f| f.name == "wallet_name").unwrap().wire_name, "walletName");
        let out = (TxOut::record_type().fields)();
        assert_eq!(out.iter().find(|f| f.name == "script_type").unwrap().wire_name, "type");
        assert_eq!(out.iter().find(|f| f.name == "is_mweb").unwrap().wire_name, "isMweb");

        let data = serde_json::json!({"walletName": "w", "encryptedPassphrase": "hunter2", "encrypted": true});
        let mut w: CreatedEncryptedWallet = serde_json::from_value(data.clone()).unwrap();
        let raw = crate::raw_json::redact_answer(
            &crate::operations::CREATE_ENCRYPTED_WALLET,
            &data.to_string(),
            &[],
            None,
        );
        crate::raw_json::FromData::set_raw(&mut w, raw);
        let r = w.to_record();
        assert_eq!(r.type_name, "CreatedEncryptedWallet");
        assert!(!format!("{r:?}").contains("hunter2"));
        assert!(
            matches!(r.fields.iter().find(|f| f.0 == "passphrase").unwrap().1, FieldValue::Secret(ref s) if s.expose() == "hunter2")
        );
        assert_eq!(
            r.raw.unwrap().member("encryptedPassphrase"),
            Some("\"[REDACTED]\"")
        );

        let all = reachable(&[BlockchainInfo::record_type(), WalletTransactions::record_type()]);
        let names: Vec<&str> = all.iter().map(|r| r.name).collect();
        assert!(names.contains(&"Softfork") && names.contains(&"WalletTx"), "{names:?}");
        let wt = (WalletTx::record_type().fields)();
        assert_eq!(wt.iter().find(|f| f.name == "amount").unwrap().ty, FieldType::Optional(Box::new(FieldType::Amount)));
    }

    #[test]
    fn a_vectors_items_come_in_order_while_its_buffer_shrinks() {
        let mut items = Releasing::new((0..1000).map(|i| i.to_string()).collect::<Vec<_>>());
        assert_eq!(items.len(), 1000);
        let mut taken = Vec::new();
        while let Some(item) = items.next() {
            taken.push(item);
            // never more than twice the items left (and nothing once they are all taken)
            assert!(items.0.capacity() <= 2 * items.len() + 1, "{} for {} left", items.0.capacity(), items.len());
        }
        assert_eq!(taken, (0..1000).map(|i| i.to_string()).collect::<Vec<_>>());
        assert_eq!(items.0.capacity(), 0);
        let FieldValue::Items(mut page) = vec![Amount::from_litoshis(1), Amount::from_litoshis(2)].into_field() else { panic!() };
        assert_eq!(page.len(), 2);
        assert!(matches!((page.next(), page.next(), page.next()), (Some(FieldValue::Amount(a)), Some(FieldValue::Amount(b)), None) if a.litoshis() == 1 && b.litoshis() == 2));
    }

    #[test]
    fn doc_attrs() {
        assert_eq!(doc_from_attrs(&["#[doc = \" Core's \\\"type\\\" (`a`, \\u{2026}).\"]", "#[serde(default)]"]), "Core's \"type\" (`a`, …).");
        assert_eq!(doc_from_attrs(&["#[doc = r#\" Hello \"q\" …\"#]", "#[doc = r\" second\"]"]), "Hello \"q\" …\nsecond");
    }
}
