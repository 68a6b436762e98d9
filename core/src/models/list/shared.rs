// The models of the shared items: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_shared {
    ($callback:ident) => { $callback! {
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
} };
}
