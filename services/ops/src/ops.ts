import express from 'express';
import { jsonErrorHandler, listen, type ServiceContext } from '@rr/kit';
import type { OpsConfig } from './config';
import { DEAD_LETTER_GROUP, onDeadLetters } from './handlers/on-dead-letter';
import { opsRoutes } from './http/routes';
import { DeadLetterRepository } from './repositories/dead-letter.repository';
import { ReplayJobRepository } from './repositories/replay-job.repository';
import { DEAD_LETTER_TOPICS, DeadLetterOps } from './replay/dead-letter-ops';

/**
 * Wires the dead-letter index (a raw consumer of every `<topic>.dlq`), the replay and discard
 * operations with their jobs (resumed at start), and the administration's API.
 */
export async function startOps(ctx: ServiceContext<OpsConfig>) {
  const { config, log, bus, shutdown } = ctx;
  const db = ctx.db!;
  const letters = new DeadLetterRepository(db);
  const jobs = new ReplayJobRepository(db);
  await Promise.all([letters.init(), jobs.init()]);

  const ops = new DeadLetterOps({ letters, jobs, bus, maxReplays: config.DLQ_MAX_REPLAYS, jobPage: config.DLQ_JOB_PAGE, log });
  shutdown.add('jobs', () => ops.stop());

  const app = express();
  app.disable('x-powered-by');
  app.use(opsRoutes({ ops, letters, jobs, jwtSecret: config.JWT_SECRET, maxReplays: config.DLQ_MAX_REPLAYS, log }));
  app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
  app.use(jsonErrorHandler(log));
  const api = await listen(app, { host: config.BIND_HOST, port: config.OPS_API_PORT }, 'ops API');
  shutdown.add('api', api.close);

  await bus.subscribeRaw({ group: DEAD_LETTER_GROUP, topics: DEAD_LETTER_TOPICS, fromBeginning: true, handleBatch: onDeadLetters(letters, log) });
  await ops.resumeJobs();
  log.info({ apiPort: api.port, topics: DEAD_LETTER_TOPICS.length }, 'ops ready');
  return { details: () => ({ apiPort: api.port }), apiPort: api.port, ops, letters, jobs };
}
