//! Conversions from core types to their uniffi counterparts (field by field, no logic).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::{Amount, Secret};

/// Converts a core value into its FFI form.
pub(crate) trait IntoFfi<T> {
    fn into_ffi(self) -> T;
}

/// The FFI's type for a core type, where records declared once in the core name the core's
/// types (the offline toolkit's); `IntoFfi` converts to it.
pub trait FfiType {
    type Ffi;
}

macro_rules! ffi_type {
    ($($core:ty => $ffi:ty),* $(,)?) => { $( impl FfiType for $core { type Ffi = $ffi; } )* };
}
ffi_type!(
    String => String,
    bool => bool,
    // signed in the FFI: Java has no unsigned types
    u32 => i32,
    u8 => i32,
    u64 => i64,
    Vec<u8> => Vec<u8>,
    Vec<(String, String)> => Vec<crate::offline::PaymentUriParameter>,
    wallet_sdk::Amount => Amount,
    wallet_sdk::Secret => Arc<Secret>,
);

impl<T: FfiType> FfiType for Option<T> {
    type Ffi = Option<T::Ffi>;
}

macro_rules! same {
    ($($t:ty),*) => { $( impl IntoFfi<$t> for $t { fn into_ffi(self) -> $t { self } } )* };
}
same!(String, i64, bool, f64, u32, u8);

impl IntoFfi<i32> for u8 {
    fn into_ffi(self) -> i32 {
        i32::from(self)
    }
}

impl IntoFfi<i32> for u32 {
    fn into_ffi(self) -> i32 {
        i32::try_from(self).unwrap_or(i32::MAX)
    }
}

impl IntoFfi<i64> for u64 {
    fn into_ffi(self) -> i64 {
        i64::try_from(self).unwrap_or(i64::MAX)
    }
}

impl IntoFfi<Amount> for wallet_sdk::Amount {
    fn into_ffi(self) -> Amount {
        Amount { litoshis: self.litoshis() }
    }
}

impl IntoFfi<Arc<Secret>> for wallet_sdk::Secret {
    fn into_ffi(self) -> Arc<Secret> {
        Arc::new(Secret(self))
    }
}

/// Free-form JSON (e.g. `scanning`) travels as its JSON text.
impl IntoFfi<String> for wallet_sdk::RawJson {
    fn into_ffi(self) -> String {
        self.into_string()
    }
}

impl IntoFfi<String> for serde_json::Value {
    fn into_ffi(self) -> String {
        self.to_string()
    }
}

impl<A: IntoFfi<B>, B> IntoFfi<Option<B>> for Option<A> {
    fn into_ffi(self) -> Option<B> {
        self.map(IntoFfi::into_ffi)
    }
}

impl<A: IntoFfi<B>, B> IntoFfi<Vec<B>> for Vec<A> {
    fn into_ffi(self) -> Vec<B> {
        self.into_iter().map(IntoFfi::into_ffi).collect()
    }
}

impl<A: IntoFfi<B>, B> IntoFfi<HashMap<String, B>> for BTreeMap<String, A> {
    fn into_ffi(self) -> HashMap<String, B> {
        self.into_iter().map(|(k, v)| (k, v.into_ffi())).collect()
    }
}

/// The core's enums that print as a name (the offline toolkit's, the event stream's,
/// `resolve`'s) as uniffi enums of the same variants and documentation, converted both ways
/// (`From`, and `IntoFfi` for the records that hold them) and printed with the core's name
/// (Kotlin `toString()`, Swift `description`). `core` names the module of the core's enums.
macro_rules! ffi_enums {
    ($core:ident; $( $(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal ),* $(,)? } )*) => {
        $(
            $(#[doc = $doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
            #[uniffi::export(Display)]
            pub enum $name {
                $( $(#[doc = $vdoc])* $variant, )*
            }
            impl From<$name> for $core::$name {
                fn from(v: $name) -> Self {
                    match v { $( $name::$variant => $core::$name::$variant, )* }
                }
            }
            impl From<$core::$name> for $name {
                fn from(v: $core::$name) -> Self {
                    match v { $( $core::$name::$variant => $name::$variant, )* }
                }
            }
            impl $crate::convert::IntoFfi<$name> for $core::$name {
                fn into_ffi(self) -> $name {
                    self.into()
                }
            }
            impl $crate::convert::FfiType for $core::$name {
                type Ffi = $name;
            }
            impl std::fmt::Display for $name {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str($core::$name::from(*self).as_str())
                }
            }
        )*
    };
}
pub(crate) use ffi_enums;
