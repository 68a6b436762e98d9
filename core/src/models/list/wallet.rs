// The models of the Wallet operations: a part of `for_each_model_declaration!` (`list.rs`).

#[doc(hidden)]
#[macro_export]
macro_rules! __wallet_sdk_models_wallet {
    ($callback:ident) => { $callback! {
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
} };
}
