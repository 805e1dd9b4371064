import { createLogger, municipalitiesCsvPath } from '@rr/kit';
import { createSimulator } from './app';

const port = Number(process.env.PORT ?? 8090);
const host = process.env.HOST ?? '127.0.0.1';
const seed = Number(process.env.SIM_SEED ?? 42);
const origin = process.env.SIM_ORIGIN ?? `http://localhost:${port}`;
const logger = createLogger('portal-simulator', process.env.LOG_LEVEL ?? 'info');

// Seconds since 2026 shift the listing ids of every start, so a crawler's saved state never meets an id again.
const idEpoch = Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 1000);
const { app, close } = createSimulator({ seed, origin, municipalitiesCsv: municipalitiesCsvPath(), logger, idEpoch });
const server = app.listen(port, host, () => logger.info({ port, origin, seed }, 'portal simulator listening'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    close();
    server.close(() => process.exit(0));
  });
}
