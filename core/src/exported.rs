// The operations as the bindings export them, declared once: name, documentation, required
// inputs, optional inputs (an options record in Kotlin and Swift, keyword arguments in Python)
// and result type. `ffi/src/client.rs` and `bindings-python/src/lib.rs` each define their own
// `declare_exported!` and call `wallet_sdk::for_each_exported_operation!(declare_exported)`, as
// they do with the models; the uniffi
// crate's tests check it against the core's operation table (every operation and variant once,
// `exported_inputs_match_the_operation_table`).
//
// Input types are the bindings' vocabulary, which each binding maps to its own types:
// `Text`, `Secret`, `Amount`, `Count` (a non-negative integer), `Flag`, `TextList`, `CountList`
// and `AddressType`. Options marked `[shared]` are declared by an earlier operation.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_exported_operation {
    ($callback:ident) => { $callback! {
    // ---------------------------------------------------------------- Address
    /// Creates a new receive address in a wallet (`POST /api/Address/create`). Not retried
    /// automatically. `passphrase` is needed when the wallet is encrypted.
    fn create_address(wallet_name: Text) options
        /// Optional inputs of `create_address`.
        CreateAddressOptions {
            /// Label for the address.
            label: Text,
            /// Address type (omitted: the service's default).
            address_type: AddressType,
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> CreatedAddress;
    /// Adds an `n_required`-of-n multisig address built from `addresses` (wallet addresses or
    /// hex public keys) to the wallet (`POST /api/Address/create-muti-sig-address`).
    fn create_multisig_address(wallet_name: Text, addresses: TextList, n_required: Count, address_type: AddressType) options
        /// Optional inputs of `create_multisig_address`.
        CreateMultisigAddressOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> MultisigAddress;
    /// What the wallet knows about one of its addresses (`GET /api/Address/address-details`).
    fn address_details(wallet_name: Text, address: Text) -> AddressDetails;
    /// Signs a message with a WIF private key (`POST /api/Address/sign-message`).
    fn sign_message(message: Text, private_key: Secret) -> SignedMessage;
    /// Checks a message signature against a (legacy) address (`POST /api/Address/verify-message`).
    fn verify_message(address: Text, message: Text, signature: Text) -> MessageVerification;
    /// One page of the history of any address, newest first
    /// (`GET /api/Address/address-transaction`); the pager follows every page.
    fn address_transaction(address: Text) options
        /// Optional inputs of `address_transaction`.
        AddressTransactionOptions {
            /// Page size (service default 25, max 500).
            take: Count,
            /// Entries to skip.
            skip: Count,
        } -> AddressTransactions;
    /// Confirmed and unconfirmed balance of any address (`GET /api/Address/address-balance`).
    fn address_balance(address: Text) -> AddressBalance;
    /// Exports an address's WIF private key, unlocking with `passphrase`
    /// (`GET /api/Address/address-private-key`).
    fn address_private_key(wallet_name: Text, address: Text) options
        /// Optional inputs of `address_private_key`.
        AddressPrivateKeyOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> PrivateKeyExport;
    /// Exports an address's WIF private key using the wallet's recovery phrase
    /// (`GET /api/Address/address-private-key-v2`).
    fn address_private_key_v2(wallet_name: Text, address: Text, mnemonics: Secret) -> PrivateKeyExport;
    /// `address_private_key_v2` unlocked with the wallet's passphrase instead of its phrase
    /// (the same operation; the phrase is not sent).
    fn address_private_key_v2_with_passphrase(wallet_name: Text, address: Text, passphrase: Secret) -> PrivateKeyExport;
    /// Pre-payment check of an address: validity, ownership, history, deny-list
    /// (`GET /api/Address/screen-address`).
    fn screen_address(wallet_name: Text, address: Text, mnemonics: Secret) -> AddressScreening;
    /// The wallet's default key encoded as the requested type, labelled
    /// (`POST /api/Address/generate-default-address`). Not retried automatically.
    fn generate_default_address(wallet_name: Text) options
        /// Optional inputs of `generate_default_address`.
        GenerateDefaultAddressOptions {
            /// Address type.
            address_type: AddressType,
            /// Label.
            label: Text,
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> DefaultAddress;

    // ---------------------------------------------------------------- Blocks
    /// Chain state; the read-only connectivity check (`GET /api/Blocks/blockchain-info`).
    fn blockchain_info() -> BlockchainInfo;
    /// Statistics of one block, by height or hash (`GET /api/Blocks/block-stat`).
    fn block_stat(block_height: Text) -> BlockStats;
    /// Header of one block, by height or hash (`GET /api/Blocks/block-header`).
    fn block_header(block_height: Text) -> BlockHeader;
    /// All transactions of one block (`GET /api/Blocks/block-transaction`).
    fn block_transaction(block_hash: Text) -> BlockTransactions;

    // ---------------------------------------------------------------- Litecoin
    /// Any transaction by id, confirmed or in the mempool (`GET /api/Litecoin/transaction-details`).
    fn transaction_details(txid: Text) -> TransactionDetails;
    /// One unspent output (`GET /api/Litecoin/get-utxo-details`).
    fn get_utxo_details(txid: Text, vout: Count) -> UtxoDetails;

    // ---------------------------------------------------------------- Transactions
    /// Sends `amount` LTC from the wallet to `recipient_address`; the wallet selects coins,
    /// signs and broadcasts (`POST /api/Transactions/send-funds-from-wallet`). Never repeated
    /// automatically: a lost answer is an outcome-unknown error (look for the payment in the
    /// wallet's transactions before sending again).
    fn send_funds_from_wallet(wallet_name: Text, recipient_address: Text, amount: Amount) options
        /// Optional inputs of `send_funds_from_wallet`.
        SendFundsFromWalletOptions {
            /// Wallet-local note of the recipient's name.
            recipient_name: Text,
            /// Wallet-local description.
            description: Text,
            /// Take the fee from the amount.
            amount_include_fees: Flag,
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> SentFunds;
    /// Builds an unsigned transaction spending only `sender_address`'s coins in the wallet
    /// (`POST /api/Transactions/create-raw-transaction`).
    fn create_raw_transaction(wallet_name: Text, sender_address: Text, recipient_address: Text, amount: Amount) -> RawTransaction;
    /// Builds an unsigned transaction from caller-chosen outpoints `utxos[i]:vouts[i]`
    /// (`POST /api/Transactions/create-raw-transaction-v2`).
    fn create_raw_transaction_v2(sender_address: Text, recipient_address: Text, amount: Amount, utxos: TextList, vouts: CountList) -> RawTransaction;
    /// Like `create_raw_transaction` with an extra service-fee output
    /// (`POST /api/Transactions/create-raw-transaction-v3`).
    fn create_raw_transaction_v3(wallet_name: Text, sender_address: Text, recipient_address: Text, amount: Amount, service_fee_address: Text, service_fee_amount: Amount) -> RawTransaction;
    /// Signs a raw transaction hex with one WIF private key
    /// (`POST /api/Transactions/sign-transaction`).
    fn sign_transaction(wallet_name: Text, tx_hex: Text, private_key: Secret) -> SignedTransaction;
    /// Submits a signed transaction (`POST /api/Transactions/broadcast-transaction`). Not
    /// retried automatically; after an outcome-unknown error look the txid up with
    /// `transaction_details`.
    fn broadcast_transaction(signed_tx_hex: Text) -> BroadcastResult;

    // ---------------------------------------------------------------- Utilities
    /// Issues a one-time code bound to a message signature and the chain tip
    /// (`GET /api/Utilities/get-blockchain-otp`).
    fn get_blockchain_otp(signature: Text) -> BlockchainOtp;
    /// Checks a code from `get_blockchain_otp` (`POST /api/Utilities/verify-otp`).
    fn verify_otp(signature: Text, code: Secret) -> OtpVerification;

    // ---------------------------------------------------------------- Wallet
    /// Creates an unencrypted, non-importable wallet (`POST /api/Wallet/create`).
    fn create_wallet(wallet_name: Text) -> CreatedWallet;
    /// Encrypts an existing unencrypted wallet with a chosen passphrase
    /// (`POST /api/Wallet/encrypt-wallet`).
    fn encrypt_wallet(wallet_name: Text, passphrase: Secret) -> EncryptedWallet;
    /// Creates an encrypted wallet; the returned `passphrase` is shown once
    /// (`POST /api/Wallet/create-encrypted-wallet`).
    fn create_encrypted_wallet(wallet_name: Text) -> CreatedEncryptedWallet;
    /// Creates an unencrypted wallet from a new recovery phrase, returned once as `mnemonics`
    /// (`POST /api/Wallet/create-importable-wallet`).
    fn create_importable_wallet(wallet_name: Text) -> CreatedImportableWallet;
    /// Creates an encrypted wallet from a new recovery phrase; `mnemonics` and `passphrase`
    /// are returned once (`POST /api/Wallet/create-importable-encrypted-wallet`).
    fn create_importable_encrypted_wallet(wallet_name: Text) -> CreatedImportableEncryptedWallet;
    /// Recreates a wallet from a recovery phrase under a new name and rescans
    /// (`POST /api/Wallet/import-wallet`).
    fn import_wallet(wallet_name: Text, mnemonics: Secret) -> ImportedWallet;
    /// Wallet summary (`GET /api/Wallet/details`; the credential travels in the query and is
    /// kept out of every error).
    fn wallet_details(wallet_name: Text) -> WalletDetails;
    /// One page of the wallet's transactions, newest first (`GET /api/Wallet/transactions`);
    /// the pager follows every page.
    fn wallet_transactions(wallet_name: Text) options
        /// Optional inputs of `wallet_transactions`.
        WalletTransactionsOptions {
            /// Entries to skip.
            skip: Count,
            /// Page size (service default 25, max 500).
            count: Count,
        } -> WalletTransactions;
    /// Wallet balance (`GET /api/Wallet/balance`).
    fn wallet_balance(wallet_name: Text) -> WalletBalance;
    /// The wallet's receive addresses with totals (`GET /api/Wallet/addresses`).
    fn wallet_addresses(wallet_name: Text) -> WalletAddresses;
    /// Changes an encrypted wallet's passphrase (`POST /api/Wallet/change-passphrase`).
    fn change_passphrase(wallet_name: Text, old_passphrase: Secret, new_passphrase: Secret) -> PassphraseChange;
    /// The wallet's primary address (`GET /api/Wallet/official-address`).
    fn official_address(wallet_name: Text) -> OfficialAddress;
    /// Signs a message with the key of one of the wallet's legacy addresses
    /// (`POST /api/Wallet/sign-wallet-message`).
    fn sign_wallet_message(wallet_name: Text, address: Text, message: Text) options
        /// Optional inputs of `sign_wallet_message`.
        SignWalletMessageOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> SignedMessage;
    /// Balance of one of the wallet's addresses (`GET /api/Wallet/wallet-address-balance`).
    fn wallet_address_balance(wallet_name: Text, address: Text) -> WalletAddressBalance;
    /// The wallet's transaction entries concerning one of its addresses
    /// (`GET /api/Wallet/wallet-address-transactions`).
    fn wallet_address_transactions(wallet_name: Text, address: Text) -> WalletAddressTransactions;
    /// Replaces the wallet's HD seed by one derived from the phrase
    /// (`POST /api/Wallet/set-wallet-mnemonics`).
    fn set_wallet_mnemonics(wallet_name: Text, mnemonics: Secret) options
        /// Optional inputs of `set_wallet_mnemonics`.
        SetWalletMnemonicsOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret,
        } -> WalletMnemonicsSet;
    /// Address of key 0 for a phrase, Core's scheme (`GET /api/Wallet/wallet-default-address`).
    fn wallet_default_address(mnemonics: Secret) options
        /// Optional inputs of `wallet_default_address` and `wallet_default_address_v2`.
        WalletDefaultAddressOptions {
            /// Address type (omitted: the service's default).
            address_type: AddressType,
        } -> MnemonicAddress;
    /// Address of the first receive key for a phrase, BIP44/49/84 scheme
    /// (`GET /api/Wallet/wallet-default-address-v2`).
    fn wallet_default_address_v2(mnemonics: Secret) options [shared] WalletDefaultAddressOptions {
            address_type: AddressType,
        } -> MnemonicAddress;
} };
}
