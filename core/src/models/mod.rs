//! Typed results of the 43 operations (field names as the service sends them; docs/operations.md).
//!
//! Every result keeps the raw `data` JSON ([`raw`](WalletBalance::raw)) with secret fields
//! redacted. Fields that only the sandbox's conventions define are `Option`; unknown fields
//! are ignored. Results derive `PartialEq` and `Serialize` (wire field names; a [`Secret`]
//! serializes as `"[REDACTED]"`, and the raw JSON is left out); build them in your own tests
//! with [`crate::testing::result_from_json`] (feature `testing`).


mod list;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::amount::Amount;
use crate::raw_json::RawJson;
use crate::secret::Secret;

macro_rules! result_type {
    ($(#[$m:meta])* pub struct $name:ident { $( $(#[$fm:meta])* pub $f:ident : $t:ty ),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
        #[serde(rename_all = "camelCase")]
        #[non_exhaustive]
        pub struct $name {
            $( $(#[$fm])* pub $f: $t, )*
            #[serde(skip)]
            raw: RawJson,
        }
        impl $name {
            /// The raw `data` JSON of the response (exact numbers, the service's key order), with
            /// secret fields redacted.
            pub fn raw(&self) -> &RawJson {
                &self.raw
            }
        }
        impl crate::raw_json::FromData for $name {
            fn set_raw(&mut self, raw: RawJson) {
                self.raw = raw;
            }
        }
        impl crate::fields::RawOf for $name {
            fn raw_of(&self) -> Option<RawJson> {
                Some(self.raw.clone())
            }
            fn take_raw(&mut self) -> Option<RawJson> {
                Some(std::mem::take(&mut self.raw))
            }
        }
        model_fields!($name, [$(#[$m])*], { $( [$(#[$fm])*] $f : $t ),* });
    };
}

macro_rules! item_type {
    ($(#[$m:meta])* pub struct $name:ident { $( $(#[$fm:meta])* pub $f:ident : $t:ty ),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
        #[serde(rename_all = "camelCase")]
        #[non_exhaustive]
        pub struct $name {
            $( $(#[$fm])* pub $f: $t, )*
        }
        impl crate::fields::RawOf for $name {
            fn raw_of(&self) -> Option<RawJson> {
                None
            }
            fn take_raw(&mut self) -> Option<RawJson> {
                None
            }
        }
        model_fields!($name, [$(#[$m])*], { $( [$(#[$fm])*] $f : $t ),* });
    };
}

/// Implements [`crate::fields::Fields`] and [`crate::fields::ToField`] for a model.
macro_rules! model_fields {
    ($name:ident, [$(#[$m:meta])*], { $( [$(#[$fm:meta])*] $f:ident : $t:ty ),* }) => {
        impl crate::fields::Fields for $name {
            fn record_type() -> crate::fields::RecordType {
                crate::fields::RecordType {
                    name: stringify!($name),
                    doc: || crate::fields::doc_from_attrs(&[$(stringify!(#[$m])),*]),
                    fields: || vec![$(
                        crate::fields::FieldSchema {
                            name: stringify!($f),
                            ty: <$t as crate::fields::ToField>::field_type(),
                            doc: crate::fields::doc_from_attrs(&[$(stringify!(#[$fm])),*]),
                            wire_name: crate::fields::wire_name_from_attrs(stringify!($f), &[$(stringify!(#[$fm])),*]),
                        }
                    ),*],
                }
            }
            fn to_record(&self) -> crate::fields::Record {
                crate::fields::Record {
                    type_name: stringify!($name),
                    fields: vec![$( (stringify!($f), crate::fields::ToField::to_field(&self.$f)) ),*],
                    raw: crate::fields::RawOf::raw_of(self),
                }
            }
        }
        impl crate::fields::ToField for $name {
            fn field_type() -> crate::fields::FieldType {
                crate::fields::FieldType::Record(<$name as crate::fields::Fields>::record_type())
            }
            fn to_field(&self) -> crate::fields::FieldValue {
                crate::fields::FieldValue::Record(crate::fields::Fields::to_record(self))
            }
            fn into_field(mut self) -> crate::fields::FieldValue {
                crate::fields::FieldValue::Record(crate::fields::Record {
                    type_name: stringify!($name),
                    raw: crate::fields::RawOf::take_raw(&mut self),
                    fields: vec![$( (stringify!($f), crate::fields::ToField::into_field(self.$f)) ),*],
                })
            }
        }
    };
}

/// Expands the declarations of `list.rs`.
macro_rules! declare_models {
    ($($declarations:tt)*) => { $($declarations)* };
}

crate::for_each_model_declaration!(declare_models);

/// The schema of every result and item type, in declaration order (the bindings' drift tests
/// compare their generated classes with it).
pub fn record_types() -> Vec<crate::fields::RecordType> {
    use crate::fields::Fields;
    let mut out = Vec::new();
    // the same list, expanded a second time into one schema per type
    macro_rules! declare_models {
        ($($declarations:tt)*) => {{ $($declarations)* }};
    }
    macro_rules! result_type {
        ($(#[$m:meta])* pub struct $name:ident { $($body:tt)* }) => { out.push(<$name as Fields>::record_type()) };
    }
    macro_rules! item_type {
        ($(#[$m:meta])* pub struct $name:ident { $($body:tt)* }) => { out.push(<$name as Fields>::record_type()) };
    }
    crate::for_each_model_declaration!(declare_models);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn record_types_lists_every_declaration_once() {
        let names: std::collections::BTreeSet<_> = super::record_types().iter().map(|t| t.name).collect();
        assert_eq!(names.len(), 50);
        assert!(names.contains("WalletTx") && names.contains("OtpVerification"));
    }
}
