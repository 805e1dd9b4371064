import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError, adminOf, type Logger } from '@rr/kit';
import type { DeadLetterState } from '../domain/dead-letter';
import type { DeadLetterRepository } from '../repositories/dead-letter.repository';
import type { ReplayJobRepository } from '../repositories/replay-job.repository';
import { DEAD_LETTER_TOPICS, type DeadLetterOps } from '../replay/dead-letter-ops';
import { deadLetterView, jobView } from './views';

type Deps = { ops: DeadLetterOps; letters: DeadLetterRepository; jobs: ReplayJobRepository; jwtSecret: string; maxReplays: number; log: Logger };

const STATES: DeadLetterState[] = ['pending', 'replayed', 'discarded'];
const dryRunOf = (req: Request) => (req.body as { dryRun?: unknown } | undefined)?.dryRun === true;

/** `/admin/dead-letters…` as the gateway forwards it; administrators only (session token). */
export function opsRoutes({ ops, letters, jobs, jwtSecret, maxReplays, log }: Deps): Router {
  const r = Router();
  r.use(express.json({ limit: '4kb' }));
  const route = (fn: (req: Request) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    fn(req).then((data) => res.json({ data }), next);
  };
  const admin = (req: Request) => adminOf(req, jwtSecret);

  r.get('/admin/dead-letters', route(async (req) => {
    admin(req);
    const [counts, recent] = await Promise.all([letters.counters(DEAD_LETTER_TOPICS), jobs.recent(10)]);
    const byTopic = new Map(counts.map((c) => [c._id, c]));
    return {
      maxReplays,
      topics: DEAD_LETTER_TOPICS.map((topic) => {
        const c = byTopic.get(topic);
        return { topic, originalTopic: topic.replace(/\.dlq$/, ''), total: c?.total ?? 0, pending: c?.pending ?? 0, replayed: c?.replayed ?? 0, discarded: c?.discarded ?? 0 };
      }),
      jobs: recent.map(jobView),
    };
  }));

  r.get('/admin/dead-letters/topics/:topic', route(async (req) => {
    admin(req);
    const topic = ops.topicOr404(req.params.topic);
    const state = STATES.find((s) => s === req.query.state) ?? null;
    const after = typeof req.query.after === 'string' && req.query.after ? req.query.after.slice(0, 200) : null;
    const limit = Math.min(100, Math.max(1, Number.parseInt(String(req.query.limit ?? '25'), 10) || 25));
    const items = await letters.page(topic, state, after, limit + 1);
    const shown = items.slice(0, limit);
    const outcomes = await Promise.all(shown.map((d) => ops.outcomeOf(d)));
    return { items: shown.map((d, i) => deadLetterView(d, outcomes[i])), next: items.length > limit ? shown[shown.length - 1]._id : null };
  }));

  r.get('/admin/dead-letters/messages/:id', route(async (req) => {
    admin(req);
    const doc = await ops.messageOr404(req.params.id);
    return deadLetterView(doc, await ops.outcomeOf(doc), true);
  }));

  r.get('/admin/dead-letters/jobs/:id', route(async (req) => {
    admin(req);
    const job = await jobs.findById(req.params.id);
    if (!job) throw new AppError('NOT_FOUND', `no job ${req.params.id.slice(0, 60)}`);
    return jobView(job);
  }));

  const act = (fn: (req: Request, who: ReturnType<typeof admin>, dryRun: boolean) => Promise<unknown>, what: string) => route(async (req) => {
    const who = admin(req);
    const dryRun = dryRunOf(req);
    const result = await fn(req, who, dryRun);
    if (!dryRun) log.info({ admin: who.email, what, target: req.params.id ?? req.params.topic }, 'dead-letter action');
    return result;
  });
  r.post('/admin/dead-letters/messages/:id/replay', act((req, who, dry) => ops.replayOne(req.params.id, who, dry), 'replay'));
  r.post('/admin/dead-letters/messages/:id/discard', act((req, who, dry) => ops.discardOne(req.params.id, who, dry), 'discard'));
  r.post('/admin/dead-letters/topics/:topic/replay-all', act(async (req, who, dry) => withJobView(await ops.bulk(req.params.topic, 'replay', who, dry)), 'replay-all'));
  r.post('/admin/dead-letters/topics/:topic/discard-all', act(async (req, who, dry) => withJobView(await ops.bulk(req.params.topic, 'discard', who, dry)), 'discard-all'));
  return r;
}

function withJobView(result: Awaited<ReturnType<DeadLetterOps['bulk']>>) {
  return result.dryRun ? result : { ...result, job: jobView(result.job) };
}

