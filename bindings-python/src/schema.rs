//! The Python view of the core's model schemas (`wallet_sdk::fields`).

use std::collections::HashMap;
use std::sync::OnceLock;

use wallet_sdk::fields::{reachable, FieldType, RecordType};

use crate::convert::py_type;

fn all() -> &'static Vec<RecordType> {
    static ALL: OnceLock<Vec<RecordType>> = OnceLock::new();
    ALL.get_or_init(|| reachable(&crate::result_types()))
}

/// `[(name, doc, [(field, python type, doc)], is_result)]`; an amount field `x` is followed by
/// its `x_litoshis` int.
#[allow(clippy::type_complexity)]
pub fn schemas() -> Vec<(String, String, Vec<(String, String, String)>, bool)> {
    let results: Vec<&str> = crate::result_types().iter().map(|r| r.name).collect();
    all()
        .iter()
        .map(|r| {
            let mut fields = Vec::new();
            for f in (r.fields)() {
                fields.push((f.name.to_string(), py_type(&f.ty), f.doc.clone()));
                match &f.ty {
                    FieldType::Amount => fields.push((format!("{}_litoshis", f.name), "int".into(), format!("`{}` in litoshis.", f.name))),
                    FieldType::Optional(i) if **i == FieldType::Amount => {
                        fields.push((format!("{}_litoshis", f.name), "Optional[int]".into(), format!("`{}` in litoshis.", f.name)))
                    }
                    _ => {}
                }
            }
            (r.name.to_string(), (r.doc)(), fields, results.contains(&r.name))
        })
        .collect()
}

/// The names of a model's optional amount fields.
pub fn amount_fields(type_name: &str) -> &'static [&'static str] {
    static MAP: OnceLock<HashMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        all()
            .iter()
            .map(|r| {
                let names = (r.fields)()
                    .into_iter()
                    .filter(|f| matches!(&f.ty, FieldType::Optional(i) if **i == FieldType::Amount))
                    .map(|f| f.name)
                    .collect();
                (r.name, names)
            })
            .collect()
    });
    map.get(type_name).map(Vec::as_slice).unwrap_or(&[])
}
