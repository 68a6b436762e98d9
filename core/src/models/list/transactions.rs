// The models of the Transactions operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_transactions {
    ($callback:ident) => { $callback! {
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
} };
}
