//! The 43 operations as async methods of [`Client`], and their options structs.

use crate::address_type::AddressType;
use crate::amount::Amount;
use crate::client::Client;
use crate::error::Result;
use crate::models::*;
use crate::operations as ops;
use crate::request::Args;
use crate::secret::Secret;

/// Optional inputs of [`Client::create_address`].
#[derive(Clone, Debug, Default)]
pub struct CreateAddressOptions {
    /// Label for the address.
    pub label: Option<String>,
    /// Address type; omitted when `None` (the service then picks its default, bech32 in the sandbox).
    pub address_type: Option<AddressType>,
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::create_multisig_address`].
#[derive(Clone, Debug, Default)]
pub struct CreateMultisigAddressOptions {
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::address_transaction`].
#[derive(Clone, Debug, Default)]
pub struct AddressTransactionOptions {
    /// Page size (service default 25, max 500).
    pub take: Option<u32>,
    /// Entries to skip (default 0).
    pub skip: Option<u32>,
}

/// Optional inputs of [`Client::address_private_key`].
#[derive(Clone, Debug, Default)]
pub struct AddressPrivateKeyOptions {
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::generate_default_address`].
#[derive(Clone, Debug, Default)]
pub struct GenerateDefaultAddressOptions {
    /// Address type; omitted when `None`.
    pub address_type: Option<AddressType>,
    /// Label (service default `default`).
    pub label: Option<String>,
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::send_funds_from_wallet`].
#[derive(Clone, Debug, Default)]
pub struct SendFundsFromWalletOptions {
    /// Wallet-local note of the recipient's name (Core `comment_to`).
    pub recipient_name: Option<String>,
    /// Wallet-local description (Core `comment`).
    pub description: Option<String>,
    /// Take the fee from the amount (the recipient receives less).
    pub amount_include_fees: Option<bool>,
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::wallet_transactions`].
#[derive(Clone, Debug, Default)]
pub struct WalletTransactionsOptions {
    /// Entries to skip (default 0).
    pub skip: Option<u32>,
    /// Page size (service default 25, max 500).
    pub count: Option<u32>,
}

/// Optional inputs of [`Client::sign_wallet_message`].
#[derive(Clone, Debug, Default)]
pub struct SignWalletMessageOptions {
    /// The wallet's passphrase, when it is encrypted (`""` is sent when `None`).
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::set_wallet_mnemonics`].
#[derive(Clone, Debug, Default)]
pub struct SetWalletMnemonicsOptions {
    /// The wallet's passphrase, when it is encrypted.
    pub passphrase: Option<Secret>,
}

/// Optional inputs of [`Client::wallet_default_address`] and
/// [`Client::wallet_default_address_v2`].
#[derive(Clone, Debug, Default)]
pub struct WalletDefaultAddressOptions {
    /// Address type; omitted when `None` (service default bech32).
    pub address_type: Option<AddressType>,
}

fn u(v: Option<u32>) -> Option<i64> {
    v.map(i64::from)
}

impl Client {
    // ------------------------------------------------------------ Address

    /// New receive address in a wallet (`POST /api/Address/create`). Not retried automatically.
    pub async fn create_address(&self, wallet_name: &str, options: CreateAddressOptions) -> Result<CreatedAddress> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .opt_text("label", options.label)
            .opt_address_type("address_type", options.address_type);
        self.execute(&ops::CREATE_ADDRESS, a).await
    }

    /// Adds an `n_required`-of-n multisig address built from `addresses` (wallet addresses or
    /// hex public keys) to the wallet (`POST /api/Address/create-muti-sig-address`).
    pub async fn create_multisig_address(
        &self,
        wallet_name: &str,
        addresses: Vec<String>,
        n_required: u32,
        address_type: AddressType,
        options: CreateMultisigAddressOptions,
    ) -> Result<MultisigAddress> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .list("addresses", addresses)
            .int("n_required", i64::from(n_required))
            .address_type("address_type", address_type);
        self.execute(&ops::CREATE_MULTISIG_ADDRESS, a).await
    }

    /// What the wallet knows about an address (`GET /api/Address/address-details`).
    pub async fn address_details(&self, wallet_name: &str, address: &str) -> Result<AddressDetails> {
        let a = Args::new().text("wallet_name", wallet_name).text("address", address);
        self.execute(&ops::ADDRESS_DETAILS, a).await
    }

    /// Signs a message with a caller-supplied WIF private key (`POST /api/Address/sign-message`).
    pub async fn sign_message(&self, message: &str, private_key: &Secret) -> Result<SignedMessage> {
        let a = Args::new().text("message", message).secret("private_key", private_key);
        self.execute(&ops::SIGN_MESSAGE, a).await
    }

    /// Checks a message signature against a (legacy) address (`POST /api/Address/verify-message`).
    pub async fn verify_message(&self, address: &str, message: &str, signature: &str) -> Result<MessageVerification> {
        let a = Args::new().text("address", address).text("message", message).text("signature", signature);
        self.execute(&ops::VERIFY_MESSAGE, a).await
    }

    /// One page of the history of any address, newest first (`GET /api/Address/address-transaction`).
    /// See [`Client::address_transaction_pages`] for an iterator.
    pub async fn address_transaction(&self, address: &str, options: AddressTransactionOptions) -> Result<AddressTransactions> {
        let a = Args::new()
            .text("address", address)
            .opt_int("take", u(options.take))
            .opt_int("skip", u(options.skip));
        self.execute(&ops::ADDRESS_TRANSACTION, a).await
    }

    /// Confirmed and unconfirmed balance of any address (`GET /api/Address/address-balance`).
    pub async fn address_balance(&self, address: &str) -> Result<AddressBalance> {
        let a = Args::new().text("address", address);
        self.execute(&ops::ADDRESS_BALANCE, a).await
    }

    /// Exports an address's WIF private key, unlocking with the passphrase
    /// (`GET /api/Address/address-private-key`).
    pub async fn address_private_key(&self, wallet_name: &str, address: &str, options: AddressPrivateKeyOptions) -> Result<PrivateKeyExport> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .text("address", address);
        self.execute(&ops::ADDRESS_PRIVATE_KEY, a).await
    }

    /// Exports an address's WIF private key using the wallet's recovery phrase
    /// (`GET /api/Address/address-private-key-v2`). The service also takes the wallet's
    /// passphrase instead: [`Client::address_private_key_v2_with_passphrase`].
    pub async fn address_private_key_v2(&self, wallet_name: &str, address: &str, mnemonics: &Secret) -> Result<PrivateKeyExport> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .secret("mnemonics", mnemonics)
            .text("address", address);
        self.execute(&ops::ADDRESS_PRIVATE_KEY_V2, a).await
    }

    /// [`address_private_key_v2`](Client::address_private_key_v2) unlocked with the wallet's
    /// passphrase instead of its phrase (same operation; the passphrase travels as
    /// `encryptedPassphrase`, the phrase is not sent).
    pub async fn address_private_key_v2_with_passphrase(&self, wallet_name: &str, address: &str, passphrase: &Secret) -> Result<PrivateKeyExport> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .secret("passphrase", passphrase)
            .text("address", address);
        self.execute(&ops::ADDRESS_PRIVATE_KEY_V2_WITH_PASSPHRASE, a).await
    }

    /// Pre-payment check of an address: validity, ownership, history, deny-list
    /// (`GET /api/Address/screen-address`).
    pub async fn screen_address(&self, wallet_name: &str, address: &str, mnemonics: &Secret) -> Result<AddressScreening> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .secret("mnemonics", mnemonics)
            .text("address", address);
        self.execute(&ops::SCREEN_ADDRESS, a).await
    }

    /// The wallet's default key encoded as the requested type, labelled
    /// (`POST /api/Address/generate-default-address`). Not retried automatically.
    pub async fn generate_default_address(&self, wallet_name: &str, options: GenerateDefaultAddressOptions) -> Result<DefaultAddress> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .opt_address_type("address_type", options.address_type)
            .opt_text("label", options.label);
        self.execute(&ops::GENERATE_DEFAULT_ADDRESS, a).await
    }

    // ------------------------------------------------------------ Blocks

    /// Chain state; the read-only connectivity check (`GET /api/Blocks/blockchain-info`).
    pub async fn blockchain_info(&self) -> Result<BlockchainInfo> {
        self.execute(&ops::BLOCKCHAIN_INFO, Args::new()).await
    }

    /// Statistics of one block, by height or hash (`GET /api/Blocks/block-stat`).
    pub async fn block_stat(&self, block_height: &str) -> Result<BlockStats> {
        self.execute(&ops::BLOCK_STAT, Args::new().text("block_height", block_height)).await
    }

    /// Header of one block, by height or hash (`GET /api/Blocks/block-header`).
    pub async fn block_header(&self, block_height: &str) -> Result<BlockHeader> {
        self.execute(&ops::BLOCK_HEADER, Args::new().text("block_height", block_height)).await
    }

    /// All transactions of one block (`GET /api/Blocks/block-transaction`).
    pub async fn block_transaction(&self, block_hash: &str) -> Result<BlockTransactions> {
        self.execute(&ops::BLOCK_TRANSACTION, Args::new().text("block_hash", block_hash)).await
    }

    // ------------------------------------------------------------ Litecoin

    /// Any transaction by id, confirmed or in the mempool (`GET /api/Litecoin/transaction-details`).
    pub async fn transaction_details(&self, txid: &str) -> Result<TransactionDetails> {
        self.execute(&ops::TRANSACTION_DETAILS, Args::new().text("txid", txid)).await
    }

    /// One unspent output (`GET /api/Litecoin/get-utxo-details`).
    pub async fn get_utxo_details(&self, txid: &str, vout: u32) -> Result<UtxoDetails> {
        let a = Args::new().text("txid", txid).int("vout", i64::from(vout));
        self.execute(&ops::GET_UTXO_DETAILS, a).await
    }

    // ------------------------------------------------------------ Transactions

    /// Sends from the wallet to an address; the wallet selects coins, signs and broadcasts
    /// (`POST /api/Transactions/send-funds-from-wallet`). Never retried after the request may
    /// have left: a lost answer gives `outcome_unknown` (look for the payment with
    /// [`Client::wallet_transactions`] before sending again).
    pub async fn send_funds_from_wallet(
        &self,
        wallet_name: &str,
        recipient_address: &str,
        amount: Amount,
        options: SendFundsFromWalletOptions,
    ) -> Result<SentFunds> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .text("recipient_address", recipient_address)
            .amount("amount", amount)
            .opt_text("recipient_name", options.recipient_name)
            .opt_text("description", options.description)
            .opt_bool("amount_include_fees", options.amount_include_fees);
        self.execute(&ops::SEND_FUNDS_FROM_WALLET, a).await
    }

    /// Builds an unsigned transaction spending only `sender_address`'s coins in the wallet
    /// (`POST /api/Transactions/create-raw-transaction`).
    pub async fn create_raw_transaction(
        &self,
        wallet_name: &str,
        sender_address: &str,
        recipient_address: &str,
        amount: Amount,
    ) -> Result<RawTransaction> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .text("recipient_address", recipient_address)
            .text("sender_address", sender_address)
            .amount("amount", amount);
        self.execute(&ops::CREATE_RAW_TRANSACTION, a).await
    }

    /// Builds an unsigned transaction from caller-chosen outpoints `utxos[i]:vouts[i]`
    /// (`POST /api/Transactions/create-raw-transaction-v2`).
    pub async fn create_raw_transaction_v2(
        &self,
        sender_address: &str,
        recipient_address: &str,
        amount: Amount,
        utxos: Vec<String>,
        vouts: Vec<u32>,
    ) -> Result<RawTransaction> {
        let a = Args::new()
            .text("sender_address", sender_address)
            .text("recipient_address", recipient_address)
            .amount("amount", amount)
            .list("utxos", utxos)
            .int_list("vouts", vouts.into_iter().map(i64::from).collect());
        self.execute(&ops::CREATE_RAW_TRANSACTION_V2, a).await
    }

    /// Like [`Client::create_raw_transaction`] with an extra service-fee output
    /// (`POST /api/Transactions/create-raw-transaction-v3`).
    pub async fn create_raw_transaction_v3(
        &self,
        wallet_name: &str,
        sender_address: &str,
        recipient_address: &str,
        amount: Amount,
        service_fee_address: &str,
        service_fee_amount: Amount,
    ) -> Result<RawTransaction> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .text("sender_address", sender_address)
            .text("service_fee_address", service_fee_address)
            .text("recipient_address", recipient_address)
            .amount("service_fee_amount", service_fee_amount)
            .amount("amount", amount);
        self.execute(&ops::CREATE_RAW_TRANSACTION_V3, a).await
    }

    /// Signs a raw transaction hex with one WIF private key
    /// (`POST /api/Transactions/sign-transaction`).
    pub async fn sign_transaction(&self, wallet_name: &str, tx_hex: &str, private_key: &Secret) -> Result<SignedTransaction> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .secret("private_key", private_key)
            .text("tx_hex", tx_hex);
        self.execute(&ops::SIGN_TRANSACTION, a).await
    }

    /// Submits a signed transaction (`POST /api/Transactions/broadcast-transaction`). Not
    /// retried automatically; after `outcome_unknown`, look the txid up with
    /// [`Client::transaction_details`].
    pub async fn broadcast_transaction(&self, signed_tx_hex: &str) -> Result<BroadcastResult> {
        self.execute(&ops::BROADCAST_TRANSACTION, Args::new().text("signed_tx_hex", signed_tx_hex)).await
    }

    // ------------------------------------------------------------ Utilities

    /// Issues a one-time code bound to a message signature and the chain tip
    /// (`GET /api/Utilities/get-blockchain-otp`).
    pub async fn get_blockchain_otp(&self, signature: &str) -> Result<BlockchainOtp> {
        self.execute(&ops::GET_BLOCKCHAIN_OTP, Args::new().text("signature", signature)).await
    }

    /// Checks a code from [`Client::get_blockchain_otp`] (`POST /api/Utilities/verify-otp`).
    pub async fn verify_otp(&self, signature: &str, code: &Secret) -> Result<OtpVerification> {
        let a = Args::new().text("signature", signature).secret("code", code);
        self.execute(&ops::VERIFY_OTP, a).await
    }

    // ------------------------------------------------------------ Wallet

    /// Creates an unencrypted, non-importable wallet (`POST /api/Wallet/create`).
    pub async fn create_wallet(&self, wallet_name: &str) -> Result<CreatedWallet> {
        self.execute(&ops::CREATE_WALLET, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Encrypts an existing unencrypted wallet with a chosen passphrase
    /// (`POST /api/Wallet/encrypt-wallet`).
    pub async fn encrypt_wallet(&self, wallet_name: &str, passphrase: &Secret) -> Result<EncryptedWallet> {
        let a = Args::new().text("wallet_name", wallet_name).secret("passphrase", passphrase);
        self.execute(&ops::ENCRYPT_WALLET, a).await
    }

    /// Creates an encrypted wallet; the returned `passphrase` is shown once
    /// (`POST /api/Wallet/create-encrypted-wallet`).
    pub async fn create_encrypted_wallet(&self, wallet_name: &str) -> Result<CreatedEncryptedWallet> {
        self.execute(&ops::CREATE_ENCRYPTED_WALLET, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Creates an unencrypted wallet from a new recovery phrase, returned once as `mnemonics`
    /// (`POST /api/Wallet/create-importable-wallet`).
    pub async fn create_importable_wallet(&self, wallet_name: &str) -> Result<CreatedImportableWallet> {
        self.execute(&ops::CREATE_IMPORTABLE_WALLET, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Creates an encrypted wallet from a new recovery phrase; `mnemonics` and `passphrase`
    /// are returned once (`POST /api/Wallet/create-importable-encrypted-wallet`).
    pub async fn create_importable_encrypted_wallet(&self, wallet_name: &str) -> Result<CreatedImportableEncryptedWallet> {
        self.execute(&ops::CREATE_IMPORTABLE_ENCRYPTED_WALLET, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Recreates a wallet from a recovery phrase under a new name and rescans
    /// (`POST /api/Wallet/import-wallet`).
    pub async fn import_wallet(&self, wallet_name: &str, mnemonics: &Secret) -> Result<ImportedWallet> {
        let a = Args::new().text("wallet_name", wallet_name).secret("mnemonics", mnemonics);
        self.execute(&ops::IMPORT_WALLET, a).await
    }

    /// Wallet summary (`GET /api/Wallet/details`; the credential travels in the query and is
    /// kept out of every log line and error).
    pub async fn wallet_details(&self, wallet_name: &str) -> Result<WalletDetails> {
        self.execute(&ops::WALLET_DETAILS, Args::new().text("wallet_name", wallet_name)).await
    }

    /// One page of the wallet's transactions, newest first (`GET /api/Wallet/transactions`).
    /// See [`Client::wallet_transactions_pages`] for an iterator.
    pub async fn wallet_transactions(&self, wallet_name: &str, options: WalletTransactionsOptions) -> Result<WalletTransactions> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_int("skip", u(options.skip))
            .opt_int("count", u(options.count));
        self.execute(&ops::WALLET_TRANSACTIONS, a).await
    }

    /// Wallet balance (`GET /api/Wallet/balance`).
    pub async fn wallet_balance(&self, wallet_name: &str) -> Result<WalletBalance> {
        self.execute(&ops::WALLET_BALANCE, Args::new().text("wallet_name", wallet_name)).await
    }

    /// The wallet's receive addresses with totals (`GET /api/Wallet/addresses`).
    pub async fn wallet_addresses(&self, wallet_name: &str) -> Result<WalletAddresses> {
        self.execute(&ops::WALLET_ADDRESSES, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Changes an encrypted wallet's passphrase (`POST /api/Wallet/change-passphrase`).
    pub async fn change_passphrase(&self, wallet_name: &str, old_passphrase: &Secret, new_passphrase: &Secret) -> Result<PassphraseChange> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .secret("old_passphrase", old_passphrase)
            .secret("new_passphrase", new_passphrase);
        self.execute(&ops::CHANGE_PASSPHRASE, a).await
    }

    /// The wallet's primary address (`GET /api/Wallet/official-address`).
    pub async fn official_address(&self, wallet_name: &str) -> Result<OfficialAddress> {
        self.execute(&ops::OFFICIAL_ADDRESS, Args::new().text("wallet_name", wallet_name)).await
    }

    /// Signs a message with the key of one of the wallet's legacy addresses
    /// (`POST /api/Wallet/sign-wallet-message`).
    pub async fn sign_wallet_message(&self, wallet_name: &str, address: &str, message: &str, options: SignWalletMessageOptions) -> Result<SignedMessage> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .text("message", message)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .text("address", address);
        self.execute(&ops::SIGN_WALLET_MESSAGE, a).await
    }

    /// Balance of one of the wallet's addresses (`GET /api/Wallet/wallet-address-balance`).
    pub async fn wallet_address_balance(&self, wallet_name: &str, address: &str) -> Result<WalletAddressBalance> {
        let a = Args::new().text("wallet_name", wallet_name).text("address", address);
        self.execute(&ops::WALLET_ADDRESS_BALANCE, a).await
    }

    /// The wallet's transaction entries concerning one of its addresses
    /// (`GET /api/Wallet/wallet-address-transactions`).
    pub async fn wallet_address_transactions(&self, wallet_name: &str, address: &str) -> Result<WalletAddressTransactions> {
        let a = Args::new().text("wallet_name", wallet_name).text("address", address);
        self.execute(&ops::WALLET_ADDRESS_TRANSACTIONS, a).await
    }

    /// Replaces the wallet's HD seed by one derived from the phrase
    /// (`POST /api/Wallet/set-wallet-mnemonics`).
    pub async fn set_wallet_mnemonics(&self, wallet_name: &str, mnemonics: &Secret, options: SetWalletMnemonicsOptions) -> Result<WalletMnemonicsSet> {
        let a = Args::new()
            .text("wallet_name", wallet_name)
            .opt_secret("passphrase", options.passphrase.as_ref())
            .secret("mnemonics", mnemonics);
        self.execute(&ops::SET_WALLET_MNEMONICS, a).await
    }

    /// Address of key 0 for a phrase, Core's scheme (`GET /api/Wallet/wallet-default-address`).
    pub async fn wallet_default_address(&self, mnemonics: &Secret, options: WalletDefaultAddressOptions) -> Result<MnemonicAddress> {
        let a = Args::new()
            .secret("mnemonics", mnemonics)
            .opt_address_type("address_type", options.address_type);
        self.execute(&ops::WALLET_DEFAULT_ADDRESS, a).await
    }

    /// Address of the first receive key for a phrase, BIP44/49/84 scheme
    /// (`GET /api/Wallet/wallet-default-address-v2`).
    pub async fn wallet_default_address_v2(&self, mnemonics: &Secret, options: WalletDefaultAddressOptions) -> Result<MnemonicAddress> {
        let a = Args::new()
            .secret("mnemonics", mnemonics)
            .opt_address_type("address_type", options.address_type);
        self.execute(&ops::WALLET_DEFAULT_ADDRESS_V2, a).await
    }
}
