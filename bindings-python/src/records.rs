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

/// A field's value as its property returns it.
trait PyField {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>>;
}

macro_rules! as_itself {
    ($($t:ty),*) => {$(
        impl PyField for $t {
            fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.clone().into_py_any(py)
            }
        }
    )*};
}
as_itself!(String, Option<String>, i64, bool, Vec<String>);

impl PyField for wallet_sdk::Amount {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        PyAmount(*self).into_py_any(py)
    }
}

impl PyField for Option<wallet_sdk::SentFunds> {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self {
            Some(sent) => Ok(field_to_py(py, sent.clone().into_field())?.unbind()),
            None => Ok(py.None()),
        }
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
            }
        )*
        $(
            $(#[doc = $rdoc])*
            /// Read-only.
            #[pyclass(module = "wallet_sdk", frozen, eq)]
            #[derive(PartialEq)]
            pub struct $record(pub wallet_sdk::$record);

            #[pymethods]
            impl $record {
                $(
                    $(#[doc = $fdoc])*
                    #[getter]
                    fn $field(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                        self.0.$field.to_py(py)
                    }
                )*
            }
        )*
    };
}

wallet_sdk::for_each_record_declaration!(declare_records);
