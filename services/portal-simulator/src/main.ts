import { createLogger, municipalitiesCsvPath, serveUntilSignal } from '@rr/kit';
import { createSimulator } from './app';
import { StreamRequest } from './stream';

const port = Number(process.env.PORT ?? 8090);
const host = process.env.HOST ?? '127.0.0.1';
const seed = Number(process.env.SIM_SEED ?? 42);
const origin = process.env.SIM_ORIGIN ?? `http://localhost:${port}`;
const logger = createLogger('portal-simulator', process.env.LOG_LEVEL ?? 'info');

// Seconds since 2026 shift the listing ids of every start, so a crawler's saved state never meets an id again.
const idEpoch = Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 1000);
const { app, sim, close } = createSimulator({ seed, origin, municipalitiesCsv: municipalitiesCsvPath(), logger, idEpoch });

// A market to watch from the first crawl on (`npm start` asks for one): properties at once, then a stream.
const demoCount = Number(process.env.SIM_DEMO_COUNT ?? 0);
const demoPerMinute = Number(process.env.SIM_DEMO_PER_MINUTE ?? 0);
const demo = StreamRequest.parse({ seed: seed + idEpoch, crossPostShare: 0.3, priceChangeShare: 0.1, withdrawShare: 0.05 });
if (demoCount > 0) sim.publishMany(demoCount, demo);
if (demoPerMinute > 0) sim.stream.start({ ...demo, perMinute: demoPerMinute });
if (demoCount > 0 || demoPerMinute > 0) logger.info({ demoCount, demoPerMinute }, 'demo market published');
serveUntilSignal(app, { host, port }, 'portal simulator', {
  listening: () => logger.info({ host, port, origin, seed }, 'portal simulator listening'),
  stopping: close,
});
