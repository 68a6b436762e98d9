#!/usr/bin/env node
// The Node runner of the shared scenarios (tests/README.md): every tests/scenarios/*.json
// through the package `wallet-sdk` (bindings-node), one transcript line per step, written to
// target/scenarios/node.txt (or the path given) and compared with the other languages' by
// scripts/test-scenarios. Operations are called by name through the client's own methods.
//
//     node tests/runners/node/run-scenarios.mjs [TRANSCRIPT]      (under scripts/with-sandbox)
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);
const sdk = require(join(ROOT, 'bindings-node', 'index.js'));
const native = require(join(ROOT, 'bindings-node', 'native.js'));
const { Amount, Client, Secret, WalletSdkError, offline } = sdk;

const OPERATIONS = new Map(native.description().operations.map((o) => [o.name, o]));
const REGTEST_PREFIXES = ['m', 'n', 'Q', '2', 'rltc1', 'tmweb1'];
// how long a watch waits for its events (and a wait beyond its own timeout) before the step fails
const WATCH_TIMEOUT_MS = 60_000;
// the proxied client's settle time: resolve of a lost request says not_applied once it has passed
const PROXIED_SETTLE_MS = 2000;
const MISSING = Symbol('missing');
// every secret value the run handled: none may appear in what onCall was told
const SECRETS_SEEN = new Set();
const CALL_EVENTS = [];

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run under scripts/with-sandbox`);
  return value;
}

async function http(base, method, path, body) {
  const res = await fetch(base.replace(/\/$/, '') + path, {
    method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  const v = JSON.parse(text);
  return v.data ?? v;
}

const sandboxPost = (path, body) => http(env('WALLET_SDK_BASE_URL'), 'POST', path, body);
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function fieldAt(value, path) {
  for (const part of path.split('.').filter(Boolean)) {
    if (value === null || value === undefined) return MISSING;
    if (Array.isArray(value)) {
      const i = Number(part);
      if (!Number.isInteger(i) || i >= value.length) return MISSING;
      value = value[i];
    } else if (typeof value === 'object') {
      const key = camel(part) in value ? camel(part) : part;
      if (!(key in value)) return MISSING;
      value = value[key];
    } else return MISSING;
  }
  return value;
}

/** The value as substituted into later steps (secrets revealed). */
function plain(v) {
  if (v instanceof Secret) {
    SECRETS_SEEN.add(v.reveal());
    return v.reveal();
  }
  if (v instanceof Amount) return v.toString();
  return v;
}

function canonical(v) {
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
function canonicalJson(v) {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(', ')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${canonicalJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

class Runner {
  constructor(vars) {
    this.vars = Object.fromEntries(Object.entries(vars).map(([name, kind]) => [name, Runner.unique(kind)]));
    this.outputs = {};
    this.errors = {};
    this.proxyKeyValue = null;
    this.clients = new Map();
    this.lines = [];
    this.failures = [];
  }

  static unique(kind) {
    const n = randomBytes(4).toString('hex');
    return kind === 'wallet' ? `sc_js_${n}` : `scenario text js ${n}`;
  }

  resolve(ref) {
    if (ref in this.vars) return this.vars[ref];
    const dot = ref.indexOf('.');
    const [step, path] = dot < 0 ? [ref, ''] : [ref.slice(0, dot), ref.slice(dot + 1)];
    const value = fieldAt(this.outputs[step], path);
    if (value === MISSING) throw new Error(`step \`${step}\` has no field \`${path}\``);
    return plain(value);
  }

  substitute(v) {
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
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.substitute(x)]));
    return v;
  }

  normalize(text) {
    const known = Object.entries(this.vars).map(([name, value]) => [value, `\${${name}}`]);
    for (const [step, out] of Object.entries(this.outputs)) {
      if (!out || typeof out !== 'object') continue;
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

  async proxyKey() {
    if (this.proxyKeyValue === null) {
      this.proxyKeyValue = (await sandboxPost('/sandbox/keys', { ttlSeconds: 3600, compat: 'default' })).apiKey;
      SECRETS_SEEN.add(this.proxyKeyValue);
    }
    return this.proxyKeyValue;
  }

  async client(spec) {
    let base = env('WALLET_SDK_BASE_URL');
    let credential;
    if (spec === 'proxied') [base, credential] = [env('WALLET_FAULT_PROXY_URL'), await this.proxyKey()];
    else if (spec === 'default') credential = env('WALLET_SDK_API_KEY');
    else if (spec === 'compat_real') credential = env('WALLET_SDK_API_KEY_COMPAT_REAL');
    else if (spec === 'node_url') credential = env('WALLET_SANDBOX_NODE_URL');
    else credential = String(this.substitute(spec));
    const slot = `${base}\n${credential}`;
    if (!this.clients.has(slot)) {
      const settings = { baseUrl: base, apiKey: credential, timeoutMs: 120_000, baseBackoffMs: 100, onCall: (e) => CALL_EVENTS.push(e) };
      if (spec === 'proxied') settings.settleTimeMs = PROXIED_SETTLE_MS;
      try {
        this.clients.set(slot, new Client(settings));
      } catch (e) {
        if (!(e instanceof WalletSdkError)) throw e;
        this.clients.set(slot, e);
      }
    }
    return this.clients.get(slot);
  }

  /** The operation `op` with `args` (snake_case), through the client's own method. */
  async byName(client, op, args, signal) {
    const described = OPERATIONS.get(op);
    if (!described) throw new Error(`no operation ${op}`);
    const required = described.params.filter((p) => p.required).map((p) => args[p.name]);
    const options = signal ? { signal } : {};
    for (const p of described.params.filter((p) => !p.required)) {
      if (args[p.name] !== undefined) options[p.jsName] = args[p.name];
    }
    return client[described.jsName](...required, options);
  }

  async call(client, op, args) {
    if (client instanceof WalletSdkError) throw client;
    const a = { ...args };
    if (op === 'build_payment_uri') {
      const { address, network, ...rest } = a;
      return { uri: offline.buildPaymentUri(address, network, rest) };
    }
    if (op === 'parse_payment_uri') return offline.parsePaymentUri(a.uri, a.network);
    if (op === 'parse_input') return offline.parseInput(a.text, a.network);
    if (op === 'resolve') return client.resolve(this.errors[a.error_of]);
    if (['sign_transaction_locally', 'psbt_round_trip', 'review_transaction', 'send_signed_locally', 'estimate_fee_rate'].includes(op)) {
      return this.signAtHome(client, op, a);
    }
    if (op === 'watch_wallet') return this.watch(client, a);
    if (op === 'wait_for_payment') return this.waitForPayment(client, a);
    if (op === 'wallet_transactions_pages' || op === 'address_transaction_pages') {
      const first = a.wallet_name ?? a.address;
      const method = op === 'wallet_transactions_pages' ? 'walletTransactionsPages' : 'addressTransactionPages';
      const entries = [];
      for await (const page of client[method](first, { pageSize: a.page_size ?? 100 })) entries.push(...page);
      return { entries };
    }
    return this.byName(client, op, a);
  }

  async signAtHome(client, op, a) {
    if (op === 'sign_transaction_locally' || op === 'psbt_round_trip') {
      const prevouts = await client.prevoutsFor(a.unsigned_hex);
      if (op === 'sign_transaction_locally') return offline.signTransactionLocally(a.unsigned_hex, [a.key], prevouts);
      const unsigned = offline.psbtFromTransaction(a.unsigned_hex, prevouts);
      const signed = offline.signPsbt(unsigned, [a.key]);
      const done = offline.finalizePsbt(signed);
      return { hex: done.hex, txid: done.txid, complete: done.complete, unsignedPsbt: unsigned, signedPsbt: signed };
    }
    if (op === 'review_transaction') {
      return client.reviewTransaction(a.unsigned_hex, { senderAddress: a.sender_address, recipients: [[a.recipient_address, a.amount]] });
    }
    if (op === 'send_signed_locally') {
      const sent = await client.sendSignedLocally(a.sender_address, a.recipient_address, a.amount, [a.key], { build: a.build ?? 'service', feeRate: a.fee_rate });
      return { txid: sent.txid, fee: sent.fee, feeRate: sent.review.feeRate };
    }
    return client.estimateFeeRate(a.target_blocks ?? null);
  }

  async watch(client, a) {
    const count = a.count ?? 1;
    const options = { cursor: a.cursor, pollIntervalMs: a.poll_interval_ms ?? 200, signal: AbortSignal.timeout(WATCH_TIMEOUT_MS) };
    for (const k of ['confirmations', 'history']) if (a[k] !== undefined) options[k] = a[k];
    const events = [];
    let incomplete = null;
    try {
      for await (const event of client.watchWallet(a.wallet_name, options)) {
        events.push(event);
        if (events.length === count) break;
      }
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e;
      incomplete = `${events.length} of ${count} events within ${WATCH_TIMEOUT_MS / 1000} s`;
    }
    if (incomplete === null && events.length < count) incomplete = `the stream ended after ${events.length} of ${count} events`;
    return { events, cursor: events.length ? events[events.length - 1].cursor : null, incomplete };
  }

  async waitForPayment(client, a) {
    const bound = (a.timeout_ms ?? 0) + WATCH_TIMEOUT_MS;
    const options = { pollIntervalMs: a.poll_interval_ms ?? 200, signal: AbortSignal.timeout(bound) };
    if (a.timeout_ms !== undefined) options.timeoutMs = a.timeout_ms;
    if (a.confirmations !== undefined) options.confirmations = a.confirmations;
    try {
      const p = await client.waitForPayment(a.wallet_name, a.address, a.amount, options);
      return { status: p.status, received: p.received, confirmations: p.confirmations, txids: p.txids, incomplete: null };
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e;
      return { incomplete: `no answer within ${bound / 1000} s` };
    }
  }

  /** The call given up after `ms`: what its caller learns is the step's error. */
  async callCancelled(spec, op, args, ms) {
    const client = await this.client(spec);
    if (client instanceof WalletSdkError) throw client;
    try {
      return await this.byName(client, op, args, AbortSignal.timeout(ms));
    } catch (e) {
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new Error(`${op}: cancelled before its request left`);
      throw e;
    }
  }

  check(result, path, matcher) {
    const actual = fieldAt(result, path);
    if (actual === MISSING) return [false, '(missing)'];
    const shown = this.normalize(canonical(actual));
    if (matcher && typeof matcher === 'object') {
      if ('ref' in matcher) {
        const want = this.resolve(matcher.ref);
        const ok = plain(actual) === want || canonical(actual) === canonicalJson(want);
        return [ok, ok ? `\${${matcher.ref}}` : shown];
      }
      if ('prefix' in matcher) {
        const ok = typeof actual === 'string' && matcher.prefix.some((p) => actual.startsWith(p));
        return [ok, ok ? `prefix(${matcher.prefix.join('|')})` : shown];
      }
      if ('len' in matcher) {
        const ok = typeof actual === 'string' && actual.length === matcher.len;
        return [ok, ok ? `len(${matcher.len})` : shown];
      }
      if ('min' in matcher) {
        const ok = typeof actual === 'number' && Number.isInteger(actual) && actual >= matcher.min;
        return [ok, ok ? `>=${matcher.min}` : shown];
      }
      if ('count' in matcher || 'min_items' in matcher) {
        let ok = Array.isArray(actual);
        if (ok && 'count' in matcher) ok = actual.length === matcher.count;
        if (ok && 'min_items' in matcher) ok = actual.length >= matcher.min_items;
        const want = 'count' in matcher ? `${matcher.count} items` : `>=${matcher.min_items} items`;
        return [ok, ok ? want : shown];
      }
      if ('has_item' in matcher) {
        const want = matcher.has_item;
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

  async step(scenario, index, step) {
    const label = `${scenario.name}#${index}`;
    const args = this.substitute(step.args ?? {});
    if ('sandbox' in step && !('expect' in step)) {
      const out = await this.sandbox(step.sandbox, args);
      if ('id' in step) this.outputs[step.id] = out;
      this.lines.push(`${label} sandbox.${step.sandbox} ok`);
      return;
    }
    let result = null;
    let error = null;
    let op;
    if ('sandbox' in step) {
      op = `sandbox.${step.sandbox}`;
      result = await this.sandbox(step.sandbox, args);
    } else if ('proxy' in step) {
      op = `proxy.${step.proxy}`;
      result = await this.proxy(step.proxy, args);
      if (!('expect' in step)) {
        this.lines.push(`${label} ${op} ok`);
        return;
      }
    } else {
      op = step.op;
      const spec = step.client ?? scenario.client ?? 'default';
      try {
        result = 'cancel_after_ms' in step ? await this.callCancelled(spec, op, args, step.cancel_after_ms) : await this.call(await this.client(spec), op, args);
      } catch (e) {
        if (!(e instanceof WalletSdkError)) throw e;
        error = e;
      }
    }
    const expect = step.expect;
    let line = `${label} ${op}`;
    let failed = false;
    if (error === null && 'ok' in expect) {
      line += ' ok';
      for (const [path, matcher] of Object.entries(expect.ok)) {
        const [ok, text] = this.check(result, path, matcher);
        failed ||= !ok;
        line += ` ${path}=${ok ? '' : 'MISMATCH:'}${text}`;
      }
    } else if (error !== null && 'error' in expect) {
      const want = expect.error;
      line += ` error kind=${error.kind}`;
      failed ||= want.kind !== error.kind;
      const facts = { field: error.field, status: error.status, code: error.serviceCode, message: this.normalize(error.message) };
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
    const why = error === null && result ? result.incomplete : undefined;
    if (typeof why === 'string') {
      failed = true;
      line += ` INCOMPLETE(${why})`;
    }
    if (error === null && 'id' in step) this.outputs[step.id] = result;
    if (error !== null && 'id' in step) this.errors[step.id] = error;
    if (failed) this.failures.push(line);
    this.lines.push(line);
  }

  async proxy(helper, a) {
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

  async sandbox(helper, a) {
    let out;
    if (helper === 'fund') out = await sandboxPost('/sandbox/fund', { address: a.address, amount: a.amount, mine: a.mine ?? true, replaceable: a.replaceable ?? false });
    else if (helper === 'reorg') {
      const depth = a.depth ?? 1;
      out = await sandboxPost('/sandbox/reorg', { depth, blocks: a.blocks ?? depth + 1, dropTransactions: a.drop_transactions ?? false });
    } else if (helper === 'replace') out = await sandboxPost('/sandbox/replace', { txid: a.txid, walletName: a.wallet_name ?? null });
    else if (helper === 'mine') out = await sandboxPost('/sandbox/mine', { blocks: a.blocks ?? 1 });
    else if (helper === 'key') {
      out = await sandboxPost('/sandbox/keys', { ttlSeconds: a.ttl_seconds ?? null, compat: a.compat ?? null });
      SECRETS_SEEN.add(out.apiKey ?? '');
    } else if (helper === 'forged_key') {
      const parts = env('WALLET_SDK_API_KEY').split('.');
      parts[2] = 'Zm9yZ2VkLXNpZ25hdHVyZQ';
      out = { apiKey: parts.join('.') };
    } else {
      // any other helper: its endpoint, with the args' names in camelCase
      out = await sandboxPost(`/sandbox/${helper}`, Object.fromEntries(Object.entries(a).map(([k, v]) => [camel(k), v])));
    }
    return out;
  }
}

const transcript = process.argv[2] ?? join(ROOT, 'target', 'scenarios', 'node.txt');
const lines = [];
const failures = [];
let steps = 0;
const dir = join(ROOT, 'tests', 'scenarios');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8'));
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
