#!/usr/bin/env node
// Writes the package's `index.d.ts` and `index.mjs` from the addon's description of the
// operations, models, error kinds and settings (what index.js builds the client from), so that
// the types are never kept by hand.
//
//     node tools/gen-types.mjs            write them
//     node tools/gen-types.mjs --check    fail when they differ from what the description gives

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = createRequire(import.meta.url)('../native.js');
const { operations, records, errorKinds, settings, defaultPageSize } = native.description();

const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = (s) => camel(s).replace(/^./, (c) => c.toUpperCase());

/** A documentation comment, indented. */
function doc(text, indent = '') {
  const lines = String(text ?? '').trim().split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return '';
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l.replace(/\*\//g, '* /')}`).join('\n')}\n${indent} */\n`;
}

/** A model field's type. */
function fieldType(t) {
  if (typeof t === 'string') {
    return { bool: 'boolean', int: 'number', float: 'number', text: 'string', amount: 'Amount', secret: 'Secret', json: 'unknown' }[t];
  }
  if (t.optional) return `${fieldType(t.optional)} | null`;
  if (t.list) {
    const inner = fieldType(t.list);
    return inner.includes('|') ? `Array<${inner}>` : `${inner}[]`;
  }
  if (t.map) return `Record<string, ${fieldType(t.map)}>`;
  return t.record;
}

/** An input's type. */
function paramType(p) {
  if (p.secret) return 'Secret | string';
  return { text: 'string', int: 'number', amount: 'Amount | string', bool: 'boolean', text_list: 'string[]', int_list: 'number[]', address_type: 'AddressType' }[p.kind];
}

function settingType(s) {
  return { Duration: 'number', Count: 'number', Bytes: 'number', Text: 'string', Flag: 'boolean', Pems: 'string[]', SecretText: 'Secret | string', Codes: 'AddressTypeCodes' }[s.kind];
}

const out = [];
out.push(`// The types of the package \`wallet-sdk\`, written by tools/gen-types.mjs from the addon's
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
 * A secret string. \`toString()\`, \`toJSON()\` and \`util.inspect\` show \`[REDACTED]\`; read the
 * value on purpose with \`reveal()\`.
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
  /** Decimal LTC text with at most 8 decimals (\`"1.5"\`, \`"-0.00001640"\`). */
  static fromLtc(text: string): Amount;
  /** A whole number of litoshis. */
  static fromLitoshis(litoshis: bigint): Amount;
  /** The amount in litoshis. */
  readonly litoshis: bigint;
  /** Whether \`other\` is the same amount. */
  equals(other: Amount): boolean;
  /** LTC with 8 decimals. */
  toString(): string;
  toJSON(): string;
}

/** Every error of the SDK; one subclass per kind. */
export declare class WalletSdkError extends Error {
  /** The kind, in snake_case (\`not_found\`, \`outcome_unknown\`…). */
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
  /** What \`client.resolve\` takes: on an \`OutcomeUnknownError\` of a create or send, and on a broadcast that failed without an answer. */
  readonly outcomeToken: string | null;
}
`);
for (const kind of errorKinds) {
  out.push(`/** The error of kind \`${kind}\`. */\nexport declare class ${pascal(kind)}Error extends WalletSdkError {\n  readonly kind: '${kind}';\n}\n`);
}

out.push(`/** The client's settings: the base URL, the credential, and the optional ones. */
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
   * Told what became of a create or send given up (its \`signal\` aborted) after its
   * request may have left: such a call runs to its end, and this is where its outcome lands.
   */
  onAbandonedCall?: (call: AbandonedCall) => void;
`);
for (const s of settings) out.push(`${doc(s.doc, '  ')}  ${s.name}?: ${settingType(s)};\n`);
out.push(`}

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
  /** The error the caller would have had (it may still have taken effect: \`OutcomeUnknownError\`). */
  readonly error: WalletSdkError | null;
  /** The answer's data as JSON text, secrets redacted, when it succeeded. */
  readonly rawJson: string | null;
}

/** What every call takes last, with its options. */
export interface CallOptions {
  /** Gives the call up: a read or a broadcast is aborted; a create or send that may have been sent ends as \`OutcomeUnknownError\` with its token. */
  signal?: AbortSignal;
}
`);

for (const r of records) {
  out.push(doc(r.doc));
  out.push(`export interface ${r.name} {\n`);
  for (const f of r.fields) out.push(`${doc(f.doc, '  ')}  readonly ${f.jsName}: ${fieldType(f.type)};\n`);
  out.push(`  /** The answer's raw JSON, secret fields redacted (results only). */\n  readonly rawJson?: string;\n}\n\n`);
}

out.push(`/** What \`client.resolve\` found. */
export interface Resolution {
  /** \`applied\`, \`not_applied\` or \`unknown\`. */
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

/** The options of \`watchWallet\`. */
export interface WatchOptions extends CallOptions {
  /** The cursor of the last event handled; none starts a fresh watch. */
  cursor?: string;
  pollIntervalMs?: number;
  confirmations?: number;
  pageSize?: number;
  history?: number;
}

/** The options of \`waitForPayment\`. */
export interface WaitForPaymentOptions extends CallOptions {
  confirmations?: number;
  timeoutMs?: number;
  pollIntervalMs?: number;
  pageSize?: number;
}

/** The optional inputs of \`sendSignedLocally\`. */
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
  /** A client of \`WALLET_SDK_BASE_URL\` with \`WALLET_SDK_API_KEY\`, and the settings given. */
  static fromEnv(settings?: Partial<ClientSettings>): Client;
  /** What became of a create or send that failed with \`OutcomeUnknownError\`, or of a broadcast that failed without an answer: from the error or its \`outcomeToken\`. */
  resolve(errorOrToken: WalletSdkError | string, options?: CallOptions): Promise<Resolution>;
  /** The service's base URL. */
  readonly baseUrl: string;
  /** The API key's expiry, or \`null\` (a node URL, or a key without \`exp\`). */
  readonly expiresAt: Date | null;
  /** Replaces the credential of this client and of its copies (key rotation); checked first, the old one stays on error. */
  setCredential(credential: Secret | string): void;
  /**
   * A copy for some calls with another per-attempt timeout or retry policy; what is not given
   * stays. The copy shares the connection pool, the credential and the hooks.
   */
  withOptions(options: { timeoutMs?: number; maxAttempts?: number; baseBackoffMs?: number; maxBackoffMs?: number }): Client;
  /**
   * Runs any operation by its snake_case name, untyped: \`args\` maps the SDK's snake_case input
   * names to values. The answer's \`data\` comes back as JSON text, secret fields redacted (parse
   * it with a parser that keeps decimals exact). For answers the typed results cannot read.
   */
  call(operation: string, args?: Record<string, unknown>, options?: CallOptions): Promise<string>;
  /** The output each input of \`unsignedHex\` spends, read from the chain. */
  prevoutsFor(unsignedHex: string, options?: CallOptions): Promise<Prevout[]>;
  /** \`unsignedHex\` checked against \`intent\` before anything signs it. */
  reviewTransaction(unsignedHex: string, intent: TransactionIntent, options?: CallOptions): Promise<TransactionReview>;
  /** A fee rate for about \`targetBlocks\` blocks (default 6), from recent blocks. */
  estimateFeeRate(targetBlocks?: number | null, options?: CallOptions): Promise<FeeRate>;
  /** Pays with keys kept in this process: build, review, sign here, broadcast (no signal: once signed, it is broadcast). */
  sendSignedLocally(senderAddress: string, recipientAddress: string, amount: Amount | string, keys: Array<Secret | string>, options?: SendLocallyOptions): Promise<SentTransaction>;
  /** The events of \`walletName\` as they happen, for \`for await\`; resume from an event's \`cursor\`. */
  watchWallet(walletName: string, options?: WatchOptions): AsyncGenerator<WalletEvent, void, undefined>;
  /** Waits until the payments to \`address\` add up to \`amount\`. */
  waitForPayment(walletName: string, address: string, amount: Amount | string, options?: WaitForPaymentOptions): Promise<Payment>;
`);
// a paged read's pages, where the addon has a pager for it
const pagers = new Set(Object.getOwnPropertyNames(native.NativeClient.prototype).filter((n) => n.endsWith('Pages')));
for (const op of operations) {
  const required = op.params.filter((p) => p.required);
  const optional = op.params.filter((p) => !p.required);
  const args = required.map((p) => `${p.jsName}: ${paramType(p)}`);
  const opts = optional.length ? `CallOptions & { ${optional.map((p) => `${p.jsName}?: ${paramType(p)}`).join('; ')} }` : 'CallOptions';
  args.push(`options?: ${opts}`);
  out.push(doc(op.doc, '  '));
  out.push(`  ${op.jsName}(${args.join(', ')}): Promise<${op.resultType}>;\n`);
  if (pagers.has(`${op.jsName}Pages`)) {
    const entry = fieldType(records.find((r) => r.name === op.resultType).fields.find((f) => f.name === 'items').type).replace(/\[\]$/, '');
    const pageArgs = [...required.map((p) => `${p.jsName}: ${paramType(p)}`), 'options?: CallOptions & { pageSize?: number }'];
    out.push(`  /** The pages of \`${op.jsName}\`, newest first, for \`for await\` (\`pageSize\` entries per request, 1 to 500, default ${defaultPageSize}). */\n`);
    out.push(`  ${op.jsName}Pages(${pageArgs.join(', ')}): AsyncGenerator<${entry}[], void, undefined>;\n`);
  }
}
out.push(`}

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
`);

const dts = out.join('');
const names = ['Client', 'Amount', 'Secret', 'WalletSdkError', 'offline', ...errorKinds.map((k) => `${pascal(k)}Error`)];
const mjs = `// The ES module of the package \`wallet-sdk\`, written by tools/gen-types.mjs: do not edit.
import sdk from './index.js';

export const {\n${names.map((n) => `  ${n},`).join('\n')}\n} = sdk;
export default sdk;
`;

// The members declared above by hand (the client's own methods beside the operations', the
// offline toolkit) against what the package really has, both ways: a renamed, removed or added
// function fails here rather than in a user's compiler.
const sdk = createRequire(import.meta.url)('../index.js');
const declaredIn = (start) => {
  const block = dts.slice(dts.indexOf(start), dts.indexOf('\n}', dts.indexOf(start)));
  return new Set([...block.matchAll(/^ {2}(?:readonly |static )?([a-zA-Z][a-zA-Z0-9]*)[(?:]/gm)].map((m) => m[1]).filter((n) => n !== 'constructor'));
};
const surfaces = [
  ['Client', declaredIn('export declare class Client {'), Object.getOwnPropertyNames(sdk.Client.prototype).concat(Object.getOwnPropertyNames(sdk.Client)).filter((n) => !['constructor', 'length', 'name', 'prototype'].includes(n))],
  ['offline', declaredIn('export declare const offline: {'), Object.keys(sdk.offline)],
];
let mismatched = false;
for (const [what, declared, real] of surfaces) {
  const undeclared = real.filter((n) => !declared.has(n));
  const missing = [...declared].filter((n) => !real.includes(n));
  if (undeclared.length || missing.length) {
    mismatched = true;
    console.error(`${what}: ${undeclared.length ? `not declared in index.d.ts: ${undeclared.join(', ')}` : ''}${undeclared.length && missing.length ? '; ' : ''}${missing.length ? `declared but not in the package: ${missing.join(', ')}` : ''}`);
  }
}
if (mismatched) process.exit(1);

const files = { 'index.d.ts': dts, 'index.mjs': mjs };
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([name, text]) => {
    try {
      return readFileSync(join(here, name), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (stale.length) {
    console.error(`${stale.map(([n]) => `bindings-node/${n}`).join(', ')}: not what tools/gen-types.mjs writes from the description: run it`);
    process.exit(1);
  }
} else {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(here, name), text);
  console.log(`bindings-node/index.d.ts: ${operations.length} operations, ${records.length} models, ${errorKinds.length} error kinds`);
}
