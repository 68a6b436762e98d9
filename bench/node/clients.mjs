// The Node half of the side-by-side harness of make bench (bench/run.py drives it):
//
//     node clients.mjs sdk    URL CALLS WARM N   # wallet-sdk's Client, N calls in flight
//     node clients.mjs undici URL CALLS WARM N   # undici's request + JSON.parse, N in flight
//     node clients.mjs fetch  URL CALLS WARM N   # the built-in fetch + res.json(), N in flight
//
// The same call as every row: address_balance, its answer decoded and checked. Prints one JSON
// line, as the Rust half does. The SDK runs in its release build (bench/run.sh builds it), and
// undici comes from this folder's node_modules (bench/run.sh installs it).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// A structurally valid, long-lived JWT: the responder does not check it.
const KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl';
const ADDRESS = 'rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9';
const BALANCE = '/api/Address/address-balance';

const [kind, url, callsText, warmText, inFlightText] = process.argv.slice(2);
const [calls, warm, inFlight] = [callsText, warmText, inFlightText].map(Number);
const target = `${url}${BALANCE}?address=${ADDRESS}`;

/** `inFlight` workers pulling from one counter; (seconds, latencies in ms). */
async function drive(n, call) {
  let remaining = n;
  const latencies = [];
  const worker = async () => {
    while (remaining > 0) {
      remaining -= 1;
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return [(performance.now() - start) / 1000, latencies];
}

function check(envelope) {
  if (!envelope.successful || envelope.data.utxoCount !== 3) throw new Error(`unexpected answer ${JSON.stringify(envelope)}`);
}

let label;
let call;
if (kind === 'sdk') {
  const { Client } = require('../../bindings-node/index.js');
  const client = new Client({ baseUrl: url, apiKey: KEY });
  label = `Node wallet-sdk Client, ${inFlight} in flight`;
  call = async () => {
    const balance = await client.addressBalance(ADDRESS);
    if (balance.utxoCount !== 3) throw new Error('unexpected balance');
  };
} else if (kind === 'undici') {
  const { Agent, request } = require('undici');
  const dispatcher = new Agent({ connections: inFlight });
  label = `undici request + JSON.parse, ${inFlight} in flight`;
  call = async () => {
    const res = await request(target, { headers: { nodeUrlOrApiAccessKey: KEY }, dispatcher });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    check(JSON.parse(await res.body.text()));
  };
} else if (kind === 'fetch') {
  label = `built-in fetch + json(), ${inFlight} in flight`;
  call = async () => {
    const res = await fetch(target, { headers: { nodeUrlOrApiAccessKey: KEY } });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    check(await res.json());
  };
} else {
  throw new Error(`unknown client ${kind}`);
}

await drive(warm, call);
const [secs, latencies] = await drive(calls, call);
latencies.sort((a, b) => a - b);
const pct = (p) => Math.round(latencies[Math.min(Math.floor(latencies.length * p), latencies.length - 1)] * 1e4) / 10;
console.log(JSON.stringify({ client: label, calls: latencies.length, secs, p50_us: pct(0.5), p99_us: pct(0.99) }));
process.exit(0);
