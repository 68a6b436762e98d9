//! The result classes of `wallet_sdk.offline`: read-only views of the core's results, whose
//! `repr()` never shows a secret.

use super::*;

/// Python's `repr()` of a string.
fn py_repr(py: Python<'_>, s: &str) -> PyResult<String> {
    Ok(PyString::new(py, s).repr()?.to_cow()?.into_owned())
}

fn py_repr_opt(py: Python<'_>, s: Option<&str>) -> PyResult<String> {
    s.map_or_else(|| Ok("None".to_string()), |s| py_repr(py, s))
}

/// A valid address, decoded (what ``parse_address`` returns). Read-only.
#[pyclass(name = "AddressInfo", module = "wallet_sdk.offline", frozen, eq)]
#[derive(PartialEq)]
pub struct PyAddressInfo(pub(super) AddressInfo);

#[pymethods]
impl PyAddressInfo {
    /// Canonical form: Core's encoding of the same destination (legacy ``3…``/``2…`` P2SH
    /// become ``M…``/``Q…``, bech32 is lower case, white space around Base58 is gone).
    #[getter]
    fn address(&self) -> &str {
        &self.0.address
    }

    /// The network asked for, or else the address's own (``TESTNET`` for a Base58 or MWEB
    /// address of the test networks, which share their prefixes with regtest).
    #[getter]
    fn network(&self) -> PyNetwork {
        PyNetwork::from_core(self.0.network)
    }

    /// What the address pays to: ``"p2pkh"``, ``"p2sh"``, ``"p2wpkh"``, ``"p2wsh"``,
    /// ``"p2tr"``, ``"witness_unknown"`` or ``"mweb"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.as_str()
    }

    /// The segwit version (0 to 16), ``None`` for Base58 and MWEB addresses.
    #[getter]
    fn witness_version(&self) -> Option<u8> {
        self.0.witness_version
    }

    /// The output script as lower-case hex, ``None`` for MWEB (its outputs have no script).
    #[getter]
    fn script_pubkey(&self) -> Option<&str> {
        self.0.script_pubkey.as_deref()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let i = &self.0;
        Ok(format!(
            "AddressInfo(address={}, network=Network.{}, kind={}, witness_version={}, script_pubkey={})",
            py_repr(py, &i.address)?,
            i.network.as_str().to_uppercase(),
            py_repr(py, i.kind.as_str())?,
            i.witness_version.map_or_else(|| "None".to_string(), |v| v.to_string()),
            py_repr_opt(py, i.script_pubkey.as_deref())?,
        ))
    }
}

/// What a WIF private key tells without revealing it (what ``wif_to_key`` returns): no
/// secret is kept. Read-only.
#[pyclass(name = "PrivateKeyInfo", module = "wallet_sdk.offline", frozen, eq)]
#[derive(PartialEq)]
pub struct PyPrivateKeyInfo(pub(super) PrivateKeyInfo);

#[pymethods]
impl PyPrivateKeyInfo {
    /// The network asked for, or else the WIF's own (version ``0xB0`` is ``MAINNET``, ``0xEF``
    /// ``TESTNET``, also used by regtest).
    #[getter]
    fn network(&self) -> PyNetwork {
        PyNetwork::from_core(self.0.network)
    }

    /// ``True`` when the WIF marks the key as compressed.
    #[getter]
    fn compressed(&self) -> bool {
        self.0.compressed
    }

    /// The public key as lower-case hex: 33 bytes when compressed, 65 when not.
    #[getter]
    fn public_key(&self) -> &str {
        &self.0.public_key
    }

    /// The key's address of ``address_type`` (``KeyAddressType`` or its name) on
    /// ``network``. Segwit types need a compressed key (else ``InvalidInputError`` on
    /// ``address_type``).
    fn address(&self, py: Python<'_>, address_type: KeyAddressTypeArg) -> PyResult<String> {
        detached(py, || self.0.address(address_type.0))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let k = &self.0;
        Ok(format!(
            "PrivateKeyInfo(network=Network.{}, compressed={}, public_key={})",
            k.network.as_str().to_uppercase(),
            if k.compressed { "True" } else { "False" },
            py_repr(py, &k.public_key)?,
        ))
    }
}

/// A key derived from a phrase (what ``derive_key`` returns). ``private_key`` is a
/// ``wallet_sdk.Secret``; ``repr()`` never shows it and the object cannot be pickled.
#[pyclass(name = "DerivedKey", module = "wallet_sdk.offline", frozen, eq)]
#[derive(PartialEq)]
pub struct PyDerivedKey(pub(super) DerivedKey);

#[pymethods]
impl PyDerivedKey {
    /// The path, written canonically (``m/84'/2'/0'/0/0``: ``'`` for hardened steps).
    #[getter]
    fn path(&self) -> &str {
        &self.0.path
    }

    /// The key's address of the type and network asked for.
    #[getter]
    fn address(&self) -> &str {
        &self.0.address
    }

    /// The compressed public key as lower-case hex (33 bytes).
    #[getter]
    fn public_key(&self) -> &str {
        &self.0.public_key
    }

    /// The private key as a compressed WIF of the network asked for, as a
    /// ``wallet_sdk.Secret`` (``.reveal()`` on purpose).
    #[getter]
    fn private_key(&self) -> PySecret {
        PySecret(self.0.private_key.clone())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let k = &self.0;
        Ok(format!(
            "DerivedKey(path={}, address={}, public_key={}, private_key=Secret('[REDACTED]'))",
            py_repr(py, &k.path)?,
            py_repr(py, &k.address)?,
            py_repr(py, &k.public_key)?,
        ))
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err("a wallet_sdk.offline.DerivedKey cannot be pickled (it holds a private key)"))
    }
}

/// A payment request (what ``parse_payment_uri`` reads and ``build_payment_uri`` writes).
/// Read-only.
#[pyclass(name = "PaymentRequest", module = "wallet_sdk.offline", frozen, eq)]
#[derive(PartialEq)]
pub struct PyPaymentRequest(pub(super) PaymentRequest);

#[pymethods]
impl PyPaymentRequest {
    /// The address to pay, in its canonical form (bech32 in lower case).
    #[getter]
    fn address(&self) -> &str {
        &self.0.address
    }

    /// The network the address was validated for (the caller's).
    #[getter]
    fn network(&self) -> PyNetwork {
        PyNetwork::from_core(self.0.network)
    }

    /// The amount asked for, if any (a ``wallet_sdk.Amount``, greater than zero).
    #[getter]
    fn amount(&self) -> Option<PyAmount> {
        self.0.amount.map(PyAmount)
    }

    /// The recipient's name (``label``), decoded.
    #[getter]
    fn label(&self) -> Option<&str> {
        self.0.label.as_deref()
    }

    /// What the payment is for (``message``), decoded.
    #[getter]
    fn message(&self) -> Option<&str> {
        self.0.message.as_deref()
    }

    /// Every other parameter as ``(key, value)`` pairs in the URI's order (keys in lower case).
    #[getter]
    fn extras(&self) -> Vec<(String, String)> {
        self.0.extras.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let r = &self.0;
        let extras: PyResult<Vec<String>> =
            r.extras.iter().map(|(k, v)| Ok(format!("({}, {})", py_repr(py, k)?, py_repr(py, v)?))).collect();
        Ok(format!(
            "PaymentRequest(address={}, network=Network.{}, amount={}, label={}, message={}, extras=[{}])",
            py_repr(py, &r.address)?,
            r.network.as_str().to_uppercase(),
            r.amount.map_or_else(|| "None".to_string(), |a| format!("Amount('{a}')")),
            py_repr_opt(py, r.label.as_deref())?,
            py_repr_opt(py, r.message.as_deref())?,
            extras?.join(", "),
        ))
    }
}

/// A QR code drawn by ``payment_qr``. Read-only; ``repr()`` shows the sizes.
#[pyclass(name = "QrImage", module = "wallet_sdk.offline", frozen)]
pub struct PyQrImage(pub(super) QrImage);

#[pymethods]
impl PyQrImage {
    /// ``"svg"``, ``"png"`` or ``"text"`` (for a terminal).
    #[getter]
    fn format(&self) -> &'static str {
        self.0.format.as_str()
    }

    /// The PNG file's bytes, or the SVG or terminal text in UTF-8.
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.0.data)
    }

    /// The SVG or terminal text, ``None`` for a PNG.
    #[getter]
    fn text(&self) -> Option<&str> {
        self.0.text()
    }

    /// Width and height of the image in pixels.
    #[getter]
    fn width(&self) -> u32 {
        self.0.width
    }

    /// Modules per side of the code, without the quiet zone (21 to 177).
    #[getter]
    fn modules(&self) -> u32 {
        self.0.modules
    }

    /// The text the code holds: the text given, with the scheme and a bech32 address in upper
    /// case (compact alphanumeric mode). A QR reader gives exactly this back.
    #[getter]
    fn encoded_text(&self) -> &str {
        &self.0.encoded_text
    }

    fn __repr__(&self) -> String {
        format!("QrImage(format='{}', width={}, modules={})", self.0.format.as_str(), self.0.width, self.0.modules)
    }
}

/// What a pasted or scanned text is (what ``parse_input`` returns). Never holds a key or a word
/// of a phrase. Read-only.
#[pyclass(name = "ParsedInput", module = "wallet_sdk.offline", frozen, eq)]
#[derive(PartialEq)]
pub struct PyParsedInput(pub(super) ParsedInput);

#[pymethods]
impl PyParsedInput {
    /// ``"address"``, ``"payment_uri"``, ``"wif"``, ``"mnemonic"``,
    /// ``"extended_public_key"``, ``"extended_private_key"``, ``"txid_or_private_key"`` (64 hex
    /// digits: never echoed), ``"raw_transaction"`` or ``"unknown"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.as_str()
    }

    /// ``True`` for the kinds that are secrets (WIF, phrase, extended private key, and 64 hex
    /// digits, which may be a raw private key): warn that such a text should not be shared,
    /// pasted or shown.
    #[getter]
    fn is_secret(&self) -> bool {
        self.0.kind.is_secret()
    }

    /// The network of an address, WIF, extended key or URI: the one asked for when the text
    /// is valid for it, else the text's own; ``None`` for the other kinds.
    #[getter]
    fn network(&self) -> Option<PyNetwork> {
        self.0.network.map(PyNetwork::from_core)
    }

    /// For an address: the decoded ``AddressInfo``.
    #[getter]
    fn address(&self) -> Option<PyAddressInfo> {
        self.0.address.clone().map(PyAddressInfo)
    }

    /// For a payment URI: the ``PaymentRequest``.
    #[getter]
    fn payment_request(&self) -> Option<PyPaymentRequest> {
        self.0.payment_request.clone().map(PyPaymentRequest)
    }

    /// For a WIF: whether the key is marked compressed.
    #[getter]
    fn compressed(&self) -> Option<bool> {
        self.0.compressed
    }

    /// For a phrase: whether it is valid (word count and checksum).
    #[getter]
    fn mnemonic_valid(&self) -> Option<bool> {
        self.0.mnemonic_valid
    }

    /// For a phrase: the number of words.
    #[getter]
    fn word_count(&self) -> Option<u32> {
        self.0.word_count
    }

    /// For an extended public key: its depth in its tree (0 for a master key).
    #[getter]
    fn depth(&self) -> Option<u8> {
        self.0.depth
    }

    /// For a transaction id (in lower case) and a raw transaction (its id).
    #[getter]
    fn txid(&self) -> Option<&str> {
        self.0.txid.as_deref()
    }

    /// Why the text, recognised as ``kind``, cannot be used as is; ``None`` when it can.
    #[getter]
    fn problem(&self) -> Option<&str> {
        self.0.problem.as_deref()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let p = &self.0;
        Ok(format!(
            "ParsedInput(kind={}, network={}, problem={})",
            py_repr(py, p.kind.as_str())?,
            p.network.map_or_else(|| "None".to_string(), |n| format!("Network.{}", n.as_str().to_uppercase())),
            py_repr_opt(py, p.problem.as_deref())?,
        ))
    }
}
