//! Conversions from core types to their uniffi counterparts (field by field, no logic).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::{Amount, Secret};

/// Converts a core value into its FFI form.
pub(crate) trait IntoFfi<T> {
    fn into_ffi(self) -> T;
}

macro_rules! same {
    ($($t:ty),*) => { $( impl IntoFfi<$t> for $t { fn into_ffi(self) -> $t { self } } )* };
}
same!(String, i64, bool, f64);

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
