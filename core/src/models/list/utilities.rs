// The models of the Utilities operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_utilities {
    ($callback:ident) => { $callback! {
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
