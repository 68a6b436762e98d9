// The offline toolkit: no service.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import util from 'node:util';
import { Amount, InvalidInputError, Secret, offline } from '../index.mjs';

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

test('a payment request is built, read back and drawn as a QR code', () => {
  const { address } = offline.deriveKey(PHRASE, "m/84'/1'/0'/0/0", 'p2wpkh', 'regtest');
  const uri = offline.buildPaymentUri(address, 'regtest', { amount: Amount.fromLtc('0.25'), label: 'Shop #1' });
  assert.equal(uri, `litecoin:${address}?amount=0.25&label=Shop%20%231`);
  const request = offline.parsePaymentUri(uri, 'regtest');
  assert.equal(request.amount.toString(), '0.25000000');
  assert.equal(request.label, 'Shop #1');
  const qr = offline.paymentQr(uri);
  assert.equal(qr.format, 'svg');
  assert.ok(qr.text.includes('<svg'));
  assert.equal(qr.data.toString('utf8'), qr.text);
  assert.ok(Buffer.isBuffer(qr.data));
  assert.throws(() => offline.parsePaymentUri('litecoin:nope', 'regtest'), (e) => e instanceof InvalidInputError && e.field === 'address');
});

test('keys: derived as Core derives them, never shown', () => {
  const key = offline.deriveKey(PHRASE, "m/44'/1'/0'/0/0", 'p2pkh', 'regtest');
  assert.equal(key.address, 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV');
  assert.ok(key.privateKey instanceof Secret);
  assert.ok(!util.inspect(key).includes(key.privateKey.reveal()));
  assert.ok(offline.validateMnemonic(new Secret(PHRASE)));
  assert.equal(offline.isValidAddress(key.address, 'regtest'), true);
  assert.equal(offline.parseAddress(key.address).kind, 'p2pkh');
  const parsed = offline.parseInput(key.privateKey, 'regtest');
  assert.equal(parsed.kind, 'wif');
  assert.equal(parsed.isSecret, true);
  assert.throws(() => offline.keysFromPhrase(PHRASE, ['84/0'], 'regtest'), (e) => e instanceof InvalidInputError && e.field === 'paths');
});

test('messages, WIFs, seeds and the service\'s default address, offline', () => {
  const key = offline.deriveKey(PHRASE, "m/84'/1'/0'/0/0", 'p2wpkh', 'regtest');
  const signature = offline.signMessage(key.privateKey, 'hello', 'p2wpkh');
  assert.equal(offline.verifyMessage(key.address, 'hello', signature), true);
  assert.equal(offline.verifyMessage(key.address, 'hello!', signature), false);
  const info = offline.wifToKey(key.privateKey);
  assert.equal(info.publicKey, key.publicKey);
  assert.equal(offline.addressFromPublicKey(info.publicKey, 'p2wpkh', 'regtest'), key.address);
  const seed = offline.mnemonicToSeed(PHRASE);
  assert.ok(seed instanceof Secret && seed.reveal().length === 128);
  assert.ok(offline.defaultAddress(PHRASE, 'regtest').startsWith('rltc1q'));
  assert.throws(() => offline.wifToKey('not a key'), (e) => e instanceof InvalidInputError && !e.message.includes('not a key'));
  const uri = offline.buildPaymentUri(key.address, 'regtest', { extras: [['pop', 'shop:callback']] });
  assert.deepEqual(offline.parsePaymentUri(uri, 'regtest').extras, [['pop', 'shop:callback']]);
});
