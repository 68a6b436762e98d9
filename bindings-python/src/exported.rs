//! The 43 operations as methods of both clients, generated from their description.

use pyo3::prelude::*;
use wallet_sdk::fields::{Fields, RecordType};
use wallet_sdk::*;

use crate::convert::{AddressTypeArg, AmountArg, ArgType, Out, SecretArg};
use crate::bridge::future_into_py;
use crate::*;
use crate::clients::{AsyncClient, Client};

/// Static description of a generated method (for the stubs and their drift check).
pub struct MethodInfo {
    pub name: &'static str,
    pub doc: &'static str,
    pub params: &'static [(&'static str, &'static str, bool)],
    pub ret: &'static str,
}

/// The input types of `core/src/description.rs` as Python passes them.
pub(crate) mod exported_types {
    pub type Text = String;
    pub type Secret = crate::SecretArg;
    pub type Amount = crate::AmountArg;
    pub type Count = u32;
    pub type Flag = bool;
    pub type TextList = Vec<String>;
    pub type CountList = Vec<u32>;
    pub type AddressType = crate::AddressTypeArg;
}

/// A Python input as the core method takes it (lent where the core borrows).
pub(crate) trait CoreArg<'a> {
    type Core;
    fn core_arg(&'a self) -> Self::Core;
}
impl<'a> CoreArg<'a> for String {
    type Core = &'a str;
    fn core_arg(&'a self) -> &'a str {
        self
    }
}
impl<'a> CoreArg<'a> for SecretArg {
    type Core = &'a Secret;
    fn core_arg(&'a self) -> &'a Secret {
        &self.0
    }
}
impl CoreArg<'_> for AmountArg {
    type Core = Amount;
    fn core_arg(&self) -> Amount {
        self.0
    }
}
impl CoreArg<'_> for u32 {
    type Core = u32;
    fn core_arg(&self) -> u32 {
        *self
    }
}
impl<T: Clone> CoreArg<'_> for Vec<T> {
    type Core = Vec<T>;
    fn core_arg(&self) -> Vec<T> {
        self.clone()
    }
}
impl CoreArg<'_> for AddressTypeArg {
    type Core = AddressType;
    fn core_arg(&self) -> AddressType {
        self.0.clone()
    }
}

/// An optional Python input as the core's options struct holds it.
pub(crate) trait IntoCore<T> {
    fn into_core(self) -> T;
}
impl<T> IntoCore<T> for T {
    fn into_core(self) -> T {
        self
    }
}
impl IntoCore<Secret> for SecretArg {
    fn into_core(self) -> Secret {
        self.0
    }
}
impl IntoCore<AddressType> for AddressTypeArg {
    fn into_core(self) -> AddressType {
        self.0
    }
}

/// Generates every operation of `core/src/description.rs` once for `Client` (blocking, GIL
/// released) and once for `AsyncClient` (a coroutine): required inputs positional, optional
/// ones keyword-only.
macro_rules! declare_exported {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($req:ident : $rty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $opt:ident : $oty:ident [$($fw:tt)*]),* })?]})*) => {
        #[pymethods]
        impl Client {
            $(
                $(#[doc = $doc])*
                #[pyo3(signature = ($($req,)* $(*, $($opt = None),+)?))]
                #[allow(clippy::too_many_arguments)]
                fn $name(&self, py: Python<'_>, $($req: exported_types::$rty,)* $($($opt: Option<exported_types::$oty>,)+)?) -> PyResult<Py<PyAny>> {
                    let c = self.client(py)?;
                    let out = py.detach(move || {
                        let call = || c.$name($($req.core_arg(),)* $($oname { $($opt: $opt.map(IntoCore::into_core),)+ })?);
                        wallet_sdk::panic::catch(|| Out::from_result::<wallet_sdk::$ret>(call())).unwrap_or_else(Out::Panic)
                    });
                    Ok(out.into_pyobject(py)?.unbind())
                }
            )*
        }

        #[pymethods]
        impl AsyncClient {
            $(
                $(#[doc = $doc])*
                #[pyo3(signature = ($($req,)* $(*, $($opt = None),+)?))]
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(&self, py: Python<'py>, $($req: exported_types::$rty,)* $($($opt: Option<exported_types::$oty>,)+)?) -> PyResult<Bound<'py, PyAny>> {
                    let c = self.client(py)?;
                    let cell = wallet_sdk::OutcomeTokenCell::new();
                    let recorded = cell.clone();
                    let awaitable = future_into_py(py, async move {
                        let call = c.$name($($req.core_arg(),)* $($oname { $($opt: $opt.map(IntoCore::into_core),)+ })?);
                        Ok(Out::from_result::<wallet_sdk::$ret>(recorded.record(call).await))
                    })?;
                    guard_cancellation(py, stringify!($name), awaitable, cell)
                }
            )*
        }

        /// The generated methods.
        pub const METHODS: &[MethodInfo] = &[$(
            MethodInfo {
                name: stringify!($name),
                doc: concat!($($doc, "\n"),*),
                params: &[
                    $( (stringify!($req), <exported_types::$rty as ArgType>::PY, true), )*
                    $($( (stringify!($opt), <exported_types::$oty as ArgType>::PY, false), )+)?
                ],
                ret: stringify!($ret),
            }
        ),*];

        /// The result types of the operations.
        pub fn result_types() -> Vec<RecordType> {
            vec![$( <wallet_sdk::$ret as Fields>::record_type() ),*]
        }
    };
}

wallet_sdk::for_each_operation!(declare_exported);
