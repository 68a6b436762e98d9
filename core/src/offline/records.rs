// The records of the offline toolkit, declared once: the core makes its types from this list
// (below), and so do the Kotlin, Swift and Java records (`ffi/src/offline.rs`) and Python's
// classes (`bindings-python/src/offline/results.rs`), each with these fields and this
// documentation. Types are written as paths from the core (`$crate::…`), so that every binding
// reads the core's types and converts each field once by its type. A record marked
// `[sizes_only_debug]` writes its own `Debug` in each binding (it holds large data).

/// Calls `$callback!` with the records of the offline toolkit.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_offline_record_declaration {
    ($callback:ident) => { $callback! {
    /// A valid address, decoded (what `parse_address` returns). Holds no secret.
    AddressInfo {
        /// Canonical form: Core's encoding of the same destination (legacy `3…`/`2…` P2SH become
        /// `M…`/`Q…`, bech32 is lowercase, white space around a Base58 address is gone).
        address: String,
        /// The network asked for, or else the address's own (testnet for a Base58 or MWEB address
        /// of the test networks, which share their prefixes with regtest).
        network: $crate::offline::Network,
        /// What the address pays to: `p2pkh`, `p2sh`, `p2wpkh`, `p2wsh`, `p2tr`,
        /// `witness_unknown` or `mweb`.
        kind: $crate::offline::AddressKind,
        /// The segwit version (0 to 16); absent for Base58 and MWEB addresses.
        witness_version: Option<u8>,
        /// The output script as lowercase hex; absent for MWEB (its outputs have no script).
        script_pubkey: Option<String>,
    }
    /// What a WIF private key tells without revealing it (what `wif_to_key` returns): no secret is
    /// kept. Its `address(address_type)` gives the key's addresses.
    PrivateKeyInfo {
        /// The network asked for, or else the WIF's own (version `0xB0` is mainnet, `0xEF`
        /// testnet, also used by regtest).
        network: $crate::offline::Network,
        /// `true` when the WIF marks the key as compressed (suffix `0x01`).
        compressed: bool,
        /// The public key as lowercase hex: 33 bytes when compressed, 65 when not.
        public_key: String,
    }
    /// A key derived from a phrase (what `derive_key` returns). The private key is a secret: the
    /// record's printed form never shows it.
    DerivedKey {
        /// The path, written canonically (`m/84'/2'/0'/0/0`: `'` for hardened steps).
        path: String,
        /// The key's address of the type and network asked for.
        address: String,
        /// The compressed public key as lowercase hex (33 bytes).
        public_key: String,
        /// The private key as a compressed WIF of the network asked for (revealed only on
        /// purpose).
        private_key: $crate::Secret,
    }
    /// A payment request (what `parse_payment_uri` reads and `build_payment_uri` writes).
    PaymentRequest {
        /// The address to pay, in its canonical form (bech32 in lowercase).
        address: String,
        /// The network the address was validated for (the caller's).
        network: $crate::offline::Network,
        /// The amount asked for, if any (greater than zero).
        amount: Option<$crate::Amount>,
        /// The recipient's name (`label`), decoded.
        label: Option<String>,
        /// What the payment is for (`message`), decoded.
        message: Option<String>,
        /// Every other parameter as a key (in ASCII lowercase: keys are case-insensitive) and
        /// its decoded value, in the URI's order.
        extras: Vec<(String, String)>,
    }
    /// A QR code drawn by `payment_qr`. Its printed form shows the sizes, not the image.
    QrImage [sizes_only_debug] {
        /// The format of `data`: `svg`, `png`, or `text` for a terminal.
        format: $crate::offline::QrFormat,
        /// The PNG file's bytes, or the SVG or terminal text in UTF-8.
        data: Vec<u8>,
        /// The SVG or terminal text; absent for a PNG.
        text: Option<String>,
        /// Width and height of the image in pixels: `(modules + 2 × 4) × module_size`.
        width: u32,
        /// Modules per side of the code, without the quiet zone (21 to 177).
        modules: u32,
        /// The text the code holds: the text given, with the scheme and a bech32 address in upper
        /// case (compact alphanumeric mode). A QR reader gives exactly this back.
        encoded_text: String,
    }
    /// What a pasted or scanned text is (what `parse_input` returns): the kind, and the details of
    /// that kind. Never holds a key or a word of a phrase. The details are given only when the
    /// text is valid for the network asked for; otherwise `problem` says why and `network` is the
    /// text's own network where it has one.
    ParsedInput {
        /// What the text is: `address`, `payment_uri`, `wif`, `mnemonic`, `extended_public_key`,
        /// `extended_private_key`, `txid_or_private_key` (64 hex digits: never echoed),
        /// `raw_transaction` or `unknown`.
        kind: $crate::offline::InputKind,
        /// `true` for the kinds that are secrets (WIF, phrase, extended private key, and 64 hex
        /// digits, which may be a raw private key): warn that such a text should not be shared,
        /// pasted or shown.
        is_secret: bool,
        /// The network of an address, WIF or extended key (the one asked for when the text is
        /// valid for it, else the text's own), or of a URI that parses; absent for the other
        /// kinds.
        network: Option<$crate::offline::Network>,
        /// For an address: the decoded address.
        address: Option<$crate::offline::AddressInfo>,
        /// For a payment URI: the request.
        payment_request: Option<$crate::offline::PaymentRequest>,
        /// For a WIF: whether the key is marked compressed.
        compressed: Option<bool>,
        /// For a phrase: whether it is valid (word count and checksum).
        mnemonic_valid: Option<bool>,
        /// For a phrase: the number of words.
        word_count: Option<u32>,
        /// For an extended public key: its depth in its tree (0 for a master key).
        depth: Option<u8>,
        /// For a raw transaction: its id, computed from it (64 bare hex digits, which may be a
        /// private key, are never echoed).
        txid: Option<String>,
        /// Why the text, recognised as `kind`, cannot be used as is; absent when it can. Never
        /// quotes a secret.
        problem: Option<String>,
    }
    /// The output an input spends, as the chain has it (read with `get_utxo_details`, never
    /// taken from the transaction being signed): what a signature commits to.
    Prevout {
        /// The id of the transaction that made the output (64 hex digits).
        txid: String,
        /// Its index in that transaction.
        vout: u32,
        /// Its value.
        amount: $crate::Amount,
        /// Its output script, as hex.
        script_pubkey: String,
        /// For a multisig output (P2SH, P2SH-P2WSH or P2WSH), the multisig script as hex: the
        /// redeem script of `create_multisig_address`. Absent for single-key outputs.
        redeem_script: Option<String>,
    }
    /// One input of a reviewed transaction, as the chain has it.
    ReviewedInput {
        /// The transaction of the output it spends.
        txid: String,
        /// That output's index.
        vout: u32,
        /// Its value.
        amount: $crate::Amount,
    }
    /// One output of a reviewed transaction.
    ReviewedOutput {
        /// The address it pays, as the intent names it.
        address: String,
        /// Its value.
        amount: $crate::Amount,
        /// What it is for: `recipient`, `change` or `service_fee`.
        role: $crate::offline::OutputRole,
    }
    /// A transaction that does what the intent says (what `review_transaction` returns).
    TransactionReview {
        /// Its inputs, in order.
        inputs: Vec<$crate::offline::ReviewedInput>,
        /// Its outputs, in order.
        outputs: Vec<$crate::offline::ReviewedOutput>,
        /// What it pays to the miners: the inputs less the outputs.
        fee: $crate::Amount,
        /// The fee per virtual byte once signed, in litoshis (rounded down).
        fee_rate: u64,
        /// Its size once signed, in virtual bytes (an estimate from its input types:
        /// signatures are 71 or 72 bytes, counted as 72).
        vsize: u64,
    }
    /// A fee rate (what `estimate_fee_rate` returns).
    FeeRate {
        /// Litoshis per virtual byte.
        litoshis_per_vbyte: u64,
    }
    /// A payment signed at home and broadcast (what `send_signed_locally` returns).
    SentTransaction {
        /// Its id.
        txid: String,
        /// The signed transaction: broadcasting it again is safe (the same id).
        hex: String,
        /// What it paid to the miners.
        fee: $crate::Amount,
        /// The review it passed before it was signed.
        review: $crate::offline::TransactionReview,
    }
    } };
}

/// The core's records, from the declaration.
macro_rules! declare_offline_records {
    ($( $(#[doc = $rdoc:literal])* $record:ident $([$flag:ident])? { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )*) => {
        $( offline_record!([$($flag)?] $(#[doc = $rdoc])* $record { $( $(#[doc = $fdoc])* $field : $ty, )* }); )*
    };
}

macro_rules! offline_record {
    ([] $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* }) => {
        $(#[doc = $rdoc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $record {
            $( $(#[doc = $fdoc])* pub $field: $ty, )*
        }
    };
    ([sizes_only_debug] $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* }) => {
        $(#[doc = $rdoc])*
        #[derive(Clone, PartialEq, Eq)]
        pub struct $record {
            $( $(#[doc = $fdoc])* pub $field: $ty, )*
        }
    };
}

crate::for_each_offline_record_declaration!(declare_offline_records);
