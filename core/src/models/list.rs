// The 50 result and item types of the 43 operations, declared once, as `result_type!` (an
// operation's result, keeps the raw JSON) and `item_type!` (a nested entry) calls handed to the
// caller's macro by `for_each_model_declaration!(callback)`: `crate::models` expands them into
// the core types and their schema list, and the uniffi crate (`ffi/src/models.rs`) with its own
// macros into the Kotlin and Swift records (docs/adr/0003-models-declared-once.md). A macro of
// the core, not a copied file, so that every crate builds and publishes on its own.

#[doc(hidden)]
#[macro_export]
macro_rules! for_each_model_declaration {
    ($callback:ident) => { $callback! {
// ---------------------------------------------------------------- shared items

item_type! {
    /// A rescan range (`rescan`).
    pub struct RescanRange {
        /// First height scanned.
        pub start_height: Option<i64>,
        /// Last height scanned.
        pub stop_height: Option<i64>,
    }
}

item_type! {
    /// A wallet transaction entry (`WalletTx`, from Core's `listtransactions`).
    pub struct WalletTx {
        /// Transaction id.
        pub txid: Option<String>,
        /// `send`, `receive`, `generate`, `immature` or `orphan`.
        pub category: Option<String>,
        /// Address concerned.
        pub address: Option<String>,
        /// Address label.
        pub label: Option<String>,
        /// Signed amount (negative for sends).
        pub amount: Option<Amount>,
        /// Fee (≥ 0, sends only).
        pub fee: Option<Amount>,
        /// Output index (null for MWEB).
        pub vout: Option<i64>,
        /// MWEB output id.
        pub mweb_output_id: Option<String>,
        /// Confirmations.
        pub confirmations: Option<i64>,
        /// Whether the wallet trusts the transaction.
        pub trusted: Option<bool>,
        /// Block hash (null while unconfirmed).
        pub block_hash: Option<String>,
        /// Block height.
        pub block_height: Option<i64>,
        /// Index in the block.
        pub block_index: Option<i64>,
        /// Block time (Unix seconds).
        pub block_time: Option<i64>,
        /// Transaction time (Unix seconds).
        pub time: Option<i64>,
        /// Time received (Unix seconds).
        pub time_received: Option<i64>,
        /// Wallet-local comment (`description` at send time).
        pub comment: Option<String>,
        /// Wallet-local recipient name (`recipient_name` at send time).
        pub to: Option<String>,
        /// BIP125 replaceability: `yes`, `no` or `unknown`.
        pub replaceable: Option<String>,
        /// Whether abandoned.
        pub abandoned: Option<bool>,
    }
}

item_type! {
    /// A transaction input (`TxIn`).
    pub struct TxIn {
        /// Previous transaction id (null for coinbase).
        pub txid: Option<String>,
        /// Previous output index.
        pub vout: Option<i64>,
        /// Coinbase script hex.
        pub coinbase: Option<String>,
        /// Sequence number.
        pub sequence: Option<i64>,
        /// Whether it is an MWEB input.
        pub is_mweb: Option<bool>,
        /// Address of the spent output, where resolved.
        pub address: Option<String>,
        /// Value of the spent output, where resolved.
        pub value: Option<Amount>,
    }
}

item_type! {
    /// A transaction output (`TxOut`).
    pub struct TxOut {
        /// Output index.
        pub n: Option<i64>,
        /// Value.
        pub value: Option<Amount>,
        /// Whether it is an MWEB output.
        pub is_mweb: Option<bool>,
        /// Core's script type (`pubkeyhash`, `witness_v0_keyhash`, …).
        #[serde(rename = "type")]
        pub script_type: Option<String>,
        /// Address, when the script has one.
        pub address: Option<String>,
        /// Script hex.
        pub script_pub_key_hex: Option<String>,
    }
}

item_type! {
    /// An input of a built raw transaction.
    pub struct RawTxInput {
        /// Transaction id of the spent output.
        pub txid: Option<String>,
        /// Index of the spent output.
        pub vout: Option<i64>,
        /// Its value.
        pub amount: Option<Amount>,
    }
}

item_type! {
    /// An output of a built raw transaction.
    pub struct RawTxOutput {
        /// Destination address.
        pub address: Option<String>,
        /// Value.
        pub amount: Option<Amount>,
    }
}

// ---------------------------------------------------------------- Wallet

result_type! {
    /// A new unencrypted, non-importable wallet.
    pub struct CreatedWallet {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (false).
        pub encrypted: Option<bool>,
        /// Whether importable from a phrase (false).
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// The wallet's official address.
        pub official_address: Option<String>,
        /// Core's warning, if any.
        pub warning: Option<String>,
    }
}

result_type! {
    /// A new encrypted wallet. Keep `passphrase`: it is shown once.
    pub struct CreatedEncryptedWallet {
        /// The generated passphrase (wire `encryptedPassphrase`); needed for every later
        /// operation that unlocks the wallet. Shown only once.
        #[serde(rename = "encryptedPassphrase")]
        pub passphrase: Secret,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (true).
        pub encrypted: Option<bool>,
        /// Whether importable (false).
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// The wallet's official address.
        pub official_address: Option<String>,
    }
}

result_type! {
    /// A new wallet made from a new recovery phrase. Keep `mnemonics`: it is shown once.
    pub struct CreatedImportableWallet {
        /// The BIP39 recovery phrase. Shown only once.
        pub mnemonics: Secret,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (false).
        pub encrypted: Option<bool>,
        /// Whether importable (true).
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// The wallet's official address.
        pub official_address: Option<String>,
    }
}

result_type! {
    /// A new encrypted wallet made from a new recovery phrase. Keep both secrets: they are shown once.
    pub struct CreatedImportableEncryptedWallet {
        /// The BIP39 recovery phrase. Shown only once.
        pub mnemonics: Secret,
        /// The generated passphrase (wire `encryptedPassphrase`). Shown only once.
        #[serde(rename = "encryptedPassphrase")]
        pub passphrase: Secret,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (true).
        pub encrypted: Option<bool>,
        /// Whether importable (true).
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// The wallet's official address.
        pub official_address: Option<String>,
    }
}

result_type! {
    /// A wallet now encrypted with the passphrase chosen.
    pub struct EncryptedWallet {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (true).
        pub encrypted: Option<bool>,
        /// HD seed id after encryption.
        pub hd_seed_id: Option<String>,
        /// Whether the HD seed changed.
        pub hd_seed_changed: Option<bool>,
    }
}

result_type! {
    /// A wallet recreated from a recovery phrase.
    pub struct ImportedWallet {
        /// The new wallet's name.
        pub wallet_name: Option<String>,
        /// Whether encrypted (false).
        pub encrypted: Option<bool>,
        /// Whether importable (true).
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// The wallet's official address.
        pub official_address: Option<String>,
        /// The rescanned range.
        pub rescan: Option<RescanRange>,
    }
}

result_type! {
    /// A wallet's summary.
    pub struct WalletDetails {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Core wallet version.
        pub wallet_version: Option<i64>,
        /// Wallet format (`bdb`).
        pub format: Option<String>,
        /// Whether encrypted.
        pub encrypted: Option<bool>,
        /// Unlocked until (Unix seconds; 0 when locked; null when unencrypted).
        pub unlocked_until: Option<i64>,
        /// Whether importable from a phrase.
        pub importable: Option<bool>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// Confirmed balance.
        pub balance: Option<Amount>,
        /// Unconfirmed balance.
        pub unconfirmed_balance: Option<Amount>,
        /// Immature balance.
        pub immature_balance: Option<Amount>,
        /// Number of transactions.
        pub tx_count: Option<i64>,
        /// Keypool size.
        pub keypool_size: Option<i64>,
        /// Internal (change) keypool size.
        pub keypool_size_hd_internal: Option<i64>,
        /// Whether private keys are enabled.
        pub private_keys_enabled: Option<bool>,
        /// `false` or `{ "duration", "progress" }`, as Core reports it.
        pub scanning: Option<Value>,
        /// The wallet's official address.
        pub official_address: Option<String>,
    }
}

result_type! {
    /// One page of a wallet's transactions (newest first).
    pub struct WalletTransactions {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Entries skipped.
        pub skip: Option<i64>,
        /// Page size asked for.
        pub count: Option<i64>,
        /// The entries.
        #[serde(default)]
        pub items: Vec<WalletTx>,
    }
}

result_type! {
    /// A wallet's balance.
    pub struct WalletBalance {
        /// Confirmed (trusted) balance.
        pub confirmed: Amount,
        /// Unconfirmed (untrusted pending) balance.
        pub unconfirmed: Amount,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Immature (coinbase) balance.
        pub immature: Option<Amount>,
        /// Total.
        pub total: Option<Amount>,
    }
}

item_type! {
    /// One receive address of a wallet, with its totals.
    pub struct WalletAddress {
        /// The address.
        pub address: Option<String>,
        /// Its label.
        pub label: Option<String>,
        /// `legacy`, `p2sh-segwit`, `bech32`, `mweb` or `unknown`.
        pub address_type: Option<String>,
        /// All-time received.
        pub total_received: Option<Amount>,
        /// Number of receiving transactions.
        pub tx_count: Option<i64>,
        /// Confirmations of the latest receipt.
        pub confirmations: Option<i64>,
    }
}

result_type! {
    /// A wallet's receive addresses.
    pub struct WalletAddresses {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// The entries.
        #[serde(default)]
        pub addresses: Vec<WalletAddress>,
    }
}

result_type! {
    /// A wallet whose passphrase was changed.
    pub struct PassphraseChange {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Whether changed.
        pub changed: Option<bool>,
    }
}

result_type! {
    /// A wallet's primary address.
    pub struct OfficialAddress {
        /// The address.
        pub address: String,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// HD key path.
        pub hd_key_path: Option<String>,
    }
}

result_type! {
    /// A signed message (with a private key, or with a wallet's address).
    pub struct SignedMessage {
        /// Base64 compact signature.
        pub signature: String,
        /// The signing address.
        pub address: Option<String>,
        /// The message signed.
        pub message: Option<String>,
    }
}

result_type! {
    /// The balance of one address of a wallet.
    pub struct WalletAddressBalance {
        /// Confirmed balance.
        pub confirmed: Amount,
        /// Unconfirmed balance.
        pub unconfirmed: Amount,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// The address.
        pub address: Option<String>,
        /// All-time received.
        pub total_received: Option<Amount>,
    }
}

result_type! {
    /// A wallet's transaction entries concerning one of its addresses.
    pub struct WalletAddressTransactions {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// The address.
        pub address: Option<String>,
        /// The entries, newest first.
        #[serde(default)]
        pub items: Vec<WalletTx>,
    }
}

result_type! {
    /// A wallet whose HD seed now comes from a recovery phrase.
    pub struct WalletMnemonicsSet {
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// The new HD seed id.
        pub hd_seed_id: Option<String>,
        /// The previous HD seed id.
        pub previous_hd_seed_id: Option<String>,
        /// The rescanned range.
        pub rescan: Option<RescanRange>,
    }
}

result_type! {
    /// The address of a recovery phrase's default key (Core's scheme, or BIP44/49/84).
    pub struct MnemonicAddress {
        /// The address.
        pub address: String,
        /// Address type name.
        pub address_type: Option<String>,
        /// HD key path.
        pub hd_key_path: Option<String>,
        /// Derivation scheme (`core-legacy-hd` or `bip44`).
        pub scheme: Option<String>,
        /// The address's private key (WIF), when the service sends it: the makers' summary of
        /// `wallet_default_address_v2` says it returns the address "with private key" (the
        /// sandbox does not send one).
        pub private_key: Option<Secret>,
    }
}

// ---------------------------------------------------------------- Address

result_type! {
    /// A new receive address of a wallet.
    pub struct CreatedAddress {
        /// The new address.
        pub address: String,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Its label.
        pub label: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// HD key path.
        pub hd_key_path: Option<String>,
    }
}

result_type! {
    /// A new multisig address added to a wallet.
    pub struct MultisigAddress {
        /// The multisig address.
        pub address: String,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// Signatures required.
        pub n_required: Option<i64>,
        /// The keys (addresses or public keys) given.
        #[serde(default)]
        pub keys: Vec<String>,
        /// Redeem script hex.
        pub redeem_script: Option<String>,
        /// Output descriptor.
        pub descriptor: Option<String>,
    }
}

result_type! {
    /// What a wallet knows about one of its addresses.
    pub struct AddressDetails {
        /// The address.
        pub address: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// Script hex.
        pub script_pub_key: Option<String>,
        /// Whether the wallet owns it.
        pub is_mine: Option<bool>,
        /// Whether watch-only.
        pub is_watch_only: Option<bool>,
        /// Whether solvable.
        pub solvable: Option<bool>,
        /// Whether a script address.
        pub is_script: Option<bool>,
        /// Whether a witness address.
        pub is_witness: Option<bool>,
        /// Witness version.
        pub witness_version: Option<i64>,
        /// Witness program hex.
        pub witness_program: Option<String>,
        /// Whether an MWEB address.
        pub is_mweb: Option<bool>,
        /// Public key hex.
        pub pub_key: Option<String>,
        /// Whether the key is compressed.
        pub is_compressed: Option<bool>,
        /// Whether a change address.
        pub is_change: Option<bool>,
        /// HD key path.
        pub hd_key_path: Option<String>,
        /// HD seed id.
        pub hd_seed_id: Option<String>,
        /// HD master fingerprint.
        pub hd_master_fingerprint: Option<String>,
        /// Labels.
        #[serde(default)]
        pub labels: Vec<String>,
        /// Key creation time (Unix seconds).
        pub timestamp: Option<i64>,
        /// Output descriptor.
        pub descriptor: Option<String>,
        /// MWEB scan public key.
        pub scan_pub_key: Option<String>,
        /// MWEB spend public key.
        pub spend_pub_key: Option<String>,
    }
}

result_type! {
    /// Whether a message signature matches an address.
    pub struct MessageVerification {
        /// Whether the signature is valid for the address and message.
        pub valid: bool,
        /// The address.
        pub address: Option<String>,
    }
}

item_type! {
    /// One entry of an address's history.
    pub struct AddressTxEntry {
        /// Transaction id.
        pub txid: Option<String>,
        /// Block height (null while unconfirmed).
        pub block_height: Option<i64>,
        /// Block hash.
        pub block_hash: Option<String>,
        /// Block time (Unix seconds).
        pub time: Option<i64>,
        /// Confirmations.
        pub confirmations: Option<i64>,
        /// Received by the address in this transaction.
        pub received: Option<Amount>,
        /// Sent from the address in this transaction.
        pub sent: Option<Amount>,
        /// `received - sent`.
        pub net: Option<Amount>,
    }
}

result_type! {
    /// One page of an address's history (newest first).
    pub struct AddressTransactions {
        /// The address.
        pub address: Option<String>,
        /// Entries skipped.
        pub skip: Option<i64>,
        /// Page size asked for.
        pub take: Option<i64>,
        /// Total number of entries.
        pub total: Option<i64>,
        /// Height the address index has reached.
        pub indexed_height: Option<i64>,
        /// Chain tip height.
        pub tip_height: Option<i64>,
        /// The entries.
        #[serde(default)]
        pub items: Vec<AddressTxEntry>,
    }
}

result_type! {
    /// The confirmed and unconfirmed balance of any address.
    pub struct AddressBalance {
        /// Confirmed balance.
        pub confirmed: Amount,
        /// Unconfirmed balance (may be negative while coins are being spent).
        pub unconfirmed: Amount,
        /// The address.
        pub address: Option<String>,
        /// Height of the scan.
        pub height: Option<i64>,
        /// Number of unspent outputs.
        pub utxo_count: Option<i64>,
    }
}

result_type! {
    /// An address's exported WIF private key.
    pub struct PrivateKeyExport {
        /// The WIF private key.
        pub private_key: Secret,
        /// The address.
        pub address: Option<String>,
        /// `wif` or `wif-mweb`.
        pub format: Option<String>,
        /// HD key path.
        pub hd_key_path: Option<String>,
    }
}

result_type! {
    /// A pre-payment check of an address: validity, ownership, history, deny-list.
    pub struct AddressScreening {
        /// Whether the address is valid (an invalid address is not an error).
        pub is_valid: Option<bool>,
        /// The address.
        pub address: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// Network (`regtest`, `testnet`, `main`).
        pub network: Option<String>,
        /// Whether the wallet owns it.
        pub is_mine: Option<bool>,
        /// Whether it has on-chain history.
        pub has_history: Option<bool>,
        /// `none` or `flagged`.
        pub risk: Option<String>,
        /// Reasons for the risk rating.
        #[serde(default)]
        pub reasons: Vec<String>,
    }
}

result_type! {
    /// A wallet's default key encoded as an address of the type asked for.
    pub struct DefaultAddress {
        /// The address.
        pub address: String,
        /// The wallet's name.
        pub wallet_name: Option<String>,
        /// Address type name.
        pub address_type: Option<String>,
        /// Its label.
        pub label: Option<String>,
        /// HD key path.
        pub hd_key_path: Option<String>,
    }
}

// ---------------------------------------------------------------- Transactions

result_type! {
    /// A payment sent from a wallet (or, with an idempotency key, found already sent).
    pub struct SentFunds {
        /// The transaction id.
        pub txid: String,
        /// The recipient.
        pub recipient_address: Option<String>,
        /// The amount asked for.
        pub amount: Option<Amount>,
        /// What the recipient receives.
        pub amount_received: Option<Amount>,
        /// The fee.
        pub fee: Option<Amount>,
        /// What left the wallet.
        pub total_debited: Option<Amount>,
        /// Whether the fee was taken from the amount.
        pub amount_include_fees: Option<bool>,
        /// Set by the SDK, never by the service: `true` when a send with an `idempotency_key`
        /// found an earlier send carrying that key and returned it instead of paying again
        /// (then `amount_received`, `fee` and `total_debited` come from the wallet's entry).
        #[serde(default)]
        pub replayed: bool,
    }
}

result_type! {
    /// An unsigned transaction.
    pub struct RawTransaction {
        /// The unsigned transaction hex.
        pub hex: String,
        /// The fee.
        pub fee: Option<Amount>,
        /// Index of the change output (null when none).
        pub change_position: Option<i64>,
        /// The inputs.
        #[serde(default)]
        pub inputs: Vec<RawTxInput>,
        /// The outputs.
        #[serde(default)]
        pub outputs: Vec<RawTxOutput>,
    }
}

item_type! {
    /// A signing problem of one input.
    pub struct SigningError {
        /// Transaction id of the input.
        pub txid: Option<String>,
        /// Output index of the input.
        pub vout: Option<i64>,
        /// Core's message.
        pub error: Option<String>,
    }
}

result_type! {
    /// A transaction signed with one private key.
    pub struct SignedTransaction {
        /// The (partially) signed transaction hex.
        pub hex: String,
        /// Whether every input is signed.
        pub complete: Option<bool>,
        /// The transaction id.
        pub txid: Option<String>,
        /// Per-input problems (e.g. a wrong key).
        #[serde(default)]
        pub errors: Vec<SigningError>,
    }
}

result_type! {
    /// A transaction submitted to the network.
    pub struct BroadcastResult {
        /// The transaction id.
        pub txid: String,
    }
}

// ---------------------------------------------------------------- Litecoin

result_type! {
    /// Any transaction, confirmed or in the mempool.
    pub struct TransactionDetails {
        /// Transaction id.
        pub txid: Option<String>,
        /// Witness hash.
        pub hash: Option<String>,
        /// Version.
        pub version: Option<i64>,
        /// Size in bytes.
        pub size: Option<i64>,
        /// Virtual size.
        pub vsize: Option<i64>,
        /// Weight.
        pub weight: Option<i64>,
        /// Lock time.
        pub locktime: Option<i64>,
        /// Block hash (null while unconfirmed).
        pub block_hash: Option<String>,
        /// Block height.
        pub block_height: Option<i64>,
        /// Confirmations.
        pub confirmations: Option<i64>,
        /// Time (Unix seconds).
        pub time: Option<i64>,
        /// Block time (Unix seconds).
        pub block_time: Option<i64>,
        /// Fee (null for coinbase/MWEB).
        pub fee: Option<Amount>,
        /// Inputs.
        #[serde(default)]
        pub inputs: Vec<TxIn>,
        /// Outputs.
        #[serde(default)]
        pub outputs: Vec<TxOut>,
        /// Raw hex.
        pub hex: Option<String>,
    }
}

result_type! {
    /// One unspent output.
    pub struct UtxoDetails {
        /// Transaction id.
        pub txid: Option<String>,
        /// Output index.
        pub vout: Option<i64>,
        /// Value.
        pub value: Option<Amount>,
        /// Confirmations.
        pub confirmations: Option<i64>,
        /// Whether from a coinbase.
        pub coinbase: Option<bool>,
        /// Whether in the mempool.
        pub in_mempool: Option<bool>,
        /// Best block hash.
        pub best_block: Option<String>,
        /// Script type.
        #[serde(rename = "type")]
        pub script_type: Option<String>,
        /// Address.
        pub address: Option<String>,
        /// Script hex.
        pub script_pub_key_hex: Option<String>,
    }
}

// ---------------------------------------------------------------- Blocks

item_type! {
    /// A soft fork's state.
    pub struct Softfork {
        /// `buried` or `bip9`.
        #[serde(rename = "type")]
        pub kind: Option<String>,
        /// Whether active.
        pub active: Option<bool>,
        /// Activation height.
        pub height: Option<i64>,
        /// BIP9 status.
        pub status: Option<String>,
    }
}

result_type! {
    /// The chain's state.
    pub struct BlockchainInfo {
        /// Chain name (`main`, `test`, `regtest`).
        pub chain: Option<String>,
        /// Block count.
        pub blocks: Option<i64>,
        /// Header count.
        pub headers: Option<i64>,
        /// Best block hash.
        pub best_block_hash: Option<String>,
        /// Difficulty (not an amount; may use exponent notation).
        pub difficulty: Option<f64>,
        /// Median time past.
        pub median_time: Option<i64>,
        /// Verification progress (0..1).
        pub verification_progress: Option<f64>,
        /// Whether in initial block download.
        pub initial_block_download: Option<bool>,
        /// Chain work hex.
        pub chain_work: Option<String>,
        /// Size on disk.
        pub size_on_disk: Option<i64>,
        /// Whether pruned.
        pub pruned: Option<bool>,
        /// Soft forks by name.
        pub softforks: Option<BTreeMap<String, Softfork>>,
        /// Warnings.
        pub warnings: Option<String>,
    }
}

result_type! {
    /// Statistics of one block (amounts in LTC, fee rates in litoshi/vB).
    pub struct BlockStats {
        /// Block hash.
        pub block_hash: Option<String>,
        /// Height.
        pub height: Option<i64>,
        /// Time.
        pub time: Option<i64>,
        /// Median time.
        pub median_time: Option<i64>,
        /// Transactions.
        pub txs: Option<i64>,
        /// Inputs.
        pub ins: Option<i64>,
        /// Outputs.
        pub outs: Option<i64>,
        /// Total fee.
        pub total_fee: Option<Amount>,
        /// Average fee.
        pub avg_fee: Option<Amount>,
        /// Minimum fee.
        pub min_fee: Option<Amount>,
        /// Maximum fee.
        pub max_fee: Option<Amount>,
        /// Median fee.
        pub median_fee: Option<Amount>,
        /// Average fee rate.
        pub avg_fee_rate: Option<i64>,
        /// Minimum fee rate.
        pub min_fee_rate: Option<i64>,
        /// Maximum fee rate.
        pub max_fee_rate: Option<i64>,
        /// Fee rate percentiles (10, 25, 50, 75, 90).
        #[serde(default)]
        pub fee_rate_percentiles: Vec<i64>,
        /// Average transaction size.
        pub avg_tx_size: Option<i64>,
        /// Minimum transaction size.
        pub min_tx_size: Option<i64>,
        /// Maximum transaction size.
        pub max_tx_size: Option<i64>,
        /// Median transaction size.
        pub median_tx_size: Option<i64>,
        /// Total size.
        pub total_size: Option<i64>,
        /// Total weight.
        pub total_weight: Option<i64>,
        /// Segwit transactions.
        pub sw_txs: Option<i64>,
        /// Segwit total size.
        pub sw_total_size: Option<i64>,
        /// Segwit total weight.
        pub sw_total_weight: Option<i64>,
        /// Block subsidy.
        pub subsidy: Option<Amount>,
        /// Total output value.
        pub total_out: Option<Amount>,
        /// UTXO count increase.
        pub utxo_increase: Option<i64>,
        /// UTXO size increase.
        pub utxo_size_inc: Option<i64>,
    }
}

item_type! {
    /// The MWEB header of a block.
    pub struct MwebHeader {
        /// Hash.
        pub hash: Option<String>,
        /// Height.
        pub height: Option<i64>,
        /// Kernel offset.
        pub kernel_offset: Option<String>,
        /// Stealth offset.
        pub stealth_offset: Option<String>,
        /// Number of kernels.
        pub num_kernels: Option<i64>,
        /// Number of TXOs.
        pub num_txos: Option<i64>,
        /// Kernel root.
        pub kernel_root: Option<String>,
        /// Output root.
        pub output_root: Option<String>,
        /// Leaf root.
        pub leaf_root: Option<String>,
    }
}

result_type! {
    /// The header of one block.
    pub struct BlockHeader {
        /// Block hash.
        pub hash: Option<String>,
        /// Confirmations.
        pub confirmations: Option<i64>,
        /// Height.
        pub height: Option<i64>,
        /// Version.
        pub version: Option<i64>,
        /// Version hex.
        pub version_hex: Option<String>,
        /// Merkle root.
        pub merkle_root: Option<String>,
        /// Time.
        pub time: Option<i64>,
        /// Median time.
        pub median_time: Option<i64>,
        /// Nonce.
        pub nonce: Option<i64>,
        /// Bits.
        pub bits: Option<String>,
        /// Difficulty.
        pub difficulty: Option<f64>,
        /// Chain work.
        pub chain_work: Option<String>,
        /// Number of transactions.
        pub n_tx: Option<i64>,
        /// Previous block hash.
        pub previous_block_hash: Option<String>,
        /// Next block hash.
        pub next_block_hash: Option<String>,
        /// MWEB amount.
        pub mweb_amount: Option<Amount>,
        /// Previous MWEB amount.
        pub prev_mweb_amount: Option<Amount>,
        /// MWEB header.
        pub mweb_header: Option<MwebHeader>,
    }
}

item_type! {
    /// A transaction inside a block.
    pub struct BlockTx {
        /// Transaction id.
        pub txid: Option<String>,
        /// Witness hash.
        pub hash: Option<String>,
        /// Version.
        pub version: Option<i64>,
        /// Size.
        pub size: Option<i64>,
        /// Virtual size.
        pub vsize: Option<i64>,
        /// Weight.
        pub weight: Option<i64>,
        /// Lock time.
        pub locktime: Option<i64>,
        /// Whether the coinbase.
        pub is_coinbase: Option<bool>,
        /// Whether the MWEB HogEx transaction.
        pub is_hog_ex: Option<bool>,
        /// Inputs.
        #[serde(default)]
        pub inputs: Vec<TxIn>,
        /// Outputs.
        #[serde(default)]
        pub outputs: Vec<TxOut>,
    }
}

result_type! {
    /// The transactions of one block.
    pub struct BlockTransactions {
        /// Block hash.
        pub block_hash: Option<String>,
        /// Height.
        pub height: Option<i64>,
        /// Time.
        pub time: Option<i64>,
        /// Number of transactions.
        pub tx_count: Option<i64>,
        /// The transactions.
        #[serde(default)]
        pub transactions: Vec<BlockTx>,
    }
}

// ---------------------------------------------------------------- Utilities

result_type! {
    /// A one-time code bound to a message signature and the chain tip.
    pub struct BlockchainOtp {
        /// The one-time code (short-lived secret).
        pub code: Secret,
        /// Tip hash it is bound to.
        pub block_hash: Option<String>,
        /// Tip height.
        pub block_height: Option<i64>,
        /// Issue time (Unix seconds).
        pub issued_at: Option<i64>,
        /// Latest expiry (Unix seconds).
        pub expires_at: Option<i64>,
        /// Blocks it stays valid for.
        pub valid_for_blocks: Option<i64>,
    }
}

result_type! {
    /// Whether a one-time code is valid.
    pub struct OtpVerification {
        /// Whether the code is valid.
        pub valid: bool,
        /// Why not, when invalid.
        pub reason: Option<String>,
    }
}
} };
}
