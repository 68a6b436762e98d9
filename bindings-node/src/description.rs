//! `description()`: what the package builds its methods, classes and `index.d.ts` from: the
//! operations (`wallet_sdk::operations`), the models they return (`wallet_sdk::fields`), the
//! error kinds and the client settings.

use napi_derive::napi;
use serde_json::{json, Value};
use wallet_sdk::fields::{reachable, FieldType, Fields, RecordType};
use wallet_sdk::operations::{Presence, ValueKind, METHODS};

use crate::client::{camel, SETTINGS};

macro_rules! declare_result_types {
    ($({$name:ident $ret:ident $($rest:tt)*})*) => {
        /// The result type of every operation.
        fn result_types() -> Vec<RecordType> {
            vec![$( <wallet_sdk::$ret as Fields>::record_type() ),*]
        }
    };
}
wallet_sdk::for_each_operation!(declare_result_types);

/// A field's type: `bool`, `int`, `float`, `text`, `amount`, `secret`, `json`, or
/// `{optional|list|map: type}`, `{record: name}`.
fn field_type(t: &FieldType) -> Value {
    match t {
        FieldType::Bool => json!("bool"),
        FieldType::Int => json!("int"),
        FieldType::Float => json!("float"),
        FieldType::Text => json!("text"),
        FieldType::Amount => json!("amount"),
        FieldType::Secret => json!("secret"),
        FieldType::Json => json!("json"),
        FieldType::Optional(i) => json!({ "optional": field_type(i) }),
        FieldType::List(i) => json!({ "list": field_type(i) }),
        FieldType::Map(i) => json!({ "map": field_type(i) }),
        FieldType::Record(r) => json!({ "record": r.name }),
    }
}

fn kind(k: ValueKind) -> &'static str {
    match k {
        ValueKind::Text => "text",
        ValueKind::Integer => "int",
        ValueKind::Amount => "amount",
        ValueKind::Boolean => "bool",
        ValueKind::TextArray | ValueKind::TextListCommaJoined => "text_list",
        ValueKind::IntegerArray => "int_list",
        ValueKind::AddressTypeCode | ValueKind::AddressTypeName => "address_type",
    }
}

/// The operations, models, error kinds and settings, and the pagers' default page size.
#[napi]
pub fn description() -> Value {
    let operations: Vec<Value> = METHODS
        .iter()
        .map(|op| {
            let params: Vec<Value> = op
                .arguments()
                .into_iter()
                .map(|p| {
                    json!({
                        "name": p.sdk_name, "jsName": camel(p.sdk_name), "kind": kind(p.kind),
                        "required": p.presence == Presence::Required, "secret": p.secret,
                    })
                })
                .collect();
            json!({
                "name": op.method_name, "jsName": op.camel_name, "summary": op.summary, "doc": op.doc,
                "params": params, "resultType": op.result_type, "idempotent": op.idempotent,
            })
        })
        .collect();
    let records: Vec<Value> = reachable(&result_types())
        .iter()
        .map(|r| {
            let fields: Vec<Value> =
                (r.fields)().iter().map(|f| json!({ "name": f.name, "jsName": camel(f.name), "type": field_type(&f.ty), "doc": f.doc })).collect();
            json!({ "name": r.name, "doc": (r.doc)(), "fields": fields })
        })
        .collect();
    let kinds: Vec<&str> = wallet_sdk::ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    let settings: Vec<Value> = SETTINGS
        .iter()
        .map(|(ffi, kind, doc)| json!({ "name": camel(ffi), "kind": kind, "doc": doc.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ") }))
        .collect();
    json!({ "operations": operations, "records": records, "errorKinds": kinds, "settings": settings, "defaultPageSize": wallet_sdk::DEFAULT_PAGE_SIZE })
}
