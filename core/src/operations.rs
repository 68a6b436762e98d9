//! The declarative table of the 43 operations: method, path, where each input goes (with its
//! exact wire name), idempotency and secret inputs/outputs. Request building is driven by it.
//!
//! Bindings and tests use [`ALL`] to check that every operation is exposed.

/// HTTP method of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HttpMethod {
    /// `GET` (no body).
    Get,
    /// `POST` with a JSON body.
    Post,
}

impl HttpMethod {
    /// `"GET"` or `"POST"`.
    pub fn as_str(self) -> &'static str {
        match self {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
        }
    }
}

/// Where an input travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// An HTTP request header.
    Header,
    /// A URL query parameter.
    Query,
    /// A field of the JSON body.
    Body,
}

/// How an input value is written on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A string.
    Text,
    /// An integer.
    Integer,
    /// An [`crate::Amount`] written as a plain-decimal JSON number.
    Amount,
    /// A boolean.
    Boolean,
    /// A JSON array of strings.
    TextArray,
    /// A list of strings joined with commas into one string (multisig `addresses`).
    TextListCommaJoined,
    /// A JSON array of integers.
    IntegerArray,
    /// An [`crate::AddressType`] written as its integer code (0 legacy … 3 mweb).
    AddressTypeCode,
    /// An [`crate::AddressType`] written as Core's name (`legacy`, `p2sh-segwit`, …).
    AddressTypeName,
}

/// Whether an input must be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Must be given and non-empty.
    Required,
    /// Sent only when the caller gave it.
    Optional,
    /// Optional for the caller; sent as `""` when not given (wire-required field).
    EmptyWhenAbsent,
}

/// One input of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The SDK parameter name (snake_case, one name per concept: `wallet_name`, `passphrase`).
    pub sdk_name: &'static str,
    /// The exact wire name (header, query or body field), odd spellings included.
    pub wire_name: &'static str,
    /// Where it travels.
    pub location: Location,
    /// How it is written.
    pub kind: ValueKind,
    /// Whether it must be given.
    pub presence: Presence,
    /// `true` for secrets (never logged, traced or put in error text).
    pub secret: bool,
}

/// One of the 43 operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The snake_case method name (Rust, Python).
    pub name: &'static str,
    /// The camelCase method name (Kotlin, Swift).
    pub camel_name: &'static str,
    /// The API group (`Wallet`, `Address`, `Transactions`, `Litecoin`, `Blocks`, `Utilities`).
    pub group: &'static str,
    /// The HTTP method.
    pub method: HttpMethod,
    /// The path appended to the base URL.
    pub path: &'static str,
    /// Where the credential (`nodeUrlOrApiAccessKey`) travels: a header, or the query for
    /// `wallet_details`.
    pub credential_location: Location,
    /// The inputs besides the credential.
    pub params: &'static [Param],
    /// `true` when the SDK may retry automatically (operations.md §3).
    pub idempotent: bool,
    /// Wire names of secret fields in the response `data`.
    pub secret_outputs: &'static [&'static str],
}

impl Operation {
    /// Looks up a parameter by its SDK name (the first one, for `wallet_name` sent twice).
    pub fn param(&self, sdk_name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.sdk_name == sdk_name)
    }

    /// The SDK name of a wire field of this operation, if any (for service error `field`s).
    /// The credential is no parameter of an operation (it is the client's): a service error
    /// about it names the wire field `nodeUrlOrApiAccessKey`, in its canonical spelling.
    pub fn sdk_name_of_wire(&self, wire: &str) -> Option<&'static str> {
        if wire.eq_ignore_ascii_case(CREDENTIAL_WIRE_NAME) {
            return Some(CREDENTIAL_WIRE_NAME);
        }
        self.params.iter().find(|p| p.wire_name.eq_ignore_ascii_case(wire)).map(|p| p.sdk_name)
    }
}

/// The wire name of the credential.
pub const CREDENTIAL_WIRE_NAME: &str = "nodeUrlOrApiAccessKey";

use HttpMethod::{Get, Post};
use Location::{Body, Header, Query};
use Presence::{EmptyWhenAbsent, Optional, Required};
use ValueKind::*;

const fn p(
    sdk_name: &'static str,
    wire_name: &'static str,
    location: Location,
    kind: ValueKind,
    presence: Presence,
    secret: bool,
) -> Param {
    Param { sdk_name, wire_name, location, kind, presence, secret }
}

const WALLET_H: Param = p("wallet_name", "walletName", Header, Text, Required, false);
const WALLET_ALT_H: Param = p("wallet_name", "wallet", Header, Text, Required, false);
const PASSPHRASE_H: Param = p("passphrase", "encryptedPassphrase", Header, Text, Optional, true);
const MNEMONICS_H: Param = p("mnemonics", "mnemonics", Header, Text, Required, true);
const ADDRESS_Q: Param = p("address", "address", Query, Text, Required, false);
const WALLET_NAME_B: Param = p("wallet_name", "walletName", Body, Text, Required, false);

#[allow(clippy::too_many_arguments)]
const fn op(
    name: &'static str,
    camel_name: &'static str,
    group: &'static str,
    method: HttpMethod,
    path: &'static str,
    params: &'static [Param],
    idempotent: bool,
    secret_outputs: &'static [&'static str],
) -> Operation {
    Operation { name, camel_name, group, method, path, credential_location: Header, params, idempotent, secret_outputs }
}

// ---- Address (11) ----
/// `POST /api/Address/create`
pub const CREATE_ADDRESS: Operation = op("create_address", "createAddress", "Address", Post, "/api/Address/create", &[
    WALLET_H, PASSPHRASE_H,
    p("label", "label", Body, Text, Optional, false),
    p("address_type", "type", Body, AddressTypeCode, Optional, false),
], false, &[]);
/// `POST /api/Address/create-muti-sig-address`
pub const CREATE_MULTISIG_ADDRESS: Operation = op("create_multisig_address", "createMultisigAddress", "Address", Post, "/api/Address/create-muti-sig-address", &[
    WALLET_H, PASSPHRASE_H,
    p("addresses", "addresses", Body, TextListCommaJoined, Required, false),
    p("n_required", "nreqired", Body, Integer, Required, false),
    p("address_type", "address_type", Body, AddressTypeName, Required, false),
], false, &[]);
/// `GET /api/Address/address-details`
pub const ADDRESS_DETAILS: Operation = op("address_details", "addressDetails", "Address", Get, "/api/Address/address-details", &[WALLET_H, ADDRESS_Q], true, &[]);
/// `POST /api/Address/sign-message`
pub const SIGN_MESSAGE: Operation = op("sign_message", "signMessage", "Address", Post, "/api/Address/sign-message", &[
    p("message", "message", Body, Text, Required, false),
    p("private_key", "addressPrivatKey", Body, Text, Required, true),
], true, &[]);
/// `POST /api/Address/verify-message`
pub const VERIFY_MESSAGE: Operation = op("verify_message", "verifyMessage", "Address", Post, "/api/Address/verify-message", &[
    p("address", "address", Body, Text, Required, false),
    p("message", "message", Body, Text, Required, false),
    p("signature", "signature", Body, Text, Required, false),
], true, &[]);
/// `GET /api/Address/address-transaction`
pub const ADDRESS_TRANSACTION: Operation = op("address_transaction", "addressTransaction", "Address", Get, "/api/Address/address-transaction", &[
    ADDRESS_Q,
    p("take", "take", Query, Integer, Optional, false),
    p("skip", "skip", Query, Integer, Optional, false),
], true, &[]);
/// `GET /api/Address/address-balance`
pub const ADDRESS_BALANCE: Operation = op("address_balance", "addressBalance", "Address", Get, "/api/Address/address-balance", &[ADDRESS_Q], true, &[]);
/// `GET /api/Address/address-private-key`
pub const ADDRESS_PRIVATE_KEY: Operation = op("address_private_key", "addressPrivateKey", "Address", Get, "/api/Address/address-private-key", &[WALLET_ALT_H, PASSPHRASE_H, ADDRESS_Q], true, &["privateKey"]);
/// `GET /api/Address/address-private-key-v2`
pub const ADDRESS_PRIVATE_KEY_V2: Operation = op("address_private_key_v2", "addressPrivateKeyV2", "Address", Get, "/api/Address/address-private-key-v2", &[WALLET_ALT_H, MNEMONICS_H, ADDRESS_Q], true, &["privateKey"]);
/// `GET /api/Address/address-private-key-v2` unlocked with the wallet's passphrase instead of
/// its phrase (the service description: v2 takes either; operations.md A9/C3). Not in [`ALL`]:
/// the same operation as [`ADDRESS_PRIVATE_KEY_V2`].
pub const ADDRESS_PRIVATE_KEY_V2_WITH_PASSPHRASE: Operation = Operation {
    params: &[WALLET_ALT_H, p("passphrase", "encryptedPassphrase", Header, Text, Required, true), ADDRESS_Q],
    ..ADDRESS_PRIVATE_KEY_V2
};
/// `GET /api/Address/screen-address`
pub const SCREEN_ADDRESS: Operation = op("screen_address", "screenAddress", "Address", Get, "/api/Address/screen-address", &[WALLET_ALT_H, MNEMONICS_H, ADDRESS_Q], true, &[]);
/// `POST /api/Address/generate-default-address`
pub const GENERATE_DEFAULT_ADDRESS: Operation = op("generate_default_address", "generateDefaultAddress", "Address", Post, "/api/Address/generate-default-address", &[
    WALLET_H, PASSPHRASE_H,
    p("address_type", "addressType", Body, AddressTypeCode, Optional, false),
    p("label", "label", Body, Text, Optional, false),
], false, &[]);

// ---- Blocks (4) ----
/// `GET /api/Blocks/blockchain-info`
pub const BLOCKCHAIN_INFO: Operation = op("blockchain_info", "blockchainInfo", "Blocks", Get, "/api/Blocks/blockchain-info", &[], true, &[]);
/// `GET /api/Blocks/block-stat`
pub const BLOCK_STAT: Operation = op("block_stat", "blockStat", "Blocks", Get, "/api/Blocks/block-stat", &[
    p("block_height", "blockheight", Query, Text, Required, false),
], true, &[]);
/// `GET /api/Blocks/block-header`
pub const BLOCK_HEADER: Operation = op("block_header", "blockHeader", "Blocks", Get, "/api/Blocks/block-header", &[
    p("block_height", "blockheight", Query, Text, Required, false),
], true, &[]);
/// `GET /api/Blocks/block-transaction`
pub const BLOCK_TRANSACTION: Operation = op("block_transaction", "blockTransaction", "Blocks", Get, "/api/Blocks/block-transaction", &[
    p("block_hash", "blockhash", Query, Text, Required, false),
], true, &[]);

// ---- Litecoin (2) ----
/// `GET /api/Litecoin/transaction-details`
pub const TRANSACTION_DETAILS: Operation = op("transaction_details", "transactionDetails", "Litecoin", Get, "/api/Litecoin/transaction-details", &[
    p("txid", "txid", Query, Text, Required, false),
], true, &[]);
/// `GET /api/Litecoin/get-utxo-details`
pub const GET_UTXO_DETAILS: Operation = op("get_utxo_details", "getUtxoDetails", "Litecoin", Get, "/api/Litecoin/get-utxo-details", &[
    p("txid", "txid", Query, Text, Required, false),
    p("vout", "vout_n", Query, Integer, Required, false),
], true, &[]);

// ---- Transactions (6) ----
/// `POST /api/Transactions/send-funds-from-wallet`
pub const SEND_FUNDS_FROM_WALLET: Operation = op("send_funds_from_wallet", "sendFundsFromWallet", "Transactions", Post, "/api/Transactions/send-funds-from-wallet", &[
    WALLET_H, PASSPHRASE_H,
    p("recipient_address", "recipientAddress", Body, Text, Required, false),
    p("amount", "amount", Body, Amount, Required, false),
    p("recipient_name", "recipientName", Body, Text, Optional, false),
    p("description", "description", Body, Text, Optional, false),
    p("amount_include_fees", "amountIncludeFees", Body, Boolean, Optional, false),
], false, &[]);
/// `POST /api/Transactions/create-raw-transaction`
pub const CREATE_RAW_TRANSACTION: Operation = op("create_raw_transaction", "createRawTransaction", "Transactions", Post, "/api/Transactions/create-raw-transaction", &[
    WALLET_H,
    p("recipient_address", "recipientAddress", Body, Text, Required, false),
    p("sender_address", "senderAddress", Body, Text, Required, false),
    p("amount", "amount", Body, Amount, Required, false),
], true, &[]);
/// `POST /api/Transactions/create-raw-transaction-v2`
pub const CREATE_RAW_TRANSACTION_V2: Operation = op("create_raw_transaction_v2", "createRawTransactionV2", "Transactions", Post, "/api/Transactions/create-raw-transaction-v2", &[
    p("sender_address", "senderAddress", Body, Text, Required, false),
    p("recipient_address", "recipientAddress", Body, Text, Required, false),
    p("amount", "amount", Body, Amount, Required, false),
    p("utxos", "utxos", Body, TextArray, Required, false),
    p("vouts", "vouts_n", Body, IntegerArray, Required, false),
], true, &[]);
/// `POST /api/Transactions/create-raw-transaction-v3`
pub const CREATE_RAW_TRANSACTION_V3: Operation = op("create_raw_transaction_v3", "createRawTransactionV3", "Transactions", Post, "/api/Transactions/create-raw-transaction-v3", &[
    WALLET_H,
    p("sender_address", "senderAddress", Body, Text, Required, false),
    p("service_fee_address", "serviceFeeAddress", Body, Text, Required, false),
    p("recipient_address", "recipientAddress", Body, Text, Required, false),
    p("service_fee_amount", "serviceFeeAmount", Body, Amount, Required, false),
    p("amount", "amount", Body, Amount, Required, false),
], true, &[]);
/// `POST /api/Transactions/sign-transaction` (the wallet travels in the header and the body)
pub const SIGN_TRANSACTION: Operation = op("sign_transaction", "signTransaction", "Transactions", Post, "/api/Transactions/sign-transaction", &[
    WALLET_H, WALLET_NAME_B,
    p("private_key", "addressPrivateKey", Body, Text, Required, true),
    p("tx_hex", "txhash", Body, Text, Required, false),
], true, &[]);
/// `POST /api/Transactions/broadcast-transaction`
pub const BROADCAST_TRANSACTION: Operation = op("broadcast_transaction", "broadcastTransaction", "Transactions", Post, "/api/Transactions/broadcast-transaction", &[
    p("signed_tx_hex", "signedTxHash", Body, Text, Required, false),
], false, &[]);

// ---- Utilities (2) ----
/// `GET /api/Utilities/get-blockchain-otp`
pub const GET_BLOCKCHAIN_OTP: Operation = op("get_blockchain_otp", "getBlockchainOtp", "Utilities", Get, "/api/Utilities/get-blockchain-otp", &[
    p("signature", "signature", Header, Text, Required, false),
], true, &["code"]);
/// `POST /api/Utilities/verify-otp`
pub const VERIFY_OTP: Operation = op("verify_otp", "verifyOtp", "Utilities", Post, "/api/Utilities/verify-otp", &[
    p("signature", "signtaure", Body, Text, Required, false),
    p("code", "code", Body, Text, Required, true),
], false, &[]);

// ---- Wallet (18) ----
/// `POST /api/Wallet/create`
pub const CREATE_WALLET: Operation = op("create_wallet", "createWallet", "Wallet", Post, "/api/Wallet/create", &[WALLET_NAME_B], false, &[]);
/// `POST /api/Wallet/encrypt-wallet`
pub const ENCRYPT_WALLET: Operation = op("encrypt_wallet", "encryptWallet", "Wallet", Post, "/api/Wallet/encrypt-wallet", &[
    WALLET_H,
    p("passphrase", "passphrase", Body, Text, Required, true),
], false, &[]);
/// `POST /api/Wallet/create-encrypted-wallet`
pub const CREATE_ENCRYPTED_WALLET: Operation = op("create_encrypted_wallet", "createEncryptedWallet", "Wallet", Post, "/api/Wallet/create-encrypted-wallet", &[WALLET_NAME_B], false, &["encryptedPassphrase"]);
/// `POST /api/Wallet/create-importable-wallet`
pub const CREATE_IMPORTABLE_WALLET: Operation = op("create_importable_wallet", "createImportableWallet", "Wallet", Post, "/api/Wallet/create-importable-wallet", &[WALLET_NAME_B], false, &["mnemonics"]);
/// `POST /api/Wallet/create-importable-encrypted-wallet`
pub const CREATE_IMPORTABLE_ENCRYPTED_WALLET: Operation = op("create_importable_encrypted_wallet", "createImportableEncryptedWallet", "Wallet", Post, "/api/Wallet/create-importable-encrypted-wallet", &[WALLET_NAME_B], false, &["mnemonics", "encryptedPassphrase"]);
/// `POST /api/Wallet/import-wallet`
pub const IMPORT_WALLET: Operation = op("import_wallet", "importWallet", "Wallet", Post, "/api/Wallet/import-wallet", &[
    p("wallet_name", "new_wallet_name", Body, Text, Required, false),
    p("mnemonics", "mnemonics", Body, Text, Required, true),
], false, &[]);
/// `GET /api/Wallet/details` (the credential travels in the query)
pub const WALLET_DETAILS: Operation = Operation {
    credential_location: Query,
    ..op("wallet_details", "walletDetails", "Wallet", Get, "/api/Wallet/details", &[
        p("wallet_name", "walletName", Query, Text, Required, false),
    ], true, &[])
};
/// `GET /api/Wallet/transactions`
pub const WALLET_TRANSACTIONS: Operation = op("wallet_transactions", "walletTransactions", "Wallet", Get, "/api/Wallet/transactions", &[
    WALLET_H,
    p("skip", "skip", Query, Integer, Optional, false),
    p("count", "count", Query, Integer, Optional, false),
], true, &[]);
/// `GET /api/Wallet/balance`
pub const WALLET_BALANCE: Operation = op("wallet_balance", "walletBalance", "Wallet", Get, "/api/Wallet/balance", &[WALLET_H], true, &[]);
/// `GET /api/Wallet/addresses`
pub const WALLET_ADDRESSES: Operation = op("wallet_addresses", "walletAddresses", "Wallet", Get, "/api/Wallet/addresses", &[WALLET_H], true, &[]);
/// `POST /api/Wallet/change-passphrase` (the wallet is the body field `wallet`)
pub const CHANGE_PASSPHRASE: Operation = op("change_passphrase", "changePassphrase", "Wallet", Post, "/api/Wallet/change-passphrase", &[
    p("wallet_name", "wallet", Body, Text, Required, false),
    p("old_passphrase", "old_passphrase", Body, Text, Required, true),
    p("new_passphrase", "new_passphrase", Body, Text, Required, true),
], false, &[]);
/// `GET /api/Wallet/official-address`
pub const OFFICIAL_ADDRESS: Operation = op("official_address", "officialAddress", "Wallet", Get, "/api/Wallet/official-address", &[WALLET_H], true, &[]);
/// `POST /api/Wallet/sign-wallet-message` (passphrase in the body; `""` when not given)
pub const SIGN_WALLET_MESSAGE: Operation = op("sign_wallet_message", "signWalletMessage", "Wallet", Post, "/api/Wallet/sign-wallet-message", &[
    WALLET_H,
    p("message", "message", Body, Text, Required, false),
    p("passphrase", "passphrase", Body, Text, EmptyWhenAbsent, true),
    p("address", "address", Body, Text, Required, false),
], true, &[]);
/// `GET /api/Wallet/wallet-address-balance`
pub const WALLET_ADDRESS_BALANCE: Operation = op("wallet_address_balance", "walletAddressBalance", "Wallet", Get, "/api/Wallet/wallet-address-balance", &[WALLET_H, ADDRESS_Q], true, &[]);
/// `GET /api/Wallet/wallet-address-transactions` (wallet in the query)
pub const WALLET_ADDRESS_TRANSACTIONS: Operation = op("wallet_address_transactions", "walletAddressTransactions", "Wallet", Get, "/api/Wallet/wallet-address-transactions", &[
    p("wallet_name", "walletName", Query, Text, Required, false),
    ADDRESS_Q,
], true, &[]);
/// `POST /api/Wallet/set-wallet-mnemonics`
pub const SET_WALLET_MNEMONICS: Operation = op("set_wallet_mnemonics", "setWalletMnemonics", "Wallet", Post, "/api/Wallet/set-wallet-mnemonics", &[
    WALLET_H, PASSPHRASE_H,
    p("mnemonics", "mnemonics", Body, Text, Required, true),
], false, &[]);
/// `GET /api/Wallet/wallet-default-address`
pub const WALLET_DEFAULT_ADDRESS: Operation = op("wallet_default_address", "walletDefaultAddress", "Wallet", Get, "/api/Wallet/wallet-default-address", &[
    MNEMONICS_H,
    p("address_type", "addressType", Query, AddressTypeCode, Optional, false),
], true, &["privateKey"]);
/// `GET /api/Wallet/wallet-default-address-v2`
pub const WALLET_DEFAULT_ADDRESS_V2: Operation = op("wallet_default_address_v2", "walletDefaultAddressV2", "Wallet", Get, "/api/Wallet/wallet-default-address-v2", &[
    MNEMONICS_H,
    p("address_type", "addressType", Query, AddressTypeCode, Optional, false),
], true, &["privateKey"]);

/// All 43 operations, in the order of `naming.md`.
pub const ALL: [&Operation; 43] = [
    &CREATE_ADDRESS, &CREATE_MULTISIG_ADDRESS, &ADDRESS_DETAILS, &SIGN_MESSAGE, &VERIFY_MESSAGE,
    &ADDRESS_TRANSACTION, &ADDRESS_BALANCE, &ADDRESS_PRIVATE_KEY, &ADDRESS_PRIVATE_KEY_V2,
    &SCREEN_ADDRESS, &GENERATE_DEFAULT_ADDRESS,
    &BLOCKCHAIN_INFO, &BLOCK_STAT, &BLOCK_HEADER, &BLOCK_TRANSACTION,
    &TRANSACTION_DETAILS, &GET_UTXO_DETAILS,
    &SEND_FUNDS_FROM_WALLET, &CREATE_RAW_TRANSACTION, &CREATE_RAW_TRANSACTION_V2,
    &CREATE_RAW_TRANSACTION_V3, &SIGN_TRANSACTION, &BROADCAST_TRANSACTION,
    &GET_BLOCKCHAIN_OTP, &VERIFY_OTP,
    &CREATE_WALLET, &ENCRYPT_WALLET, &CREATE_ENCRYPTED_WALLET, &CREATE_IMPORTABLE_WALLET,
    &CREATE_IMPORTABLE_ENCRYPTED_WALLET, &IMPORT_WALLET, &WALLET_DETAILS, &WALLET_TRANSACTIONS,
    &WALLET_BALANCE, &WALLET_ADDRESSES, &CHANGE_PASSPHRASE, &OFFICIAL_ADDRESS,
    &SIGN_WALLET_MESSAGE, &WALLET_ADDRESS_BALANCE, &WALLET_ADDRESS_TRANSACTIONS,
    &SET_WALLET_MNEMONICS, &WALLET_DEFAULT_ADDRESS, &WALLET_DEFAULT_ADDRESS_V2,
];

/// Methods that call one of the 43 operations in another form: (snake_case method name,
/// camelCase method name, the operation as that method sends it). Every binding exposes them
/// besides the 43.
pub const VARIANTS: [(&str, &str, &Operation); 1] = [(
    "address_private_key_v2_with_passphrase",
    "addressPrivateKeyV2WithPassphrase",
    &ADDRESS_PRIVATE_KEY_V2_WITH_PASSPHRASE,
)];

/// Looks an operation up by its snake_case or camelCase name.
pub fn by_name(name: &str) -> Option<&'static Operation> {
    ALL.iter().copied().find(|o| o.name == name || o.camel_name == name)
}
