//! [`WalletClientConfig`]: how to build a client, as Kotlin, Swift and Java give it, turned into
//! the core's builder.

use std::sync::Arc;
use std::time::Duration;

use crate::Secret;

/// The FFI type of each kind of setting (`wallet_sdk::for_each_client_setting!`): optional,
/// but for flags (false) and the PEM list (empty); integers signed, as Kotlin and Java have no
/// unsigned types.
macro_rules! ffi_setting_type {
    (Duration) => { Option<i64> };
    (Count) => { Option<i32> };
    (Bytes) => { Option<i64> };
    (Text) => { Option<String> };
    (Flag) => { bool };
    (Pems) => { Vec<String> };
    (SecretText) => { Option<Arc<Secret>> };
    (Codes) => { Option<AddressTypeCodes> };
}

/// Applies one setting's FFI value to the builder (`field` names it in errors).
macro_rules! ffi_apply {
    ($b:ident, Duration $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(v) = $v {
            let n = unsigned::<i64, u64>(stringify!($field), v)?;
            $b = ($apply)($b, ffi_duration!($unit, n));
        }
    };
    ($b:ident, Count $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(v) = $v {
            $b = ($apply)($b, unsigned::<i32, u32>(stringify!($field), v)?);
        }
    };
    ($b:ident, Bytes $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(v) = $v {
            $b = ($apply)($b, usize::try_from(unsigned::<i64, u64>(stringify!($field), v)?).unwrap_or(usize::MAX));
        }
    };
    ($b:ident, Text $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(v) = $v {
            $b = ($apply)($b, v);
        }
    };
    ($b:ident, Flag $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        $b = ($apply)($b, $v);
    };
    ($b:ident, Pems $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        for pem in $v {
            $b = ($apply)($b, pem);
        }
    };
    ($b:ident, SecretText $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(secret) = $v {
            $b = ($apply)($b, &secret.0);
        }
    };
    ($b:ident, Codes $unit:ident, $field:ident, $v:expr, $apply:expr) => {
        if let Some(c) = $v {
            let codes = wallet_sdk::AddressTypeCodes { legacy: c.legacy, p2sh_segwit: c.p2sh_segwit, bech32: c.bech32, mweb: c.mweb };
            $b = ($apply)($b, codes);
        }
    };
}

macro_rules! ffi_duration {
    (ms, $n:expr) => { Duration::from_millis($n) };
    (s, $n:expr) => { Duration::from_secs($n) };
}

/// The record and its translation, built field by field (a macro cannot expand into a field
/// of a struct, nor into an attribute's value): `@fields` collects each setting's field with the
/// default of its kind, then the record and `builder_from` are written at once.
macro_rules! declare_config {
    (settings: $($entries:tt)*) => {
        declare_config!(@fields [] [] $($entries)*);
    };
    (@fields [$($fields:tt)*] [$($applied:tt)*]
        $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr,
        $($rest:tt)*
    ) => {
        declare_config!(@fields
            [$($fields)* $(#[doc = $doc])* @default $kind pub $ffi: ffi_setting_type!($kind),]
            [$($applied)* ($kind $unit $ffi $apply)]
            $($rest)*);
    };
    (@fields [$($fields:tt)*] [$( ($kind:ident $unit:ident $ffi:ident $apply:expr) )*]) => {
        declare_config!(@record [] $($fields)*);

        pub(crate) fn builder_from(config: WalletClientConfig) -> wallet_sdk::Result<wallet_sdk::ClientBuilder> {
            let mut b = wallet_sdk::Client::builder().base_url(config.base_url).credential(config.credential.0.expose());
            $( ffi_apply!(b, $kind $unit, $ffi, config.$ffi, $apply); )*
            Ok(b)
        }
    };
    // the defaults spelled out, one field at a time
    (@record [$($done:tt)*] $(#[doc = $doc:literal])* @default Flag pub $ffi:ident : $ty:ty, $($rest:tt)*) => {
        declare_config!(@record [$($done)* $(#[doc = $doc])* #[uniffi(default = false)] pub $ffi: $ty,] $($rest)*);
    };
    (@record [$($done:tt)*] $(#[doc = $doc:literal])* @default Pems pub $ffi:ident : $ty:ty, $($rest:tt)*) => {
        declare_config!(@record [$($done)* $(#[doc = $doc])* #[uniffi(default = [])] pub $ffi: $ty,] $($rest)*);
    };
    (@record [$($done:tt)*] $(#[doc = $doc:literal])* @default $kind:ident pub $ffi:ident : $ty:ty, $($rest:tt)*) => {
        declare_config!(@record [$($done)* $(#[doc = $doc])* #[uniffi(default = None)] pub $ffi: $ty,] $($rest)*);
    };
    (@record [$($done:tt)*]) => {
        /// How to build a [`WalletClient`](crate::WalletClient). Only `base_url` and
        /// `credential` are required; every other field defaults to the core's production
        /// default.
        #[derive(Clone, Debug, uniffi::Record)]
        pub struct WalletClientConfig {
            /// The service's base URL, e.g. `https://wallet.example.com`.
            pub base_url: String,
            /// The API key (JWT) or a node URL (`http(s)://user:pass@host:port`).
            pub credential: Arc<Secret>,
            $($done)*
        }
    };
}

wallet_sdk::for_each_client_setting!(declare_config);

/// Integer codes of the address types on the wire (see `WalletClientConfig.addressTypeCodes`).
#[derive(Clone, Copy, Debug, uniffi::Record)]
pub struct AddressTypeCodes {
    /// Code of `Legacy` (default 0).
    pub legacy: i32,
    /// Code of `P2shSegwit` (default 1).
    pub p2sh_segwit: i32,
    /// Code of `Bech32` (default 2).
    pub bech32: i32,
    /// Code of `Mweb` (default 3).
    pub mweb: i32,
}

/// A non-negative integer input as the unsigned type the core takes; a negative one is an
/// `InvalidInput` naming `field` (Kotlin and Java have no unsigned types, so the FFI takes signed).
pub(crate) fn unsigned<S: Copy + std::fmt::Display, U: TryFrom<S>>(field: &str, value: S) -> wallet_sdk::Result<U> {
    U::try_from(value).map_err(|_| wallet_sdk::Error::invalid_input(field, format!("must not be negative, got {value}")))
}
