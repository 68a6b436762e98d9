#!/usr/bin/env node
// One hostile-answer cell in Node (tests/hostile/README.md, scripts/test-hostile), in this
// process: `node run-hostile.mjs CELLS NAME`. The rule is already armed on the fault proxy for
// this process's credential WALLET_SDK_API_KEY; the call goes through WALLET_FAULT_PROXY_URL
// with the cell's args (the operation called by name through the package's own methods), and
// one line `HOSTILE-RESULT {json}` tells the outcome: the kind (`ok` for a success), the error's
// message, `String(e)`, `util.inspect(e)` and its fields, or the result's raw JSON and
// `util.inspect(result)`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import util from 'node:util';

const require = createRequire(import.meta.url);
const sdk = require('../../../bindings-node/index.js');
const native = require('../../../bindings-node/native.js');

// Results whose raw JSON is larger than this are not also printed through util.inspect.
const REPR_LIMIT = 1024 * 1024;

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run under scripts/with-sandbox`);
  return value;
}

/** The operation `op` (snake_case) with `args` (snake_case names), as a caller would call it. */
function call(client, op, args) {
  if (op === 'send_signed_locally') {
    return client.sendSignedLocally(args.sender_address, args.recipient_address, args.amount, [args.key], { build: args.build });
  }
  const described = native.description().operations.find((o) => o.name === op);
  if (!described) throw new Error(`no operation ${op}`);
  const required = described.params.filter((p) => p.required).map((p) => args[p.name]);
  const options = {};
  for (const p of described.params.filter((p) => !p.required)) {
    if (args[p.name] !== undefined) options[p.jsName] = args[p.name];
  }
  return client[described.jsName](...required, options);
}

const [cellsPath, name] = process.argv.slice(2);
const cell = JSON.parse(readFileSync(cellsPath, 'utf8')).cells.find((c) => c.name === name);
if (!cell) throw new Error(`no cell ${name}`);
const client = new sdk.Client({ baseUrl: env('WALLET_FAULT_PROXY_URL'), apiKey: env('WALLET_SDK_API_KEY'), timeoutMs: 120000, baseBackoffMs: 100 });
const out = { cell: name };
try {
  const result = await call(client, cell.op, cell.args);
  const raw = result?.rawJson ?? null;
  out.kind = 'ok';
  out.raw_json = raw;
  out.repr = raw && raw.length > REPR_LIMIT ? '(not printed: the raw JSON is larger than 1 MiB)' : util.inspect(result, { depth: 8 });
} catch (e) {
  if (!(e instanceof sdk.WalletSdkError)) throw e;
  const { message, ...fields } = Object.fromEntries(Object.entries(e));
  Object.assign(out, { kind: e.kind, message: e.message, str: String(e), repr: util.inspect(e, { depth: 8 }), fields });
}
process.stdout.write(`HOSTILE-RESULT ${JSON.stringify(out)}\n`);
