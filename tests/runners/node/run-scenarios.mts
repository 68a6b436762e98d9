// The TypeScript runner of the shared scenarios (tests/README.md): every tests/scenarios/*.json
// through the package `wallet-sdk` (bindings-node), one transcript line per step, written to
// target/scenarios/node.txt (or the path given) and compared with the other languages' by
// scripts/test-scenarios. Operations are called by name through the client's own methods, typed
// by the package's index.d.ts. Compiled by `tsc --strict` (tsconfig.json beside it) into
// target/node-runners, then run there (scripts/test-scenarios does both):
//
//     node target/node-runners/run-scenarios.mjs [TRANSCRIPT]      (under scripts/with-sandbox)
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Sdk from 'wallet-sdk';

// the compiled runner lives in target/node-runners, two folders below the checkout
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const sdk = require(join(ROOT, 'bindings-node', 'index.js')) as typeof Sdk;
const { Amount, Client, Secret, WalletSdkError, offline } = sdk;

/** The addon's description of one operation (what the package builds its methods from). */
interface DescribedParam {
  name: string;
  jsName: string;
  required: boolean;
}
interface DescribedOperation {
  name: string;
  jsName: string;
  params: DescribedParam[];
}
const native = require(join(ROOT, 'bindings-node', 'native.js')) as { description(): { operations: DescribedOperation[] } };

/** A value of a scenario file, or of a result as the matchers read it. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Args = Record<string, Json>;

/** A matcher of `expect.ok`: a literal, a named check, or an object form. */
type Matcher = Json;

interface Step {
  op?: string;
  sandbox?: string;
  proxy?: string;
  client?: Json;
  args?: Args;
  id?: string;
  cancel_after_ms?: number;
  expect?: { ok?: Record<string, Matcher>; error?: { kind: string; field?: string | null; status?: number | null; code?: string | null; message?: string } };
}

interface Scenario {
  name: string;
  client?: Json;
  vars?: Record<string, string>;
  steps: Step[];
}

/** What a step gives: a model of the package, a plain object, or an array. */
type Output = unknown;
/** A dynamic view of an object's fields. */
type Fields = Record<string, unknown>;

const OPERATIONS = new Map(native.description().operations.map((o) => [o.name, o]));
const REGTEST_PREFIXES = ['m', 'n', 'Q', '2', 'rltc1', 'tmweb1'];
// how long a watch waits for its events (and a wait beyond its own timeout) before the step fails
const WATCH_TIMEOUT_MS = 60_000;
// the proxied client's settle time: resolve of a lost request says not_applied once it has passed
const PROXIED_SETTLE_MS = 2000;
const MISSING = Symbol('missing');
// every secret value the run handled: none may appear in what onCall was told
const SECRETS_SEEN = new Set<string>();
const CALL_EVENTS: Sdk.CallEvent[] = [];

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run under scripts/with-sandbox`);
  return value;
}

async function http(base: string, method: string, path: string, body?: unknown): Promise<Fields> {
  const res = await fetch(base.replace(/\/$/, '') + path, {
    method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  const v = JSON.parse(text) as Fields;
  return (v.data ?? v) as Fields;
}

const sandboxPost = (path: string, body: unknown) => http(env('WALLET_SDK_BASE_URL'), 'POST', path, body);
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

function fieldAt(value: unknown, path: string): unknown {
  for (const part of path.split('.').filter(Boolean)) {
    if (value === null || value === undefined) return MISSING;
    if (Array.isArray(value)) {
      const i = Number(part);
      if (!Number.isInteger(i) || i >= value.length) return MISSING;
      value = value[i];
    } else if (isObject(value)) {
      const key = camel(part) in value ? camel(part) : part;
      if (!(key in value)) return MISSING;
      value = value[key];
    } else return MISSING;
  }
  return value;
}

/** The value as substituted into later steps (secrets revealed). */
function plain(v: unknown): unknown {
  if (v instanceof Secret) {
    SECRETS_SEEN.add(v.reveal());
    return v.reveal();
  }
  if (v instanceof Amount) return v.toString();
  return v;
}

function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Secret) {
    SECRETS_SEEN.add(v.reveal());
    return '[REDACTED]';
  }
  if (v instanceof Amount) return v.toString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return `[${v.length} items]`;
  return '{…}';
}

/** Text as is; anything else as Python's json.dumps writes it (the other runners' form). */
function canonicalJson(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(', ')}]`;
  if (isObject(v)) return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${canonicalJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/** An error's `name` (`TimeoutError`, `AbortError`…), for what is not a `WalletSdkError`. */
const nameOf = (e: unknown) => (e instanceof Error || e instanceof DOMException ? e.name : '');

class Runner {
  vars: Record<string, string>;
  outputs: Record<string, Output> = {};
  errors: Record<string, Sdk.WalletSdkError> = {};
  proxyKeyValue: string | null = null;
  clients = new Map<string, Sdk.Client | Sdk.WalletSdkError>();
  lines: string[] = [];
  failures: string[] = [];

  constructor(vars: Record<string, string>) {
    this.vars = Object.fromEntries(Object.entries(vars).map(([name, kind]) => [name, Runner.unique(kind)]));
  }

  static unique(kind: string): string {
    const n = randomBytes(4).toString('hex');
    return kind === 'wallet' ? `sc_js_${n}` : `scenario text js ${n}`;
  }

  resolve(ref: string): unknown {
    if (ref in this.vars) return this.vars[ref];
    const dot = ref.indexOf('.');
    const [step, path] = dot < 0 ? [ref, ''] : [ref.slice(0, dot), ref.slice(dot + 1)];
    const value = fieldAt(this.outputs[step], path);
    if (value === MISSING) throw new Error(`step \`${step}\` has no field \`${path}\``);
    return plain(value);
  }

  substitute(v: Json | undefined): Json {
    if (typeof v === 'string') {
      let out = v;
      while (out.includes('${')) {
        const start = out.indexOf('${');
        const end = out.indexOf('}', start);
        out = out.slice(0, start) + canonicalJson(this.resolve(out.slice(start + 2, end))) + out.slice(end + 1);
      }
      return out;
    }
    if (Array.isArray(v)) return v.map((x) => this.substitute(x));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.substitute(x as Json)]));
    return v ?? null;
  }

  normalize(text: string): string {
    const known: Array<[string, string]> = Object.entries(this.vars).map(([name, value]) => [value, `\${${name}}`]);
    for (const [step, out] of Object.entries(this.outputs)) {
      if (!isObject(out)) continue;
      for (const [name, value] of Object.entries(out)) {
        if (typeof value === 'string' && value.length >= 8) known.push([value, `\${${step}.${snake(name)}}`]);
      }
    }
    known.sort((a, b) => b[0].length - a[0].length || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    for (const [value, name] of known) text = text.split(value).join(name);
    const i = text.indexOf('[request id ');
    if (i >= 0) text = `${text.slice(0, i)}[request id *]${text.slice(text.indexOf(']', i) + 1)}`;
    return text;
  }

  async proxyKey(): Promise<string> {
    if (this.proxyKeyValue === null) {
      this.proxyKeyValue = String((await sandboxPost('/sandbox/keys', { ttlSeconds: 3600, compat: 'default' })).apiKey);
      SECRETS_SEEN.add(this.proxyKeyValue);
    }
    return this.proxyKeyValue;
  }

  async client(spec: Json): Promise<Sdk.Client | Sdk.WalletSdkError> {
    let base = env('WALLET_SDK_BASE_URL');
    let credential: string;
    if (spec === 'proxied') [base, credential] = [env('WALLET_FAULT_PROXY_URL'), await this.proxyKey()];
    else if (spec === 'default') credential = env('WALLET_SDK_API_KEY');
    else if (spec === 'compat_real') credential = env('WALLET_SDK_API_KEY_COMPAT_REAL');
    else if (spec === 'node_url') credential = env('WALLET_SANDBOX_NODE_URL');
    else credential = String(this.substitute(spec));
    const slot = `${base}\n${credential}`;
    let client = this.clients.get(slot);
    if (client === undefined) {
      const settings: Sdk.ClientSettings = { baseUrl: base, apiKey: credential, timeoutMs: 120_000, baseBackoffMs: 100, onCall: (e) => CALL_EVENTS.push(e) };
      if (spec === 'proxied') settings.settleTimeMs = PROXIED_SETTLE_MS;
      try {
        client = new Client(settings);
      } catch (e) {
        if (!(e instanceof WalletSdkError)) throw e;
        client = e;
      }
      this.clients.set(slot, client);
    }
    return client;
  }

  /** The operation `op` with `args` (snake_case), through the client's own method. */
  async byName(client: Sdk.Client, op: string, args: Args, signal?: AbortSignal): Promise<Output> {
    const described = OPERATIONS.get(op);
    if (!described) throw new Error(`no operation ${op}`);
    const required = described.params.filter((p) => p.required).map((p) => args[p.name]);
    const options: Fields = signal ? { signal } : {};
    for (const p of described.params.filter((p) => !p.required)) {
      if (args[p.name] !== undefined) options[p.jsName] = args[p.name];
    }
    // the method of that name, as the package made it from the same description
    const method = (client as unknown as Record<string, (...given: unknown[]) => Promise<Output>>)[described.jsName];
    return method.call(client, ...required, options);
  }

  async call(client: Sdk.Client | Sdk.WalletSdkError, op: string, a: Args): Promise<Output> {
    if (client instanceof WalletSdkError) throw client;
    const text = (name: string) => String(a[name]);
    if (op === 'build_payment_uri') {
      const { address, network, ...rest } = a;
      return { uri: offline.buildPaymentUri(String(address), network as Sdk.Network, rest as Parameters<typeof offline.buildPaymentUri>[2]) };
    }
    if (op === 'parse_payment_uri') return offline.parsePaymentUri(text('uri'), a.network as Sdk.Network);
    if (op === 'parse_input') return offline.parseInput(text('text'), a.network as Sdk.Network);
    if (op === 'resolve') return client.resolve(this.errors[text('error_of')]);
    if (['sign_transaction_locally', 'psbt_round_trip', 'review_transaction', 'send_signed_locally', 'estimate_fee_rate'].includes(op)) {
      return this.signAtHome(client, op, a);
    }
    if (op === 'watch_wallet') return this.watch(client, a);
    if (op === 'wait_for_payment') return this.waitForPayment(client, a);
    if (op === 'wallet_transactions_pages' || op === 'address_transaction_pages') {
      const options = { pageSize: (a.page_size as number | undefined) ?? 100 };
      const pages = op === 'wallet_transactions_pages' ? client.walletTransactionsPages(text('wallet_name'), options) : client.addressTransactionPages(text('address'), options);
      const entries: unknown[] = [];
      for await (const page of pages) entries.push(...page);
      return { entries };
    }
    return this.byName(client, op, a);
  }

  async signAtHome(client: Sdk.Client, op: string, a: Args): Promise<Output> {
    const text = (name: string) => String(a[name]);
    if (op === 'sign_transaction_locally' || op === 'psbt_round_trip') {
      const prevouts = await client.prevoutsFor(text('unsigned_hex'));
      if (op === 'sign_transaction_locally') return offline.signTransactionLocally(text('unsigned_hex'), [text('key')], prevouts);
      const unsigned = offline.psbtFromTransaction(text('unsigned_hex'), prevouts);
      const signed = offline.signPsbt(unsigned, [text('key')]);
      const done = offline.finalizePsbt(signed);
      return { hex: done.hex, txid: done.txid, complete: done.complete, unsignedPsbt: unsigned, signedPsbt: signed };
    }
    if (op === 'review_transaction') {
      return client.reviewTransaction(text('unsigned_hex'), { senderAddress: text('sender_address'), recipients: [[text('recipient_address'), text('amount')]] });
    }
    if (op === 'send_signed_locally') {
      const build = (a.build ?? 'service') as 'service' | 'local';
      const sent = await client.sendSignedLocally(text('sender_address'), text('recipient_address'), text('amount'), [text('key')], { build, feeRate: a.fee_rate as number | undefined });
      return { txid: sent.txid, fee: sent.fee, feeRate: sent.review.feeRate };
    }
    return client.estimateFeeRate((a.target_blocks as number | undefined) ?? null);
  }

  async watch(client: Sdk.Client, a: Args): Promise<Output> {
    const count = (a.count as number | undefined) ?? 1;
    const options: Sdk.WatchOptions = {
      cursor: (a.cursor as string | null | undefined) ?? undefined,
      pollIntervalMs: (a.poll_interval_ms as number | undefined) ?? 200,
      signal: AbortSignal.timeout(WATCH_TIMEOUT_MS),
    };
    if (a.confirmations !== undefined) options.confirmations = a.confirmations as number;
    if (a.history !== undefined) options.history = a.history as number;
    const events: Sdk.WalletEvent[] = [];
    let incomplete: string | null = null;
    try {
      for await (const event of client.watchWallet(String(a.wallet_name), options)) {
        events.push(event);
        if (events.length === count) break;
      }
    } catch (e) {
      if (nameOf(e) !== 'TimeoutError') throw e;
      incomplete = `${events.length} of ${count} events within ${WATCH_TIMEOUT_MS / 1000} s`;
    }
    if (incomplete === null && events.length < count) incomplete = `the stream ended after ${events.length} of ${count} events`;
    return { events, cursor: events.length ? events[events.length - 1].cursor : null, incomplete };
  }

  async waitForPayment(client: Sdk.Client, a: Args): Promise<Output> {
    const bound = ((a.timeout_ms as number | undefined) ?? 0) + WATCH_TIMEOUT_MS;
    const options: Sdk.WaitForPaymentOptions = { pollIntervalMs: (a.poll_interval_ms as number | undefined) ?? 200, signal: AbortSignal.timeout(bound) };
    if (a.timeout_ms !== undefined) options.timeoutMs = a.timeout_ms as number;
    if (a.confirmations !== undefined) options.confirmations = a.confirmations as number;
    try {
      const p = await client.waitForPayment(String(a.wallet_name), String(a.address), String(a.amount), options);
      return { status: p.status, received: p.received, confirmations: p.confirmations, txids: p.txids, incomplete: null };
    } catch (e) {
      if (nameOf(e) !== 'TimeoutError') throw e;
      return { incomplete: `no answer within ${bound / 1000} s` };
    }
  }

  /** The call given up after `ms`: what its caller learns is the step's error. */
  async callCancelled(spec: Json, op: string, args: Args, ms: number): Promise<Output> {
    const client = await this.client(spec);
    if (client instanceof WalletSdkError) throw client;
    try {
      return await this.byName(client, op, args, AbortSignal.timeout(ms));
    } catch (e) {
      if (nameOf(e) === 'TimeoutError' || nameOf(e) === 'AbortError') throw new Error(`${op}: cancelled before its request left`);
      throw e;
    }
  }

  check(result: Output, path: string, matcher: Matcher): [boolean, string] {
    const actual = fieldAt(result, path);
    if (actual === MISSING) return [false, '(missing)'];
    const shown = this.normalize(canonical(actual));
    if (isObject(matcher)) {
      if ('ref' in matcher) {
        const want = this.resolve(String(matcher.ref));
        const ok = plain(actual) === want || canonical(actual) === canonicalJson(want);
        return [ok, ok ? `\${${matcher.ref}}` : shown];
      }
      if ('prefix' in matcher) {
        const prefixes = matcher.prefix as string[];
        const ok = typeof actual === 'string' && prefixes.some((p) => actual.startsWith(p));
        return [ok, ok ? `prefix(${prefixes.join('|')})` : shown];
      }
      if ('len' in matcher) {
        const ok = typeof actual === 'string' && actual.length === matcher.len;
        return [ok, ok ? `len(${matcher.len})` : shown];
      }
      if ('min' in matcher) {
        const min = matcher.min as number;
        const ok = typeof actual === 'number' && Number.isInteger(actual) && actual >= min;
        return [ok, ok ? `>=${min}` : shown];
      }
      if ('count' in matcher || 'min_items' in matcher) {
        let ok = Array.isArray(actual);
        if (ok && 'count' in matcher) ok = (actual as unknown[]).length === matcher.count;
        if (ok && 'min_items' in matcher) ok = (actual as unknown[]).length >= (matcher.min_items as number);
        const want = 'count' in matcher ? `${matcher.count} items` : `>=${matcher.min_items} items`;
        return [ok, ok ? want : shown];
      }
      if ('has_item' in matcher) {
        const want = matcher.has_item as Record<string, Matcher>;
        const ok = Array.isArray(actual) && actual.some((item) => Object.entries(want).every(([p, m]) => this.check(item, p, m)[0]));
        return [ok, ok ? `has_item(${Object.keys(want).join(',')})` : shown];
      }
    }
    if (matcher === 'non_empty') {
      const ok = (typeof actual === 'string' || Array.isArray(actual)) && actual.length > 0;
      return [ok, ok ? 'non_empty' : shown];
    }
    if (matcher === 'secret') return [actual instanceof Secret && actual.reveal() !== '', shown];
    if (matcher === 'regtest_address') {
      const ok = typeof actual === 'string' && REGTEST_PREFIXES.some((p) => actual.startsWith(p));
      return [ok, ok ? 'regtest_address' : shown];
    }
    return [canonical(actual) === canonicalJson(this.substitute(matcher)), shown];
  }

  async step(scenario: Scenario, index: number, step: Step): Promise<void> {
    const label = `${scenario.name}#${index}`;
    const args = this.substitute(step.args ?? {}) as Args;
    if (step.sandbox !== undefined && step.expect === undefined) {
      const out = await this.sandbox(step.sandbox, args);
      if (step.id !== undefined) this.outputs[step.id] = out;
      this.lines.push(`${label} sandbox.${step.sandbox} ok`);
      return;
    }
    let result: Output = null;
    let error: Sdk.WalletSdkError | null = null;
    let op: string;
    if (step.sandbox !== undefined) {
      op = `sandbox.${step.sandbox}`;
      result = await this.sandbox(step.sandbox, args);
    } else if (step.proxy !== undefined) {
      op = `proxy.${step.proxy}`;
      result = await this.proxy(step.proxy, args);
      if (step.expect === undefined) {
        this.lines.push(`${label} ${op} ok`);
        return;
      }
    } else {
      op = String(step.op);
      const spec = step.client ?? scenario.client ?? 'default';
      try {
        result = step.cancel_after_ms !== undefined ? await this.callCancelled(spec, op, args, step.cancel_after_ms) : await this.call(await this.client(spec), op, args);
      } catch (e) {
        if (!(e instanceof WalletSdkError)) throw e;
        error = e;
      }
    }
    const expect = step.expect ?? {};
    let line = `${label} ${op}`;
    let failed = false;
    if (error === null && expect.ok !== undefined) {
      line += ' ok';
      for (const [path, matcher] of Object.entries(expect.ok)) {
        const [ok, text] = this.check(result, path, matcher);
        failed ||= !ok;
        line += ` ${path}=${ok ? '' : 'MISMATCH:'}${text}`;
      }
    } else if (error !== null && expect.error !== undefined) {
      const want = expect.error as Record<string, unknown>;
      line += ` error kind=${error.kind}`;
      failed ||= want.kind !== error.kind;
      const facts: Record<string, unknown> = { field: error.field, status: error.status, code: error.serviceCode, message: this.normalize(error.message) };
      for (const [name, actual] of Object.entries(facts)) {
        if (name in want) {
          const ok = want[name] === actual;
          failed ||= !ok;
          line += ` ${name}=${ok ? '' : 'MISMATCH:'}${actual !== null && actual !== undefined ? canonicalJson(actual) : 'null'}`;
        }
      }
    } else if (error === null) {
      failed = true;
      line += ' UNEXPECTED-SUCCESS';
    } else {
      failed = true;
      line += ` UNEXPECTED-ERROR kind=${error.kind} message=${this.normalize(error.message)}`;
    }
    const why = error === null && isObject(result) ? result.incomplete : undefined;
    if (typeof why === 'string') {
      failed = true;
      line += ` INCOMPLETE(${why})`;
    }
    if (step.id !== undefined) {
      if (error === null) this.outputs[step.id] = result;
      else this.errors[step.id] = error;
    }
    if (failed) this.failures.push(line);
    this.lines.push(line);
  }

  async proxy(helper: string, a: Args): Promise<Output> {
    const key = await this.proxyKey();
    const base = env('WALLET_FAULT_PROXY_URL');
    if (helper === 'arm') {
      const out = await http(base, 'POST', '/_proxy/rules', { count: 1, ...a, header: { name: 'nodeUrlOrApiAccessKey', value: key } });
      if (out.armed !== true) throw new Error(`the proxy did not arm the rule: ${JSON.stringify(out)}`);
      return {};
    }
    if (helper === 'forwarded') {
      const out = await http(base, 'GET', `/_proxy/hits?path=${a.path}&key=${key}`);
      return { hits: out.hits, forwarded: out.forwarded };
    }
    throw new Error(`unknown proxy step \`${helper}\``);
  }

  async sandbox(helper: string, a: Args): Promise<Output> {
    if (helper === 'fund') return sandboxPost('/sandbox/fund', { address: a.address, amount: a.amount, mine: a.mine ?? true, replaceable: a.replaceable ?? false });
    if (helper === 'reorg') {
      const depth = (a.depth as number | undefined) ?? 1;
      return sandboxPost('/sandbox/reorg', { depth, blocks: a.blocks ?? depth + 1, dropTransactions: a.drop_transactions ?? false });
    }
    if (helper === 'replace') return sandboxPost('/sandbox/replace', { txid: a.txid, walletName: a.wallet_name ?? null });
    if (helper === 'mine') return sandboxPost('/sandbox/mine', { blocks: a.blocks ?? 1 });
    if (helper === 'key') {
      const out = await sandboxPost('/sandbox/keys', { ttlSeconds: a.ttl_seconds ?? null, compat: a.compat ?? null });
      SECRETS_SEEN.add(String(out.apiKey ?? ''));
      return out;
    }
    if (helper === 'forged_key') {
      const parts = env('WALLET_SDK_API_KEY').split('.');
      parts[2] = 'Zm9yZ2VkLXNpZ25hdHVyZQ';
      return { apiKey: parts.join('.') };
    }
    // any other helper: its endpoint, with the args' names in camelCase
    return sandboxPost(`/sandbox/${helper}`, Object.fromEntries(Object.entries(a).map(([k, v]) => [camel(k), v])));
  }
}

const transcript = process.argv[2] ?? join(ROOT, 'target', 'scenarios', 'node.txt');
const lines: string[] = [];
const failures: string[] = [];
let steps = 0;
const dir = join(ROOT, 'tests', 'scenarios');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Scenario;
  const runner = new Runner(scenario.vars ?? {});
  for (const [i, step] of scenario.steps.entries()) {
    await runner.step(scenario, i, step);
    steps += 1;
  }
  lines.push(...runner.lines);
  failures.push(...runner.failures);
}
SECRETS_SEEN.add(env('WALLET_SDK_API_KEY'));
const told = JSON.stringify(CALL_EVENTS);
const leaked = [...SECRETS_SEEN].filter((s) => s && told.includes(s));
if (leaked.length) failures.push(`onCall was told ${leaked.length} of the run's ${SECRETS_SEEN.size} secrets`);
if (CALL_EVENTS.length === 0) failures.push('onCall was told of no call');
mkdirSync(dirname(transcript), { recursive: true });
writeFileSync(transcript, `${lines.join('\n')}\n`);
if (failures.length) {
  console.log(`node: ${failures.length} of ${steps} steps failed:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`node: ${steps} steps passed; onCall told of ${CALL_EVENTS.length} calls, none holding any of the ${SECRETS_SEEN.size} secrets`);
process.exit(0);
