// A first call from TypeScript: compiled with `tsc --strict` by bindings-node/run-tests.sh.
import { Amount, Client, NotFoundError, OutcomeUnknownError, offline } from 'wallet-sdk';

export async function quickstart(): Promise<void> {
  const client = Client.fromEnv({ timeoutMs: 30_000 });
  try {
    const balance = await client.walletBalance('shop');
    const total: bigint = balance.confirmed.litoshis + balance.unconfirmed.litoshis;
    console.log(`shop holds ${Amount.fromLitoshis(total)} LTC`);
  } catch (e) {
    if (e instanceof NotFoundError) console.log(`no wallet: ${e.message}`);
    else throw e;
  }
  const request = offline.buildPaymentUri('ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w', 'mainnet', { amount: '0.25' });
  console.log(offline.paymentQr(request).text);
}

export async function payOnce(client: Client, wallet: string, to: string): Promise<string> {
  const signal = AbortSignal.timeout(60_000);
  try {
    return (await client.sendFundsFromWallet(wallet, to, Amount.fromLtc('0.1'), { idempotencyKey: 'order-42', signal })).txid;
  } catch (e) {
    if (e instanceof OutcomeUnknownError) {
      const resolution = await client.resolve(e);
      if (resolution.state === 'applied' && resolution.txid) return resolution.txid;
    }
    throw e;
  }
}
