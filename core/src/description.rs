// The one description of every operation. Everything else that names an operation is generated
// from it (docs/adr/0013-one-description-per-operation.md):
// - the operation table `wallet_sdk::operations` (method, path, where each input travels),
// - the async methods of `Client` with their options structs, and the blocking `Client`,
// - the Kotlin/Swift exports (`ffi/src/client.rs`) and the Python methods
//   (`bindings-python/src/exported.rs`), hence the Java API and the Python stubs generated from them,
// - the CLI subcommands and their help (from the operation table),
// - `docs/operations.md` (checked by `core/tests/operation_reference.rs`).
//
// An entry: its doc text (every language's documentation), a one-line summary (CLI help, docs),
// `#[wire(...)]` (Rust constant name and camelCase name; the API group; the HTTP method and path;
// `retry = safe` when the SDK may repeat it, `never` otherwise; then optionally
// `exactly_once` (what makes it exactly-once and how `resolve` checks a call of it:
// `broadcast`, `keyed_send`, `creates_wallet`, `encrypts_wallet`; see `operations::ExactlyOnce`),
// `paged = [skip, size]` or `[skip, size, total]` (a paged read: its position and page-size
// inputs, and whether its answer reports the total; see `operations::Paging`), then
// `cursor = [method Cursor FfiPager of Entry]` (the names of what follows its pages: the
// clients' method, the Rust cursor type, the Kotlin/Swift pager object, and the type of one
// entry of a page; everything that follows pages is generated from these, see
// `for_each_paged_read!`),
// `secret_outputs` (wire names of secret answer fields), `credential = query` (where the
// credential travels when not in a header) and `variant_of` (another form of that operation,
// kept out of `operations::ALL`)), then the signature. Each input names its type in the
// bindings' vocabulary (`Text`, `Secret`, `Amount`, `Count` a non-negative integer, `Flag`,
// `TextList`, `CountList`, `AddressType`) and where it travels: `[header|query|body "wire name"]`,
// or `[sdk "name"]` for an input the SDK uses itself and never sends as a field of its own,
// with `code`/`name` for how an address type is written, `comma_joined` for a list sent as one
// string, `empty_when_absent` for an optional input sent as `""`, and a second place after a
// comma when it travels twice. Required inputs come first in the signature; the optional ones
// form an options record (Kotlin, Swift, Rust) or keyword arguments (Python). Options marked
// `[shared]` reuse the record of an earlier operation.
//
// `for_each_operation!(generator)` calls `generator!` with every entry in one flat form that a
// generator matches with one line (see `normalize_operations!` below):
// `{name result [doc…] "summary" [CONST camelName, Group, METHOD "path", retry = …]
//   (input: Type [where], …) [OptionsName [shared?] [doc…] { [doc…] field: Type [where], … }]}`.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_operation {
    ($callback:ident) => { $crate::for_each_operation!([$callback] []); };
    // the generator by its path, and tokens it receives before the entries
    ([$($callback:tt)*] [$($pass:tt)*]) => { $crate::normalize_operations! { [$($callback)*] [$($pass)*];
    // ---------------------------------------------------------------- Address
    /// Creates a new receive address in a wallet. Not retried automatically. `passphrase` is needed
    /// when the wallet is encrypted.
    #[summary = "New receive address in a wallet"]
    #[wire(CREATE_ADDRESS createAddress, Address, POST "/api/Address/create", retry = never)]
    fn create_address(wallet_name: Text [header "walletName"]) options
        /// Optional inputs of `create_address`.
        CreateAddressOptions {
            /// Label for the address.
            label: Text [body "label"],
            /// Address type (omitted: the service's default, bech32 in the sandbox).
            address_type: AddressType [body "type" code],
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
        } -> CreatedAddress;
    /// Adds an `n_required`-of-n multisig address built from `addresses` (wallet addresses or hex
    /// public keys) to the wallet.
    #[summary = "Add an m-of-n multisig address to a wallet"]
    #[wire(CREATE_MULTISIG_ADDRESS createMultisigAddress, Address, POST "/api/Address/create-muti-sig-address", retry = never)]
    fn create_multisig_address(
        wallet_name: Text [header "walletName"],
        addresses: TextList [body "addresses" comma_joined],
        n_required: Count [body "nreqired"],
        address_type: AddressType [body "address_type" name]
    ) options
        /// Optional inputs of `create_multisig_address`.
        CreateMultisigAddressOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
        } -> MultisigAddress;
    /// What the wallet knows about one of its addresses.
    #[summary = "What the wallet knows about an address"]
    #[wire(ADDRESS_DETAILS addressDetails, Address, GET "/api/Address/address-details", retry = safe)]
    fn address_details(wallet_name: Text [header "walletName"], address: Text [query "address"]) -> AddressDetails;
    /// Signs a message with a WIF private key.
    #[summary = "Sign a message with a private key (no wallet)"]
    #[wire(SIGN_MESSAGE signMessage, Address, POST "/api/Address/sign-message", retry = safe)]
    fn sign_message(message: Text [body "message"], private_key: Secret [body "addressPrivatKey"]) -> SignedMessage;
    /// Checks a message signature against a (legacy) address.
    #[summary = "Check a message signature against an address"]
    #[wire(VERIFY_MESSAGE verifyMessage, Address, POST "/api/Address/verify-message", retry = safe)]
    fn verify_message(address: Text [body "address"], message: Text [body "message"], signature: Text [body "signature"]) -> MessageVerification;
    /// One page of the history of any address, newest first; the pager follows every page.
    #[summary = "History of any address, newest first (one page)"]
    #[wire(ADDRESS_TRANSACTION addressTransaction, Address, GET "/api/Address/address-transaction", retry = safe, paged = [skip, take, total], cursor = [address_transaction_pages AddressTransactionPages AddressTransactionPager of AddressTxEntry])]
    fn address_transaction(address: Text [query "address"]) options
        /// Optional inputs of `address_transaction`.
        AddressTransactionOptions {
            /// Page size (service default 25, max 500).
            take: Count [query "take"],
            /// Entries to skip (default 0).
            skip: Count [query "skip"],
        } -> AddressTransactions;
    /// Confirmed and unconfirmed balance of any address.
    #[summary = "Confirmed and unconfirmed balance of any address"]
    #[wire(ADDRESS_BALANCE addressBalance, Address, GET "/api/Address/address-balance", retry = safe)]
    fn address_balance(address: Text [query "address"]) -> AddressBalance;
    /// Exports an address's WIF private key, unlocking with `passphrase`.
    #[summary = "Export the WIF private key of a wallet address (with the passphrase)"]
    #[wire(ADDRESS_PRIVATE_KEY addressPrivateKey, Address, GET "/api/Address/address-private-key", retry = safe,
        secret_outputs = ["privateKey"])]
    fn address_private_key(wallet_name: Text [header "wallet"], address: Text [query "address"]) options
        /// Optional inputs of `address_private_key`.
        AddressPrivateKeyOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
        } -> PrivateKeyExport;
    /// Exports an address's WIF private key using the wallet's recovery phrase. The service also
    /// takes the wallet's passphrase instead: `address_private_key_v2_with_passphrase`.
    #[summary = "Export an address's private key with the recovery phrase"]
    #[wire(ADDRESS_PRIVATE_KEY_V2 addressPrivateKeyV2, Address, GET "/api/Address/address-private-key-v2", retry = safe,
        secret_outputs = ["privateKey"])]
    fn address_private_key_v2(wallet_name: Text [header "wallet"], address: Text [query "address"], mnemonics: Secret [header "mnemonics"]) -> PrivateKeyExport;
    /// `address_private_key_v2` unlocked with the wallet's passphrase instead of its phrase
    /// (the same operation; the passphrase travels as `encryptedPassphrase`, the phrase is not
    /// sent).
    #[summary = "address-private-key-v2 unlocked with the passphrase instead of the phrase"]
    #[wire(ADDRESS_PRIVATE_KEY_V2_WITH_PASSPHRASE addressPrivateKeyV2WithPassphrase, Address, GET "/api/Address/address-private-key-v2", retry = safe,
        secret_outputs = ["privateKey"], variant_of = ADDRESS_PRIVATE_KEY_V2)]
    fn address_private_key_v2_with_passphrase(wallet_name: Text [header "wallet"], address: Text [query "address"], passphrase: Secret [header "encryptedPassphrase"]) -> PrivateKeyExport;
    /// Pre-payment check of an address: validity, ownership, history, deny-list.
    #[summary = "Pre-payment check of an address: validity, ownership, history"]
    #[wire(SCREEN_ADDRESS screenAddress, Address, GET "/api/Address/screen-address", retry = safe)]
    fn screen_address(wallet_name: Text [header "wallet"], address: Text [query "address"], mnemonics: Secret [header "mnemonics"]) -> AddressScreening;
    /// The wallet's default key encoded as the requested type, labelled. Not retried automatically.
    #[summary = "The wallet's default key as an address of a given type, labelled"]
    #[wire(GENERATE_DEFAULT_ADDRESS generateDefaultAddress, Address, POST "/api/Address/generate-default-address", retry = never)]
    fn generate_default_address(wallet_name: Text [header "walletName"]) options
        /// Optional inputs of `generate_default_address`.
        GenerateDefaultAddressOptions {
            /// Address type (omitted: the service's default).
            address_type: AddressType [body "addressType" code],
            /// Label (service default `default`).
            label: Text [body "label"],
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
        } -> DefaultAddress;

    // ---------------------------------------------------------------- Blocks
    /// Chain state; the read-only connectivity check.
    #[summary = "Chain state (the read-only connectivity check)"]
    #[wire(BLOCKCHAIN_INFO blockchainInfo, Blocks, GET "/api/Blocks/blockchain-info", retry = safe)]
    fn blockchain_info() -> BlockchainInfo;
    /// Statistics of one block, by height or hash.
    #[summary = "Statistics of one block"]
    #[wire(BLOCK_STAT blockStat, Blocks, GET "/api/Blocks/block-stat", retry = safe)]
    fn block_stat(block_height: Text [query "blockheight"]) -> BlockStats;
    /// Header of one block, by height or hash.
    #[summary = "Header of one block"]
    #[wire(BLOCK_HEADER blockHeader, Blocks, GET "/api/Blocks/block-header", retry = safe)]
    fn block_header(block_height: Text [query "blockheight"]) -> BlockHeader;
    /// All transactions of one block.
    #[summary = "All transactions of one block"]
    #[wire(BLOCK_TRANSACTION blockTransaction, Blocks, GET "/api/Blocks/block-transaction", retry = safe)]
    fn block_transaction(block_hash: Text [query "blockhash"]) -> BlockTransactions;

    // ---------------------------------------------------------------- Litecoin
    /// Any transaction by id, confirmed or in the mempool.
    #[summary = "Any transaction by id (confirmed or in the mempool)"]
    #[wire(TRANSACTION_DETAILS transactionDetails, Litecoin, GET "/api/Litecoin/transaction-details", retry = safe)]
    fn transaction_details(txid: Text [query "txid"]) -> TransactionDetails;
    /// One unspent output.
    #[summary = "One unspent output"]
    #[wire(GET_UTXO_DETAILS getUtxoDetails, Litecoin, GET "/api/Litecoin/get-utxo-details", retry = safe)]
    fn get_utxo_details(txid: Text [query "txid"], vout: Count [query "vout_n"]) -> UtxoDetails;

    // ---------------------------------------------------------------- Transactions
    /// Sends `amount` LTC from the wallet to `recipient_address`; the wallet selects coins, signs
    /// and broadcasts. Never repeated automatically: a lost answer is an outcome-unknown error,
    /// whose `resolve` says whether the payment happened when the send had an `idempotency_key`.
    /// With a key the SDK first looks for an earlier send carrying it among the wallet's
    /// transactions of the last 24 hours and, if there is one, returns it (`replayed` true) instead
    /// of paying again; the key is kept at the start of the wallet-local `description` as
    /// `[wsdk-idem:KEY] `. A `description` may not contain `wsdk-idem`.
    #[summary = "Send from a wallet to an address (coin selection, signing, broadcast)"]
    #[wire(SEND_FUNDS_FROM_WALLET sendFundsFromWallet, Transactions, POST "/api/Transactions/send-funds-from-wallet", retry = never, exactly_once = keyed_send)]
    fn send_funds_from_wallet(wallet_name: Text [header "walletName"], recipient_address: Text [body "recipientAddress"], amount: Amount [body "amount"]) options
        /// Optional inputs of `send_funds_from_wallet`.
        SendFundsFromWalletOptions {
            /// Wallet-local note of the recipient's name (Core's `comment_to`).
            recipient_name: Text [body "recipientName"],
            /// Wallet-local description (Core's `comment`); it may not contain `wsdk-idem`.
            description: Text [body "description"],
            /// Take the fee from the amount (the recipient receives less).
            amount_include_fees: Flag [body "amountIncludeFees"],
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
            /// Makes the send exactly-once: 1 to 64 characters `A-Z a-z 0-9 _ -`, one payment per
            /// key and wallet. The key is held in this process until its send settles; across
            /// processes, one sender per key at a time. Not sent as a field of its own: it travels
            /// in the wallet-local description.
            idempotency_key: Text [sdk "idempotency_key"],
        } -> SentFunds;
    /// Builds an unsigned transaction spending only `sender_address`'s coins in the wallet.
    #[summary = "Unsigned transaction spending one wallet address's coins"]
    #[wire(CREATE_RAW_TRANSACTION createRawTransaction, Transactions, POST "/api/Transactions/create-raw-transaction", retry = safe)]
    fn create_raw_transaction(
        wallet_name: Text [header "walletName"],
        sender_address: Text [body "senderAddress"],
        recipient_address: Text [body "recipientAddress"],
        amount: Amount [body "amount"]
    ) -> RawTransaction;
    /// Builds an unsigned transaction from caller-chosen outpoints `utxos[i]:vouts[i]`.
    #[summary = "Unsigned transaction from chosen outpoints (no wallet)"]
    #[wire(CREATE_RAW_TRANSACTION_V2 createRawTransactionV2, Transactions, POST "/api/Transactions/create-raw-transaction-v2", retry = safe)]
    fn create_raw_transaction_v2(
        sender_address: Text [body "senderAddress"],
        recipient_address: Text [body "recipientAddress"],
        amount: Amount [body "amount"],
        utxos: TextList [body "utxos"],
        vouts: CountList [body "vouts_n"]
    ) -> RawTransaction;
    /// Like `create_raw_transaction` with an extra service-fee output.
    #[summary = "Unsigned transaction with an extra service-fee output"]
    #[wire(CREATE_RAW_TRANSACTION_V3 createRawTransactionV3, Transactions, POST "/api/Transactions/create-raw-transaction-v3", retry = safe)]
    fn create_raw_transaction_v3(
        wallet_name: Text [header "walletName"],
        sender_address: Text [body "senderAddress"],
        recipient_address: Text [body "recipientAddress"],
        amount: Amount [body "amount"],
        service_fee_address: Text [body "serviceFeeAddress"],
        service_fee_amount: Amount [body "serviceFeeAmount"]
    ) -> RawTransaction;
    /// Signs a raw transaction hex with one WIF private key.
    #[summary = "Sign a raw transaction with one private key"]
    #[wire(SIGN_TRANSACTION signTransaction, Transactions, POST "/api/Transactions/sign-transaction", retry = safe)]
    fn sign_transaction(
        wallet_name: Text [header "walletName", body "walletName"],
        tx_hex: Text [body "txhash"],
        private_key: Secret [body "addressPrivateKey"]
    ) -> SignedTransaction;
    /// Submits a signed transaction. Safe to repeat, so retried like a read: a transaction cannot
    /// be applied twice, and when the node answers that it already has it (in the mempool or in a
    /// block) the SDK returns success with the txid it computed locally from the hex (legacy and
    /// segwit transactions; not MWEB ones, whose "already known" answers stay errors).
    #[summary = "Submit a signed transaction to the network"]
    #[wire(BROADCAST_TRANSACTION broadcastTransaction, Transactions, POST "/api/Transactions/broadcast-transaction", retry = safe, exactly_once = broadcast)]
    fn broadcast_transaction(signed_tx_hex: Text [body "signedTxHash"]) -> BroadcastResult;

    // ---------------------------------------------------------------- Utilities
    /// Issues a one-time code bound to a message signature and the chain tip.
    #[summary = "Issue a one-time code bound to a message signature and the chain tip"]
    #[wire(GET_BLOCKCHAIN_OTP getBlockchainOtp, Utilities, GET "/api/Utilities/get-blockchain-otp", retry = safe,
        secret_outputs = ["code"])]
    fn get_blockchain_otp(signature: Text [header "signature"]) -> BlockchainOtp;
    /// Checks a code from `get_blockchain_otp`.
    #[summary = "Check a one-time code"]
    #[wire(VERIFY_OTP verifyOtp, Utilities, POST "/api/Utilities/verify-otp", retry = never)]
    fn verify_otp(signature: Text [body "signtaure"], code: Secret [body "code"]) -> OtpVerification;

    // ---------------------------------------------------------------- Wallet
    /// Creates an unencrypted, non-importable wallet.
    #[summary = "Create an unencrypted, non-importable wallet"]
    #[wire(CREATE_WALLET createWallet, Wallet, POST "/api/Wallet/create", retry = never, exactly_once = creates_wallet)]
    fn create_wallet(wallet_name: Text [body "walletName"]) -> CreatedWallet;
    /// Encrypts an existing unencrypted wallet with a chosen passphrase.
    #[summary = "Encrypt an existing wallet with a passphrase of your choice"]
    #[wire(ENCRYPT_WALLET encryptWallet, Wallet, POST "/api/Wallet/encrypt-wallet", retry = never, exactly_once = encrypts_wallet)]
    fn encrypt_wallet(wallet_name: Text [header "walletName"], passphrase: Secret [body "passphrase"]) -> EncryptedWallet;
    /// Creates an encrypted wallet; the returned `passphrase` is shown once.
    #[summary = "Create an encrypted wallet; its passphrase is returned once"]
    #[wire(CREATE_ENCRYPTED_WALLET createEncryptedWallet, Wallet, POST "/api/Wallet/create-encrypted-wallet", retry = never, exactly_once = creates_wallet,
        secret_outputs = ["encryptedPassphrase"])]
    fn create_encrypted_wallet(wallet_name: Text [body "walletName"]) -> CreatedEncryptedWallet;
    /// Creates an unencrypted wallet from a new recovery phrase, returned once as `mnemonics`.
    #[summary = "Create a wallet from a new recovery phrase, returned once"]
    #[wire(CREATE_IMPORTABLE_WALLET createImportableWallet, Wallet, POST "/api/Wallet/create-importable-wallet", retry = never, exactly_once = creates_wallet,
        secret_outputs = ["mnemonics"])]
    fn create_importable_wallet(wallet_name: Text [body "walletName"]) -> CreatedImportableWallet;
    /// Creates an encrypted wallet from a new recovery phrase; `mnemonics` and `passphrase` are
    /// returned once.
    #[summary = "Create an encrypted wallet from a new recovery phrase (both returned once)"]
    #[wire(CREATE_IMPORTABLE_ENCRYPTED_WALLET createImportableEncryptedWallet, Wallet, POST "/api/Wallet/create-importable-encrypted-wallet", retry = never, exactly_once = creates_wallet,
        secret_outputs = ["mnemonics", "encryptedPassphrase"])]
    fn create_importable_encrypted_wallet(wallet_name: Text [body "walletName"]) -> CreatedImportableEncryptedWallet;
    /// Recreates a wallet from a recovery phrase under a new name and rescans.
    #[summary = "Recreate a wallet from a recovery phrase under a new name"]
    #[wire(IMPORT_WALLET importWallet, Wallet, POST "/api/Wallet/import-wallet", retry = never, exactly_once = creates_wallet)]
    fn import_wallet(wallet_name: Text [body "new_wallet_name"], mnemonics: Secret [body "mnemonics"]) -> ImportedWallet;
    /// Wallet summary.
    #[summary = "Wallet summary"]
    #[wire(WALLET_DETAILS walletDetails, Wallet, GET "/api/Wallet/details", retry = safe, credential = query)]
    fn wallet_details(wallet_name: Text [query "walletName"]) -> WalletDetails;
    /// One page of the wallet's transactions, newest first; the pager follows every page.
    #[summary = "The wallet's transactions, newest first (one page)"]
    #[wire(WALLET_TRANSACTIONS walletTransactions, Wallet, GET "/api/Wallet/transactions", retry = safe, paged = [skip, count], cursor = [wallet_transactions_pages WalletTransactionPages WalletTransactionPager of WalletTx])]
    fn wallet_transactions(wallet_name: Text [header "walletName"]) options
        /// Optional inputs of `wallet_transactions`.
        WalletTransactionsOptions {
            /// Entries to skip (default 0).
            skip: Count [query "skip"],
            /// Page size (service default 25, max 500).
            count: Count [query "count"],
        } -> WalletTransactions;
    /// Wallet balance.
    #[summary = "Wallet balance"]
    #[wire(WALLET_BALANCE walletBalance, Wallet, GET "/api/Wallet/balance", retry = safe)]
    fn wallet_balance(wallet_name: Text [header "walletName"]) -> WalletBalance;
    /// The wallet's receive addresses with totals.
    #[summary = "The wallet's receive addresses with totals"]
    #[wire(WALLET_ADDRESSES walletAddresses, Wallet, GET "/api/Wallet/addresses", retry = safe)]
    fn wallet_addresses(wallet_name: Text [header "walletName"]) -> WalletAddresses;
    /// Changes an encrypted wallet's passphrase.
    #[summary = "Change an encrypted wallet's passphrase"]
    #[wire(CHANGE_PASSPHRASE changePassphrase, Wallet, POST "/api/Wallet/change-passphrase", retry = never)]
    fn change_passphrase(
        wallet_name: Text [body "wallet"],
        old_passphrase: Secret [body "old_passphrase"],
        new_passphrase: Secret [body "new_passphrase"]
    ) -> PassphraseChange;
    /// The wallet's primary address.
    #[summary = "The wallet's primary address"]
    #[wire(OFFICIAL_ADDRESS officialAddress, Wallet, GET "/api/Wallet/official-address", retry = safe)]
    fn official_address(wallet_name: Text [header "walletName"]) -> OfficialAddress;
    /// Signs a message with the key of one of the wallet's legacy addresses.
    #[summary = "Sign a message with one of the wallet's legacy addresses"]
    #[wire(SIGN_WALLET_MESSAGE signWalletMessage, Wallet, POST "/api/Wallet/sign-wallet-message", retry = safe)]
    fn sign_wallet_message(wallet_name: Text [header "walletName"], address: Text [body "address"], message: Text [body "message"]) options
        /// Optional inputs of `sign_wallet_message`.
        SignWalletMessageOptions {
            /// The wallet's passphrase, when encrypted (`""` is sent without one).
            passphrase: Secret [body "passphrase" empty_when_absent],
        } -> SignedMessage;
    /// Balance of one of the wallet's addresses.
    #[summary = "Balance of one address of a wallet"]
    #[wire(WALLET_ADDRESS_BALANCE walletAddressBalance, Wallet, GET "/api/Wallet/wallet-address-balance", retry = safe)]
    fn wallet_address_balance(wallet_name: Text [header "walletName"], address: Text [query "address"]) -> WalletAddressBalance;
    /// The wallet's transaction entries concerning one of its addresses.
    #[summary = "A wallet's entries that concern one of its addresses"]
    #[wire(WALLET_ADDRESS_TRANSACTIONS walletAddressTransactions, Wallet, GET "/api/Wallet/wallet-address-transactions", retry = safe)]
    fn wallet_address_transactions(wallet_name: Text [query "walletName"], address: Text [query "address"]) -> WalletAddressTransactions;
    /// Replaces the wallet's HD seed by one derived from the phrase.
    #[summary = "Replace the wallet's HD seed by one from a recovery phrase"]
    #[wire(SET_WALLET_MNEMONICS setWalletMnemonics, Wallet, POST "/api/Wallet/set-wallet-mnemonics", retry = never)]
    fn set_wallet_mnemonics(wallet_name: Text [header "walletName"], mnemonics: Secret [body "mnemonics"]) options
        /// Optional inputs of `set_wallet_mnemonics`.
        SetWalletMnemonicsOptions {
            /// The wallet's passphrase, when encrypted.
            passphrase: Secret [header "encryptedPassphrase"],
        } -> WalletMnemonicsSet;
    /// Address of key 0 for a phrase, Core's scheme.
    #[summary = "Address of key 0 for a recovery phrase (Core scheme)"]
    #[wire(WALLET_DEFAULT_ADDRESS walletDefaultAddress, Wallet, GET "/api/Wallet/wallet-default-address", retry = safe,
        secret_outputs = ["privateKey"])]
    fn wallet_default_address(mnemonics: Secret [header "mnemonics"]) options
        /// Optional inputs of `wallet_default_address` and `wallet_default_address_v2`.
        WalletDefaultAddressOptions {
            /// Address type (omitted: the service's default, bech32).
            address_type: AddressType [query "addressType" code],
        } -> MnemonicAddress;
    /// Address of the first receive key for a phrase, BIP44/49/84 scheme.
    #[summary = "First receive address for a recovery phrase (BIP44/49/84)"]
    #[wire(WALLET_DEFAULT_ADDRESS_V2 walletDefaultAddressV2, Wallet, GET "/api/Wallet/wallet-default-address-v2", retry = safe,
        secret_outputs = ["privateKey"])]
    fn wallet_default_address_v2(mnemonics: Secret [header "mnemonics"]) options [shared] WalletDefaultAddressOptions {
            address_type: AddressType [query "addressType" code],
        } -> MnemonicAddress;
} };
}

/// Reads the entries of [`for_each_operation!`] once and hands them to the generator in the
/// flat form.
#[doc(hidden)]
#[macro_export]
macro_rules! normalize_operations {
    ([$($callback:tt)*] [$($pass:tt)*]; $(
        $(#[doc = $doc:literal])*
        #[summary = $summary:literal]
        #[wire($($wire:tt)*)]
        fn $name:ident ( $($arg:ident : $ty:ident [$($w:tt)*]),* $(,)? )
            $( options $([$shared:ident])? $(#[doc = $odoc:literal])* $oname:ident { $( $(#[doc = $fdoc:literal])* $f:ident : $ft:ident [$($fw:tt)*] ),* $(,)? } )?
            -> $ret:ident ;
    )*) => {
        $($callback)*! { $($pass)* $(
            {$name $ret [$($doc)*] $summary [$($wire)*] ($($arg : $ty [$($w)*]),*) [$($oname [$($shared)?] [$($odoc)*] { $([$($fdoc)*] $f : $ft [$($fw)*]),* })?]}
        )* }
    };
}

/// Calls `generator!` once per paged read (an operation whose description says `paged`), with
/// what follows its pages:
/// `{name camelName CONST Result Entry [method Cursor FfiPager] [skip size total?] (input: Type, …)}`:
/// the operation and its camelCase name, its constant, its result (one page) and the type of one entry, the names of
/// the clients' method, the Rust cursor type and the Kotlin/Swift pager object, the SDK names of
/// its position and page-size inputs (and `total` when the answer reports it), and its own
/// required inputs.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_paged_read {
    ($callback:ident) => { $crate::for_each_operation!([$crate::select_paged_reads] [[$callback]]); };
}

#[doc(hidden)]
#[macro_export]
macro_rules! select_paged_reads {
    ([$callback:ident] $({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($options:tt)*]})*) => {
        $( $crate::paged_read_if! { $callback [$($wire)*] $name $ret ($($arg : $ty),*) } )*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! paged_read_if {
    ($callback:ident [$const:ident $camel:ident, $group:ident, $method:ident $path:literal, retry = $retry:ident,
        paged = [$skip:ident, $size:ident $(, $total:ident)?], cursor = [$pages:ident $cursor:ident $pager:ident of $entry:ident]]
        $name:ident $ret:ident ($($arg:ident : $ty:ident),*)) => {
        $callback! { {$name $camel $const $ret $entry [$pages $cursor $pager] [$skip $size $($total)?] ($($arg : $ty),*)} }
    };
    ($callback:ident [$($not_paged:tt)*] $($rest:tt)*) => {};
}
