//! Signing at home for Python: the offline signing and PSBT functions of `wallet_sdk.offline`,
//! the inputs `Prevout`, `TransactionIntent` and `FeePolicy`, and both clients'
//! `prevouts_for`, `review_transaction`, `estimate_fee_rate` and `send_signed_locally`. Only
//! Python types are decided here; every rule is the core's.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use wallet_sdk::offline;

use crate::bridge::future_into_py;
use crate::clients::{AsyncClient, Client};
use crate::convert::{invalid_input, AmountArg, Out, SecretArg};
use crate::events::PyOut;
use crate::offline::{FeeRate, Prevout, SentTransaction, TransactionReview};

#[pymethods]
impl Prevout {
    /// The output an input spends: ``Prevout(txid, vout, amount, script_pubkey,
    /// redeem_script=None)``, as ``prevouts_for`` reads it from the chain.
    #[new]
    #[pyo3(signature = (txid, vout, amount, script_pubkey, redeem_script = None))]
    fn new(txid: String, vout: u32, amount: AmountArg, script_pubkey: String, redeem_script: Option<String>) -> Prevout {
        Prevout(offline::Prevout { txid, vout, amount: amount.0, script_pubkey, redeem_script })
    }

    fn __repr__(&self) -> String {
        format!("Prevout(txid={:?}, vout={}, amount=Amount('{}'))", self.0.txid, self.0.vout, self.0.amount)
    }
}

/// The most a transaction may pay to the miners: ``max_fee`` in total (default 0.01 LTC) and
/// ``max_fee_rate`` litoshis per vbyte of the signed transaction (default 1,000).
#[pyclass(module = "wallet_sdk.offline", frozen)]
#[derive(Clone)]
pub struct FeePolicy(offline::FeePolicy);

#[pymethods]
impl FeePolicy {
    #[new]
    #[pyo3(signature = (*, max_fee = None, max_fee_rate = None))]
    fn new(max_fee: Option<AmountArg>, max_fee_rate: Option<u64>) -> FeePolicy {
        let default = offline::FeePolicy::default();
        FeePolicy(offline::FeePolicy { max_fee: max_fee.map_or(default.max_fee, |a| a.0), max_fee_rate: max_fee_rate.unwrap_or(default.max_fee_rate) })
    }

    fn __repr__(&self) -> String {
        format!("FeePolicy(max_fee=Amount('{}'), max_fee_rate={})", self.0.max_fee, self.0.max_fee_rate)
    }
}

/// What the caller asked a transaction to do; ``review_transaction`` refuses any other:
/// ``TransactionIntent(sender_address, {recipient: amount, …}, change_address=None,
/// service_fee=(address, amount) or None, fee_policy=FeePolicy() or None)``. ``recipients``
/// may also be a list of ``(address, amount)`` pairs.
#[pyclass(module = "wallet_sdk.offline", frozen)]
pub struct TransactionIntent(offline::TransactionIntent);

#[pymethods]
impl TransactionIntent {
    #[new]
    #[pyo3(signature = (sender_address, recipients, *, change_address = None, service_fee = None, fee_policy = None))]
    fn new(
        py: Python<'_>,
        sender_address: String,
        recipients: &Bound<'_, PyAny>,
        change_address: Option<String>,
        service_fee: Option<(String, AmountArg)>,
        fee_policy: Option<PyRef<'_, FeePolicy>>,
    ) -> PyResult<TransactionIntent> {
        let pairs: Vec<(String, AmountArg)> = match recipients.cast::<PyDict>() {
            Ok(d) => d.iter().map(|(k, v)| Ok((k.extract()?, v.extract()?))).collect::<PyResult<_>>()?,
            Err(_) => recipients
                .try_iter()
                .map_err(|_| invalid_input(py, "recipients", "invalid input `recipients`: must be a mapping or (address, amount) pairs".into()))?
                .map(|pair| pair?.extract::<(String, AmountArg)>())
                .collect::<PyResult<_>>()?,
        };
        Ok(TransactionIntent(offline::TransactionIntent {
            sender_address,
            recipients: pairs.into_iter().map(|(a, m)| (a, m.0)).collect(),
            change_address,
            service_fee: service_fee.map(|(a, m)| (a, m.0)),
            fee_policy: fee_policy.map_or_else(offline::FeePolicy::default, |p| p.0),
        }))
    }

    fn __repr__(&self) -> String {
        format!("TransactionIntent(sender_address={:?}, recipients={})", self.0.sender_address, self.0.recipients.len())
    }
}

fn keys_of(keys: &[SecretArg]) -> Vec<&wallet_sdk::Secret> {
    keys.iter().map(|k| &k.0).collect()
}

fn prevouts_of(prevouts: Vec<PyRef<'_, Prevout>>) -> Vec<offline::Prevout> {
    prevouts.iter().map(|p| p.0.clone()).collect()
}

/// Runs an offline call without the GIL (elliptic-curve work); a panic (a bug) is an
/// ``internal`` error.
fn offline_call<T: wallet_sdk::fields::ToField + Send>(py: Python<'_>, f: impl FnOnce() -> wallet_sdk::Result<T> + Send) -> PyResult<Py<PyAny>> {
    let out = py.detach(|| wallet_sdk::panic::catch(|| Out::from_result(f())).unwrap_or_else(Out::Panic));
    Ok(out.into_pyobject(py)?.unbind())
}

/// Signs ``unsigned_hex`` with ``keys`` (WIF private keys: ``Secret`` or str), each input
/// against its ``Prevout`` read from the chain (``prevouts_for``), as Litecoin Core's
/// ``signrawtransactionwithkey`` does: the same ``SignedTransaction`` (hex, txid) as the
/// service's ``sign_transaction``, without the keys leaving the process. P2PKH, P2SH-P2WPKH,
/// P2WPKH, and multisig with the prevout's ``redeem_script``; an input no key signs is left as
/// it was (``complete`` False, an error naming it). Raises ``InvalidInputError`` on
/// ``unsigned_hex`` (MWEB included), ``keys`` (never quoted) or ``prevouts``.
#[pyfunction]
fn sign_transaction_locally(py: Python<'_>, unsigned_hex: String, keys: Vec<SecretArg>, prevouts: Vec<PyRef<'_, Prevout>>) -> PyResult<Py<PyAny>> {
    let prevouts = prevouts_of(prevouts);
    offline_call(py, || offline::sign_transaction_locally(&unsigned_hex, &keys_of(&keys), &prevouts))
}

/// An unsigned PSBT (BIP174, base64) of ``unsigned_hex`` with each input's ``Prevout`` (and a
/// multisig's scripts), for a hardware or air-gapped signer or the other parties of a multisig.
#[pyfunction]
fn psbt_from_transaction(py: Python<'_>, unsigned_hex: String, prevouts: Vec<PyRef<'_, Prevout>>) -> PyResult<Py<PyAny>> {
    let prevouts = prevouts_of(prevouts);
    offline_call(py, || offline::psbt_from_transaction(&unsigned_hex, &prevouts))
}

/// ``psbt`` with the signatures ``keys`` make for every input they can sign (Core's).
#[pyfunction]
fn sign_psbt(py: Python<'_>, psbt: String, keys: Vec<SecretArg>) -> PyResult<Py<PyAny>> {
    offline_call(py, || offline::sign_psbt(&psbt, &keys_of(&keys)))
}

/// One PSBT with the signatures of all of ``psbts`` (the same transaction).
#[pyfunction]
fn combine_psbts(py: Python<'_>, psbts: Vec<String>) -> PyResult<Py<PyAny>> {
    offline_call(py, || offline::combine_psbts(&psbts.iter().map(String::as_str).collect::<Vec<_>>()))
}

/// The ``SignedTransaction`` of ``psbt``, finalized from its signatures (``complete`` False
/// while an input lacks some).
#[pyfunction]
fn finalize_psbt(py: Python<'_>, psbt: String) -> PyResult<Py<PyAny>> {
    offline_call(py, || offline::finalize_psbt(&psbt))
}

/// Adds the functions and input classes to ``wallet_sdk.offline``.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FeePolicy>()?;
    m.add_class::<TransactionIntent>()?;
    m.add_function(wrap_pyfunction!(sign_transaction_locally, m)?)?;
    m.add_function(wrap_pyfunction!(psbt_from_transaction, m)?)?;
    m.add_function(wrap_pyfunction!(sign_psbt, m)?)?;
    m.add_function(wrap_pyfunction!(combine_psbts, m)?)?;
    m.add_function(wrap_pyfunction!(finalize_psbt, m)?)?;
    Ok(())
}

fn build_mode(py: Python<'_>, build: &str) -> PyResult<wallet_sdk::BuildMode> {
    match build {
        "service" => Ok(wallet_sdk::BuildMode::Service),
        "local" => Ok(wallet_sdk::BuildMode::Local),
        _ => Err(invalid_input(py, "build", "invalid input `build`: must be \"service\" or \"local\"".into())),
    }
}

/// The keyword arguments of ``send_signed_locally`` (both clients), as the core's options.
struct SendOptions<'py> {
    fee_rate: Option<u64>,
    change_address: Option<String>,
    build: &'py str,
    fee_policy: Option<PyRef<'py, FeePolicy>>,
    wallet_name: Option<String>,
    service_fee: Option<(String, AmountArg)>,
}

impl SendOptions<'_> {
    fn into_core(self, py: Python<'_>) -> PyResult<wallet_sdk::SendLocallyOptions> {
        Ok(wallet_sdk::SendLocallyOptions {
            fee_rate: self.fee_rate,
            change_address: self.change_address,
            build: build_mode(py, self.build)?,
            fee_policy: self.fee_policy.map(|p| p.0),
            wallet_name: self.wallet_name,
            service_fee: self.service_fee.map(|(a, m)| (a, m.0)),
        })
    }
}

fn done<C, T>(py: Python<'_>, r: Result<wallet_sdk::Result<C>, String>, make: impl FnOnce(C) -> T) -> PyResult<Py<PyAny>>
where
    T: for<'py> IntoPyObject<'py>,
{
    Ok(PyOut::of(r, make).into_pyobject(py)?.unbind())
}

#[pymethods]
impl Client {
    /// The ``Prevout`` of each input of ``unsigned_hex``, read from the chain
    /// (``get_utxo_details``): what ``sign_transaction_locally`` needs, never taken from the
    /// service's build.
    fn prevouts_for(&self, py: Python<'_>, unsigned_hex: String) -> PyResult<Py<PyAny>> {
        let c = self.client(py)?;
        let r = py.detach(|| wallet_sdk::panic::catch(|| c.prevouts_for(&unsigned_hex)));
        done(py, r, |p| p.into_iter().map(Prevout).collect::<Vec<_>>())
    }

    /// Checks ``unsigned_hex`` against ``intent`` (a ``TransactionIntent``) before anything
    /// signs it, its inputs read from the chain; a ``TransactionReview``, or
    /// ``TransactionMismatchError`` naming the first mismatch.
    fn review_transaction(&self, py: Python<'_>, unsigned_hex: String, intent: PyRef<'_, TransactionIntent>) -> PyResult<Py<PyAny>> {
        let c = self.client(py)?;
        let intent = intent.0.clone();
        let r = py.detach(|| wallet_sdk::panic::catch(|| c.review_transaction(&unsigned_hex, &intent)));
        done(py, r, TransactionReview)
    }

    /// A ``FeeRate`` for about ``target_blocks`` blocks (default 6), from recent blocks'
    /// fee-rate percentiles, never below the relay minimum.
    #[pyo3(signature = (target_blocks = None))]
    fn estimate_fee_rate(&self, py: Python<'_>, target_blocks: Option<u32>) -> PyResult<Py<PyAny>> {
        let c = self.client(py)?;
        let r = py.detach(|| wallet_sdk::panic::catch(|| c.estimate_fee_rate(target_blocks)));
        done(py, r, FeeRate)
    }

    /// Pays ``amount`` from ``sender_address`` to ``recipient_address`` without a key leaving
    /// the process: build (``build="service"`` or ``"local"``), review, sign at home with
    /// ``keys``, broadcast; a ``SentTransaction``. Nothing is signed when the review refuses
    /// the build; the broadcast is safe to repeat (the same txid). A service build with
    /// ``wallet_name`` is the wallet's (``create_raw_transaction``, or ``_v3`` with
    /// ``service_fee=(address, amount)``, an output paying exactly that besides the recipient);
    /// a local build pays ``service_fee`` too.
    #[pyo3(signature = (sender_address, recipient_address, amount, keys, *, fee_rate = None, change_address = None, build = "service", fee_policy = None, wallet_name = None, service_fee = None))]
    #[allow(clippy::too_many_arguments)]
    fn send_signed_locally(
        &self,
        py: Python<'_>,
        sender_address: String,
        recipient_address: String,
        amount: AmountArg,
        keys: Vec<SecretArg>,
        fee_rate: Option<u64>,
        change_address: Option<String>,
        build: &str,
        fee_policy: Option<PyRef<'_, FeePolicy>>,
        wallet_name: Option<String>,
        service_fee: Option<(String, AmountArg)>,
    ) -> PyResult<Py<PyAny>> {
        let options = SendOptions { fee_rate, change_address, build, fee_policy, wallet_name, service_fee }.into_core(py)?;
        let c = self.client(py)?;
        let r = py.detach(|| wallet_sdk::panic::catch(|| c.send_signed_locally(&sender_address, &recipient_address, amount.0, &keys_of(&keys), options)));
        done(py, r, SentTransaction)
    }
}

#[pymethods]
impl AsyncClient {
    /// The coroutine form of :meth:`Client.prevouts_for`.
    fn prevouts_for<'py>(&self, py: Python<'py>, unsigned_hex: String) -> PyResult<Bound<'py, PyAny>> {
        let c = self.client(py)?;
        future_into_py(py, async move { Ok(PyOut::of(Ok(c.prevouts_for(&unsigned_hex).await), |p| p.into_iter().map(Prevout).collect::<Vec<_>>())) })
    }

    /// The coroutine form of :meth:`Client.review_transaction`.
    fn review_transaction<'py>(&self, py: Python<'py>, unsigned_hex: String, intent: PyRef<'_, TransactionIntent>) -> PyResult<Bound<'py, PyAny>> {
        let c = self.client(py)?;
        let intent = intent.0.clone();
        future_into_py(py, async move { Ok(PyOut::of(Ok(c.review_transaction(&unsigned_hex, &intent).await), TransactionReview)) })
    }

    /// The coroutine form of :meth:`Client.estimate_fee_rate`.
    #[pyo3(signature = (target_blocks = None))]
    fn estimate_fee_rate<'py>(&self, py: Python<'py>, target_blocks: Option<u32>) -> PyResult<Bound<'py, PyAny>> {
        let c = self.client(py)?;
        future_into_py(py, async move { Ok(PyOut::of(Ok(c.estimate_fee_rate(target_blocks).await), FeeRate)) })
    }

    /// The coroutine form of :meth:`Client.send_signed_locally` (same arguments and rules).
    #[pyo3(signature = (sender_address, recipient_address, amount, keys, *, fee_rate = None, change_address = None, build = "service", fee_policy = None, wallet_name = None, service_fee = None))]
    #[allow(clippy::too_many_arguments)]
    fn send_signed_locally<'py>(
        &self,
        py: Python<'py>,
        sender_address: String,
        recipient_address: String,
        amount: AmountArg,
        keys: Vec<SecretArg>,
        fee_rate: Option<u64>,
        change_address: Option<String>,
        build: &str,
        fee_policy: Option<PyRef<'_, FeePolicy>>,
        wallet_name: Option<String>,
        service_fee: Option<(String, AmountArg)>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = SendOptions { fee_rate, change_address, build, fee_policy, wallet_name, service_fee }.into_core(py)?;
        let c = self.client(py)?;
        let keys: Arc<Vec<SecretArg>> = Arc::new(keys);
        future_into_py(py, async move {
            let keys = keys_of(&keys);
            Ok(PyOut::of(Ok(c.send_signed_locally(&sender_address, &recipient_address, amount.0, &keys, options).await), SentTransaction))
        })
    }
}
