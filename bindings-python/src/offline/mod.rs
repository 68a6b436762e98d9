//! `wallet_sdk.offline` (the native submodule `wallet_sdk._native.offline`): the core's offline
//! toolkit, `wallet_sdk::offline`, published thinly. Only Python types are decided here
//! (arguments, result classes, errors); every rule, message and default is the core's.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::types::PyDict;
use wallet_sdk::offline::{self, KeyAddressType, Network, QrErrorCorrection, QrFormat};
use wallet_sdk::Error;

use crate::convert::{internal_error, invalid_input, to_pyerr, AmountArg, SecretArg};
use crate::types::{PyAddressType, PySecret};

// ------------------------------------------------------------------ calling

/// A core result as a Python result: an error becomes its `WalletSdkError` subclass, a panic
/// (a bug) a `WalletSdkError` of kind `internal`.
fn done<T>(py: Python<'_>, r: Result<Result<T, Error>, String>) -> PyResult<T> {
    match r {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(to_pyerr(py, &e)),
        Err(panic) => Err(internal_error(py, &panic)),
    }
}

/// Calls the core holding the GIL: for calls of about 2 µs (`parse_address`,
/// `validate_mnemonic`), where releasing the GIL costs ~4% alone and, beside a busy Python
/// thread, each return would wait for the GIL.
fn attached<T>(py: Python<'_>, f: impl FnOnce() -> Result<T, Error>) -> PyResult<T> {
    done(py, wallet_sdk::panic::catch(f))
}

/// Calls the core without the GIL: for the elliptic-curve and PBKDF2 work (6 µs to
/// milliseconds). Measured on 2 cores: no cost in one thread, and two threads verify twice as
/// many messages per second (44,000/s instead of 22,000/s).
fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    done(py, py.detach(|| wallet_sdk::panic::catch(f)))
}

// ------------------------------------------------------------------ enums

/// A Litecoin network. Wherever a function takes one, its name (``"mainnet"``, ``"testnet"``,
/// ``"regtest"``) also works. ``.value`` is the name.
#[pyclass(name = "Network", module = "wallet_sdk.offline", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyNetwork {
    /// Litecoin mainnet: ``L…``, ``M…`` (and legacy ``3…``), ``ltc1…``, ``ltcmweb1…``.
    #[pyo3(name = "MAINNET")]
    Mainnet,
    /// Litecoin testnet: ``m…``/``n…``, ``Q…`` (and legacy ``2…``), ``tltc1…``, ``tmweb1…``.
    #[pyo3(name = "TESTNET")]
    Testnet,
    /// Litecoin regtest: as testnet, but ``rltc1…`` for segwit.
    #[pyo3(name = "REGTEST")]
    Regtest,
}

impl PyNetwork {
    fn to_core(self) -> Network {
        match self {
            PyNetwork::Mainnet => Network::Mainnet,
            PyNetwork::Testnet => Network::Testnet,
            PyNetwork::Regtest => Network::Regtest,
        }
    }

    fn from_core(n: Network) -> PyNetwork {
        match n {
            Network::Mainnet => PyNetwork::Mainnet,
            Network::Testnet => PyNetwork::Testnet,
            Network::Regtest => PyNetwork::Regtest,
        }
    }
}

#[pymethods]
impl PyNetwork {
    /// ``"mainnet"``, ``"testnet"`` or ``"regtest"``.
    #[getter]
    fn value(&self) -> &'static str {
        self.to_core().as_str()
    }
}

/// How one key is shown as an address, and which BIP137 header family its signed messages
/// use. Wherever a function takes one, its name (``"p2pkh"``, ``"p2sh-p2wpkh"``,
/// ``"p2wpkh"``, or Core's ``"legacy"``, ``"p2sh-segwit"``, ``"bech32"``) or a
/// ``wallet_sdk.AddressType`` (but ``MWEB``) also works. ``.value`` is the name.
#[pyclass(name = "KeyAddressType", module = "wallet_sdk.offline", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyKeyAddressType {
    /// Pay to public key hash (``L…``, ``m…``/``n…``); Core's ``legacy``. The key may be
    /// uncompressed.
    #[pyo3(name = "P2PKH")]
    P2pkh,
    /// P2WPKH nested in P2SH (``M…``, ``Q…``); Core's ``p2sh-segwit``. Compressed keys only.
    #[pyo3(name = "P2SH_P2WPKH")]
    P2shP2wpkh,
    /// Native segwit v0 (``ltc1q…``, ``tltc1q…``, ``rltc1q…``); Core's ``bech32``. Compressed
    /// keys only.
    #[pyo3(name = "P2WPKH")]
    P2wpkh,
}

impl PyKeyAddressType {
    fn to_core(self) -> KeyAddressType {
        match self {
            PyKeyAddressType::P2pkh => KeyAddressType::P2pkh,
            PyKeyAddressType::P2shP2wpkh => KeyAddressType::P2shP2wpkh,
            PyKeyAddressType::P2wpkh => KeyAddressType::P2wpkh,
        }
    }
}

#[pymethods]
impl PyKeyAddressType {
    /// ``"p2pkh"``, ``"p2sh-p2wpkh"`` or ``"p2wpkh"``.
    #[getter]
    fn value(&self) -> &'static str {
        self.to_core().as_str()
    }
}

// ------------------------------------------------------------------ arguments

/// A network argument: `Network` or its name (read by the core).
pub struct NetworkArg(Network);

impl<'a, 'py> FromPyObject<'a, 'py> for NetworkArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(n) = obj.cast::<PyNetwork>() {
            return Ok(NetworkArg(n.get().to_core()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return s.to_cow()?.parse().map(NetworkArg).map_err(|e| to_pyerr(obj.py(), &e));
        }
        Err(PyTypeError::new_err(format!("expected wallet_sdk.offline.Network or str, not {}", obj.get_type().name()?)))
    }
}

/// An address type argument: `KeyAddressType`, its name or Core's (read by the core), or a
/// `wallet_sdk.AddressType` (converted by the core).
pub struct KeyAddressTypeArg(KeyAddressType);

impl<'a, 'py> FromPyObject<'a, 'py> for KeyAddressTypeArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        if let Ok(t) = obj.cast::<PyKeyAddressType>() {
            return Ok(KeyAddressTypeArg(t.get().to_core()));
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return s.to_cow()?.parse().map(KeyAddressTypeArg).map_err(|e| to_pyerr(py, &e));
        }
        if let Ok(t) = obj.cast::<PyAddressType>() {
            return KeyAddressType::try_from(&t.get().to_core()).map(KeyAddressTypeArg).map_err(|e| to_pyerr(py, &e));
        }
        Err(PyTypeError::new_err(format!(
            "expected wallet_sdk.offline.KeyAddressType, wallet_sdk.AddressType or str, not {}",
            obj.get_type().name()?
        )))
    }
}

mod results;

pub use results::*;

/// The extras of a payment URI: a mapping or ``(key, value)`` pairs, in their order.
fn extras_arg(extras: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(extras) = extras else { return Ok(Vec::new()) };
    if let Ok(d) = extras.cast::<PyDict>() {
        return d.iter().map(|(k, v)| Ok((k.extract()?, v.extract()?))).collect();
    }
    extras.try_iter()?.map(|pair| pair?.extract::<(String, String)>()).collect()
}

/// An offline enum given by its printed name (``"svg"``, ``"M"``), named `field` in the error.
fn enum_arg<T: Copy>(py: Python<'_>, field: &str, name: &str, from_name: fn(&str) -> Option<T>, all: &[T], show: fn(T) -> &'static str) -> PyResult<T> {
    from_name(name).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|v| format!("{:?}", show(*v))).collect();
        invalid_input(py, field, format!("invalid input `{field}`: must be one of {}", names.join(", ")))
    })
}

// ------------------------------------------------------------------ functions

/// Decodes and validates an address with Litecoin Core's rules and returns an
/// ``AddressInfo``. With ``network`` (``Network`` or its name), an address of another
/// network is invalid.
///
/// Base58 P2PKH and P2SH (also the legacy ``3…``/``2…`` versions, given back as
/// ``M…``/``Q…``), bech32 v0 and bech32m v1+ (``ltc``, ``tltc``, ``rltc``) and MWEB
/// (``ltcmweb``, ``tmweb``). Raises ``InvalidInputError`` on field ``address`` saying why
/// (checksum, length, prefix, wrong network, a Bitcoin address, a private key).
#[pyfunction]
#[pyo3(signature = (address, network = None))]
fn parse_address(py: Python<'_>, address: String, network: Option<NetworkArg>) -> PyResult<AddressInfo> {
    attached(py, || offline::parse_address(&address, network.map(|n| n.0))).map(AddressInfo)
}

/// The rules of ``parse_address`` as ``True``/``False``; never raises for an address.
#[pyfunction]
#[pyo3(signature = (address, network = None))]
fn is_valid_address(py: Python<'_>, address: String, network: Option<NetworkArg>) -> PyResult<bool> {
    attached(py, || Ok(offline::is_valid_address(&address, network.map(|n| n.0))))
}

/// Signs ``message`` as Litecoin Core does (``"\x19Litecoin Signed Message:\n"``, compact
/// recoverable ECDSA, RFC 6979) and returns the signature as base64.
///
/// ``private_key`` is a WIF, as a ``wallet_sdk.Secret`` or a ``str``. ``address_type``
/// (``KeyAddressType`` or its name) ``"p2pkh"`` gives Core's ``signmessagewithprivkey``;
/// ``"p2sh-p2wpkh"`` and ``"p2wpkh"`` use BIP137 headers and need a compressed key. Raises
/// ``InvalidInputError`` on ``private_key`` (never quoted) or ``address_type``.
#[pyfunction]
#[pyo3(
    signature = (private_key, message, address_type = KeyAddressTypeArg(KeyAddressType::P2pkh)),
    text_signature = "(private_key, message, address_type='p2pkh')"
)]
fn sign_message(py: Python<'_>, private_key: SecretArg, message: String, address_type: KeyAddressTypeArg) -> PyResult<String> {
    detached(py, || offline::sign_message(&private_key.0, &message, address_type.0))
}

/// ``True`` when ``signature`` (base64) signs ``message`` for ``address``. Strict: a canonical
/// padded base64 of 65 bytes, an address of a Litecoin network, and a header family that
/// matches the address type (BIP137). Any malformed input gives ``False``, never an error.
#[pyfunction]
fn verify_message(py: Python<'_>, address: String, message: String, signature: String) -> PyResult<bool> {
    detached(py, || Ok(offline::verify_message(&address, &message, &signature)))
}

/// Reads a WIF private key (a ``wallet_sdk.Secret`` or a ``str``) and returns a
/// ``PrivateKeyInfo`` (network, compressed, public key; no secret). With ``network``, a WIF
/// of another network is invalid. Raises ``InvalidInputError`` on ``wif`` (never quoted).
#[pyfunction]
#[pyo3(signature = (wif, network = None))]
fn wif_to_key(py: Python<'_>, wif: SecretArg, network: Option<NetworkArg>) -> PyResult<PrivateKeyInfo> {
    detached(py, || offline::wif_to_key(&wif.0, network.map(|n| n.0))).map(PrivateKeyInfo)
}

/// The address of ``address_type`` on ``network`` for a public key given as hex (33 bytes
/// compressed, or 65 uncompressed for P2PKH only). Raises ``InvalidInputError`` on
/// ``public_key`` or ``address_type``.
#[pyfunction]
fn address_from_public_key(py: Python<'_>, public_key: String, address_type: KeyAddressTypeArg, network: NetworkArg) -> PyResult<String> {
    detached(py, || offline::address_from_public_key(&public_key, address_type.0, network.0))
}

/// A new English BIP39 phrase of ``word_count`` words (12, 15, 18, 21 or 24) from the
/// operating system's random source, as a ``wallet_sdk.Secret``.
#[pyfunction]
#[pyo3(signature = (word_count = 12))]
fn generate_mnemonic(py: Python<'_>, word_count: u32) -> PyResult<PySecret> {
    attached(py, || offline::generate_mnemonic(word_count)).map(PySecret)
}

/// ``True`` when ``phrase`` (``str`` or ``wallet_sdk.Secret``) is an English BIP39 phrase:
/// 12 to 24 words of the list with a valid checksum, read as the service reads it (NFKD,
/// lower case, any white space between words). Never raises for a phrase.
#[pyfunction]
fn validate_mnemonic(py: Python<'_>, phrase: SecretArg) -> PyResult<bool> {
    attached(py, || Ok(offline::validate_mnemonic(&phrase.0)))
}

/// The 64-byte BIP39 seed of a phrase and passphrase (PBKDF2-HMAC-SHA512, 2048 rounds) as
/// lower-case hex, in a ``wallet_sdk.Secret``. Raises ``InvalidInputError`` on ``mnemonic``
/// saying why (word count, which word, checksum) without quoting a word.
#[pyfunction]
#[pyo3(signature = (mnemonic, passphrase = SecretArg(wallet_sdk::Secret::new(""))), text_signature = "(mnemonic, passphrase='')")]
fn mnemonic_to_seed(py: Python<'_>, mnemonic: SecretArg, passphrase: SecretArg) -> PyResult<PySecret> {
    detached(py, || offline::mnemonic_to_seed(&mnemonic.0, &passphrase.0)).map(PySecret)
}

/// The key at ``path`` (``m/44'/2'/0'/0/0``; ``'``, ``h`` or ``H`` for hardened steps) of a
/// phrase's BIP32 root (BIP39 seed with ``passphrase``), with its address of
/// ``address_type`` on ``network``, as a ``DerivedKey`` (its ``private_key`` a
/// ``wallet_sdk.Secret``). Coin type 2 on mainnet, 1 on the test networks. Raises
/// ``InvalidInputError`` on ``mnemonic`` or ``path``.
#[pyfunction]
#[pyo3(
    signature = (mnemonic, path, address_type, network, passphrase = SecretArg(wallet_sdk::Secret::new(""))),
    text_signature = "(mnemonic, path, address_type, network, passphrase='')"
)]
fn derive_key(
    py: Python<'_>,
    mnemonic: SecretArg,
    path: String,
    address_type: KeyAddressTypeArg,
    network: NetworkArg,
    passphrase: SecretArg,
) -> PyResult<DerivedKey> {
    detached(py, || offline::derive_key(&mnemonic.0, &path, address_type.0, network.0, &passphrase.0)).map(DerivedKey)
}

/// The private keys (WIF, each a ``wallet_sdk.Secret``) at ``paths`` of a phrase's BIP32 root
/// (BIP39 seed with ``passphrase``) on ``network``: the ``keys`` that
/// ``sign_transaction_locally``, ``sign_psbt`` and ``send_signed_locally`` take, from a phrase.
/// The seed is computed once for all paths. Raises ``InvalidInputError`` on ``mnemonic`` or
/// ``paths`` (none, more than 10,000, or one that is not a path).
#[pyfunction]
#[pyo3(
    signature = (mnemonic, paths, network, passphrase = SecretArg(wallet_sdk::Secret::new(""))),
    text_signature = "(mnemonic, paths, network, passphrase='')"
)]
fn keys_from_phrase(py: Python<'_>, mnemonic: SecretArg, paths: Vec<String>, network: NetworkArg, passphrase: SecretArg) -> PyResult<Vec<PySecret>> {
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    let keys = detached(py, || offline::keys_from_phrase(&mnemonic.0, &paths, network.0, &passphrase.0))?;
    Ok(keys.into_iter().map(PySecret).collect())
}

/// The address that the service's ``wallet_default_address`` gives for ``mnemonic``,
/// computed offline: Litecoin Core's HD key ``m/0'/0'/0'`` (``DEFAULT_ADDRESS_PATH``), not a
/// BIP44/49/84 address. ``address_type`` ``None`` is the service's default, ``"p2wpkh"``.
/// ``network`` is keyword-only. Raises ``InvalidInputError`` on ``mnemonic``.
#[pyfunction]
#[pyo3(signature = (mnemonic, address_type = None, *, network))]
fn default_address(py: Python<'_>, mnemonic: SecretArg, address_type: Option<KeyAddressTypeArg>, network: NetworkArg) -> PyResult<String> {
    detached(py, || offline::default_address(&mnemonic.0, address_type.map(|t| t.0), network.0))
}

/// Writes a ``litecoin:`` payment URI (BIP21/BIP321): the address in its canonical form, then
/// ``amount`` (``wallet_sdk.Amount``, ``decimal.Decimal`` or ``str`` in LTC; never a float),
/// ``label``, ``message`` and ``extras`` (a mapping or ``(key, value)`` pairs), percent-encoded.
/// ``parse_payment_uri`` reads it back to the same request. Raises ``InvalidInputError`` on
/// ``address``, ``amount``, ``extras`` or ``uri`` (longer than 16 KiB).
#[pyfunction]
#[pyo3(signature = (address, *, network, amount = None, label = None, message = None, extras = None))]
fn build_payment_uri(
    py: Python<'_>,
    address: String,
    network: NetworkArg,
    amount: Option<AmountArg>,
    label: Option<String>,
    message: Option<String>,
    extras: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let extras = extras_arg(extras.as_ref())?;
    attached(py, || offline::build_payment_uri(&address, amount.map(|a| a.0), label.as_deref(), message.as_deref(), &extras, network.0))
}

/// Reads a ``litecoin:`` payment URI (scheme in any case) or a bare address, validating the
/// address for ``network``, and returns a ``PaymentRequest``. A repeated ``amount``, ``label``
/// or ``message``, an unknown ``req-`` parameter, an amount that is not plain decimal LTC
/// with at most 8 decimals raise ``InvalidInputError`` naming the field.
#[pyfunction]
fn parse_payment_uri(py: Python<'_>, uri: String, network: NetworkArg) -> PyResult<PaymentRequest> {
    attached(py, || offline::parse_payment_uri(&uri, network.0)).map(PaymentRequest)
}

/// Draws ``text`` as a QR code with a quiet zone of 4 modules and returns a ``QrImage``
/// (SVG or terminal ``.text``, or PNG ``.data``). ``format`` is ``"svg"``, ``"png"`` or
/// ``"text"`` (half blocks for a light-on-dark terminal);
/// ``error_correction`` ``"L"``, ``"M"`` (default), ``"Q"`` or ``"H"``; ``module_size`` the
/// side of one module in pixels (1 to 32, default 8). A payment URI with a bech32 address is
/// encoded with its scheme and address in upper case (compact alphanumeric mode, BIP173).
/// Raises ``InvalidInputError`` on ``text`` when it does not fit a QR code.
#[pyfunction]
#[pyo3(signature = (text, format = "svg", *, error_correction = "M", module_size = None))]
fn payment_qr(py: Python<'_>, text: String, format: &str, error_correction: &str, module_size: Option<u32>) -> PyResult<QrImage> {
    let format = enum_arg(py, "format", format, QrFormat::from_name, QrFormat::ALL, QrFormat::as_str)?;
    let level = enum_arg(py, "error_correction", error_correction, QrErrorCorrection::from_name, QrErrorCorrection::ALL, QrErrorCorrection::as_str)?;
    detached(py, || offline::payment_qr(&text, format, level, module_size)).map(QrImage)
}

/// Says what a pasted or scanned text is and returns a ``ParsedInput``: a payment URI, an
/// address, a WIF, a BIP39 phrase, an extended public or private key, a transaction id, a raw
/// transaction, or ``"unknown"``. Never raises for a text; the result never holds a key or a
/// word of a phrase.
#[pyfunction]
fn parse_input(py: Python<'_>, text: String, network: NetworkArg) -> PyResult<ParsedInput> {
    detached(py, || Ok(offline::parse_input(&text, network.0))).map(ParsedInput)
}

/// Adds the submodule `offline` to the native module.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "offline")?;
    m.add("DEFAULT_ADDRESS_PATH", offline::DEFAULT_ADDRESS_PATH)?;
    m.add_class::<PyNetwork>()?;
    m.add_class::<PyKeyAddressType>()?;
    add_classes(&m)?;
    m.add_function(wrap_pyfunction!(parse_address, &m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_address, &m)?)?;
    m.add_function(wrap_pyfunction!(sign_message, &m)?)?;
    m.add_function(wrap_pyfunction!(verify_message, &m)?)?;
    m.add_function(wrap_pyfunction!(wif_to_key, &m)?)?;
    m.add_function(wrap_pyfunction!(address_from_public_key, &m)?)?;
    m.add_function(wrap_pyfunction!(generate_mnemonic, &m)?)?;
    m.add_function(wrap_pyfunction!(validate_mnemonic, &m)?)?;
    m.add_function(wrap_pyfunction!(mnemonic_to_seed, &m)?)?;
    m.add_function(wrap_pyfunction!(derive_key, &m)?)?;
    m.add_function(wrap_pyfunction!(keys_from_phrase, &m)?)?;
    m.add_function(wrap_pyfunction!(default_address, &m)?)?;
    m.add_function(wrap_pyfunction!(build_payment_uri, &m)?)?;
    m.add_function(wrap_pyfunction!(parse_payment_uri, &m)?)?;
    m.add_function(wrap_pyfunction!(payment_qr, &m)?)?;
    m.add_function(wrap_pyfunction!(parse_input, &m)?)?;
    crate::home::register(&m)?;
    parent.add_submodule(&m)
}

