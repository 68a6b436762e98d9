// The Node half of the soak (make soak; scripts/soak drives it), as bench/soak/python/soak.py's
// asyncio half:
//
//     node --expose-gc soak.mjs PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S
//
// PORTS is the responder's "OK,SLOW,E500,GARBAGE,REFUSED" (bench/soak/rust/soak.rs). PHASE:
//   success  addressBalance against OK
//   cancel   addressBalance against SLOW, given up after CANCEL_MS by AbortSignal.timeout (the
//            addon drops the call while its request is in flight)
//   fail     addressBalance against REFUSED, E500 and GARBAGE in turn (maxAttempts 1)
// N calls in flight. WARM calls of the same kind first, then VmRSS, open fds and threads; the
// phase; gc() and a settle of up to SETTLE_S seconds for the threads to come back to the warm-up's
// level and the fds to at most SLACK above it; the same again. Prints one JSON line.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

const { Client, WalletSdkError } = createRequire(import.meta.url)('../../../bindings-node/index.js');

// A structurally valid, long-lived JWT: the responder does not check it.
const KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl';
const ADDRESS = 'rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9';

/**
 * [resident kB, open fds, threads] of this process. Resident is VmRSS less the part of V8's heap
 * that V8 keeps free for reuse: V8 gives pages back to the system lazily, so that VmRSS alone
 * moved by 20 MiB either way between identical runs; what calls leave behind (JavaScript objects
 * kept, memory of the addon) still counts.
 */
function measure() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))[1]);
  const { heapTotal, heapUsed } = process.memoryUsage();
  return [field('VmRSS') - Math.round((heapTotal - heapUsed) / 1024), readdirSync('/proc/self/fd').length, field('Threads')];
}

const [portsText, phase, ...numbers] = process.argv.slice(2);
const [calls, warm, inFlight, slack, cancelMs, settleSecs] = numbers.map(Number);
const [ok, slow, e500, garbage, refused] = portsText.split(',').map((p) => new Client({ baseUrl: `http://127.0.0.1:${p}`, apiKey: KEY, maxAttempts: 1, noProxy: true }));
const failing = [refused, e500, garbage];

async function one(i, out) {
  try {
    let balance;
    if (phase === 'success') balance = await ok.addressBalance(ADDRESS);
    else if (phase === 'cancel') {
      try {
        balance = await slow.addressBalance(ADDRESS, { signal: AbortSignal.timeout(cancelMs) });
      } catch (e) {
        if (e.name === 'TimeoutError' || e.name === 'AbortError') {
          out.cancelled += 1;
          return;
        }
        throw e;
      }
    } else balance = await failing[i % 3].addressBalance(ADDRESS);
    if (balance.utxoCount !== 3) throw new Error(`unexpected balance ${JSON.stringify(balance)}`);
    out.ok += 1;
  } catch (e) {
    if (!(e instanceof WalletSdkError)) throw e;
    out.errors[e.kind] = (out.errors[e.kind] ?? 0) + 1;
  }
}

async function drive(n) {
  const out = { ok: 0, cancelled: 0, errors: {} };
  let next = 0;
  const worker = async () => {
    while (next < n) await one(next++, out);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return out;
}

async function settled(before, wait) {
  globalThis.gc();
  await sleep(500);
  const deadline = Date.now() + wait * 1000;
  let after = measure();
  while ((after[1] > before[1] + slack || after[2] > before[2]) && Date.now() < deadline) {
    await sleep(250);
    globalThis.gc();
    after = measure();
  }
  return after;
}

await drive(warm);
const before = await settled([1 << 30, 1 << 30, 1 << 30], 0);
const start = performance.now();
const out = await drive(calls);
const secs = (performance.now() - start) / 1000;
const after = await settled(before, settleSecs);
const expected = phase === 'success' ? out.ok : phase === 'cancel' ? out.cancelled : Object.values(out.errors).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({
  lang: 'node', phase, calls, warmup: warm, in_flight: inFlight, secs: Math.round(secs * 1000) / 1000,
  ok: out.ok, cancelled: out.cancelled, errors: out.errors, expected,
  rss_before_kb: before[0], rss_after_kb: after[0], fds_before: before[1], fds_after: after[1],
  threads_before: before[2], threads_after: after[2],
}));
