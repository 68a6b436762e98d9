//! Conversions between Python objects and the core's types: arguments, results, errors.
//! Only Python types are decided here; everything about the wire is the core's.

use std::collections::HashMap;

use pyo3::exceptions::{PyRuntimeError, PyStopAsyncIteration, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::{ffi, intern};
use serde_json::Value;
use wallet_sdk::fields::{FieldType, FieldValue, Record};
use wallet_sdk::{AddressType, Amount, Error, RawJson, Secret};

use crate::types::{PyAddressType, PyAmount, PySecret};

// ------------------------------------------------------------------ errors

static ERROR_FACTORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static MODEL_CLASSES: PyOnceLock<HashMap<String, ModelClass>> = PyOnceLock::new();
static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The Python exception for a core error: an instance of the `wallet_sdk` exception class of
/// its kind, with its attributes set (see `wallet_sdk/_errors.py`).
pub fn to_pyerr(py: Python<'_>, e: &Error) -> PyErr {
    match build_error(py, e) {
        Ok(err) => err,
        Err(import_failed) => {
            let err = PyRuntimeError::new_err(e.to_string());
            err.set_cause(py, Some(import_failed));
            err
        }
    }
}

fn build_error(py: Python<'_>, e: &Error) -> PyResult<PyErr> {
    let factory = ERROR_FACTORY.import(py, "wallet_sdk._errors", "_from_native")?;
    let d = PyDict::new(py);
    d.set_item("status", e.status())?;
    d.set_item("code", e.service_code())?;
    d.set_item("service_message", e.service_message())?;
    d.set_item("request_id", e.request_id())?;
    d.set_item("field", e.field())?;
    d.set_item("retry_after", e.retry_after().map(|d| d.as_secs_f64()))?;
    d.set_item("retryable", e.is_retryable())?;
    d.set_item("operation", e.operation())?;
    d.set_item("node_code", e.node_code())?;
    d.set_item("node_message", e.node_message())?;
    d.set_item("attempts", e.attempts())?;
    d.set_item("raw_body", e.raw_body())?;
    d.set_item("outcome_token", e.outcome_token())?;
    let exc = factory.call1((e.kind().as_str(), e.to_string(), d))?;
    Ok(PyErr::from_value(exc))
}

/// A `WalletSdkError` of kind `internal` for a caught panic: an ordinary exception that
/// `except Exception` catches, unlike pyo3's `PanicException`.
pub fn internal_error(py: Python<'_>, message: &str) -> PyErr {
    let built = (|| -> PyResult<PyErr> {
        let factory = ERROR_FACTORY.import(py, "wallet_sdk._errors", "_from_native")?;
        let exc = factory.call1(("internal", message, PyDict::new(py)))?;
        Ok(PyErr::from_value(exc))
    })();
    built.unwrap_or_else(|import_failed| {
        let err = PyRuntimeError::new_err(message.to_string());
        err.set_cause(py, Some(import_failed));
        err
    })
}

/// An `InvalidInputError` raised by the binding's own argument checks (Python types).
pub fn invalid_input(py: Python<'_>, field: &str, message: String) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let factory = ERROR_FACTORY.import(py, "wallet_sdk._errors", "_from_native")?;
        let d = PyDict::new(py);
        d.set_item("field", field)?;
        d.set_item("retryable", false)?;
        d.set_item("attempts", 0)?;
        Ok(PyErr::from_value(factory.call1(("invalid_input", message.clone(), d))?))
    };
    make().unwrap_or_else(|e| e)
}

// ------------------------------------------------------------------ arguments

/// The arguments of an untyped call as JSON: `str`, `int`, `bool`, `None`, lists, dicts,
/// `Decimal` and `Amount` (as decimal text), `Secret`, `AddressType` (its name). Floats are
/// refused, as for every amount.
pub fn arguments_to_json(py: Python<'_>, arguments: Option<Bound<'_, PyDict>>) -> PyResult<serde_json::Map<String, Value>> {
    let mut out = serde_json::Map::new();
    if let Some(d) = arguments {
        for (k, v) in d.iter() {
            let key: String = k.extract().map_err(|_| PyTypeError::new_err("argument names must be str"))?;
            let value = py_to_json(py, &key, &v, 0)?;
            out.insert(key, value);
        }
    }
    Ok(out)
}

/// Lists and dicts nest at most `wallet_sdk::MAX_JSON_DEPTH` levels: deeper (or a list that
/// contains itself) is refused as invalid input instead of exhausting the stack.
fn py_to_json(py: Python<'_>, field: &str, v: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    let nested = v.is_instance_of::<PyList>() || v.is_instance_of::<PyDict>();
    if nested && depth >= wallet_sdk::MAX_JSON_DEPTH {
        return Err(invalid_input(
            py,
            field,
            format!(
                "invalid input `{field}`: nests deeper than {} levels (or contains itself)",
                wallet_sdk::MAX_JSON_DEPTH
            ),
        ));
    }
    Ok(if v.is_none() {
        Value::Null
    } else if let Ok(b) = v.cast::<PyBool>() {
        Value::Bool(b.is_true())
    } else if v.is_instance_of::<PyInt>() {
        Value::from(v.extract::<i64>()?)
    } else if v.is_instance_of::<PyFloat>() {
        return Err(invalid_input(
            py,
            field,
            format!("invalid input `{field}`: got a float (binary floats cannot hold LTC amounts exactly); pass decimal.Decimal or a str"),
        ));
    } else if let Ok(s) = v.cast::<PyString>() {
        Value::String(s.to_cow()?.into_owned())
    } else if let Ok(s) = v.cast::<PySecret>() {
        Value::String(s.get().0.expose().to_string())
    } else if let Ok(a) = v.cast::<PyAmount>() {
        Value::String(a.get().0.to_string())
    } else if let Ok(t) = v.cast::<PyAddressType>() {
        Value::String(t.get().to_core().name())
    } else if v.is_instance(DECIMAL.import(py, "decimal", "Decimal")?)? {
        Value::String(py.import("builtins")?.getattr("format")?.call1((v, "f"))?.extract()?)
    } else if let Ok(l) = v.cast::<PyList>() {
        Value::Array(l.iter().map(|x| py_to_json(py, field, &x, depth + 1)).collect::<PyResult<_>>()?)
    } else if let Ok(d) = v.cast::<PyDict>() {
        let mut m = serde_json::Map::new();
        for (k, x) in d.iter() {
            m.insert(k.extract()?, py_to_json(py, field, &x, depth + 1)?);
        }
        Value::Object(m)
    } else {
        return Err(PyTypeError::new_err(format!("argument `{field}`: unsupported type {}", v.get_type().name()?)));
    })
}

/// An amount argument: `wallet_sdk.Amount`, `decimal.Decimal` or `str` (LTC). `float` and
/// `int` are refused: a float is inexact and a bare int is ambiguous (LTC or litoshis?).
pub struct AmountArg(pub Amount);

impl<'a, 'py> FromPyObject<'a, 'py> for AmountArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        if let Ok(a) = obj.cast::<PyAmount>() {
            return Ok(AmountArg(a.get().0));
        }
        let text: String = if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>() {
            let what = if obj.is_instance_of::<PyFloat>() { "a float (binary floats cannot hold LTC amounts exactly)" } else { "a bare int (LTC or litoshis?)" };
            return Err(invalid_input(
                py,
                "amount",
                format!("invalid input `amount`: got {what}; pass decimal.Decimal(\"1.5\"), the string \"1.5\" (LTC) or wallet_sdk.Amount.from_litoshis(n)"),
            ));
        } else if let Ok(s) = obj.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else if obj.is_instance(DECIMAL.import(py, "decimal", "Decimal")?)? {
            // plain notation, never exponent (Decimal("1E-8") -> "0.00000001")
            py.import("builtins")?.getattr("format")?.call1((obj, "f"))?.extract()?
        } else {
            return Err(PyTypeError::new_err(format!(
                "an amount must be decimal.Decimal, str or wallet_sdk.Amount, not {}",
                obj.get_type().name()?
            )));
        };
        Amount::from_ltc(&text).map(AmountArg).map_err(|e| to_pyerr(py, &e))
    }
}

/// A secret argument: `str` or `wallet_sdk.Secret`.
pub struct SecretArg(pub Secret);

impl<'a, 'py> FromPyObject<'a, 'py> for SecretArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PySecret>() {
            return Ok(SecretArg(s.get().0.clone()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(SecretArg(Secret::new(s.to_cow()?.into_owned())));
        }
        Err(PyTypeError::new_err(format!("expected str or wallet_sdk.Secret, not {}", obj.get_type().name()?)))
    }
}

/// An address type argument: `wallet_sdk.AddressType`, a name (`"legacy"`, `"p2sh-segwit"`,
/// `"bech32"`, `"mweb"`, or any other name sent as is) or an integer code sent as is.
pub struct AddressTypeArg(pub AddressType);

impl<'a, 'py> FromPyObject<'a, 'py> for AddressTypeArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(t) = obj.cast::<PyAddressType>() {
            return Ok(AddressTypeArg(t.get().to_core()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(AddressTypeArg(AddressType::from_name(&s.to_cow()?)));
        }
        if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
            return Ok(AddressTypeArg(AddressType::RawCode(obj.extract()?)));
        }
        Err(PyTypeError::new_err(format!(
            "expected wallet_sdk.AddressType, str or int, not {}",
            obj.get_type().name()?
        )))
    }
}

/// The Python type of an argument, for the generated stubs.
pub trait ArgType {
    const PY: &'static str;
}
impl ArgType for String {
    const PY: &'static str = "str";
}
impl ArgType for u32 {
    const PY: &'static str = "int";
}
impl ArgType for bool {
    const PY: &'static str = "bool";
}
impl ArgType for Vec<String> {
    const PY: &'static str = "Sequence[str]";
}
impl ArgType for Vec<u32> {
    const PY: &'static str = "Sequence[int]";
}
impl ArgType for AmountArg {
    const PY: &'static str = "AmountLike";
}
impl ArgType for SecretArg {
    const PY: &'static str = "SecretLike";
}
impl ArgType for AddressTypeArg {
    const PY: &'static str = "AddressTypeLike";
}

// ------------------------------------------------------------------ results

/// What a call produces, converted to Python when the GIL is held (also from the async
/// runtime's completion callback).
pub enum Out {
    Value(FieldValue),
    Err(Error),
    /// A panic inside the SDK (a bug), caught before it could reach Python; the message.
    Panic(String),
    StopAsyncIteration,
}

impl Out {
    pub fn from_result<T: wallet_sdk::fields::ToField>(r: Result<T, Error>) -> Out {
        match r {
            Ok(v) => Out::Value(v.into_field()),
            Err(e) => Out::Err(e),
        }
    }
}

impl<'py> IntoPyObject<'py> for Out {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Out::Value(v) => field_to_py(py, v),
            Out::Err(e) => Err(to_pyerr(py, &e)),
            Out::Panic(message) => Err(internal_error(py, &message)),
            Out::StopAsyncIteration => Err(PyStopAsyncIteration::new_err(())),
        }
    }
}

fn decimal<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    DECIMAL.import(py, "decimal", "Decimal")?.call1((text,))
}

/// Converts a core field value into Python: models become `wallet_sdk` model objects,
/// amounts `decimal.Decimal` (LTC, 8 places) with a `<name>_litoshis` int beside them,
/// secrets `wallet_sdk.Secret`.
pub fn field_to_py(py: Python<'_>, v: FieldValue) -> PyResult<Bound<'_, PyAny>> {
    Conversion::default().field(py, v)
}

/// One result's conversion. Inside lists, equal immutable values are shared: a page's entries
/// repeat the same category, address, block hash, block height and time, fee, …, and one Python
/// object for each instead of one per entry is much of what keeps a large page's Python objects
/// small (pydantic-core caches strings the same way). Sharing `str`, `int` and `Decimal` objects
/// changes nothing a caller can see but `is`.
#[derive(Default)]
struct Conversion {
    list_depth: usize,
    strings: HashMap<String, Py<PyAny>>,
    ints: HashMap<i64, Py<PyAny>>,
    amounts: HashMap<i64, Py<PyAny>>,
}

/// Longer strings (scripts, hex transactions) rarely repeat, and hashing them costs more.
const SHARED_STRING_MAX_LEN: usize = 64;
/// Bounds each kind of shared value of one conversion.
const SHARED_MAX: usize = 16_384;

/// The shared object for `key`, made by `make` when there is none yet (and room for it).
fn shared<'py, K: std::hash::Hash + Eq>(
    py: Python<'py>,
    cache: &mut HashMap<K, Py<PyAny>>,
    key: K,
    make: impl FnOnce(&K) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(value) = cache.get(&key) {
        return Ok(value.bind(py).clone());
    }
    let value = make(&key)?;
    if cache.len() < SHARED_MAX {
        cache.insert(key, value.clone().unbind());
    }
    Ok(value)
}

impl Conversion {
    fn field<'py>(&mut self, py: Python<'py>, v: FieldValue) -> PyResult<Bound<'py, PyAny>> {
        Ok(match v {
            FieldValue::Null => py.None().into_bound(py),
            FieldValue::Bool(b) => PyBool::new(py, b).to_owned().into_any(),
            FieldValue::Int(i) => self.int(py, i)?,
            FieldValue::Float(f) => f.into_pyobject(py)?.into_any(),
            FieldValue::Text(s) => self.text(py, s)?,
            FieldValue::Amount(a) => self.amount(py, a)?,
            FieldValue::Secret(s) => Bound::new(py, PySecret(s))?.into_any(),
            FieldValue::Json(j) => raw_json_to_py(py, &j)?,
            FieldValue::List(items) => self.list(py, items)?,
            FieldValue::Items(items) => self.list(py, items)?,
            FieldValue::Map(entries) => {
                let d = PyDict::new(py);
                for (k, v) in entries {
                    d.set_item(k, self.field(py, v)?)?;
                }
                d.into_any()
            }
            FieldValue::Record(r) => self.record(py, r)?,
        })
    }

    fn text<'py>(&mut self, py: Python<'py>, s: String) -> PyResult<Bound<'py, PyAny>> {
        if self.list_depth == 0 || s.len() > SHARED_STRING_MAX_LEN {
            return Ok(PyString::new(py, &s).into_any());
        }
        shared(py, &mut self.strings, s, |s| Ok(PyString::new(py, s).into_any()))
    }

    fn int<'py>(&mut self, py: Python<'py>, i: i64) -> PyResult<Bound<'py, PyAny>> {
        // CPython shares -5..=256 itself
        if self.list_depth == 0 || (-5..=256).contains(&i) {
            return Ok(i.into_pyobject(py)?.into_any());
        }
        shared(py, &mut self.ints, i, |i| Ok(i.into_pyobject(py)?.into_any()))
    }

    fn amount<'py>(&mut self, py: Python<'py>, a: Amount) -> PyResult<Bound<'py, PyAny>> {
        if self.list_depth == 0 {
            return a.with_ltc_text(|text| decimal(py, text));
        }
        shared(py, &mut self.amounts, a.litoshis(), |_| a.with_ltc_text(|text| decimal(py, text)))
    }

    fn list<'py>(&mut self, py: Python<'py>, items: impl IntoIterator<Item = FieldValue>) -> PyResult<Bound<'py, PyAny>> {
        let l = PyList::empty(py);
        self.list_depth += 1;
        for i in items {
            l.append(self.field(py, i)?)?;
        }
        self.list_depth -= 1;
        Ok(l.into_any())
    }

    fn record<'py>(&mut self, py: Python<'py>, r: Record) -> PyResult<Bound<'py, PyAny>> {
        let model = model_class(py, r.type_name)?;
        // in the order of the class's `_field_names` (the schema: each amount then its litoshis)
        let mut values = Vec::with_capacity(r.fields.len() + 4);
        for (name, v) in r.fields {
            match v {
                FieldValue::Amount(a) => {
                    values.push(self.amount(py, a)?);
                    values.push(self.int(py, a.litoshis())?);
                }
                FieldValue::Null if is_amount_field(r.type_name, name) => {
                    values.push(py.None().into_bound(py));
                    values.push(py.None().into_bound(py));
                }
                other => values.push(self.field(py, other)?),
            }
        }
        let values = PyTuple::new(py, values)?;
        // What `object.__new__(cls)` and `object.__setattr__` do, without a Python call per
        // object: a page makes thousands, and a single result's model was a sixth of the Python
        // client's own work per call (callgrind).
        // SAFETY: `class` is a type object; `PyType_GenericNew` only allocates an instance of it
        // (its slots unset) and returns a new reference or NULL with the exception set.
        let obj = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyType_GenericNew(model.class.as_ptr().cast(), PyTuple::empty(py).as_ptr(), std::ptr::null_mut()))?
        };
        set_slot(&obj, intern!(py, "_values"), values.as_any())?;
        if model.is_result {
            let raw = match r.raw {
                Some(j) => Bound::new(py, RawText(j))?.into_any(),
                None => py.None().into_bound(py),
            };
            set_slot(&obj, intern!(py, "_raw_json"), &raw)?;
        }
        Ok(obj)
    }
}

/// A result's raw JSON text, left on the Rust side until Python first reads `raw_json` (or
/// `raw`, parsed from it): copying a large page's text into a `str` while its items are being
/// converted would hold the text twice at the peak, and most callers never read it.
#[pyclass(frozen, module = "wallet_sdk._native")]
pub struct RawText(RawJson);

#[pymethods]
impl RawText {
    /// The text as a Python `str` (a copy; the model keeps it and lets this object go).
    fn text(&self) -> &str {
        self.0.as_str()
    }
}

/// A model class of `wallet_sdk._models` (made there from the schema) and whether it is a
/// result (a `ResultModel`, with `raw_json`).
struct ModelClass {
    class: Py<PyType>,
    is_result: bool,
}

fn model_class<'a>(py: Python<'_>, type_name: &str) -> PyResult<&'a ModelClass> {
    let classes = MODEL_CLASSES.get_or_try_init(py, || -> PyResult<_> {
        let models = py.import("wallet_sdk._models")?;
        let result_model = models.getattr("ResultModel")?;
        let mut classes = HashMap::new();
        for (name, class) in models.getattr("_CLASSES")?.cast_into::<PyDict>()?.iter() {
            let class = class.cast_into::<PyType>()?;
            let is_result = class.is_subclass(&result_model)?;
            classes.insert(name.extract::<String>()?, ModelClass { class: class.unbind(), is_result });
        }
        Ok(classes)
    })?;
    classes.get(type_name).ok_or_else(|| PyRuntimeError::new_err(format!("wallet_sdk._models has no class `{type_name}`")))
}

/// `object.__setattr__(obj, name, value)`: the models refuse `setattr` itself (read-only).
fn set_slot(obj: &Bound<'_, PyAny>, name: &Bound<'_, PyString>, value: &Bound<'_, PyAny>) -> PyResult<()> {
    // SAFETY: three live objects; the call returns -1 with the exception set on failure.
    match unsafe { ffi::PyObject_GenericSetAttr(obj.as_ptr(), name.as_ptr(), value.as_ptr()) } {
        -1 => Err(PyErr::fetch(obj.py())),
        _ => Ok(()),
    }
}

/// Whether a model's field is an (optional) amount; decided from the core's schema.
fn is_amount_field(type_name: &str, field: &str) -> bool {
    crate::schema::amount_fields(type_name).contains(&field)
}

/// JSON text → Python: whole numbers become `int`, numbers with a fraction or exponent
/// `decimal.Decimal` (exact), as `wallet_sdk._models._json_loads` reads them.
pub fn raw_json_to_py<'py>(py: Python<'py>, raw: &RawJson) -> PyResult<Bound<'py, PyAny>> {
    JSON_LOADS.import(py, "wallet_sdk._models", "_json_loads")?.call1((raw.as_str(),))
}

/// The Python annotation of a field type (for the model classes and the stubs).
pub fn py_type(t: &FieldType) -> String {
    match t {
        FieldType::Bool => "bool".into(),
        FieldType::Int => "int".into(),
        FieldType::Float => "float".into(),
        FieldType::Text => "str".into(),
        FieldType::Amount => "Decimal".into(),
        FieldType::Secret => "Secret".into(),
        FieldType::Json => "Any".into(),
        FieldType::Optional(i) => format!("Optional[{}]", py_type(i)),
        FieldType::List(i) => format!("List[{}]", py_type(i)),
        FieldType::Map(i) => format!("Dict[str, {}]", py_type(i)),
        FieldType::Record(r) => r.name.to_string(),
    }
}
