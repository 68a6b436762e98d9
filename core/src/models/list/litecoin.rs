// The models of the Litecoin operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_litecoin {
    ($callback:ident) => { $callback! {
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
} };
}
