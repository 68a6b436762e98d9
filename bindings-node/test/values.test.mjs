// Amounts, secrets, errors and settings: what Node adds around the core, without the service.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import util from 'node:util';
import { Amount, Client, InvalidInputError, OutcomeUnknownError, Secret, WalletSdkError } from '../index.mjs';
import cjs from '../index.js';

test('an amount is exact litoshis, read from and printed as decimal text', () => {
  const a = Amount.fromLtc('1.5');
  assert.equal(a.litoshis, 150000000n);
  assert.equal(a.toString(), '1.50000000');
  assert.equal(JSON.stringify({ a }), '{"a":"1.50000000"}');
  assert.equal(util.inspect(a), 'Amount(1.50000000)');
  assert.ok(Amount.fromLitoshis(-1640n).equals(Amount.fromLtc('-0.0000164')));
  assert.equal(Amount.fromLitoshis(2_100_000_000_000_000n).toString(), '21000000.00000000');
  // the largest amount, exactly: no floating point on the way
  assert.equal(Amount.fromLtc('92233720368.54775807').litoshis, 9223372036854775807n);
  assert.throws(() => Amount.fromLtc(1.5), TypeError);
  assert.throws(() => Amount.fromLitoshis(5), TypeError);
  for (const bad of ['1.123456789', '1e3', '', 'abc', '92233720368.54775808']) {
    assert.throws(() => Amount.fromLtc(bad), (e) => e instanceof InvalidInputError && e.kind === 'invalid_input', bad);
  }
  assert.throws(() => Amount.fromLitoshis(2n ** 64n), InvalidInputError);
});

test('a secret never shows its value', () => {
  const s = new Secret('cVt4o7BGAig1UXywgGSmARhxMdzP5qvQsxKkSsc1XEkw3tDTQFpy');
  for (const shown of [String(s), `${s}`, JSON.stringify({ s }), util.inspect(s), util.inspect({ nested: [s] })]) {
    assert.ok(!shown.includes('cVt4o7'), shown);
  }
  assert.equal(s.reveal(), 'cVt4o7BGAig1UXywgGSmARhxMdzP5qvQsxKkSsc1XEkw3tDTQFpy');
  assert.throws(() => new Secret(42), TypeError);
});

test('each error kind has its class, and ESM and CommonJS export the same ones', () => {
  assert.ok(OutcomeUnknownError.prototype instanceof WalletSdkError);
  assert.equal(new OutcomeUnknownError({ kind: 'outcome_unknown', message: 'm', outcomeToken: 't' }).name, 'OutcomeUnknownError');
  assert.equal(cjs.OutcomeUnknownError, OutcomeUnknownError);
  assert.equal(cjs.Client, Client);
});

// an API key of the right shape (no service is asked)
const KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl';

test('bad settings are refused naming the setting, before anything is sent', () => {
  const refused = (settings, field) => assert.throws(() => new Client(settings), (e) => e instanceof InvalidInputError && e.field === field, field);
  refused({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, timeoutMs: -1 }, 'timeoutMs');
  refused({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, colour: 'blue' }, 'colour');
  refused({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, maxAttempts: 0 }, 'max_attempts');
  assert.throws(() => new Client({ apiKey: KEY }), InvalidInputError);
  // an insecure URL to a host other than loopback is refused unless allowed
  assert.throws(() => new Client({ baseUrl: 'http://wallet.example', apiKey: KEY }), (e) => e.kind === 'insecure_transport');
});
