import type { AddressInfo } from 'node:net';
import { createPaymentSimulator, type PaymentSimulator } from '../src/app';

export const SIM_CREDENTIALS = { clientId: 'test-client', clientSecret: 'test-secret', goid: 8_123_456_789 };
export const SIM_FIO = { token: 'test-fio-token', paymentToken: 'test-fio-payment-token', accountId: '2401234560', iban: 'CZ2420100000002401234560' };

/** A payment simulator on an ephemeral port, for tests of the simulator and of billing. */
export async function startPaymentSimulator(): Promise<PaymentSimulator & { url: string; stop(): Promise<void> }> {
  let origin = '';
  const sim = createPaymentSimulator({ origin: 'http://placeholder', gopay: SIM_CREDENTIALS, fio: SIM_FIO, notifyRetryMs: 200 });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = sim.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim.store.origin = origin;
  return {
    ...sim,
    url: origin,
    stop: () => new Promise((resolve) => {
      sim.close();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
