//! The event stream's and `resolve`'s records as Python classes (`wallet_sdk.WalletEvent`,
//! `Payment`, `Resolution`), from the core's declarations
//! (`wallet_sdk::for_each_record_declaration!`): one read-only property per field, with the
//! core's documentation. Enums read as their names (``"received"``, ``"applied"``…), amounts as
//! `wallet_sdk.Amount`, results as their models. Each class's `repr()` is written beside the
//! code that hands it out.

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;
use wallet_sdk::fields::ToField;

use crate::convert::field_to_py;
use crate::types::PyAmount;
// the field types of the declarations, as they name them
use wallet_sdk::{Amount, PaymentStatus, ResolutionState, SentFunds, WalletEventKind};

/// A field's value as its property returns it.
pub(crate) trait PyField {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>>;
    /// The property's type in the stubs (`tools/gen_stubs.py` reads the classes'
    /// `_stub_properties`).
    fn py_type() -> String;
}

macro_rules! as_itself {
    ($($t:ty => $py:literal),*) => {$(
        impl PyField for $t {
            fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.clone().into_py_any(py)
            }
            fn py_type() -> String {
                $py.to_string()
            }
        }
    )*};
}
as_itself!(String => "str", i64 => "int", bool => "bool", u64 => "int", u32 => "int", u8 => "int", Vec<String> => "List[str]");

impl<T: PyField> PyField for Option<T> {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self {
            Some(value) => value.to_py(py),
            None => Ok(py.None()),
        }
    }
    fn py_type() -> String {
        format!("Optional[{}]", T::py_type())
    }
}

impl PyField for wallet_sdk::Amount {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        PyAmount(*self).into_py_any(py)
    }
    fn py_type() -> String {
        "Amount".to_string()
    }
}

impl PyField for wallet_sdk::SentFunds {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(field_to_py(py, self.clone().into_field())?.unbind())
    }
    fn py_type() -> String {
        "SentFunds".to_string()
    }
}

macro_rules! declare_records {
    (
        enums { $( $(#[doc = $edoc:literal])* $enum:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal, )* } )* }
        records { $( $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )* }
    ) => {
        $(
            impl PyField for wallet_sdk::$enum {
                fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    self.as_str().into_py_any(py)
                }
                fn py_type() -> String {
                    "str".to_string()
                }
            }
        )*
        $( record_class!("wallet_sdk", wallet_sdk; $(#[doc = $rdoc])* $record { $( $(#[doc = $fdoc])* $field : $ty, )* }); )*
    };
}

/// A read-only class over a core record (`$core::$record`) of Python's module `$module`: one
/// property per field, with its documentation, and `_stub_properties` for the stubs.
macro_rules! record_class {
    ($module:literal, $($core:ident)::+; $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* }) => {
        $(#[doc = $rdoc])*
        ///
        /// Read-only.
        #[pyclass(module = $module, frozen, eq)]
        #[derive(PartialEq)]
        pub struct $record(pub $($core)::+::$record);

        #[pymethods]
        impl $record {
            /// Each property's name and type, for the stubs.
            #[classattr]
            fn _stub_properties() -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), <$ty as $crate::records::PyField>::py_type())),*]
            }
            $(
                $(#[doc = $fdoc])*
                #[getter]
                fn $field(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    $crate::records::PyField::to_py(&self.0.$field, py)
                }
            )*
        }
    };
}
pub(crate) use record_class;

wallet_sdk::for_each_record_declaration!(declare_records);
