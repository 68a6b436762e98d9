// The sandbox's helpers for the tests (scripts/with-sandbox sets the environment).
import { Client } from '../index.js';

export function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run under scripts/with-sandbox (bindings-node/run-tests.sh does)`);
  return value;
}

/** A POST to the sandbox: the answer's `data`. */
export async function sandboxPost(path, body) {
  const res = await fetch(env('WALLET_SDK_BASE_URL').replace(/\/$/, '') + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data ?? json;
}

/** Pays `address` `ltc` from the sandbox's miner, and mines it. */
export async function fund(address, ltc, mine = true) {
  return (await sandboxPost('/sandbox/fund', { address, amount: ltc, mine })).txid;
}

export function unique(tag) {
  return `${tag}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

export function client(settings = {}) {
  return new Client({ baseUrl: env('WALLET_SDK_BASE_URL'), apiKey: env('WALLET_SDK_API_KEY'), timeoutMs: 120000, ...settings });
}
