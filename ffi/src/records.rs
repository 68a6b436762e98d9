//! The event stream's and `resolve`'s enums and records, from the core's declarations
//! (`wallet_sdk::for_each_record_declaration!`): the same names, fields and documentation, each
//! field in its FFI form (amounts as [`Amount`](crate::Amount) records, results as their
//! records), converted field by field.

use crate::convert::IntoFfi;
use crate::{Amount, SentFunds};

macro_rules! declare_records {
    (
        enums { $( $(#[doc = $edoc:literal])* $enum:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal, )* } )* }
        records { $( $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )* }
    ) => {
        crate::convert::ffi_enums! {
            wallet_sdk;
            $( $(#[doc = $edoc])* $enum { $( $(#[doc = $vdoc])* $variant = $text, )* } )*
        }
        $(
            $(#[doc = $rdoc])*
            #[derive(Clone, Debug, uniffi::Record)]
            pub struct $record {
                $( $(#[doc = $fdoc])* pub $field: $ty, )*
            }

            impl IntoFfi<$record> for wallet_sdk::$record {
                fn into_ffi(self) -> $record {
                    $record { $( $field: self.$field.into_ffi(), )* }
                }
            }
        )*
    };
}

wallet_sdk::for_each_record_declaration!(declare_records);
