// Pages, the wallet's events and waiting for a payment, against the sandbox's node.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Amount, InvalidInputError } from '../index.mjs';
import { client, fund, unique } from './sandbox.mjs';

test('every entry of every page, with the same cursor rules as every language', async () => {
  const c = client();
  const w = unique('node_pages');
  await c.createWallet(w);
  const { address } = await c.createAddress(w, { addressType: 'bech32' });
  for (const ltc of ['0.1', '0.2', '0.3']) await fund(address, ltc);
  const pages = [];
  for await (const page of c.walletTransactionsPages(w, { pageSize: 2 })) pages.push(page);
  assert.deepEqual(pages.map((p) => p.length), [2, 1]);
  const amounts = pages.flat().map((e) => e.amount.toString()).sort();
  assert.deepEqual(amounts, ['0.10000000', '0.20000000', '0.30000000']);
  const byAddress = [];
  for await (const page of c.addressTransactionPages(address)) byAddress.push(...page);
  assert.equal(byAddress.length, 3);
  const refused = c.walletTransactionsPages(w, { pageSize: -1 });
  await assert.rejects(refused.next(), (e) => e instanceof InvalidInputError && e.field === 'page_size');
});

test('a watch sees a payment arrive and confirm, and resumes from a cursor', async () => {
  const c = client();
  const w = unique('node_watch');
  await c.createWallet(w);
  const { address } = await c.createAddress(w, { addressType: 'bech32' });
  const txid = await fund(address, '0.25', false);
  const seen = [];
  for await (const event of c.watchWallet(w, { pollIntervalMs: 200 })) {
    seen.push(event);
    if (seen.length === 1) await fund(address, '0.01'); // mines the first payment too
    if (event.kind === 'confirmed' && event.txid === txid) break;
  }
  assert.equal(seen[0].kind, 'received');
  assert.equal(seen[0].txid, txid);
  assert.ok(seen[0].amount.equals(Amount.fromLtc('0.25')));
  // from the first event's cursor: not the first event again
  const again = c.watchWallet(w, { cursor: seen[0].cursor, pollIntervalMs: 200 });
  const next = (await again.next()).value;
  assert.notEqual(next.cursor, seen[0].cursor);
  await again.return();
  const forged = c.watchWallet(w, { cursor: 'wev1.forged' });
  await assert.rejects(forged.next(), (e) => e instanceof InvalidInputError && e.field === 'cursor');
  // a watch of a wallet where nothing happens ends when its signal aborts
  const quiet = unique('node_quiet');
  await c.createWallet(quiet);
  const aborted = new AbortController();
  const waiting = c.watchWallet(quiet, { pollIntervalMs: 200, signal: aborted.signal });
  setTimeout(() => aborted.abort(), 500);
  await assert.rejects(waiting.next(), (e) => e.name === 'AbortError');
});

test('waiting for a payment: paid, and underpaid at the timeout', async () => {
  const c = client();
  const w = unique('node_wait');
  await c.createWallet(w);
  const { address } = await c.createAddress(w, { addressType: 'bech32' });
  await fund(address, '0.4');
  const paid = await c.waitForPayment(w, address, '0.4', { pollIntervalMs: 200 });
  assert.equal(paid.status, 'paid');
  assert.ok(paid.received.equals(Amount.fromLtc('0.4')));
  const short = await c.waitForPayment(w, address, Amount.fromLtc('1'), { timeoutMs: 500, pollIntervalMs: 200 });
  assert.equal(short.status, 'underpaid');
});
