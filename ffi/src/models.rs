//! Result records of the 43 operations, mirroring `wallet_sdk::models` field by field.
//!
//! One declaration per type: the `ffi_records!` macro defines the uniffi record and its
//! conversion from the core type. Amounts are [`Amount`] records (litoshis), secrets are
//! [`Secret`] objects (never plain strings), and every operation result carries `raw_json`,
//! the raw `data` JSON with secret fields redacted (by the core).

use std::collections::HashMap;
use std::sync::Arc;

use crate::convert::IntoFfi;
use crate::{Amount, Secret};

macro_rules! ffi_records {
    ($( $(#[$m:meta])* $name:ident [$tag:ident] { $( $(#[$fm:meta])* $f:ident : $t:ty ),* $(,)? } )*) => {
        $( ffi_records!(@one $tag $(#[$m])* $name { $( $(#[$fm])* $f : $t ),* }); )*
    };
    (@one raw $(#[$m:meta])* $name:ident { $( $(#[$fm:meta])* $f:ident : $t:ty ),* }) => {
        $(#[$m])*
        #[derive(Clone, Debug, uniffi::Record)]
        pub struct $name {
            $( $(#[$fm])* pub $f: $t, )*
            /// The raw `data` JSON of the response (secret fields redacted).
            pub raw_json: String,
        }
        impl IntoFfi<$name> for wallet_sdk::$name {
            fn into_ffi(self) -> $name {
                let raw_json = self.raw().to_string();
                $name { $( $f: self.$f.into_ffi(), )* raw_json }
            }
        }
    };
    (@one item $(#[$m:meta])* $name:ident { $( $(#[$fm:meta])* $f:ident : $t:ty ),* }) => {
        $(#[$m])*
        #[derive(Clone, Debug, uniffi::Record)]
        pub struct $name {
            $( $(#[$fm])* pub $f: $t, )*
        }
        impl IntoFfi<$name> for wallet_sdk::$name {
            fn into_ffi(self) -> $name {
                $name { $( $f: self.$f.into_ffi(), )* }
            }
        }
    };
}

ffi_records! {
    /// A rescan range (`rescan`).
    RescanRange [item] {
        /// First height scanned.
        start_height: Option<i64>,
        /// Last height scanned.
        stop_height: Option<i64>,
    }

    /// A wallet transaction entry (`WalletTx`, from Core's `listtransactions`).
    WalletTx [item] {
        /// Transaction id.
        txid: Option<String>,
        /// `send`, `receive`, `generate`, `immature` or `orphan`.
        category: Option<String>,
        /// Address concerned.
        address: Option<String>,
        /// Address label.
        label: Option<String>,
        /// Signed amount (negative for sends).
        amount: Option<Amount>,
        /// Fee (≥ 0, sends only).
        fee: Option<Amount>,
        /// Output index (null for MWEB).
        vout: Option<i64>,
        /// MWEB output id.
        mweb_output_id: Option<String>,
        /// Confirmations.
        confirmations: Option<i64>,
        /// Whether the wallet trusts the transaction.
        trusted: Option<bool>,
        /// Block hash (null while unconfirmed).
        block_hash: Option<String>,
        /// Block height.
        block_height: Option<i64>,
        /// Index in the block.
        block_index: Option<i64>,
        /// Block time (Unix seconds).
        block_time: Option<i64>,
        /// Transaction time (Unix seconds).
        time: Option<i64>,
        /// Time received (Unix seconds).
        time_received: Option<i64>,
        /// Wallet-local comment (`description` at send time).
        comment: Option<String>,
        /// Wallet-local recipient name (`recipient_name` at send time).
        to: Option<String>,
        /// BIP125 replaceability: `yes`, `no` or `unknown`.
        replaceable: Option<String>,
        /// Whether abandoned.
        abandoned: Option<bool>,
    }

    /// A transaction input (`TxIn`).
    TxIn [item] {
        /// Previous transaction id (null for coinbase).
        txid: Option<String>,
        /// Previous output index.
        vout: Option<i64>,
        /// Coinbase script hex.
        coinbase: Option<String>,
        /// Sequence number.
        sequence: Option<i64>,
        /// Whether it is an MWEB input.
        is_mweb: Option<bool>,
        /// Address of the spent output, where resolved.
        address: Option<String>,
        /// Value of the spent output, where resolved.
        value: Option<Amount>,
    }

    /// A transaction output (`TxOut`).
    TxOut [item] {
        /// Output index.
        n: Option<i64>,
        /// Value.
        value: Option<Amount>,
        /// Whether it is an MWEB output.
        is_mweb: Option<bool>,
        /// Core's script type (`pubkeyhash`, `witness_v0_keyhash`, …).
        script_type: Option<String>,
        /// Address, when the script has one.
        address: Option<String>,
        /// Script hex.
        script_pub_key_hex: Option<String>,
    }

    /// An input of a built raw transaction.
    RawTxInput [item] {
        /// Transaction id of the spent output.
        txid: Option<String>,
        /// Index of the spent output.
        vout: Option<i64>,
        /// Its value.
        amount: Option<Amount>,
    }

    /// An output of a built raw transaction.
    RawTxOutput [item] {
        /// Destination address.
        address: Option<String>,
        /// Value.
        amount: Option<Amount>,
    }

    /// Result of `create_wallet` (an unencrypted, non-importable wallet).
    CreatedWallet [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (false).
        encrypted: Option<bool>,
        /// Whether importable from a phrase (false).
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
        /// Core's warning, if any.
        warning: Option<String>,
    }

    /// Result of `create_encrypted_wallet`. Keep `passphrase`: it is shown once.
    CreatedEncryptedWallet [raw] {
        /// The generated passphrase (wire `encryptedPassphrase`); needed for every later /// operation that unlocks the wallet. Shown only once.
        passphrase: Arc<Secret>,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (true).
        encrypted: Option<bool>,
        /// Whether importable (false).
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
    }

    /// Result of `create_importable_wallet`. Keep `mnemonics`: it is shown once.
    CreatedImportableWallet [raw] {
        /// The BIP39 recovery phrase. Shown only once.
        mnemonics: Arc<Secret>,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (false).
        encrypted: Option<bool>,
        /// Whether importable (true).
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
    }

    /// Result of `create_importable_encrypted_wallet`. Keep both secrets: they are shown once.
    CreatedImportableEncryptedWallet [raw] {
        /// The BIP39 recovery phrase. Shown only once.
        mnemonics: Arc<Secret>,
        /// The generated passphrase (wire `encryptedPassphrase`). Shown only once.
        passphrase: Arc<Secret>,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (true).
        encrypted: Option<bool>,
        /// Whether importable (true).
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
    }

    /// Result of `encrypt_wallet`.
    EncryptedWallet [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (true).
        encrypted: Option<bool>,
        /// HD seed id after encryption.
        hd_seed_id: Option<String>,
        /// Whether the HD seed changed.
        hd_seed_changed: Option<bool>,
    }

    /// Result of `import_wallet`.
    ImportedWallet [raw] {
        /// The new wallet's name.
        wallet_name: Option<String>,
        /// Whether encrypted (false).
        encrypted: Option<bool>,
        /// Whether importable (true).
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
        /// The rescanned range.
        rescan: Option<RescanRange>,
    }

    /// Result of `wallet_details`.
    WalletDetails [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Core wallet version.
        wallet_version: Option<i64>,
        /// Wallet format (`bdb`).
        format: Option<String>,
        /// Whether encrypted.
        encrypted: Option<bool>,
        /// Unlocked until (Unix seconds; 0 when locked; null when unencrypted).
        unlocked_until: Option<i64>,
        /// Whether importable from a phrase.
        importable: Option<bool>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// Confirmed balance.
        balance: Option<Amount>,
        /// Unconfirmed balance.
        unconfirmed_balance: Option<Amount>,
        /// Immature balance.
        immature_balance: Option<Amount>,
        /// Number of transactions.
        tx_count: Option<i64>,
        /// Keypool size.
        keypool_size: Option<i64>,
        /// Internal (change) keypool size.
        keypool_size_hd_internal: Option<i64>,
        /// Whether private keys are enabled.
        private_keys_enabled: Option<bool>,
        /// `false` or `{ "duration", "progress" }`, as Core reports it (JSON text).
        scanning: Option<String>,
        /// The wallet's official address.
        official_address: Option<String>,
    }

    /// One page of `wallet_transactions` (newest first).
    WalletTransactions [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Entries skipped.
        skip: Option<i64>,
        /// Page size asked for.
        count: Option<i64>,
        /// The entries.
        items: Vec<WalletTx>,
    }

    /// Result of `wallet_balance`.
    WalletBalance [raw] {
        /// Confirmed (trusted) balance.
        confirmed: Amount,
        /// Unconfirmed (untrusted pending) balance.
        unconfirmed: Amount,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Immature (coinbase) balance.
        immature: Option<Amount>,
        /// Total.
        total: Option<Amount>,
    }

    /// One address-book entry of `wallet_addresses`.
    WalletAddress [item] {
        /// The address.
        address: Option<String>,
        /// Its label.
        label: Option<String>,
        /// `legacy`, `p2sh-segwit`, `bech32`, `mweb` or `unknown`.
        address_type: Option<String>,
        /// All-time received.
        total_received: Option<Amount>,
        /// Number of receiving transactions.
        tx_count: Option<i64>,
        /// Confirmations of the latest receipt.
        confirmations: Option<i64>,
    }

    /// Result of `wallet_addresses`.
    WalletAddresses [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// The entries.
        addresses: Vec<WalletAddress>,
    }

    /// Result of `change_passphrase`.
    PassphraseChange [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Whether changed.
        changed: Option<bool>,
    }

    /// Result of `official_address`.
    OfficialAddress [raw] {
        /// The address.
        address: String,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// HD key path.
        hd_key_path: Option<String>,
    }

    /// Result of `sign_message` and `sign_wallet_message`.
    SignedMessage [raw] {
        /// Base64 compact signature.
        signature: String,
        /// The signing address.
        address: Option<String>,
        /// The message signed.
        message: Option<String>,
    }

    /// Result of `wallet_address_balance`.
    WalletAddressBalance [raw] {
        /// Confirmed balance.
        confirmed: Amount,
        /// Unconfirmed balance.
        unconfirmed: Amount,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// The address.
        address: Option<String>,
        /// All-time received.
        total_received: Option<Amount>,
    }

    /// Result of `wallet_address_transactions`.
    WalletAddressTransactions [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// The address.
        address: Option<String>,
        /// The entries, newest first.
        items: Vec<WalletTx>,
    }

    /// Result of `set_wallet_mnemonics`.
    WalletMnemonicsSet [raw] {
        /// The wallet's name.
        wallet_name: Option<String>,
        /// The new HD seed id.
        hd_seed_id: Option<String>,
        /// The previous HD seed id.
        previous_hd_seed_id: Option<String>,
        /// The rescanned range.
        rescan: Option<RescanRange>,
    }

    /// Result of `wallet_default_address` and `wallet_default_address_v2`.
    MnemonicAddress [raw] {
        /// The address.
        address: String,
        /// Address type name.
        address_type: Option<String>,
        /// HD key path.
        hd_key_path: Option<String>,
        /// Derivation scheme (`core-legacy-hd` or `bip44`).
        scheme: Option<String>,
        /// The address's private key (WIF), when the service sends it (`wallet_default_address_v2`).
        private_key: Option<Arc<Secret>>,
    }

    /// Result of `create_address`.
    CreatedAddress [raw] {
        /// The new address.
        address: String,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Its label.
        label: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// HD key path.
        hd_key_path: Option<String>,
    }

    /// Result of `create_multisig_address`.
    MultisigAddress [raw] {
        /// The multisig address.
        address: String,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// Signatures required.
        n_required: Option<i64>,
        /// The keys (addresses or public keys) given.
        keys: Vec<String>,
        /// Redeem script hex.
        redeem_script: Option<String>,
        /// Output descriptor.
        descriptor: Option<String>,
    }

    /// Result of `address_details` (what the wallet knows about an address).
    AddressDetails [raw] {
        /// The address.
        address: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// Script hex.
        script_pub_key: Option<String>,
        /// Whether the wallet owns it.
        is_mine: Option<bool>,
        /// Whether watch-only.
        is_watch_only: Option<bool>,
        /// Whether solvable.
        solvable: Option<bool>,
        /// Whether a script address.
        is_script: Option<bool>,
        /// Whether a witness address.
        is_witness: Option<bool>,
        /// Witness version.
        witness_version: Option<i64>,
        /// Witness program hex.
        witness_program: Option<String>,
        /// Whether an MWEB address.
        is_mweb: Option<bool>,
        /// Public key hex.
        pub_key: Option<String>,
        /// Whether the key is compressed.
        is_compressed: Option<bool>,
        /// Whether a change address.
        is_change: Option<bool>,
        /// HD key path.
        hd_key_path: Option<String>,
        /// HD seed id.
        hd_seed_id: Option<String>,
        /// HD master fingerprint.
        hd_master_fingerprint: Option<String>,
        /// Labels.
        labels: Vec<String>,
        /// Key creation time (Unix seconds).
        timestamp: Option<i64>,
        /// Output descriptor.
        descriptor: Option<String>,
        /// MWEB scan public key.
        scan_pub_key: Option<String>,
        /// MWEB spend public key.
        spend_pub_key: Option<String>,
    }

    /// Result of `verify_message`.
    MessageVerification [raw] {
        /// Whether the signature is valid for the address and message.
        valid: bool,
        /// The address.
        address: Option<String>,
    }

    /// One entry of an address history (`address_transaction`).
    AddressTxEntry [item] {
        /// Transaction id.
        txid: Option<String>,
        /// Block height (null while unconfirmed).
        block_height: Option<i64>,
        /// Block hash.
        block_hash: Option<String>,
        /// Block time (Unix seconds).
        time: Option<i64>,
        /// Confirmations.
        confirmations: Option<i64>,
        /// Received by the address in this transaction.
        received: Option<Amount>,
        /// Sent from the address in this transaction.
        sent: Option<Amount>,
        /// `received - sent`.
        net: Option<Amount>,
    }

    /// One page of `address_transaction` (newest first).
    AddressTransactions [raw] {
        /// The address.
        address: Option<String>,
        /// Entries skipped.
        skip: Option<i64>,
        /// Page size asked for.
        take: Option<i64>,
        /// Total number of entries.
        total: Option<i64>,
        /// Height the address index has reached.
        indexed_height: Option<i64>,
        /// Chain tip height.
        tip_height: Option<i64>,
        /// The entries.
        items: Vec<AddressTxEntry>,
    }

    /// Result of `address_balance` (any address).
    AddressBalance [raw] {
        /// Confirmed balance.
        confirmed: Amount,
        /// Unconfirmed balance (may be negative while coins are being spent).
        unconfirmed: Amount,
        /// The address.
        address: Option<String>,
        /// Height of the scan.
        height: Option<i64>,
        /// Number of unspent outputs.
        utxo_count: Option<i64>,
    }

    /// Result of `address_private_key` and `address_private_key_v2`.
    PrivateKeyExport [raw] {
        /// The WIF private key.
        private_key: Arc<Secret>,
        /// The address.
        address: Option<String>,
        /// `wif` or `wif-mweb`.
        format: Option<String>,
        /// HD key path.
        hd_key_path: Option<String>,
    }

    /// Result of `screen_address`.
    AddressScreening [raw] {
        /// Whether the address is valid (an invalid address is not an error).
        is_valid: Option<bool>,
        /// The address.
        address: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// Network (`regtest`, `testnet`, `main`).
        network: Option<String>,
        /// Whether the wallet owns it.
        is_mine: Option<bool>,
        /// Whether it has on-chain history.
        has_history: Option<bool>,
        /// `none` or `flagged`.
        risk: Option<String>,
        /// Reasons for the risk rating.
        reasons: Vec<String>,
    }

    /// Result of `generate_default_address`.
    DefaultAddress [raw] {
        /// The address.
        address: String,
        /// The wallet's name.
        wallet_name: Option<String>,
        /// Address type name.
        address_type: Option<String>,
        /// Its label.
        label: Option<String>,
        /// HD key path.
        hd_key_path: Option<String>,
    }

    /// Result of `send_funds_from_wallet`.
    SentFunds [raw] {
        /// The transaction id.
        txid: String,
        /// The recipient.
        recipient_address: Option<String>,
        /// The amount asked for.
        amount: Option<Amount>,
        /// What the recipient receives.
        amount_received: Option<Amount>,
        /// The fee.
        fee: Option<Amount>,
        /// What left the wallet.
        total_debited: Option<Amount>,
        /// Whether the fee was taken from the amount.
        amount_include_fees: Option<bool>,
    }

    /// Result of `create_raw_transaction`, `_v2` and `_v3` (an unsigned transaction).
    RawTransaction [raw] {
        /// The unsigned transaction hex.
        hex: String,
        /// The fee.
        fee: Option<Amount>,
        /// Index of the change output (null when none).
        change_position: Option<i64>,
        /// The inputs.
        inputs: Vec<RawTxInput>,
        /// The outputs.
        outputs: Vec<RawTxOutput>,
    }

    /// A signing problem of one input.
    SigningError [item] {
        /// Transaction id of the input.
        txid: Option<String>,
        /// Output index of the input.
        vout: Option<i64>,
        /// Core's message.
        error: Option<String>,
    }

    /// Result of `sign_transaction`.
    SignedTransaction [raw] {
        /// The (partially) signed transaction hex.
        hex: String,
        /// Whether every input is signed.
        complete: Option<bool>,
        /// The transaction id.
        txid: Option<String>,
        /// Per-input problems (e.g. a wrong key).
        errors: Vec<SigningError>,
    }

    /// Result of `broadcast_transaction`.
    BroadcastResult [raw] {
        /// The transaction id.
        txid: String,
    }

    /// Result of `transaction_details`.
    TransactionDetails [raw] {
        /// Transaction id.
        txid: Option<String>,
        /// Witness hash.
        hash: Option<String>,
        /// Version.
        version: Option<i64>,
        /// Size in bytes.
        size: Option<i64>,
        /// Virtual size.
        vsize: Option<i64>,
        /// Weight.
        weight: Option<i64>,
        /// Lock time.
        locktime: Option<i64>,
        /// Block hash (null while unconfirmed).
        block_hash: Option<String>,
        /// Block height.
        block_height: Option<i64>,
        /// Confirmations.
        confirmations: Option<i64>,
        /// Time (Unix seconds).
        time: Option<i64>,
        /// Block time (Unix seconds).
        block_time: Option<i64>,
        /// Fee (null for coinbase/MWEB).
        fee: Option<Amount>,
        /// Inputs.
        inputs: Vec<TxIn>,
        /// Outputs.
        outputs: Vec<TxOut>,
        /// Raw hex.
        hex: Option<String>,
    }

    /// Result of `get_utxo_details`.
    UtxoDetails [raw] {
        /// Transaction id.
        txid: Option<String>,
        /// Output index.
        vout: Option<i64>,
        /// Value.
        value: Option<Amount>,
        /// Confirmations.
        confirmations: Option<i64>,
        /// Whether from a coinbase.
        coinbase: Option<bool>,
        /// Whether in the mempool.
        in_mempool: Option<bool>,
        /// Best block hash.
        best_block: Option<String>,
        /// Script type.
        script_type: Option<String>,
        /// Address.
        address: Option<String>,
        /// Script hex.
        script_pub_key_hex: Option<String>,
    }

    /// A soft fork's state.
    Softfork [item] {
        /// `buried` or `bip9`.
        kind: Option<String>,
        /// Whether active.
        active: Option<bool>,
        /// Activation height.
        height: Option<i64>,
        /// BIP9 status.
        status: Option<String>,
    }

    /// Result of `blockchain_info`.
    BlockchainInfo [raw] {
        /// Chain name (`main`, `test`, `regtest`).
        chain: Option<String>,
        /// Block count.
        blocks: Option<i64>,
        /// Header count.
        headers: Option<i64>,
        /// Best block hash.
        best_block_hash: Option<String>,
        /// Difficulty (not an amount; may use exponent notation).
        difficulty: Option<f64>,
        /// Median time past.
        median_time: Option<i64>,
        /// Verification progress (0..1).
        verification_progress: Option<f64>,
        /// Whether in initial block download.
        initial_block_download: Option<bool>,
        /// Chain work hex.
        chain_work: Option<String>,
        /// Size on disk.
        size_on_disk: Option<i64>,
        /// Whether pruned.
        pruned: Option<bool>,
        /// Soft forks by name.
        softforks: Option<HashMap<String, Softfork>>,
        /// Warnings.
        warnings: Option<String>,
    }

    /// Result of `block_stat` (amounts in LTC, fee rates in litoshi/vB).
    BlockStats [raw] {
        /// Block hash.
        block_hash: Option<String>,
        /// Height.
        height: Option<i64>,
        /// Time.
        time: Option<i64>,
        /// Median time.
        median_time: Option<i64>,
        /// Transactions.
        txs: Option<i64>,
        /// Inputs.
        ins: Option<i64>,
        /// Outputs.
        outs: Option<i64>,
        /// Total fee.
        total_fee: Option<Amount>,
        /// Average fee.
        avg_fee: Option<Amount>,
        /// Minimum fee.
        min_fee: Option<Amount>,
        /// Maximum fee.
        max_fee: Option<Amount>,
        /// Median fee.
        median_fee: Option<Amount>,
        /// Average fee rate.
        avg_fee_rate: Option<i64>,
        /// Minimum fee rate.
        min_fee_rate: Option<i64>,
        /// Maximum fee rate.
        max_fee_rate: Option<i64>,
        /// Fee rate percentiles (10, 25, 50, 75, 90).
        fee_rate_percentiles: Vec<i64>,
        /// Average transaction size.
        avg_tx_size: Option<i64>,
        /// Minimum transaction size.
        min_tx_size: Option<i64>,
        /// Maximum transaction size.
        max_tx_size: Option<i64>,
        /// Median transaction size.
        median_tx_size: Option<i64>,
        /// Total size.
        total_size: Option<i64>,
        /// Total weight.
        total_weight: Option<i64>,
        /// Segwit transactions.
        sw_txs: Option<i64>,
        /// Segwit total size.
        sw_total_size: Option<i64>,
        /// Segwit total weight.
        sw_total_weight: Option<i64>,
        /// Block subsidy.
        subsidy: Option<Amount>,
        /// Total output value.
        total_out: Option<Amount>,
        /// UTXO count increase.
        utxo_increase: Option<i64>,
        /// UTXO size increase.
        utxo_size_inc: Option<i64>,
    }

    /// The MWEB header of a block.
    MwebHeader [item] {
        /// Hash.
        hash: Option<String>,
        /// Height.
        height: Option<i64>,
        /// Kernel offset.
        kernel_offset: Option<String>,
        /// Stealth offset.
        stealth_offset: Option<String>,
        /// Number of kernels.
        num_kernels: Option<i64>,
        /// Number of TXOs.
        num_txos: Option<i64>,
        /// Kernel root.
        kernel_root: Option<String>,
        /// Output root.
        output_root: Option<String>,
        /// Leaf root.
        leaf_root: Option<String>,
    }

    /// Result of `block_header`.
    BlockHeader [raw] {
        /// Block hash.
        hash: Option<String>,
        /// Confirmations.
        confirmations: Option<i64>,
        /// Height.
        height: Option<i64>,
        /// Version.
        version: Option<i64>,
        /// Version hex.
        version_hex: Option<String>,
        /// Merkle root.
        merkle_root: Option<String>,
        /// Time.
        time: Option<i64>,
        /// Median time.
        median_time: Option<i64>,
        /// Nonce.
        nonce: Option<i64>,
        /// Bits.
        bits: Option<String>,
        /// Difficulty.
        difficulty: Option<f64>,
        /// Chain work.
        chain_work: Option<String>,
        /// Number of transactions.
        n_tx: Option<i64>,
        /// Previous block hash.
        previous_block_hash: Option<String>,
        /// Next block hash.
        next_block_hash: Option<String>,
        /// MWEB amount.
        mweb_amount: Option<Amount>,
        /// Previous MWEB amount.
        prev_mweb_amount: Option<Amount>,
        /// MWEB header.
        mweb_header: Option<MwebHeader>,
    }

    /// A transaction inside a block (`block_transaction`).
    BlockTx [item] {
        /// Transaction id.
        txid: Option<String>,
        /// Witness hash.
        hash: Option<String>,
        /// Version.
        version: Option<i64>,
        /// Size.
        size: Option<i64>,
        /// Virtual size.
        vsize: Option<i64>,
        /// Weight.
        weight: Option<i64>,
        /// Lock time.
        locktime: Option<i64>,
        /// Whether the coinbase.
        is_coinbase: Option<bool>,
        /// Whether the MWEB HogEx transaction.
        is_hog_ex: Option<bool>,
        /// Inputs.
        inputs: Vec<TxIn>,
        /// Outputs.
        outputs: Vec<TxOut>,
    }

    /// Result of `block_transaction`.
    BlockTransactions [raw] {
        /// Block hash.
        block_hash: Option<String>,
        /// Height.
        height: Option<i64>,
        /// Time.
        time: Option<i64>,
        /// Number of transactions.
        tx_count: Option<i64>,
        /// The transactions.
        transactions: Vec<BlockTx>,
    }

    /// Result of `get_blockchain_otp`.
    BlockchainOtp [raw] {
        /// The one-time code (short-lived secret).
        code: Arc<Secret>,
        /// Tip hash it is bound to.
        block_hash: Option<String>,
        /// Tip height.
        block_height: Option<i64>,
        /// Issue time (Unix seconds).
        issued_at: Option<i64>,
        /// Latest expiry (Unix seconds).
        expires_at: Option<i64>,
        /// Blocks it stays valid for.
        valid_for_blocks: Option<i64>,
    }

    /// Result of `verify_otp`.
    OtpVerification [raw] {
        /// Whether the code is valid.
        valid: bool,
        /// Why not, when invalid.
        reason: Option<String>,
    }
}
