'use strict';
// The package `wallet-sdk`: the SDK's core (Rust, through the napi-rs addon) for Node.js. The
// client's methods and the error classes are made here from the addon's description of the
// operations and error kinds, so that nothing is written per operation; `index.d.ts` is written
// from the same description (tools/gen-types.mjs).

const util = require('node:util');
const native = require('./native.js');

const DESCRIPTION = native.description();

/** `snake_case` as `camelCase`. */
function camel(name) {
  return name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** `snake_case` as `PascalCase`. */
function pascal(name) {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
}

// ---------------------------------------------------------------- secrets and amounts

/**
 * A secret string (an API key, a passphrase, a recovery phrase, a private key). `toString()`,
 * `toJSON()` and `util.inspect` show `[REDACTED]`; read the value on purpose with `reveal()`.
 * Anywhere the SDK takes a secret it takes a `Secret` or a plain string.
 */
class Secret {
  #value;

  constructor(value) {
    if (typeof value !== 'string') throw new TypeError('a Secret holds a string');
    this.#value = value;
  }

  /** The secret value. Call this only where the value must really be used. */
  reveal() {
    return this.#value;
  }

  toString() {
    return '[REDACTED]';
  }

  toJSON() {
    return '[REDACTED]';
  }

  [util.inspect.custom]() {
    return 'Secret([REDACTED])';
  }
}

/**
 * An exact amount of LTC: a whole number of litoshis (`bigint`), never a floating-point
 * number. `Amount.fromLtc("1.5")`, `Amount.fromLitoshis(150000000n)`; `toString()` gives 8
 * decimals.
 */
class Amount {
  #litoshis;
  #text;

  constructor(litoshis, text) {
    this.#litoshis = litoshis;
    this.#text = text;
  }

  /** Decimal LTC text with at most 8 decimals (`"1.5"`, `"-0.00001640"`). */
  static fromLtc(text) {
    if (typeof text !== 'string') throw new TypeError('Amount.fromLtc takes decimal text, never a number');
    const litoshis = BigInt(unwrap(native.amountFromLtc(text)));
    return Amount.fromLitoshis(litoshis);
  }

  /** A whole number of litoshis (a `bigint`). */
  static fromLitoshis(litoshis) {
    if (typeof litoshis !== 'bigint') throw new TypeError('Amount.fromLitoshis takes a bigint');
    return new Amount(litoshis, unwrap(native.amountFromLitoshis(litoshis.toString())));
  }

  /** The amount in litoshis. */
  get litoshis() {
    return this.#litoshis;
  }

  /** Whether `other` is the same amount. */
  equals(other) {
    return other instanceof Amount && other.#litoshis === this.#litoshis;
  }

  toString() {
    return this.#text;
  }

  toJSON() {
    return this.#text;
  }

  [util.inspect.custom]() {
    return `Amount(${this.#text})`;
  }
}

// ---------------------------------------------------------------- errors

/**
 * Every error of the SDK: `kind` is the snake_case kind (`not_found`, `outcome_unknown`…),
 * with the facts every language gives (`status`, `serviceCode`, `field`, `operation`,
 * `requestId`, `retryable`, `outcomeToken`…). One subclass per kind (`NotFoundError`,
 * `OutcomeUnknownError`…).
 */
class WalletSdkError extends Error {
  constructor(info) {
    super(info.message);
    for (const [key, value] of Object.entries(info)) {
      if (key !== 'message') this[key] = value ?? null;
    }
  }
}

const errorClasses = {};
for (const kind of DESCRIPTION.errorKinds) {
  const name = `${pascal(kind)}Error`;
  // a class with its own name, so that stack traces and `err.name` say which
  const cls = { [name]: class extends WalletSdkError {} }[name];
  Object.defineProperty(cls.prototype, 'name', { value: name });
  errorClasses[kind] = cls;
}
Object.defineProperty(WalletSdkError.prototype, 'name', { value: 'WalletSdkError' });

function makeError(info) {
  const cls = errorClasses[info.kind] ?? WalletSdkError;
  return new cls(info);
}

/** The `ok` of an answer of the addon, or its error thrown. */
function unwrap(answer) {
  if (answer.error) throw makeError(answer.error);
  return answer.ok;
}

// ---------------------------------------------------------------- values

/** A value of the addon as JavaScript's: amounts, secrets, bytes, models (camelCase fields). */
function revive(v) {
  if (Array.isArray(v)) return v.map(revive);
  if (v === null || typeof v !== 'object') return v;
  if ('$amount' in v) return Amount.fromLitoshis(BigInt(v.$amount));
  if ('$secret' in v) return new Secret(v.$secret);
  if ('$bytes' in v) return Buffer.from(v.$bytes, 'base64');
  if (!('$type' in v)) return v; // a JSON value or a map: its keys are data
  const out = {};
  for (const [key, value] of Object.entries(v)) {
    if (!key.startsWith('$')) out[camel(key)] = revive(value);
  }
  // a result's raw JSON (secret fields redacted), and its model's name, kept out of the fields
  if (typeof v.$raw === 'string') Object.defineProperty(out, 'rawJson', { value: v.$raw });
  Object.defineProperty(out, Symbol.toStringTag, { value: v.$type });
  return out;
}

function invalid(field, why) {
  return makeError({ kind: 'invalid_input', message: `invalid input \`${field}\`: ${why}`, field, retryable: false, attempts: 0 });
}

/** An amount input as the addon takes it (decimal text); a `number` is refused, as a float is not exact. */
function amountText(field, value) {
  if (value instanceof Amount) return value.toString();
  if (typeof value === 'string') return value;
  throw invalid(field, 'must be an Amount or decimal text, never a number');
}

function textOf(value) {
  return value instanceof Secret ? value.reveal() : value;
}

/** An input as the addon takes it: amounts as decimal text, secrets revealed. */
function toNative(param, value) {
  if (value === undefined || value === null) return null;
  if (param.kind === 'amount') return amountText(param.name, value);
  if (param.secret) {
    if (value instanceof Secret || typeof value === 'string') return textOf(value);
    throw invalid(param.name, 'must be a Secret or a string');
  }
  return value;
}

// ---------------------------------------------------------------- the client

const CALL = Symbol('call');
const NATIVE_CONSTRUCT = Symbol('nativeConstruct');
/** Entries per request of a pager when none is given: the same in every language. */
const DEFAULT_PAGE_SIZE = DESCRIPTION.defaultPageSize;
const NATIVE = Symbol('native');
let nextCancelId = 1;

/** A listener as the addon calls it: an error it throws is not the call's (a hook must not break calls). */
function guarded(listener) {
  return listener && ((event) => {
    try {
      listener(event);
    } catch {
      // ignored on purpose
    }
  });
}

function abortReason(signal) {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The client: one method per operation (camelCase), each returning a Promise. Required inputs
 * come first; the optional ones, and `signal` (an `AbortSignal`), in an object last.
 *
 *     const client = new Client({ baseUrl, apiKey, timeoutMs: 30000 });
 *     const balance = await client.walletBalance('shop');
 */
class Client {
  constructor(settings = {}) {
    const { baseUrl, apiKey, nodeUrl, onCall, onAbandonedCall, ...rest } = settings;
    if (onCall !== undefined && typeof onCall !== 'function') throw invalid('onCall', 'must be a function');
    if (onAbandonedCall !== undefined && typeof onAbandonedCall !== 'function') throw invalid('onAbandonedCall', 'must be a function');
    if (apiKey !== undefined && nodeUrl !== undefined) throw invalid('apiKey', 'give an API key or a node URL, not both');
    const credential = textOf(apiKey ?? nodeUrl ?? '');
    if (typeof baseUrl !== 'string') throw invalid('baseUrl', 'is required');
    const given = {};
    for (const [key, value] of Object.entries(rest)) given[key] = value instanceof Secret ? value.reveal() : value;
    const abandoned = onAbandonedCall && ((event) => onAbandonedCall({ ...event, error: event.error && makeError(event.error) }));
    this[NATIVE] = this[NATIVE_CONSTRUCT](() => new native.NativeClient(baseUrl, credential, given, guarded(onCall), guarded(abandoned)));
  }

  /** A client of `WALLET_SDK_BASE_URL` with `WALLET_SDK_API_KEY`, and `settings`. */
  static fromEnv(settings = {}) {
    return new Client({ baseUrl: process.env.WALLET_SDK_BASE_URL, apiKey: process.env.WALLET_SDK_API_KEY, ...settings });
  }

  /**
   * A call of the addon, given up when `signal` aborts: the addon drops it (a read leaves
   * nothing behind; a create or send whose request may have left answers
   * `outcome_unknown` with its token), or rejects with the signal's reason.
   */
  async [CALL](run, signal) {
    if (signal?.aborted) throw abortReason(signal);
    const id = signal ? nextCancelId : undefined;
    if (signal) nextCancelId = nextCancelId >= 0xffffffff ? 1 : nextCancelId + 1;
    const onAbort = () => this[NATIVE].cancel(id);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = await run(id);
      if (answer.aborted) throw abortReason(signal);
      return revive(unwrap(answer));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * What became of a create or send that failed with `OutcomeUnknownError` (or a broadcast that failed without an answer): from
   * the error or its `outcomeToken`. A `Resolution`: `state` `applied`, `not_applied` or
   * `unknown`.
   */
  async resolve(errorOrToken, { signal } = {}) {
    const token = errorOrToken instanceof WalletSdkError ? errorOrToken.outcomeToken : errorOrToken;
    if (typeof token !== 'string' || token === '') throw invalid('token', 'this error has no outcome token to resolve');
    return this[CALL]((id) => this[NATIVE].resolve(token, id), signal);
  }

  /** The output each input of `unsignedHex` spends, read from the chain. */
  async prevoutsFor(unsignedHex, { signal } = {}) {
    return this[CALL]((id) => this[NATIVE].prevoutsFor(unsignedHex, id), signal);
  }

  /** `unsignedHex` checked against `intent` before anything signs it. */
  async reviewTransaction(unsignedHex, intent, { signal } = {}) {
    return this[CALL]((id) => this[NATIVE].reviewTransaction(unsignedHex, intentToNative(intent), id), signal);
  }

  /** A fee rate for about `targetBlocks` blocks (default 6), from recent blocks. */
  async estimateFeeRate(targetBlocks, { signal } = {}) {
    return this[CALL]((id) => this[NATIVE].estimateFeeRate(targetBlocks ?? null, id), signal);
  }

  /**
   * Pays `amount` from `senderAddress` to `recipientAddress` with `keys` kept in this process:
   * build (`build` `service` or `local`), review, sign here, broadcast. It takes no signal: once
   * signed, the transaction is broadcast (safe to repeat: the same txid).
   */
  async sendSignedLocally(senderAddress, recipientAddress, amount, keys, options = {}) {
    const { serviceFee, feePolicy, ...rest } = options;
    // refused rather than ignored: a caller who passes one expects to be able to give up
    if ('signal' in rest) throw invalid('signal', 'sendSignedLocally cannot be given up: once signed, the transaction is broadcast');
    const given = { ...rest, feePolicy: policyToNative(feePolicy), serviceFee: serviceFee ? [serviceFee[0], amountText('service_fee', serviceFee[1])] : null };
    return revive(unwrap(await this[NATIVE].sendSignedLocally(senderAddress, recipientAddress, amountText('amount', amount), keys.map(textOf), given)));
  }

  /**
   * The events of `walletName` as they happen, for `for await`: `received`, `confirmed`,
   * `reorged`, `replaced`, `dropped`, `sent`. Save each event's `cursor` once it is handled and
   * resume from it (`{ cursor }`): nothing is repeated, nothing lost. Options: `cursor`,
   * `pollIntervalMs` (default 2000), `confirmations`, `pageSize`, `history`, `signal`.
   */
  async *watchWallet(walletName, options = {}) {
    const { signal, ...rest } = options;
    const events = this[NATIVE_CONSTRUCT](() => this[NATIVE].watchWallet(walletName, rest));
    for (;;) {
      const event = await this[CALL]((id) => events.next(id), signal);
      if (event === null) return;
      yield event;
    }
  }

  /**
   * Waits until the payments to `address` of `walletName` add up to `amount`: a `Payment`,
   * `paid`, `overpaid`, or `underpaid` at `timeoutMs`. Options: `confirmations`, `timeoutMs`,
   * `pollIntervalMs`, `pageSize`, `signal`.
   */
  async waitForPayment(walletName, address, amount, options = {}) {
    const { signal, ...rest } = options;
    return this[CALL]((id) => this[NATIVE].waitForPayment(walletName, address, amountText('amount', amount), rest, id), signal);
  }

  /** The service's base URL. */
  get baseUrl() {
    return this[NATIVE].baseUrl;
  }

  /** The API key's expiry, or `null` (a node URL, or a key without `exp`). */
  get expiresAt() {
    const ms = this[NATIVE].expiresAtMs;
    return ms == null ? null : new Date(ms);
  }

  /** Replaces the credential of this client and of its copies (key rotation); checked first, the old one stays on error. */
  setCredential(credential) {
    if (!(credential instanceof Secret) && typeof credential !== 'string') throw invalid('credential', 'must be a Secret or a string');
    unwrap(this[NATIVE].setCredential(textOf(credential)));
  }

  /**
   * A copy for some calls with another `timeoutMs` (per attempt) or retry policy
   * (`maxAttempts`, `baseBackoffMs`, `maxBackoffMs`); what is not given stays. The copy shares
   * the connection pool, the credential and the hooks.
   */
  withOptions(options = {}) {
    const copy = Object.create(Client.prototype);
    copy[NATIVE] = this[NATIVE_CONSTRUCT](() => this[NATIVE].withOptions(options));
    return copy;
  }

  /**
   * Runs any operation by its snake_case name, untyped: `args` maps the SDK's snake_case input
   * names to values (amounts as `Amount`s or decimal text, secrets as `Secret`s or strings).
   * The answer's `data` comes back as JSON text, with secret fields redacted; parse it with a
   * parser that keeps decimals exact. The checks, retries, outcome rules and `signal` are the
   * typed methods'. For answers whose shape the typed results cannot read.
   */
  async call(operation, args = {}, { signal } = {}) {
    if (typeof operation !== 'string') throw invalid('operation', 'must be the snake_case name of an operation');
    if (args === null || typeof args !== 'object' || Array.isArray(args)) throw invalid('args', 'must be an object');
    const params = new Map(DESCRIPTION.operations.find((op) => op.name === operation)?.params.map((p) => [p.name, p]));
    const given = {};
    for (const [key, value] of Object.entries(args)) given[key] = params.has(key) ? toNative(params.get(key), value) : textOf(value);
    return this[CALL]((id) => this[NATIVE].callUntyped(operation, given, id), signal);
  }

  [NATIVE_CONSTRUCT](make) {
    try {
      return make();
    } catch (e) {
      throw fromNativeThrow(e);
    }
  }
}

/** An error the addon threw with the SDK's error in its message, as its class. */
function fromNativeThrow(e) {
  const text = String(e && e.message);
  const at = text.indexOf('wallet-sdk-error:');
  return at >= 0 ? makeError(JSON.parse(text.slice(at + 'wallet-sdk-error:'.length))) : e;
}

// a paged read's pages, for `for await`: `<method>Pages(...inputs, { pageSize, signal })`
for (const op of DESCRIPTION.operations) {
  const pagesName = `${op.jsName}Pages`;
  if (typeof native.NativeClient.prototype[pagesName] !== 'function') continue;
  const required = op.params.filter((p) => p.required);
  const method = {
    async *[pagesName](...given) {
      const { pageSize = DEFAULT_PAGE_SIZE, signal } = given[required.length] ?? {};
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 0xffffffff) throw invalid('page_size', 'must be a whole number from 1 to 500');
      const pager = this[NATIVE][pagesName](...required.map((p, i) => toNative(p, given[i])), pageSize);
      for (;;) {
        const page = await this[CALL]((id) => pager.next(id), signal);
        if (page === null) return;
        yield page;
      }
    },
  }[pagesName];
  Object.defineProperty(Client.prototype, pagesName, { value: method, writable: true, configurable: true });
}

function policyToNative(policy) {
  if (!policy) return null;
  return { maxFee: policy.maxFee === undefined ? undefined : amountText('max_fee', policy.maxFee), maxFeeRate: policy.maxFeeRate };
}

function intentToNative(intent) {
  const recipients = intent.recipients instanceof Map ? [...intent.recipients] : Array.isArray(intent.recipients) ? intent.recipients : Object.entries(intent.recipients ?? {});
  return {
    senderAddress: intent.senderAddress,
    recipients: recipients.map(([address, amount]) => [address, String(amount)]),
    changeAddress: intent.changeAddress ?? null,
    serviceFee: intent.serviceFee ? [intent.serviceFee[0], String(intent.serviceFee[1])] : null,
    feePolicy: policyToNative(intent.feePolicy),
  };
}

// one method per operation, from the description
for (const op of DESCRIPTION.operations) {
  const required = op.params.filter((p) => p.required);
  const optional = new Map(op.params.filter((p) => !p.required).map((p) => [p.jsName, p]));
  const method = {
    async [op.jsName](...given) {
      const args = {};
      required.forEach((p, i) => {
        args[p.name] = toNative(p, given[i]);
      });
      const options = given[required.length] ?? {};
      if (typeof options !== 'object') throw invalid('options', `${op.jsName} takes its optional inputs and signal in an object`);
      for (const [key, value] of Object.entries(options)) {
        if (key === 'signal') continue;
        const p = optional.get(key);
        if (!p) throw invalid(key, `${op.jsName} has no such option (its options: ${[...optional.keys(), 'signal'].join(', ')})`);
        args[p.name] = toNative(p, value);
      }
      return this[CALL]((id) => this[NATIVE].call(op.name, args, id), options.signal);
    },
  }[op.jsName];
  Object.defineProperty(Client.prototype, op.jsName, { value: method, writable: true, configurable: true });
}

// ---------------------------------------------------------------- offline

function call(answer) {
  return revive(unwrap(answer));
}

function prevoutsToNative(prevouts) {
  return prevouts.map((p) => ({ txid: p.txid, vout: p.vout, amount: String(p.amount), scriptPubkey: p.scriptPubkey, redeemScript: p.redeemScript ?? null }));
}

/** The offline toolkit: no service, no network. */
const offline = {
  parseAddress: (address, network) => call(native.parseAddress(address, network ?? null)),
  isValidAddress: (address, network) => native.isValidAddress(address, network ?? null),
  generateMnemonic: (wordCount = 12) => call(native.generateMnemonic(wordCount)),
  validateMnemonic: (mnemonic) => native.validateMnemonic(textOf(mnemonic)),
  deriveKey: (mnemonic, path, addressType, network, passphrase) => call(native.deriveKey(textOf(mnemonic), path, addressType, network, passphrase == null ? null : textOf(passphrase))),
  keysFromPhrase: (mnemonic, paths, network, passphrase) => call(native.keysFromPhrase(textOf(mnemonic), paths, network, passphrase == null ? null : textOf(passphrase))),
  buildPaymentUri: (address, network, { amount, label, message, extras } = {}) =>
    call(native.buildPaymentUri(address, network, amount == null ? null : String(amount), label ?? null, message ?? null, extras ?? null)),
  wifToKey: (wif, network) => call(native.wifToKey(textOf(wif), network ?? null)),
  addressFromPublicKey: (publicKey, addressType, network) => call(native.addressFromPublicKey(publicKey, addressType, network)),
  signMessage: (privateKey, message, addressType) => call(native.signMessage(textOf(privateKey), message, addressType)),
  verifyMessage: (address, message, signature) => native.verifyMessage(address, message, signature),
  mnemonicToSeed: (mnemonic, passphrase) => call(native.mnemonicToSeed(textOf(mnemonic), passphrase == null ? null : textOf(passphrase))),
  defaultAddress: (mnemonic, network, addressType) => call(native.defaultAddress(textOf(mnemonic), network, addressType ?? null)),
  parsePaymentUri: (uri, network) => call(native.parsePaymentUri(uri, network)),
  paymentQr: (text, { format, errorCorrection, moduleSize } = {}) => call(native.paymentQr(text, format ?? null, errorCorrection ?? null, moduleSize ?? null)),
  parseInput: (text, network) => call(native.parseInput(textOf(text), network)),
  signTransactionLocally: (unsignedHex, keys, prevouts) => call(native.signTransactionLocally(unsignedHex, keys.map(textOf), prevoutsToNative(prevouts))),
  psbtFromTransaction: (unsignedHex, prevouts) => call(native.psbtFromTransaction(unsignedHex, prevoutsToNative(prevouts))),
  signPsbt: (psbt, keys) => call(native.signPsbt(psbt, keys.map(textOf))),
  combinePsbts: (psbts) => call(native.combinePsbts(psbts)),
  finalizePsbt: (psbt) => call(native.finalizePsbt(psbt)),
};

module.exports = { Client, Amount, Secret, WalletSdkError, offline, ...Object.fromEntries(Object.values(errorClasses).map((c) => [c.prototype.name, c])) };
