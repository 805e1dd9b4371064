import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError, Bus, connectDatabase, createLogger, databaseNameOf, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { ROLES, type Envelope, type EventData } from '@rr/proto';
import { opsService } from '../src/main';
import { ReplayJobRepository } from '../src/repositories/replay-job.repository';

jest.setTimeout(120_000);

const DLQ = 'email.bounced.v1.dlq';
type Json = Record<string, unknown>;

describe('ops: dead letters indexed, replayed and discarded', () => {
  const { env } = testEnv({ JWT_SECRET: `ops-test-${randomUUID()}`, OPS_API_PORT: '0', DLQ_JOB_PAGE: '2' });
  let ops: Awaited<ReturnType<typeof runService<typeof opsService.configSchema>>>;
  let apiPort: number;
  let bus: Bus;
  /** Keys whose handler fails (non-retriable), as a handler with a bug would. */
  const failing = new Set<string>();
  const handled: Array<Envelope<EventData<'email.bounced'>>> = [];
  const audited: Array<EventData<'admin-action.recorded'>> = [];

  const token = (role: number) => jwt.sign({ sub: `u_${role}`, email: `role${role}@example.cz`, role, locale: 'cs' }, env.JWT_SECRET!, { algorithm: 'HS256', expiresIn: 600 });
  const call = async (path: string, { role = ROLES.ADMIN as number | null, body }: { role?: number | null; body?: Json } = {}) => {
    const res = await fetch(`http://127.0.0.1:${apiPort}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(role === null ? {} : { authorization: `Bearer ${token(role)}` }) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: Json & { items?: Json[] }; error?: { message: string } } };
  };
  const startOps = async () => {
    const service = await runService(opsService, env, { trapSignals: false });
    // The API listens on a free port (0); the health details name it.
    apiPort = ((await (await fetch(`http://127.0.0.1:${service.healthPort}/health`)).json()) as { details: { apiPort: number } }).details.apiPort;
    return service;
  };
  const bounce = async (email: string) => (await bus.publish('email.bounced', email, { email, reason: '550 no such user', permanent: true, at: new Date().toISOString() })).id;
  const lettersOf = async (eventId: string) => ((await call(`/admin/dead-letters/topics/${DLQ}?limit=100`)).body.data.items ?? []).filter((m) => m.eventId === eventId);

  beforeAll(async () => {
    bus = new Bus({ clientId: 'ops-test', brokers: env.KAFKA_BROKERS!.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.flaky', events: ['email.bounced'], fromBeginning: true, maxAttempts: 1,
      handle: async (event) => {
        if (failing.has(event.data.email)) throw new AppError('VALIDATION_FAILED', `cannot handle ${event.data.email}`);
        handled.push(event);
      },
    });
    await bus.subscribe({ group: `test.audit-${randomUUID().slice(0, 6)}`, events: ['admin-action.recorded'], fromBeginning: true, handle: async (e) => void audited.push(e.data) });
    ops = await startOps();
  });

  afterAll(async () => {
    await ops?.stop();
    await bus?.disconnect();
  });

  it('is for administrators only', async () => {
    expect((await call('/admin/dead-letters', { role: null })).status).toBe(401);
    expect((await call('/admin/dead-letters', { role: ROLES.PREMIUM })).status).toBe(403);
    expect((await call(`/admin/dead-letters/topics/${DLQ}/replay-all`, { role: ROLES.USER, body: { dryRun: true } })).status).toBe(403);
  });

  it('shows what its consumer gave up with the error, replays it on request (a dry run first) and tells when it was processed', async () => {
    const email = `fix-${randomUUID().slice(0, 6)}@example.cz`;
    failing.add(email);
    const eventId = await bounce(email);
    const [letter] = await waitForValue('the dead letter indexed', async () => (await lettersOf(eventId)).length === 1 && lettersOf(eventId), 30_000);
    expect(letter).toMatchObject({ state: 'pending', errorCode: 'VALIDATION_FAILED', errorMessage: `cannot handle ${email}`, group: 'test.flaky', originalTopic: 'email.bounced.v1', replayCount: 0 });
    const overview = (await call('/admin/dead-letters')).body.data as { topics: Array<{ topic: string; pending: number }> };
    expect(overview.topics.find((t) => t.topic === DLQ)!.pending).toBeGreaterThanOrEqual(1);

    const id = encodeURIComponent(String(letter.id));
    const dry = await call(`/admin/dead-letters/messages/${id}/replay`, { body: { dryRun: true } });
    expect(dry.body.data).toMatchObject({ dryRun: true, to: 'email.bounced.v1', replayCount: 1 });
    expect((await call(`/admin/dead-letters/messages/${id}`)).body.data).toMatchObject({ state: 'pending' });

    failing.delete(email);
    const replayed = await call(`/admin/dead-letters/messages/${id}/replay`, { body: {} });
    expect(replayed.status).toBe(200);
    await waitForValue('the replayed event handled', () => handled.some((e) => e.id === eventId));
    const detail = await waitForValue('processed', async () => {
      const d = (await call(`/admin/dead-letters/messages/${id}`)).body.data;
      return d.outcome === 'processed' && d;
    });
    expect(detail).toMatchObject({ state: 'replayed', replayedBy: `role${ROLES.ADMIN}@example.cz`, headers: expect.objectContaining({ 'rr-error-code': 'VALIDATION_FAILED' }) });
    expect((await call(`/admin/dead-letters/messages/${id}/replay`, { body: {} })).status).toBe(409);
    await waitForValue('audited', () => audited.some((a) => a.action === 'dead-letter.replayed' && a.targetId === letter.id));
  });

  it('stops a message that keeps failing after the allowed replays (the loop guard)', async () => {
    const email = `loop-${randomUUID().slice(0, 6)}@example.cz`;
    failing.add(email);
    const eventId = await bounce(email);
    for (let round = 0; round < 3; round++) {
      const letter = await waitForValue(`dead letter of round ${round}`, async () => (await lettersOf(eventId)).find((l) => l.replayCount === round && l.state === 'pending'), 30_000);
      expect((await call(`/admin/dead-letters/messages/${encodeURIComponent(String(letter.id))}/replay`, { body: {} })).status).toBe(200);
    }
    const last = await waitForValue('dead letter after three replays', async () => (await lettersOf(eventId)).find((l) => l.replayCount === 3), 30_000);
    const refused = await call(`/admin/dead-letters/messages/${encodeURIComponent(String(last.id))}/replay`, { body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toMatch(/loop guard/);
    const first = (await lettersOf(eventId)).find((l) => l.replayCount === 0)!;
    expect(first.outcome).toBe('failed-again');
    expect((await call(`/admin/dead-letters/messages/${encodeURIComponent(String(last.id))}/discard`, { body: {} })).status).toBe(200);
  });

  it('replays a whole topic as a job that resumes after its cursor when it was interrupted', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `bulk${i}-${randomUUID().slice(0, 6)}@example.cz`);
    emails.forEach((e) => failing.add(e));
    const ids: string[] = [];
    for (const e of emails) ids.push(await bounce(e));
    const letters = await waitForValue('five dead letters', async () => {
      const all = await Promise.all(ids.map((id) => lettersOf(id)));
      return all.every((l) => l.length === 1) && all.map((l) => l[0]);
    }, 30_000);
    emails.forEach((e) => failing.delete(e));

    const dry = await call(`/admin/dead-letters/topics/${DLQ}/replay-all`, { body: { dryRun: true } });
    expect(dry.body.data).toMatchObject({ dryRun: true, open: 5, wouldAct: 5, wouldSkip: 0 });

    // A job that stopped after the first two messages, as a stop or a crash would leave it.
    await ops.stop();
    const db = await connectDatabase(env.MONGO_URL!, databaseNameOf('ops', { MONGO_DB_SUFFIX: env.MONGO_DB_SUFFIX! }), createLogger('test', 'silent'));
    const jobs = new ReplayJobRepository(db);
    const job = await jobs.create(DLQ, 'replay', { id: 'u_admin', email: 'admin@example.cz' });
    await jobs.step(job._id, String(letters[1].id), { replayed: 2, discarded: 0, skipped: 0 });
    ops = await startOps();

    const done = await waitForValue('the job done', async () => (await jobs.findById(job._id))?.state === 'done' && jobs.findById(job._id), 30_000);
    expect(done).toMatchObject({ replayed: 5, skipped: 0 });
    await db.close();
    await waitForValue('the last three handled', () => ids.slice(2).every((id) => handled.some((e) => e.id === id)));
    const states = await Promise.all(ids.map(async (id) => (await lettersOf(id))[0].state));
    expect(states).toEqual(['pending', 'pending', 'replayed', 'replayed', 'replayed']);
    expect(handled.some((e) => e.id === ids[0])).toBe(false);

    const discard = await call(`/admin/dead-letters/topics/${DLQ}/discard-all`, { body: { dryRun: true } });
    expect(discard.body.data).toMatchObject({ dryRun: true, open: 2, wouldAct: 2 });
    const started = await call(`/admin/dead-letters/topics/${DLQ}/discard-all`, { body: {} });
    const jobId = String((started.body.data.job as Json).id);
    await waitForValue('discard job done', async () => (await call('/admin/dead-letters')).body.data.jobs && ((await call(`/admin/dead-letters/jobs/${jobId}`)).body.data.state === 'done'));
    expect((await lettersOf(ids[0]))[0].state).toBe('discarded');
  });
});
