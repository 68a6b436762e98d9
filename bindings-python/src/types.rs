//! The small value types of the package: `Amount`, `Secret`, `AddressType`.

use pyo3::prelude::*;
use pyo3::types::PyType;
use wallet_sdk::{AddressType, Amount, Secret};

use crate::convert::AmountArg;

/// An exact LTC amount, held as integer litoshis (1 LTC = 100 000 000 litoshis).
///
/// Build one with ``Amount("1.5")`` / ``Amount.from_ltc(Decimal("1.5"))`` (LTC) or
/// ``Amount.from_litoshis(150_000_000)``. Floats and bare ints are refused as LTC values
/// because they are inexact or ambiguous. ``str(amount)`` gives 8 decimals
/// (``"1.50000000"``); ``amount.ltc`` is a ``decimal.Decimal`` and ``amount.litoshis`` an int.
#[pyclass(name = "Amount", module = "wallet_sdk", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyAmount(pub Amount);

#[pymethods]
impl PyAmount {
    /// An amount of LTC from ``decimal.Decimal``, ``str`` or another ``Amount``; must be
    /// positive with at most 8 decimals.
    #[new]
    fn new(value: AmountArg) -> Self {
        PyAmount(value.0)
    }

    /// An amount of LTC from ``decimal.Decimal`` or ``str`` (positive, at most 8 decimals).
    #[classmethod]
    fn from_ltc(_cls: &Bound<'_, PyType>, value: AmountArg) -> Self {
        PyAmount(value.0)
    }

    /// An amount of ``litoshis`` litoshis (an int; 1 LTC = 100 000 000 litoshis).
    #[classmethod]
    fn from_litoshis(_cls: &Bound<'_, PyType>, litoshis: i64) -> Self {
        PyAmount(Amount::from_litoshis(litoshis))
    }

    /// The amount in litoshis (int).
    #[getter]
    fn litoshis(&self) -> i64 {
        self.0.litoshis()
    }

    /// The amount in LTC as an exact ``decimal.Decimal`` with 8 decimal places.
    #[getter]
    fn ltc<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("decimal")?.getattr("Decimal")?.call1((self.0.to_string(),))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Amount('{}')", self.0)
    }

    fn __bool__(&self) -> bool {
        self.0.litoshis() != 0
    }
}

/// A secret string (passphrase, mnemonics, private key, one-time code, API key).
///
/// ``repr()`` and ``str()`` show ``[REDACTED]``; read the value on purpose with
/// :meth:`reveal`. Anywhere the SDK takes a secret it accepts a ``Secret`` or a plain ``str``.
#[pyclass(name = "Secret", module = "wallet_sdk", frozen)]
pub struct PySecret(pub Secret);

#[pymethods]
impl PySecret {
    /// Wraps ``value`` as a secret.
    #[new]
    fn new(value: &str) -> Self {
        PySecret(Secret::new(value))
    }

    /// The secret value. Call this only where the value must really be used.
    fn reveal(&self) -> String {
        self.0.expose().to_string()
    }

    fn __repr__(&self) -> &'static str {
        "Secret('[REDACTED]')"
    }

    fn __str__(&self) -> &'static str {
        "[REDACTED]"
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PySecret>() {
            Ok(o) => self.0 == o.get().0,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        // equal secrets hash alike without the hash exposing much: length only
        self.0.expose().len() as u64
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err("a wallet_sdk.Secret cannot be pickled"))
    }
}

/// An address type to request. Where an operation takes one, a name (``"legacy"``,
/// ``"p2sh-segwit"``, ``"bech32"``, ``"mweb"``; other names are sent as is) or an integer code
/// (sent as is) also works.
#[pyclass(name = "AddressType", module = "wallet_sdk", frozen, eq, eq_int, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyAddressType {
    /// P2PKH (``legacy``, code 0).
    #[pyo3(name = "LEGACY")]
    Legacy,
    /// P2SH-wrapped segwit (``p2sh-segwit``, code 1).
    #[pyo3(name = "P2SH_SEGWIT")]
    P2shSegwit,
    /// Native segwit v0 (``bech32``, code 2).
    #[pyo3(name = "BECH32")]
    Bech32,
    /// MimbleWimble extension block (``mweb``, code 3).
    #[pyo3(name = "MWEB")]
    Mweb,
}

impl PyAddressType {
    pub fn to_core(self) -> AddressType {
        match self {
            PyAddressType::Legacy => AddressType::Legacy,
            PyAddressType::P2shSegwit => AddressType::P2shSegwit,
            PyAddressType::Bech32 => AddressType::Bech32,
            PyAddressType::Mweb => AddressType::Mweb,
        }
    }
}

#[pymethods]
impl PyAddressType {
    /// Core's name: ``legacy``, ``p2sh-segwit``, ``bech32`` or ``mweb``.
    #[getter]
    fn value(&self) -> String {
        self.to_core().name()
    }

    /// The integer code (0 legacy, 1 p2sh-segwit, 2 bech32, 3 mweb).
    #[getter]
    fn code(&self) -> i32 {
        self.to_core().code().unwrap_or(0)
    }
}

