//! Result records of the 43 operations, derived from the core's own declarations.
//!
//! `core/src/models/list/` declares every result and item type once; this module includes
//! that file with its own `result_type!`/`item_type!` macros, which define the uniffi record
//! and its conversion from the core type. The type names in the list resolve to this module's
//! FFI forms: amounts are [`Amount`] records (litoshis), secrets are [`Secret`] objects (never
//! plain strings), free-form JSON travels as its text, and every operation result carries
//! `raw_json`, the raw `data` JSON with secret fields redacted (by the core).
//! (docs/adr/0003-models-declared-once.md)

use crate::convert::IntoFfi;
pub use crate::Amount;

/// A secret field crosses as the [`crate::Secret`] object.
type Secret = std::sync::Arc<crate::Secret>;
/// Free-form JSON (e.g. `scanning`) crosses as its JSON text.
type Value = String;
/// uniffi maps are hash maps.
type BTreeMap<K, V> = std::collections::HashMap<K, V>;

// Each macro keeps the docs (they become the Kotlin and Swift docs) and drops the core's serde
// attributes (wire names: the core decodes, these records are only converted).
macro_rules! result_type {
    ($(#[doc = $d:literal])* pub struct $name:ident { $( $(#[doc = $fd:literal])* $(#[serde $serde:tt])* pub $f:ident : $t:ty ),* $(,)? }) => {
        $(#[doc = $d])*
        #[derive(Clone, Debug, uniffi::Record)]
        pub struct $name {
            $( $(#[doc = $fd])* pub $f: $t, )*
            /// The raw `data` JSON of the response (secret fields redacted).
            pub raw_json: String,
        }
        impl crate::fast::RawJsonOf for $name {
            fn raw_json(&self) -> &str {
                &self.raw_json
            }
        }
        impl IntoFfi<$name> for wallet_sdk::$name {
            fn into_ffi(mut self) -> $name {
                let raw_json = wallet_sdk::fields::RawOf::take_raw(&mut self).unwrap_or_default().into_string();
                $name { $( $f: self.$f.into_ffi(), )* raw_json }
            }
        }
    };
}

macro_rules! item_type {
    ($(#[doc = $d:literal])* pub struct $name:ident { $( $(#[doc = $fd:literal])* $(#[serde $serde:tt])* pub $f:ident : $t:ty ),* $(,)? }) => {
        $(#[doc = $d])*
        #[derive(Clone, Debug, uniffi::Record)]
        pub struct $name {
            $( $(#[doc = $fd])* pub $f: $t, )*
        }
        impl IntoFfi<$name> for wallet_sdk::$name {
            fn into_ffi(self) -> $name {
                $name { $( $f: self.$f.into_ffi(), )* }
            }
        }
    };
}

macro_rules! declare_models {
    ($($declarations:tt)*) => { $($declarations)* };
}

wallet_sdk::for_each_model_declaration!(declare_models);
