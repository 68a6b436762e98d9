// The models of the Blocks operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_blocks {
    ($callback:ident) => { $callback! {
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
} };
}
