// The types of the package `wallet-sdk`, written by tools/gen-types.mjs from the addon's
// description of the operations, models, error kinds and settings: do not edit.

/** An address type of the service. */
export type AddressType = 'legacy' | 'p2sh-segwit' | 'bech32' | 'mweb';

/** The integer codes sent for address types where the wire wants a code. */
export interface AddressTypeCodes {
  legacy?: number;
  p2shSegwit?: number;
  bech32?: number;
  mweb?: number;
}

/** A Litecoin network. */
export type Network = 'mainnet' | 'testnet' | 'regtest';

/** How one key is shown as an address. */
export type KeyAddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

/**
 * A secret string. `toString()`, `toJSON()` and `util.inspect` show `[REDACTED]`; read the
 * value on purpose with `reveal()`.
 */
export declare class Secret {
  constructor(value: string);
  /** The secret value. Call this only where the value must really be used. */
  reveal(): string;
  toString(): string;
  toJSON(): string;
}

/** An exact amount of LTC: a whole number of litoshis, never a floating-point number. */
export declare class Amount {
  private constructor();
  /** Decimal LTC text with at most 8 decimals (`"1.5"`, `"-0.00001640"`). */
  static fromLtc(text: string): Amount;
  /** A whole number of litoshis. */
  static fromLitoshis(litoshis: bigint): Amount;
  /** The amount in litoshis. */
  readonly litoshis: bigint;
  /** Whether `other` is the same amount. */
  equals(other: Amount): boolean;
  /** LTC with 8 decimals. */
  toString(): string;
  toJSON(): string;
}

/** Every error of the SDK; one subclass per kind. */
export declare class WalletSdkError extends Error {
  /** The kind, in snake_case (`not_found`, `outcome_unknown`…). */
  readonly kind: string;
  readonly status: number | null;
  readonly serviceCode: string | null;
  readonly serviceMessage: string | null;
  readonly requestId: string | null;
  /** The input the error is about. */
  readonly field: string | null;
  /** The operation (snake_case) that failed. */
  readonly operation: string | null;
  readonly nodeCode: number | null;
  readonly nodeMessage: string | null;
  /** Attempts made, the first included. */
  readonly attempts: number;
  /** Whether the same call may be made again as it is. */
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  readonly rawBody: string | null;
  /** What `client.resolve` takes: on an `OutcomeUnknownError` of a create or send, and on a broadcast that failed without an answer. */
  readonly outcomeToken: string | null;
}
/** The error of kind `invalid_input`. */
export declare class InvalidInputError extends WalletSdkError {
  readonly kind: 'invalid_input';
}
/** The error of kind `insecure_transport`. */
export declare class InsecureTransportError extends WalletSdkError {
  readonly kind: 'insecure_transport';
}
/** The error of kind `credential_expired`. */
export declare class CredentialExpiredError extends WalletSdkError {
  readonly kind: 'credential_expired';
}
/** The error of kind `credential_rejected`. */
export declare class CredentialRejectedError extends WalletSdkError {
  readonly kind: 'credential_rejected';
}
/** The error of kind `validation`. */
export declare class ValidationError extends WalletSdkError {
  readonly kind: 'validation';
}
/** The error of kind `not_found`. */
export declare class NotFoundError extends WalletSdkError {
  readonly kind: 'not_found';
}
/** The error of kind `conflict`. */
export declare class ConflictError extends WalletSdkError {
  readonly kind: 'conflict';
}
/** The error of kind `wallet_locked`. */
export declare class WalletLockedError extends WalletSdkError {
  readonly kind: 'wallet_locked';
}
/** The error of kind `insufficient_funds`. */
export declare class InsufficientFundsError extends WalletSdkError {
  readonly kind: 'insufficient_funds';
}
/** The error of kind `rejected`. */
export declare class RejectedError extends WalletSdkError {
  readonly kind: 'rejected';
}
/** The error of kind `rate_limited`. */
export declare class RateLimitedError extends WalletSdkError {
  readonly kind: 'rate_limited';
}
/** The error of kind `service_unavailable`. */
export declare class ServiceUnavailableError extends WalletSdkError {
  readonly kind: 'service_unavailable';
}
/** The error of kind `service_error`. */
export declare class ServiceErrorError extends WalletSdkError {
  readonly kind: 'service_error';
}
/** The error of kind `timeout`. */
export declare class TimeoutError extends WalletSdkError {
  readonly kind: 'timeout';
}
/** The error of kind `outcome_unknown`. */
export declare class OutcomeUnknownError extends WalletSdkError {
  readonly kind: 'outcome_unknown';
}
/** The error of kind `transport`. */
export declare class TransportError extends WalletSdkError {
  readonly kind: 'transport';
}
/** The error of kind `decode`. */
export declare class DecodeError extends WalletSdkError {
  readonly kind: 'decode';
}
/** The error of kind `transaction_mismatch`. */
export declare class TransactionMismatchError extends WalletSdkError {
  readonly kind: 'transaction_mismatch';
}
/** The client's settings: the base URL, the credential, and the optional ones. */
export interface ClientSettings {
  /** The service's base URL. */
  baseUrl: string;
  /** The API key (a JWT). */
  apiKey?: Secret | string;
  /** Or a node URL, instead of an API key. */
  nodeUrl?: Secret | string;
  /** Told of every call once it ends (a logging or metrics hook); never given a secret. */
  onCall?: (event: CallEvent) => void;
  /**
   * Told what became of a create or send given up (its `signal` aborted) after its
   * request may have left: such a call runs to its end, and this is where its outcome lands.
   */
  onAbandonedCall?: (call: AbandonedCall) => void;
  /**
   * Time allowed to connect (default 10 s).
   */
  connectTimeoutMs?: number;
  /**
   * Time allowed for one attempt (default 60 s).
   */
  timeoutMs?: number;
  /**
   * Attempts in total, the first included (default 3; 1 = no retries).
   */
  maxAttempts?: number;
  /**
   * Delay before the first retry, doubled each time (default 200 ms).
   */
  baseBackoffMs?: number;
  /**
   * Cap of the retry delay, and of the service's Retry-After (default 5 s).
   */
  maxBackoffMs?: number;
  /**
   * Product token appended to the User-Agent.
   */
  userAgentSuffix?: string;
  /**
   * Largest answer body accepted, in bytes (default 16 MiB).
   */
  maxResponseBytes?: number;
  /**
   * Allow `http://` to a host other than loopback. The credential then travels unencrypted.
   */
  allowInsecureHttp?: boolean;
  /**
   * Extra trusted root certificates (PEM).
   */
  rootCertificatesPem?: string[];
  /**
   * Trust only the given root certificates, not the bundled web-PKI ones.
   */
  tlsCertsOnly?: boolean;
  /**
   * An HTTP proxy for every request. Written `http://[user:password@]host:port`; https and SOCKS proxies are refused. Without it, the proxy of the environment is used.
   */
  proxy?: Secret | string;
  /**
   * Ignore the proxies of the environment.
   */
  noProxy?: boolean;
  /**
   * Clock skew tolerated when checking the API key's expiry (default 60 s).
   */
  expirySkewSeconds?: number;
  /**
   * The integer codes sent for address types where the wire wants a code. Default legacy 0, p2sh-segwit 1, bech32 2, mweb 3: the service's convention.
   */
  addressTypeCodes?: AddressTypeCodes;
  /**
   * When a request whose answer was lost can no longer be in flight. Only then may resolve say not applied. Default: the timeout plus 60 s.
   */
  settleTimeMs?: number;
  /**
   * The secret that signs the event cursors and outcome tokens of this client. At least 32 characters; it also checks the cursors and tokens taken back. Default: a random key of the process, so give every process that resumes a watch or resolves a token the same one.
   */
  stateKey?: Secret | string;
}

/** One call, once it ended: for logs and metrics. */
export interface CallEvent {
  /** The operation, in snake_case. */
  readonly operation: string;
  /** Requests sent (0 when the call failed before sending). */
  readonly attempts: number;
  /** The HTTP status of the last answer. */
  readonly status: number | null;
  /** From the call's start to its result, retries included. */
  readonly latencyMs: number;
  /** The error's kind, when the call failed. */
  readonly errorKind: string | null;
  /** The service's request id of the last answer. */
  readonly requestId: string | null;
}

/** A create or send (an operation that is not safe to repeat) that ended after its caller gave it up. Never carries a secret. */
export interface AbandonedCall {
  /** The operation, in snake_case. */
  readonly operation: string;
  /** The service's request id, when an answer arrived. */
  readonly requestId: string | null;
  /** The HTTP status, when an answer arrived. */
  readonly status: number | null;
  /** Whether the service answered success: the call took effect. */
  readonly succeeded: boolean;
  /** The error the caller would have had (it may still have taken effect: `OutcomeUnknownError`). */
  readonly error: WalletSdkError | null;
  /** The answer's data as JSON text, secrets redacted, when it succeeded. */
  readonly rawJson: string | null;
}

/** What every call takes last, with its options. */
export interface CallOptions {
  /** Gives the call up: a read or a broadcast is aborted; a create or send that may have been sent ends as `OutcomeUnknownError` with its token. */
  signal?: AbortSignal;
}
/**
 * A new receive address of a wallet.
 */
export interface CreatedAddress {
  /**
   * The new address.
   */
  readonly address: string;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Its label.
   */
  readonly label: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A new multisig address added to a wallet.
 */
export interface MultisigAddress {
  /**
   * The multisig address.
   */
  readonly address: string;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * Signatures required.
   */
  readonly nRequired: number | null;
  /**
   * The keys (addresses or public keys) given.
   */
  readonly keys: string[];
  /**
   * Redeem script hex.
   */
  readonly redeemScript: string | null;
  /**
   * Output descriptor.
   */
  readonly descriptor: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * What a wallet knows about one of its addresses.
 */
export interface AddressDetails {
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * Script hex.
   */
  readonly scriptPubKey: string | null;
  /**
   * Whether the wallet owns it.
   */
  readonly isMine: boolean | null;
  /**
   * Whether watch-only.
   */
  readonly isWatchOnly: boolean | null;
  /**
   * Whether solvable.
   */
  readonly solvable: boolean | null;
  /**
   * Whether a script address.
   */
  readonly isScript: boolean | null;
  /**
   * Whether a witness address.
   */
  readonly isWitness: boolean | null;
  /**
   * Witness version.
   */
  readonly witnessVersion: number | null;
  /**
   * Witness program hex.
   */
  readonly witnessProgram: string | null;
  /**
   * Whether an MWEB address.
   */
  readonly isMweb: boolean | null;
  /**
   * Public key hex.
   */
  readonly pubKey: string | null;
  /**
   * Whether the key is compressed.
   */
  readonly isCompressed: boolean | null;
  /**
   * Whether a change address.
   */
  readonly isChange: boolean | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * HD master fingerprint.
   */
  readonly hdMasterFingerprint: string | null;
  /**
   * Labels.
   */
  readonly labels: string[];
  /**
   * Key creation time (Unix seconds).
   */
  readonly timestamp: number | null;
  /**
   * Output descriptor.
   */
  readonly descriptor: string | null;
  /**
   * MWEB scan public key.
   */
  readonly scanPubKey: string | null;
  /**
   * MWEB spend public key.
   */
  readonly spendPubKey: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A signed message (with a private key, or with a wallet's address).
 */
export interface SignedMessage {
  /**
   * Base64 compact signature.
   */
  readonly signature: string;
  /**
   * The signing address.
   */
  readonly address: string | null;
  /**
   * The message signed.
   */
  readonly message: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * Whether a message signature matches an address.
 */
export interface MessageVerification {
  /**
   * Whether the signature is valid for the address and message.
   */
  readonly valid: boolean;
  /**
   * The address.
   */
  readonly address: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * One page of an address's history (newest first).
 */
export interface AddressTransactions {
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * Entries skipped.
   */
  readonly skip: number | null;
  /**
   * Page size asked for.
   */
  readonly take: number | null;
  /**
   * Total number of entries.
   */
  readonly total: number | null;
  /**
   * Height the address index has reached.
   */
  readonly indexedHeight: number | null;
  /**
   * Chain tip height.
   */
  readonly tipHeight: number | null;
  /**
   * The entries.
   */
  readonly items: AddressTxEntry[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * One entry of an address's history.
 */
export interface AddressTxEntry {
  /**
   * Transaction id.
   */
  readonly txid: string | null;
  /**
   * Block height (null while unconfirmed).
   */
  readonly blockHeight: number | null;
  /**
   * Block hash.
   */
  readonly blockHash: string | null;
  /**
   * Block time (Unix seconds).
   */
  readonly time: number | null;
  /**
   * Confirmations.
   */
  readonly confirmations: number | null;
  /**
   * Received by the address in this transaction.
   */
  readonly received: Amount | null;
  /**
   * Sent from the address in this transaction.
   */
  readonly sent: Amount | null;
  /**
   * `received - sent`.
   */
  readonly net: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The confirmed and unconfirmed balance of any address.
 */
export interface AddressBalance {
  /**
   * Confirmed balance.
   */
  readonly confirmed: Amount;
  /**
   * Unconfirmed balance (may be negative while coins are being spent).
   */
  readonly unconfirmed: Amount;
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * Height of the scan.
   */
  readonly height: number | null;
  /**
   * Number of unspent outputs.
   */
  readonly utxoCount: number | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * An address's exported WIF private key.
 */
export interface PrivateKeyExport {
  /**
   * The WIF private key.
   */
  readonly privateKey: Secret;
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * `wif` or `wif-mweb`.
   */
  readonly format: string | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A pre-payment check of an address: validity, ownership, history, deny-list.
 */
export interface AddressScreening {
  /**
   * Whether the address is valid (an invalid address is not an error).
   */
  readonly isValid: boolean | null;
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * Network (`regtest`, `testnet`, `main`).
   */
  readonly network: string | null;
  /**
   * Whether the wallet owns it.
   */
  readonly isMine: boolean | null;
  /**
   * Whether it has on-chain history.
   */
  readonly hasHistory: boolean | null;
  /**
   * `none` or `flagged`.
   */
  readonly risk: string | null;
  /**
   * Reasons for the risk rating.
   */
  readonly reasons: string[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's default key encoded as an address of the type asked for.
 */
export interface DefaultAddress {
  /**
   * The address.
   */
  readonly address: string;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * Its label.
   */
  readonly label: string | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The chain's state.
 */
export interface BlockchainInfo {
  /**
   * Chain name (`main`, `test`, `regtest`).
   */
  readonly chain: string | null;
  /**
   * Block count.
   */
  readonly blocks: number | null;
  /**
   * Header count.
   */
  readonly headers: number | null;
  /**
   * Best block hash.
   */
  readonly bestBlockHash: string | null;
  /**
   * Difficulty (not an amount; may use exponent notation).
   */
  readonly difficulty: number | null;
  /**
   * Median time past.
   */
  readonly medianTime: number | null;
  /**
   * Verification progress (0..1).
   */
  readonly verificationProgress: number | null;
  /**
   * Whether in initial block download.
   */
  readonly initialBlockDownload: boolean | null;
  /**
   * Chain work hex.
   */
  readonly chainWork: string | null;
  /**
   * Size on disk.
   */
  readonly sizeOnDisk: number | null;
  /**
   * Whether pruned.
   */
  readonly pruned: boolean | null;
  /**
   * Soft forks by name.
   */
  readonly softforks: Record<string, Softfork> | null;
  /**
   * Warnings.
   */
  readonly warnings: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A soft fork's state.
 */
export interface Softfork {
  /**
   * `buried` or `bip9`.
   */
  readonly kind: string | null;
  /**
   * Whether active.
   */
  readonly active: boolean | null;
  /**
   * Activation height.
   */
  readonly height: number | null;
  /**
   * BIP9 status.
   */
  readonly status: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * Statistics of one block (amounts in LTC, fee rates in litoshi/vB).
 */
export interface BlockStats {
  /**
   * Block hash.
   */
  readonly blockHash: string | null;
  /**
   * Height.
   */
  readonly height: number | null;
  /**
   * Time.
   */
  readonly time: number | null;
  /**
   * Median time.
   */
  readonly medianTime: number | null;
  /**
   * Transactions.
   */
  readonly txs: number | null;
  /**
   * Inputs.
   */
  readonly ins: number | null;
  /**
   * Outputs.
   */
  readonly outs: number | null;
  /**
   * Total fee.
   */
  readonly totalFee: Amount | null;
  /**
   * Average fee.
   */
  readonly avgFee: Amount | null;
  /**
   * Minimum fee.
   */
  readonly minFee: Amount | null;
  /**
   * Maximum fee.
   */
  readonly maxFee: Amount | null;
  /**
   * Median fee.
   */
  readonly medianFee: Amount | null;
  /**
   * Average fee rate.
   */
  readonly avgFeeRate: number | null;
  /**
   * Minimum fee rate.
   */
  readonly minFeeRate: number | null;
  /**
   * Maximum fee rate.
   */
  readonly maxFeeRate: number | null;
  /**
   * Fee rate percentiles (10, 25, 50, 75, 90).
   */
  readonly feeRatePercentiles: number[];
  /**
   * Average transaction size.
   */
  readonly avgTxSize: number | null;
  /**
   * Minimum transaction size.
   */
  readonly minTxSize: number | null;
  /**
   * Maximum transaction size.
   */
  readonly maxTxSize: number | null;
  /**
   * Median transaction size.
   */
  readonly medianTxSize: number | null;
  /**
   * Total size.
   */
  readonly totalSize: number | null;
  /**
   * Total weight.
   */
  readonly totalWeight: number | null;
  /**
   * Segwit transactions.
   */
  readonly swTxs: number | null;
  /**
   * Segwit total size.
   */
  readonly swTotalSize: number | null;
  /**
   * Segwit total weight.
   */
  readonly swTotalWeight: number | null;
  /**
   * Block subsidy.
   */
  readonly subsidy: Amount | null;
  /**
   * Total output value.
   */
  readonly totalOut: Amount | null;
  /**
   * UTXO count increase.
   */
  readonly utxoIncrease: number | null;
  /**
   * UTXO size increase.
   */
  readonly utxoSizeInc: number | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The header of one block.
 */
export interface BlockHeader {
  /**
   * Block hash.
   */
  readonly hash: string | null;
  /**
   * Confirmations.
   */
  readonly confirmations: number | null;
  /**
   * Height.
   */
  readonly height: number | null;
  /**
   * Version.
   */
  readonly version: number | null;
  /**
   * Version hex.
   */
  readonly versionHex: string | null;
  /**
   * Merkle root.
   */
  readonly merkleRoot: string | null;
  /**
   * Time.
   */
  readonly time: number | null;
  /**
   * Median time.
   */
  readonly medianTime: number | null;
  /**
   * Nonce.
   */
  readonly nonce: number | null;
  /**
   * Bits.
   */
  readonly bits: string | null;
  /**
   * Difficulty.
   */
  readonly difficulty: number | null;
  /**
   * Chain work.
   */
  readonly chainWork: string | null;
  /**
   * Number of transactions.
   */
  readonly nTx: number | null;
  /**
   * Previous block hash.
   */
  readonly previousBlockHash: string | null;
  /**
   * Next block hash.
   */
  readonly nextBlockHash: string | null;
  /**
   * MWEB amount.
   */
  readonly mwebAmount: Amount | null;
  /**
   * Previous MWEB amount.
   */
  readonly prevMwebAmount: Amount | null;
  /**
   * MWEB header.
   */
  readonly mwebHeader: MwebHeader | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The MWEB header of a block.
 */
export interface MwebHeader {
  /**
   * Hash.
   */
  readonly hash: string | null;
  /**
   * Height.
   */
  readonly height: number | null;
  /**
   * Kernel offset.
   */
  readonly kernelOffset: string | null;
  /**
   * Stealth offset.
   */
  readonly stealthOffset: string | null;
  /**
   * Number of kernels.
   */
  readonly numKernels: number | null;
  /**
   * Number of TXOs.
   */
  readonly numTxos: number | null;
  /**
   * Kernel root.
   */
  readonly kernelRoot: string | null;
  /**
   * Output root.
   */
  readonly outputRoot: string | null;
  /**
   * Leaf root.
   */
  readonly leafRoot: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The transactions of one block.
 */
export interface BlockTransactions {
  /**
   * Block hash.
   */
  readonly blockHash: string | null;
  /**
   * Height.
   */
  readonly height: number | null;
  /**
   * Time.
   */
  readonly time: number | null;
  /**
   * Number of transactions.
   */
  readonly txCount: number | null;
  /**
   * The transactions.
   */
  readonly transactions: BlockTx[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A transaction inside a block.
 */
export interface BlockTx {
  /**
   * Transaction id.
   */
  readonly txid: string | null;
  /**
   * Witness hash.
   */
  readonly hash: string | null;
  /**
   * Version.
   */
  readonly version: number | null;
  /**
   * Size.
   */
  readonly size: number | null;
  /**
   * Virtual size.
   */
  readonly vsize: number | null;
  /**
   * Weight.
   */
  readonly weight: number | null;
  /**
   * Lock time.
   */
  readonly locktime: number | null;
  /**
   * Whether the coinbase.
   */
  readonly isCoinbase: boolean | null;
  /**
   * Whether the MWEB HogEx transaction.
   */
  readonly isHogEx: boolean | null;
  /**
   * Inputs.
   */
  readonly inputs: TxIn[];
  /**
   * Outputs.
   */
  readonly outputs: TxOut[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A transaction input (`TxIn`).
 */
export interface TxIn {
  /**
   * Previous transaction id (null for coinbase).
   */
  readonly txid: string | null;
  /**
   * Previous output index.
   */
  readonly vout: number | null;
  /**
   * Coinbase script hex.
   */
  readonly coinbase: string | null;
  /**
   * Sequence number.
   */
  readonly sequence: number | null;
  /**
   * Whether it is an MWEB input.
   */
  readonly isMweb: boolean | null;
  /**
   * Address of the spent output, where resolved.
   */
  readonly address: string | null;
  /**
   * Value of the spent output, where resolved.
   */
  readonly value: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A transaction output (`TxOut`).
 */
export interface TxOut {
  /**
   * Output index.
   */
  readonly n: number | null;
  /**
   * Value.
   */
  readonly value: Amount | null;
  /**
   * Whether it is an MWEB output.
   */
  readonly isMweb: boolean | null;
  /**
   * Core's script type (`pubkeyhash`, `witness_v0_keyhash`, …).
   */
  readonly scriptType: string | null;
  /**
   * Address, when the script has one.
   */
  readonly address: string | null;
  /**
   * Script hex.
   */
  readonly scriptPubKeyHex: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * Any transaction, confirmed or in the mempool.
 */
export interface TransactionDetails {
  /**
   * Transaction id.
   */
  readonly txid: string | null;
  /**
   * Witness hash.
   */
  readonly hash: string | null;
  /**
   * Version.
   */
  readonly version: number | null;
  /**
   * Size in bytes.
   */
  readonly size: number | null;
  /**
   * Virtual size.
   */
  readonly vsize: number | null;
  /**
   * Weight.
   */
  readonly weight: number | null;
  /**
   * Lock time.
   */
  readonly locktime: number | null;
  /**
   * Block hash (null while unconfirmed).
   */
  readonly blockHash: string | null;
  /**
   * Block height.
   */
  readonly blockHeight: number | null;
  /**
   * Confirmations.
   */
  readonly confirmations: number | null;
  /**
   * Time (Unix seconds).
   */
  readonly time: number | null;
  /**
   * Block time (Unix seconds).
   */
  readonly blockTime: number | null;
  /**
   * Fee (null for coinbase/MWEB).
   */
  readonly fee: Amount | null;
  /**
   * Inputs.
   */
  readonly inputs: TxIn[];
  /**
   * Outputs.
   */
  readonly outputs: TxOut[];
  /**
   * Raw hex.
   */
  readonly hex: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * One unspent output.
 */
export interface UtxoDetails {
  /**
   * Transaction id.
   */
  readonly txid: string | null;
  /**
   * Output index.
   */
  readonly vout: number | null;
  /**
   * Value.
   */
  readonly value: Amount | null;
  /**
   * Confirmations.
   */
  readonly confirmations: number | null;
  /**
   * Whether from a coinbase.
   */
  readonly coinbase: boolean | null;
  /**
   * Whether in the mempool.
   */
  readonly inMempool: boolean | null;
  /**
   * Best block hash.
   */
  readonly bestBlock: string | null;
  /**
   * Script type.
   */
  readonly scriptType: string | null;
  /**
   * Address.
   */
  readonly address: string | null;
  /**
   * Script hex.
   */
  readonly scriptPubKeyHex: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A payment sent from a wallet (or, with an idempotency key, found already sent).
 */
export interface SentFunds {
  /**
   * The transaction id.
   */
  readonly txid: string;
  /**
   * The recipient.
   */
  readonly recipientAddress: string | null;
  /**
   * The amount asked for.
   */
  readonly amount: Amount | null;
  /**
   * What the recipient receives.
   */
  readonly amountReceived: Amount | null;
  /**
   * The fee.
   */
  readonly fee: Amount | null;
  /**
   * What left the wallet.
   */
  readonly totalDebited: Amount | null;
  /**
   * Whether the fee was taken from the amount.
   */
  readonly amountIncludeFees: boolean | null;
  /**
   * Set by the SDK, never by the service: `true` when a send with an `idempotency_key`
   * found an earlier send carrying that key and returned it instead of paying again
   * (then `amount_received`, `fee` and `total_debited` come from the wallet's entry).
   */
  readonly replayed: boolean;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * An unsigned transaction.
 */
export interface RawTransaction {
  /**
   * The unsigned transaction hex.
   */
  readonly hex: string;
  /**
   * The fee.
   */
  readonly fee: Amount | null;
  /**
   * Index of the change output (null when none).
   */
  readonly changePosition: number | null;
  /**
   * The inputs.
   */
  readonly inputs: RawTxInput[];
  /**
   * The outputs.
   */
  readonly outputs: RawTxOutput[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * An input of a built raw transaction.
 */
export interface RawTxInput {
  /**
   * Transaction id of the spent output.
   */
  readonly txid: string | null;
  /**
   * Index of the spent output.
   */
  readonly vout: number | null;
  /**
   * Its value.
   */
  readonly amount: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * An output of a built raw transaction.
 */
export interface RawTxOutput {
  /**
   * Destination address.
   */
  readonly address: string | null;
  /**
   * Value.
   */
  readonly amount: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A transaction signed with one private key.
 */
export interface SignedTransaction {
  /**
   * The (partially) signed transaction hex.
   */
  readonly hex: string;
  /**
   * Whether every input is signed.
   */
  readonly complete: boolean | null;
  /**
   * The transaction id.
   */
  readonly txid: string | null;
  /**
   * Per-input problems (e.g. a wrong key).
   */
  readonly errors: SigningError[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A signing problem of one input.
 */
export interface SigningError {
  /**
   * Transaction id of the input.
   */
  readonly txid: string | null;
  /**
   * Output index of the input.
   */
  readonly vout: number | null;
  /**
   * Core's message.
   */
  readonly error: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A transaction submitted to the network.
 */
export interface BroadcastResult {
  /**
   * The transaction id.
   */
  readonly txid: string;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A one-time code bound to a message signature and the chain tip.
 */
export interface BlockchainOtp {
  /**
   * The one-time code (short-lived secret).
   */
  readonly code: Secret;
  /**
   * Tip hash it is bound to.
   */
  readonly blockHash: string | null;
  /**
   * Tip height.
   */
  readonly blockHeight: number | null;
  /**
   * Issue time (Unix seconds).
   */
  readonly issuedAt: number | null;
  /**
   * Latest expiry (Unix seconds).
   */
  readonly expiresAt: number | null;
  /**
   * Blocks it stays valid for.
   */
  readonly validForBlocks: number | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * Whether a one-time code is valid.
 */
export interface OtpVerification {
  /**
   * Whether the code is valid.
   */
  readonly valid: boolean;
  /**
   * Why not, when invalid.
   */
  readonly reason: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A new unencrypted, non-importable wallet.
 */
export interface CreatedWallet {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (false).
   */
  readonly encrypted: boolean | null;
  /**
   * Whether importable from a phrase (false).
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /**
   * Core's warning, if any.
   */
  readonly warning: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet now encrypted with the passphrase chosen.
 */
export interface EncryptedWallet {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (true).
   */
  readonly encrypted: boolean | null;
  /**
   * HD seed id after encryption.
   */
  readonly hdSeedId: string | null;
  /**
   * Whether the HD seed changed.
   */
  readonly hdSeedChanged: boolean | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A new encrypted wallet. Keep `passphrase`: it is shown once.
 */
export interface CreatedEncryptedWallet {
  /**
   * The generated passphrase (wire `encryptedPassphrase`); needed for every later
   * operation that unlocks the wallet. Shown only once.
   */
  readonly passphrase: Secret;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (true).
   */
  readonly encrypted: boolean | null;
  /**
   * Whether importable (false).
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A new wallet made from a new recovery phrase. Keep `mnemonics`: it is shown once.
 */
export interface CreatedImportableWallet {
  /**
   * The BIP39 recovery phrase. Shown only once.
   */
  readonly mnemonics: Secret;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (false).
   */
  readonly encrypted: boolean | null;
  /**
   * Whether importable (true).
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A new encrypted wallet made from a new recovery phrase. Keep both secrets: they are shown once.
 */
export interface CreatedImportableEncryptedWallet {
  /**
   * The BIP39 recovery phrase. Shown only once.
   */
  readonly mnemonics: Secret;
  /**
   * The generated passphrase (wire `encryptedPassphrase`). Shown only once.
   */
  readonly passphrase: Secret;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (true).
   */
  readonly encrypted: boolean | null;
  /**
   * Whether importable (true).
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet recreated from a recovery phrase.
 */
export interface ImportedWallet {
  /**
   * The new wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether encrypted (false).
   */
  readonly encrypted: boolean | null;
  /**
   * Whether importable (true).
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /**
   * The rescanned range.
   */
  readonly rescan: RescanRange | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A rescan range (`rescan`).
 */
export interface RescanRange {
  /**
   * First height scanned.
   */
  readonly startHeight: number | null;
  /**
   * Last height scanned.
   */
  readonly stopHeight: number | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's summary.
 */
export interface WalletDetails {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Core wallet version.
   */
  readonly walletVersion: number | null;
  /**
   * Wallet format (`bdb`).
   */
  readonly format: string | null;
  /**
   * Whether encrypted.
   */
  readonly encrypted: boolean | null;
  /**
   * Unlocked until (Unix seconds; 0 when locked; null when unencrypted).
   */
  readonly unlockedUntil: number | null;
  /**
   * Whether importable from a phrase.
   */
  readonly importable: boolean | null;
  /**
   * HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * Confirmed balance.
   */
  readonly balance: Amount | null;
  /**
   * Unconfirmed balance.
   */
  readonly unconfirmedBalance: Amount | null;
  /**
   * Immature balance.
   */
  readonly immatureBalance: Amount | null;
  /**
   * Number of transactions.
   */
  readonly txCount: number | null;
  /**
   * Keypool size.
   */
  readonly keypoolSize: number | null;
  /**
   * Internal (change) keypool size.
   */
  readonly keypoolSizeHdInternal: number | null;
  /**
   * Whether private keys are enabled.
   */
  readonly privateKeysEnabled: boolean | null;
  /**
   * `false` or `{ "duration", "progress" }`, as Core reports it.
   */
  readonly scanning: unknown | null;
  /**
   * The wallet's official address.
   */
  readonly officialAddress: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * One page of a wallet's transactions (newest first).
 */
export interface WalletTransactions {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Entries skipped.
   */
  readonly skip: number | null;
  /**
   * Page size asked for.
   */
  readonly count: number | null;
  /**
   * The entries.
   */
  readonly items: WalletTx[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet transaction entry (`WalletTx`, from Core's `listtransactions`).
 */
export interface WalletTx {
  /**
   * Transaction id.
   */
  readonly txid: string | null;
  /**
   * `send`, `receive`, `generate`, `immature` or `orphan`.
   */
  readonly category: string | null;
  /**
   * Address concerned.
   */
  readonly address: string | null;
  /**
   * Address label.
   */
  readonly label: string | null;
  /**
   * Signed amount (negative for sends).
   */
  readonly amount: Amount | null;
  /**
   * Fee (≥ 0, sends only).
   */
  readonly fee: Amount | null;
  /**
   * Output index (null for MWEB).
   */
  readonly vout: number | null;
  /**
   * MWEB output id.
   */
  readonly mwebOutputId: string | null;
  /**
   * Confirmations.
   */
  readonly confirmations: number | null;
  /**
   * Whether the wallet trusts the transaction.
   */
  readonly trusted: boolean | null;
  /**
   * Block hash (null while unconfirmed).
   */
  readonly blockHash: string | null;
  /**
   * Block height.
   */
  readonly blockHeight: number | null;
  /**
   * Index in the block.
   */
  readonly blockIndex: number | null;
  /**
   * Block time (Unix seconds).
   */
  readonly blockTime: number | null;
  /**
   * Transaction time (Unix seconds).
   */
  readonly time: number | null;
  /**
   * Time received (Unix seconds).
   */
  readonly timeReceived: number | null;
  /**
   * Wallet-local comment (`description` at send time).
   */
  readonly comment: string | null;
  /**
   * Wallet-local recipient name (`recipient_name` at send time).
   */
  readonly to: string | null;
  /**
   * BIP125 replaceability: `yes`, `no` or `unknown`.
   */
  readonly replaceable: string | null;
  /**
   * Whether abandoned.
   */
  readonly abandoned: boolean | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's balance.
 */
export interface WalletBalance {
  /**
   * Confirmed (trusted) balance.
   */
  readonly confirmed: Amount;
  /**
   * Unconfirmed (untrusted pending) balance.
   */
  readonly unconfirmed: Amount;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Immature (coinbase) balance.
   */
  readonly immature: Amount | null;
  /**
   * Total.
   */
  readonly total: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's receive addresses.
 */
export interface WalletAddresses {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * The entries.
   */
  readonly addresses: WalletAddress[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * One receive address of a wallet, with its totals.
 */
export interface WalletAddress {
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * Its label.
   */
  readonly label: string | null;
  /**
   * `legacy`, `p2sh-segwit`, `bech32`, `mweb` or `unknown`.
   */
  readonly addressType: string | null;
  /**
   * All-time received.
   */
  readonly totalReceived: Amount | null;
  /**
   * Number of receiving transactions.
   */
  readonly txCount: number | null;
  /**
   * Confirmations of the latest receipt.
   */
  readonly confirmations: number | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet whose passphrase was changed.
 */
export interface PassphraseChange {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Whether changed.
   */
  readonly changed: boolean | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's primary address.
 */
export interface OfficialAddress {
  /**
   * The address.
   */
  readonly address: string;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The balance of one address of a wallet.
 */
export interface WalletAddressBalance {
  /**
   * Confirmed balance.
   */
  readonly confirmed: Amount;
  /**
   * Unconfirmed balance.
   */
  readonly unconfirmed: Amount;
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * All-time received.
   */
  readonly totalReceived: Amount | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet's transaction entries concerning one of its addresses.
 */
export interface WalletAddressTransactions {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * The address.
   */
  readonly address: string | null;
  /**
   * The entries, newest first.
   */
  readonly items: WalletTx[];
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * A wallet whose HD seed now comes from a recovery phrase.
 */
export interface WalletMnemonicsSet {
  /**
   * The wallet's name.
   */
  readonly walletName: string | null;
  /**
   * The new HD seed id.
   */
  readonly hdSeedId: string | null;
  /**
   * The previous HD seed id.
   */
  readonly previousHdSeedId: string | null;
  /**
   * The rescanned range.
   */
  readonly rescan: RescanRange | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/**
 * The address of a recovery phrase's default key (Core's scheme, or BIP44/49/84).
 */
export interface MnemonicAddress {
  /**
   * The address.
   */
  readonly address: string;
  /**
   * Address type name.
   */
  readonly addressType: string | null;
  /**
   * HD key path.
   */
  readonly hdKeyPath: string | null;
  /**
   * Derivation scheme (`core-legacy-hd` or `bip44`).
   */
  readonly scheme: string | null;
  /**
   * The address's private key (WIF), when the service sends it: the makers' summary of
   * `wallet_default_address_v2` says it returns the address "with private key" (the
   * sandbox does not send one).
   */
  readonly privateKey: Secret | null;
  /** The answer's raw JSON, secret fields redacted (results only). */
  readonly rawJson?: string;
}

/** What `client.resolve` found. */
export interface Resolution {
  /** `applied`, `not_applied` or `unknown`. */
  readonly state: 'applied' | 'not_applied' | 'unknown';
  readonly operation: string | null;
  readonly txid: string | null;
  readonly walletName: string | null;
  readonly sent: SentFunds | null;
  readonly secretLost: boolean;
  readonly reason: string;
}

/** The output an input spends, as the chain has it. */
export interface Prevout {
  readonly txid: string;
  readonly vout: number;
  readonly amount: Amount;
  readonly scriptPubkey: string;
  readonly redeemScript?: string | null;
}

/** What the caller asked a transaction to do. */
export interface TransactionIntent {
  senderAddress: string;
  /** Each recipient and exactly its amount: a map, an object, or [address, amount] pairs. */
  recipients: Map<string, Amount | string> | Record<string, Amount | string> | Array<[string, Amount | string]>;
  changeAddress?: string;
  serviceFee?: [string, Amount | string];
  feePolicy?: FeePolicy;
}

/** The most a transaction may pay to the miners (defaults: 0.01 LTC, 1,000 litoshis per vbyte). */
export interface FeePolicy {
  maxFee?: Amount | string;
  maxFeeRate?: number;
}

export interface ReviewedInput { readonly txid: string; readonly vout: number; readonly amount: Amount }
export interface ReviewedOutput { readonly address: string; readonly amount: Amount; readonly role: 'recipient' | 'change' | 'service_fee' }
/** A transaction that does what the intent says. */
export interface TransactionReview {
  readonly inputs: ReviewedInput[];
  readonly outputs: ReviewedOutput[];
  readonly fee: Amount;
  readonly feeRate: number;
  readonly vsize: number;
}
/** A payment signed at home and broadcast. */
export interface SentTransaction { readonly txid: string; readonly hex: string; readonly fee: Amount; readonly review: TransactionReview }
/** A fee rate. */
export interface FeeRate { readonly litoshisPerVbyte: number }

/** One event of a wallet. */
export interface WalletEvent {
  /** What happened. */
  readonly kind: 'received' | 'confirmed' | 'reorged' | 'replaced' | 'dropped' | 'sent';
  readonly txid: string;
  readonly address: string | null;
  /** Positive for a payment received, negative for one sent. */
  readonly amount: Amount;
  readonly confirmations: number;
  /** Where to resume after this event: save it once the event is handled. */
  readonly cursor: string;
}

/** What waiting for a payment found. */
export interface Payment {
  readonly txids: string[];
  readonly received: Amount;
  readonly confirmations: number;
  readonly status: 'paid' | 'underpaid' | 'overpaid';
}

/** The options of `watchWallet`. */
export interface WatchOptions extends CallOptions {
  /** The cursor of the last event handled; none starts a fresh watch. */
  cursor?: string;
  pollIntervalMs?: number;
  confirmations?: number;
  pageSize?: number;
  history?: number;
}

/** The options of `waitForPayment`. */
export interface WaitForPaymentOptions extends CallOptions {
  confirmations?: number;
  timeoutMs?: number;
  pollIntervalMs?: number;
  pageSize?: number;
}

/** The optional inputs of `sendSignedLocally`. */
export interface SendLocallyOptions {
  build?: 'service' | 'local';
  feeRate?: number;
  changeAddress?: string;
  walletName?: string;
  serviceFee?: [string, Amount | string];
  feePolicy?: FeePolicy;
}

/** The client: one method per operation, each returning a Promise. */
export declare class Client {
  constructor(settings: ClientSettings);
  /** A client of `WALLET_SDK_BASE_URL` with `WALLET_SDK_API_KEY`, and the settings given. */
  static fromEnv(settings?: Partial<ClientSettings>): Client;
  /** What became of a create or send that failed with `OutcomeUnknownError`, or of a broadcast that failed without an answer: from the error or its `outcomeToken`. */
  resolve(errorOrToken: WalletSdkError | string, options?: CallOptions): Promise<Resolution>;
  /** The service's base URL. */
  readonly baseUrl: string;
  /** The API key's expiry, or `null` (a node URL, or a key without `exp`). */
  readonly expiresAt: Date | null;
  /** Replaces the credential of this client and of its copies (key rotation); checked first, the old one stays on error. */
  setCredential(credential: Secret | string): void;
  /**
   * A copy for some calls with another per-attempt timeout or retry policy; what is not given
   * stays. The copy shares the connection pool, the credential and the hooks.
   */
  withOptions(options: { timeoutMs?: number; maxAttempts?: number; baseBackoffMs?: number; maxBackoffMs?: number }): Client;
  /**
   * Runs any operation by its snake_case name, untyped: `args` maps the SDK's snake_case input
   * names to values. The answer's `data` comes back as JSON text, secret fields redacted (parse
   * it with a parser that keeps decimals exact). For answers the typed results cannot read.
   */
  call(operation: string, args?: Record<string, unknown>, options?: CallOptions): Promise<string>;
  /** The output each input of `unsignedHex` spends, read from the chain. */
  prevoutsFor(unsignedHex: string, options?: CallOptions): Promise<Prevout[]>;
  /** `unsignedHex` checked against `intent` before anything signs it. */
  reviewTransaction(unsignedHex: string, intent: TransactionIntent, options?: CallOptions): Promise<TransactionReview>;
  /** A fee rate for about `targetBlocks` blocks (default 6), from recent blocks. */
  estimateFeeRate(targetBlocks?: number | null, options?: CallOptions): Promise<FeeRate>;
  /** Pays with keys kept in this process: build, review, sign here, broadcast (no signal: once signed, it is broadcast). */
  sendSignedLocally(senderAddress: string, recipientAddress: string, amount: Amount | string, keys: Array<Secret | string>, options?: SendLocallyOptions): Promise<SentTransaction>;
  /** The events of `walletName` as they happen, for `for await`; resume from an event's `cursor`. */
  watchWallet(walletName: string, options?: WatchOptions): AsyncGenerator<WalletEvent, void, undefined>;
  /** Waits until the payments to `address` add up to `amount`. */
  waitForPayment(walletName: string, address: string, amount: Amount | string, options?: WaitForPaymentOptions): Promise<Payment>;
  /**
   * Creates a new receive address in a wallet. Not retried automatically. `passphrase` is needed
   * when the wallet is encrypted.
   */
  createAddress(walletName: string, options?: CallOptions & { label?: string; addressType?: AddressType; passphrase?: Secret | string }): Promise<CreatedAddress>;
  /**
   * Adds an `n_required`-of-n multisig address built from `addresses` (wallet addresses or hex
   * public keys) to the wallet.
   */
  createMultisigAddress(walletName: string, addresses: string[], nRequired: number, addressType: AddressType, options?: CallOptions & { passphrase?: Secret | string }): Promise<MultisigAddress>;
  /**
   * What the wallet knows about one of its addresses.
   */
  addressDetails(walletName: string, address: string, options?: CallOptions): Promise<AddressDetails>;
  /**
   * Signs a message with a WIF private key.
   */
  signMessage(message: string, privateKey: Secret | string, options?: CallOptions): Promise<SignedMessage>;
  /**
   * Checks a message signature against a (legacy) address.
   */
  verifyMessage(address: string, message: string, signature: string, options?: CallOptions): Promise<MessageVerification>;
  /**
   * One page of the history of any address, newest first; the pager follows every page.
   */
  addressTransaction(address: string, options?: CallOptions & { take?: number; skip?: number }): Promise<AddressTransactions>;
  /** The pages of `addressTransaction`, newest first, for `for await` (`pageSize` entries per request, 1 to 500, default 100). */
  addressTransactionPages(address: string, options?: CallOptions & { pageSize?: number }): AsyncGenerator<AddressTxEntry[], void, undefined>;
  /**
   * Confirmed and unconfirmed balance of any address.
   */
  addressBalance(address: string, options?: CallOptions): Promise<AddressBalance>;
  /**
   * Exports an address's WIF private key, unlocking with `passphrase`.
   */
  addressPrivateKey(walletName: string, address: string, options?: CallOptions & { passphrase?: Secret | string }): Promise<PrivateKeyExport>;
  /**
   * Exports an address's WIF private key using the wallet's recovery phrase. The service also
   * takes the wallet's passphrase instead: `address_private_key_v2_with_passphrase`.
   */
  addressPrivateKeyV2(walletName: string, address: string, mnemonics: Secret | string, options?: CallOptions): Promise<PrivateKeyExport>;
  /**
   * `address_private_key_v2` unlocked with the wallet's passphrase instead of its phrase
   * (the same operation; the passphrase travels as `encryptedPassphrase`, the phrase is not
   * sent).
   */
  addressPrivateKeyV2WithPassphrase(walletName: string, address: string, passphrase: Secret | string, options?: CallOptions): Promise<PrivateKeyExport>;
  /**
   * Pre-payment check of an address: validity, ownership, history, deny-list.
   */
  screenAddress(walletName: string, address: string, mnemonics: Secret | string, options?: CallOptions): Promise<AddressScreening>;
  /**
   * The wallet's default key encoded as the requested type, labelled. Not retried automatically.
   */
  generateDefaultAddress(walletName: string, options?: CallOptions & { addressType?: AddressType; label?: string; passphrase?: Secret | string }): Promise<DefaultAddress>;
  /**
   * Chain state; the read-only connectivity check.
   */
  blockchainInfo(options?: CallOptions): Promise<BlockchainInfo>;
  /**
   * Statistics of one block, by height or hash.
   */
  blockStat(blockHeight: string, options?: CallOptions): Promise<BlockStats>;
  /**
   * Header of one block, by height or hash.
   */
  blockHeader(blockHeight: string, options?: CallOptions): Promise<BlockHeader>;
  /**
   * All transactions of one block.
   */
  blockTransaction(blockHash: string, options?: CallOptions): Promise<BlockTransactions>;
  /**
   * Any transaction by id, confirmed or in the mempool.
   */
  transactionDetails(txid: string, options?: CallOptions): Promise<TransactionDetails>;
  /**
   * One unspent output.
   */
  getUtxoDetails(txid: string, vout: number, options?: CallOptions): Promise<UtxoDetails>;
  /**
   * Sends `amount` LTC from the wallet to `recipient_address`; the wallet selects coins, signs
   * and broadcasts. Never repeated automatically: a lost answer is an outcome-unknown error,
   * whose `resolve` says whether the payment happened when the send had an `idempotency_key`.
   * With a key the SDK first looks for an earlier send carrying it among the wallet's
   * transactions of the last 24 hours and, if there is one, returns it (`replayed` true) instead
   * of paying again; the key is kept at the start of the wallet-local `description` as
   * `[wsdk-idem:KEY] `. A `description` may not contain `wsdk-idem`.
   */
  sendFundsFromWallet(walletName: string, recipientAddress: string, amount: Amount | string, options?: CallOptions & { recipientName?: string; description?: string; amountIncludeFees?: boolean; passphrase?: Secret | string; idempotencyKey?: string }): Promise<SentFunds>;
  /**
   * Builds an unsigned transaction spending only `sender_address`'s coins in the wallet.
   */
  createRawTransaction(walletName: string, senderAddress: string, recipientAddress: string, amount: Amount | string, options?: CallOptions): Promise<RawTransaction>;
  /**
   * Builds an unsigned transaction from caller-chosen outpoints `utxos[i]:vouts[i]`.
   */
  createRawTransactionV2(senderAddress: string, recipientAddress: string, amount: Amount | string, utxos: string[], vouts: number[], options?: CallOptions): Promise<RawTransaction>;
  /**
   * Like `create_raw_transaction` with an extra service-fee output.
   */
  createRawTransactionV3(walletName: string, senderAddress: string, recipientAddress: string, amount: Amount | string, serviceFeeAddress: string, serviceFeeAmount: Amount | string, options?: CallOptions): Promise<RawTransaction>;
  /**
   * Signs a raw transaction hex with one WIF private key.
   */
  signTransaction(walletName: string, txHex: string, privateKey: Secret | string, options?: CallOptions): Promise<SignedTransaction>;
  /**
   * Submits a signed transaction. Safe to repeat, so retried like a read: a transaction cannot
   * be applied twice, and when the node answers that it already has it (in the mempool or in a
   * block) the SDK returns success with the txid it computed locally from the hex (legacy and
   * segwit transactions; not MWEB ones, whose "already known" answers stay errors).
   */
  broadcastTransaction(signedTxHex: string, options?: CallOptions): Promise<BroadcastResult>;
  /**
   * Issues a one-time code bound to a message signature and the chain tip.
   */
  getBlockchainOtp(signature: string, options?: CallOptions): Promise<BlockchainOtp>;
  /**
   * Checks a code from `get_blockchain_otp`.
   */
  verifyOtp(signature: string, code: Secret | string, options?: CallOptions): Promise<OtpVerification>;
  /**
   * Creates an unencrypted, non-importable wallet.
   */
  createWallet(walletName: string, options?: CallOptions): Promise<CreatedWallet>;
  /**
   * Encrypts an existing unencrypted wallet with a chosen passphrase.
   */
  encryptWallet(walletName: string, passphrase: Secret | string, options?: CallOptions): Promise<EncryptedWallet>;
  /**
   * Creates an encrypted wallet; the returned `passphrase` is shown once.
   */
  createEncryptedWallet(walletName: string, options?: CallOptions): Promise<CreatedEncryptedWallet>;
  /**
   * Creates an unencrypted wallet from a new recovery phrase, returned once as `mnemonics`.
   */
  createImportableWallet(walletName: string, options?: CallOptions): Promise<CreatedImportableWallet>;
  /**
   * Creates an encrypted wallet from a new recovery phrase; `mnemonics` and `passphrase` are
   * returned once.
   */
  createImportableEncryptedWallet(walletName: string, options?: CallOptions): Promise<CreatedImportableEncryptedWallet>;
  /**
   * Recreates a wallet from a recovery phrase under a new name and rescans.
   */
  importWallet(walletName: string, mnemonics: Secret | string, options?: CallOptions): Promise<ImportedWallet>;
  /**
   * Wallet summary.
   */
  walletDetails(walletName: string, options?: CallOptions): Promise<WalletDetails>;
  /**
   * One page of the wallet's transactions, newest first; the pager follows every page.
   */
  walletTransactions(walletName: string, options?: CallOptions & { skip?: number; count?: number }): Promise<WalletTransactions>;
  /** The pages of `walletTransactions`, newest first, for `for await` (`pageSize` entries per request, 1 to 500, default 100). */
  walletTransactionsPages(walletName: string, options?: CallOptions & { pageSize?: number }): AsyncGenerator<WalletTx[], void, undefined>;
  /**
   * Wallet balance.
   */
  walletBalance(walletName: string, options?: CallOptions): Promise<WalletBalance>;
  /**
   * The wallet's receive addresses with totals.
   */
  walletAddresses(walletName: string, options?: CallOptions): Promise<WalletAddresses>;
  /**
   * Changes an encrypted wallet's passphrase.
   */
  changePassphrase(walletName: string, oldPassphrase: Secret | string, newPassphrase: Secret | string, options?: CallOptions): Promise<PassphraseChange>;
  /**
   * The wallet's primary address.
   */
  officialAddress(walletName: string, options?: CallOptions): Promise<OfficialAddress>;
  /**
   * Signs a message with the key of one of the wallet's legacy addresses.
   */
  signWalletMessage(walletName: string, address: string, message: string, options?: CallOptions & { passphrase?: Secret | string }): Promise<SignedMessage>;
  /**
   * Balance of one of the wallet's addresses.
   */
  walletAddressBalance(walletName: string, address: string, options?: CallOptions): Promise<WalletAddressBalance>;
  /**
   * The wallet's transaction entries concerning one of its addresses.
   */
  walletAddressTransactions(walletName: string, address: string, options?: CallOptions): Promise<WalletAddressTransactions>;
  /**
   * Replaces the wallet's HD seed by one derived from the phrase.
   */
  setWalletMnemonics(walletName: string, mnemonics: Secret | string, options?: CallOptions & { passphrase?: Secret | string }): Promise<WalletMnemonicsSet>;
  /**
   * Address of key 0 for a phrase, Core's scheme.
   */
  walletDefaultAddress(mnemonics: Secret | string, options?: CallOptions & { addressType?: AddressType }): Promise<MnemonicAddress>;
  /**
   * Address of the first receive key for a phrase, BIP44/49/84 scheme.
   */
  walletDefaultAddressV2(mnemonics: Secret | string, options?: CallOptions & { addressType?: AddressType }): Promise<MnemonicAddress>;
}

/** The offline toolkit: no service, no network. */
export declare const offline: {
  parseAddress(address: string, network?: Network | null): { address: string; network: Network; kind: string; witnessVersion: number | null; scriptPubkey: string | null };
  isValidAddress(address: string, network?: Network | null): boolean;
  generateMnemonic(wordCount?: number): Secret;
  validateMnemonic(mnemonic: Secret | string): boolean;
  deriveKey(mnemonic: Secret | string, path: string, addressType: KeyAddressType, network: Network, passphrase?: Secret | string | null): { path: string; address: string; publicKey: string; privateKey: Secret };
  keysFromPhrase(mnemonic: Secret | string, paths: string[], network: Network, passphrase?: Secret | string | null): Secret[];
  buildPaymentUri(address: string, network: Network, options?: { amount?: Amount | string; label?: string; message?: string; extras?: Array<[string, string]> }): string;
  wifToKey(wif: Secret | string, network?: Network | null): { network: Network; compressed: boolean; publicKey: string };
  addressFromPublicKey(publicKey: string, addressType: KeyAddressType, network: Network): string;
  signMessage(privateKey: Secret | string, message: string, addressType: KeyAddressType): string;
  verifyMessage(address: string, message: string, signature: string): boolean;
  mnemonicToSeed(mnemonic: Secret | string, passphrase?: Secret | string | null): Secret;
  defaultAddress(mnemonic: Secret | string, network: Network, addressType?: KeyAddressType | null): string;
  parsePaymentUri(uri: string, network: Network): { address: string; network: Network; amount: Amount | null; label: string | null; message: string | null; extras: Array<[string, string]> };
  paymentQr(text: string, options?: { format?: 'svg' | 'png'; errorCorrection?: 'L' | 'M' | 'Q' | 'H'; moduleSize?: number }): { format: 'svg' | 'png'; data: Buffer; text: string | null; width: number; modules: number; encodedText: string };
  parseInput(text: Secret | string, network: Network): { kind: string; isSecret: boolean; problem: string | null; [field: string]: unknown };
  signTransactionLocally(unsignedHex: string, keys: Array<Secret | string>, prevouts: Prevout[]): SignedTransaction;
  psbtFromTransaction(unsignedHex: string, prevouts: Prevout[]): string;
  signPsbt(psbt: string, keys: Array<Secret | string>): string;
  combinePsbts(psbts: string[]): string;
  finalizePsbt(psbt: string): SignedTransaction;
};
