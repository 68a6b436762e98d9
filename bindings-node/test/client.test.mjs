// The client against the sandbox's real node: the operations, their errors, secrets in
// results, cancellation with AbortSignal and resolve, signing at home.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import util from 'node:util';
import { Amount, InvalidInputError, NotFoundError, OutcomeUnknownError, Secret, TransactionMismatchError, offline } from '../index.mjs';
import { client, fund, sandboxPost, unique } from './sandbox.mjs';

test('operations return typed results with exact amounts', async () => {
  const c = client();
  const w = unique('node');
  const created = await c.createWallet(w);
  assert.equal(created.walletName, w);
  const { address } = await c.createAddress(w, { addressType: 'bech32', label: 'node' });
  assert.ok(address.startsWith('rltc1q'), address);
  await fund(address, '0.25');
  const balance = await c.walletBalance(w);
  assert.ok(balance.confirmed instanceof Amount);
  assert.equal(balance.confirmed.toString(), '0.25000000');
  assert.equal(typeof balance.rawJson, 'string');
  assert.ok(!Object.keys(balance).includes('rawJson'), 'the raw JSON is not a field');
  const info = await c.blockchainInfo();
  assert.equal(info.chain, 'regtest');
});

test('errors are the kind\'s class with every fact, and bad input is refused before sending', async () => {
  const c = client();
  await assert.rejects(c.walletBalance(unique('missing')), (e) => {
    assert.ok(e instanceof NotFoundError);
    assert.equal(e.kind, 'not_found');
    assert.equal(e.status, 404);
    assert.equal(e.operation, 'wallet_balance');
    assert.equal(typeof e.requestId, 'string');
    return true;
  });
  await assert.rejects(c.createAddress('', {}), (e) => e instanceof InvalidInputError && e.field === 'wallet_name');
  await assert.rejects(c.walletBalance('w', { colour: 'blue' }), (e) => e instanceof InvalidInputError && e.field === 'colour');
  await assert.rejects(c.sendFundsFromWallet('w', 'rltc1q', 1.5), (e) => e instanceof InvalidInputError && e.field === 'amount');
});

test('a secret in a result is a Secret, never shown', async () => {
  const c = client();
  const created = await c.createEncryptedWallet(unique('node_enc'));
  assert.ok(created.passphrase instanceof Secret);
  const shown = util.inspect(created, { depth: 5 }) + JSON.stringify(created) + created.rawJson;
  assert.ok(!shown.includes(created.passphrase.reveal()), shown);
});

test('an aborted read rejects with the signal\'s reason; an aborted create is outcome_unknown, resolves, and is reported once it ends', async () => {
  // a key of its own, so that the sandbox holds only this test's requests
  const apiKey = (await sandboxPost('/sandbox/keys', { ttlSeconds: 3600 + Math.floor(Math.random() * 1e6) })).apiKey;
  let reported;
  const abandoned = new Promise((resolve) => { reported = resolve; });
  const c = client({ apiKey, settleTimeMs: 2000, onAbandonedCall: (call) => reported(call) });
  // the sandbox holds the next request to the path for a while
  await sandboxPost('/sandbox/faults', { path: '/api/Blocks/blockchain-info', delayMs: 3000, count: 1, apiKey });
  const reading = new AbortController();
  setTimeout(() => reading.abort(), 300);
  await assert.rejects(c.blockchainInfo({ signal: reading.signal }), (e) => e.name === 'AbortError');
  const already = AbortSignal.abort();
  await assert.rejects(c.walletBalance('w', { signal: already }), (e) => e.name === 'AbortError');

  const w = unique('node_cancel');
  await sandboxPost('/sandbox/faults', { path: '/api/Wallet/create-encrypted-wallet', delayMs: 1500, count: 1, apiKey });
  const creating = new AbortController();
  setTimeout(() => creating.abort(), 300);
  const lost = await c.createEncryptedWallet(w, { signal: creating.signal }).then(() => null, (e) => e);
  assert.ok(lost instanceof OutcomeUnknownError, String(lost));
  assert.equal(typeof lost.outcomeToken, 'string');
  const resolution = await c.resolve(lost);
  assert.equal(resolution.state, 'applied');
  assert.equal(resolution.walletName, w);
  const call = await abandoned;
  assert.equal(call.operation, 'create_encrypted_wallet');
  assert.equal(call.succeeded, true);
  assert.equal(call.status, 200);
  assert.equal(call.error, null);
  // the answer carried the new wallet's passphrase, which nobody received: it is redacted, and
  // with it every field (an answer with a secret keeps only what is known to be public)
  const data = JSON.parse(call.rawJson);
  assert.equal(data.encryptedPassphrase, '[REDACTED]', call.rawJson);
  assert.ok(Object.values(data).every((v) => v === '[REDACTED]'), call.rawJson);
  assert.throws(() => client({ onAbandonedCall: 1 }), (e) => e instanceof InvalidInputError && e.field === 'onAbandonedCall');
});

test('signing at home pays without the key leaving the process, and a changed build is refused', async () => {
  const c = client();
  const phrase = offline.generateMnemonic(12);
  const [key] = offline.keysFromPhrase(phrase, ["m/84'/1'/0'/0/0"], 'regtest');
  const sender = offline.deriveKey(phrase, "m/84'/1'/0'/0/0", 'p2wpkh', 'regtest');
  assert.equal(key.reveal(), sender.privateKey.reveal());
  const recipient = offline.deriveKey(phrase, "m/84'/1'/0'/0/1", 'p2wpkh', 'regtest').address;
  await fund(sender.address, '0.5');
  const sent = await c.sendSignedLocally(sender.address, recipient, Amount.fromLtc('0.2'), [key], { build: 'local', feeRate: 12 });
  assert.equal(sent.review.outputs[0].amount.toString(), '0.20000000');
  assert.ok(sent.review.feeRate >= 12);
  assert.equal((await c.broadcastTransaction(sent.hex)).txid, sent.txid);
  // a broadcast is safe to repeat: given up, it is aborted like a read (no outcome token to chase)
  const ownKey = (await sandboxPost('/sandbox/keys', { ttlSeconds: 3600 + Math.floor(Math.random() * 1e6) })).apiKey;
  await sandboxPost('/sandbox/faults', { path: '/api/Transactions/broadcast-transaction', delayMs: 3000, count: 1, apiKey: ownKey });
  const givingUp = new AbortController();
  setTimeout(() => givingUp.abort(), 300);
  await assert.rejects(client({ apiKey: ownKey }).broadcastTransaction(sent.hex, { signal: givingUp.signal }), (e) => e.name === 'AbortError');
  // reviewed again once sent, its input is spent: refused for that reason
  await assert.rejects(c.reviewTransaction(sent.hex, { senderAddress: sender.address, recipients: [[recipient, '0.2']] }),
    (e) => e instanceof TransactionMismatchError && e.message.includes('not an unspent output'));
  await assert.rejects(c.sendSignedLocally(sender.address, recipient, '0.1', [key], { signal: new AbortController().signal }),
    (e) => e instanceof InvalidInputError && e.field === 'signal');
  assert.ok((await c.estimateFeeRate(2)).litoshisPerVbyte >= 10);
});

test('onCall is told of every call, with no secret', async () => {
  const events = [];
  const c = client({ onCall: (e) => events.push(e) });
  const w = unique('node_log');
  const created = await c.createEncryptedWallet(w);
  await assert.rejects(c.walletBalance(unique('missing')), NotFoundError);
  await new Promise((r) => setTimeout(r, 50)); // the events come through Node's event loop
  assert.deepEqual(events.map((e) => [e.operation, e.errorKind]), [['create_encrypted_wallet', null], ['wallet_balance', 'not_found']]);
  assert.equal(events[1].status, 404);
  assert.ok(events[0].latencyMs > 0);
  assert.ok(!JSON.stringify(events).includes(created.passphrase.reveal()));
  assert.throws(() => client({ onCall: 'log' }), (e) => e instanceof InvalidInputError && e.field === 'onCall');
});

test('the client\'s own facts, key rotation, copies with other options, and the untyped call', async () => {
  const c = client();
  assert.equal(c.baseUrl, process.env.WALLET_SDK_BASE_URL.replace(/\/$/, ''));
  assert.ok(c.expiresAt instanceof Date && c.expiresAt > new Date(), String(c.expiresAt));

  // a rotated key is used from the next call on; a malformed one is refused and the old stays
  const { apiKey } = await sandboxPost('/sandbox/keys', { ttlSeconds: 7200 });
  c.setCredential(new Secret(apiKey));
  assert.ok(Math.abs(c.expiresAt.getTime() - Date.now() - 7200e3) < 120e3, String(c.expiresAt));
  assert.throws(() => c.setCredential(''), (e) => e instanceof InvalidInputError && !e.message.includes(apiKey));
  assert.equal((await c.blockchainInfo()).chain, 'regtest');

  // a copy with one attempt of 300 ms times out on a slow answer; the client itself waits
  const own = (await sandboxPost('/sandbox/keys', { ttlSeconds: 3600 + Math.floor(Math.random() * 1e6) })).apiKey;
  const slow = client({ apiKey: own });
  await sandboxPost('/sandbox/faults', { path: '/api/Blocks/blockchain-info', delayMs: 1500, count: 2, apiKey: own });
  await assert.rejects(slow.withOptions({ timeoutMs: 300, maxAttempts: 1 }).blockchainInfo(), (e) => e.kind === 'timeout' && e.attempts === 1);
  assert.equal((await slow.blockchainInfo()).chain, 'regtest');
  assert.throws(() => slow.withOptions({ timeout: 5 }), (e) => e instanceof InvalidInputError && e.field === 'timeout');
  assert.throws(() => slow.withOptions({ maxAttempts: 0 }), (e) => e instanceof InvalidInputError);

  // untyped: the answer's data as JSON text, secrets redacted; amounts never a number
  const w = unique('node_untyped');
  // an answer that carries a secret is redacted whole: read the secret with the typed method
  const created = JSON.parse(await c.call('create_encrypted_wallet', { wallet_name: w }));
  assert.ok(Object.keys(created).length > 0 && Object.values(created).every((v) => v === '[REDACTED]'), JSON.stringify(created));
  const balance = await c.call('wallet_balance', { wallet_name: w });
  assert.match(balance, /"confirmed"/);
  await assert.rejects(c.call('send_funds_from_wallet', { wallet_name: w, to_address: 'x', amount: 0.1 }),
    (e) => e instanceof InvalidInputError && e.field === 'amount');
  await assert.rejects(c.call('no_such_operation'), (e) => e instanceof InvalidInputError && e.field === 'operation');
  await assert.rejects(c.waitForPayment(w, 'x', 0.1), (e) => e instanceof InvalidInputError && e.field === 'amount');
});
