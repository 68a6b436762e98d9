// The models of the Address operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_address {
    ($callback:ident) => { $callback! {
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
} };
}
