import { createLogger, serveUntilSignal } from '@rr/kit';
import { createPaymentSimulator } from './app';

const port = Number(process.env.PORT ?? 8091);
const host = process.env.HOST ?? '127.0.0.1';
const origin = process.env.SIM_ORIGIN ?? `http://localhost:${port}`;
const logger = createLogger('payment-simulator', process.env.LOG_LEVEL ?? 'info');

// The simulator's own fixed test credentials; billing's defaults for a local run match them.
const sim = createPaymentSimulator({
  origin,
  gopay: {
    clientId: process.env.GOPAY_CLIENT_ID ?? 'rr-local-client',
    clientSecret: process.env.GOPAY_CLIENT_SECRET ?? 'rr-local-secret',
    goid: Number(process.env.GOPAY_GOID ?? 8_123_456_789),
  },
  fio: {
    token: process.env.FIO_TOKEN ?? 'rr-local-fio-token',
    accountId: process.env.FIO_ACCOUNT_ID ?? '2401234560',
    iban: process.env.FIO_IBAN ?? 'CZ2420100000002401234560',
    minIntervalMs: Number(process.env.FIO_MIN_INTERVAL_SECONDS ?? 0) * 1000,
    paymentToken: process.env.FIO_PAYMENT_TOKEN ?? 'rr-local-fio-payment-token',
  },
  logger,
});
serveUntilSignal(sim.app, { host, port }, 'payment simulator', {
  listening: () => logger.info({ host, port, origin }, 'payment simulator listening'),
  stopping: () => sim.close(),
});
