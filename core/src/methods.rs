//! The operations as async methods of [`Client`], and their options structs, generated from
//! their description (`core/src/description.rs`).

use crate::address_type::AddressType;
use crate::amount::Amount;
use crate::client::Client;
use crate::error::Result;
use crate::models::*;
use crate::operations as ops;
use crate::request::Args;
use crate::secret::Secret;

/// The Rust type of a required input, by its type in the description.
macro_rules! input_type {
    (Text) => { &str };
    (Secret) => { &Secret };
    (Amount) => { Amount };
    (Count) => { u32 };
    (Flag) => { bool };
    (TextList) => { Vec<String> };
    (CountList) => { Vec<u32> };
    (AddressType) => { AddressType };
}

/// The Rust type of an optional input (a field of an options struct).
macro_rules! option_type {
    (Text) => { String };
    (Secret) => { Secret };
    (Count) => { u32 };
    (Flag) => { bool };
    (AddressType) => { AddressType };
}

/// `$value`, where `$present` says that the method has an options struct.
macro_rules! with_options {
    ($present:ident, $value:ident) => { $value };
}
pub(crate) use {input_type, with_options};

macro_rules! options_struct {
    ([shared] $($declared_earlier:tt)*) => {};
    ([] $(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ident ),* }) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug, Default)]
        pub struct $name {
            $( $(#[doc = $fdoc])* pub $field: Option<option_type!($ty)>, )*
        }
    };
}

macro_rules! declare_async_methods {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$const:ident $($wire:tt)*] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $f:ident : $ft:ident [$($fw:tt)*]),* })?]})*) => {
        $($(
            options_struct!([$($shared)?] $(#[doc = $odoc])* $oname { $( $(#[doc = $fdoc])* $f : $ft ),* });
        )?)*

        impl Client {
            $(
                $(#[doc = $doc])*
                #[allow(clippy::too_many_arguments)]
                pub async fn $name(&self, $($arg: input_type!($ty),)* $(options: $oname)?) -> Result<$ret> {
                    let args = Args::new()$(.put(stringify!($arg), $arg))*;
                    $(
                        let $oname { $($f),* } = options;
                        let args = args$(.put_opt(stringify!($f), $f))*;
                    )?
                    self.execute(&ops::$const, args).await
                }
            )*
        }
    };
}

crate::for_each_operation!(declare_async_methods);

/// [`Client::call_typed`], generated: each method's own result type.
macro_rules! declare_typed_call {
    ($({$name:ident $ret:ident $($rest:tt)*})*) => {
        impl Client {
            /// Runs any of the 43 operations (or a variant, such as
            /// `address_private_key_v2_with_passphrase`) by name, as [`Client::call`] does, but
            /// reads the answer as the operation's typed method does: the same checks (required
            /// fields, types, amounts in range), the same secrets. The result is its generic view
            /// ([`crate::fields::Record`]): the values (secrets as [`Secret`]) and the raw JSON
            /// (secret fields redacted). For a caller that names operations at run time (a
            /// command line, a script) and wants the typed methods' guarantees.
            pub async fn call_typed(
                &self,
                operation: &str,
                arguments: &serde_json::Map<String, serde_json::Value>,
            ) -> Result<crate::fields::Record> {
                let op = ops::METHODS.iter().copied().find(|o| o.method_name == operation || o.camel_name == operation).ok_or_else(|| {
                    crate::Error::invalid_input("operation", format!("`{operation}` is not the name of one of the 43 operations or their variants, such as `wallet_balance`"))
                })?;
                let args = crate::client::untyped_args(op, arguments)?;
                match op.method_name {
                    $(stringify!($name) => self.execute::<$ret>(op, args).await.map(|r| crate::fields::Fields::to_record(&r)),)*
                    // every entry of the table is one of the methods above
                    _ => Err(crate::Error::invalid_input("operation", format!("`{operation}` has no typed method"))),
                }
            }
        }
    };
}

crate::for_each_operation!(declare_typed_call);
