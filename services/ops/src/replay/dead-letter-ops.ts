import { AppError, type Bus, type Logger, type SessionUser } from '@rr/kit';
import { allTopics } from '@rr/proto';
import { replayDecision, type ReplayDecision } from '../domain/dead-letter';
import type { DeadLetterDoc } from '../repositories/dead-letter.model';
import type { DeadLetterRepository } from '../repositories/dead-letter.repository';
import type { JobAction, ReplayJobDoc, ReplayJobRepository } from '../repositories/replay-job.repository';

export type OpsDeps = { letters: DeadLetterRepository; jobs: ReplayJobRepository; bus: Bus; maxReplays: number; jobPage: number; log: Logger };

/** Every dead-letter topic of the registry (names without the prefix). */
export const DEAD_LETTER_TOPICS = allTopics().filter((t) => t.name.endsWith('.dlq')).map((t) => t.name);

/** What became of a replayed message: its group read past it, it came back dead, or not yet. */
export type ReplayOutcome = 'waiting' | 'processed' | 'failed-again' | 'unknown';

const REFUSALS: Record<Exclude<ReplayDecision, { ok: true }>['reason'], string> = {
  'replay-limit': 'replayed too often already (loop guard); fix the cause and discard it',
  'no-original-topic': 'the topic it came from is unknown',
  'not-pending': 'already replayed or discarded',
};

/**
 * Replays and discards dead letters one by one or a whole topic at a time (a job with a saved
 * cursor), with dry runs, and reports every change to the audit log.
 */
export class DeadLetterOps {
  private readonly runningJobs = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly deps: OpsDeps) {}

  topicOr404(topic: string): string {
    if (!DEAD_LETTER_TOPICS.includes(topic)) throw new AppError('NOT_FOUND', `unknown dead-letter topic "${topic.slice(0, 80)}"`);
    return topic;
  }

  async messageOr404(id: string): Promise<DeadLetterDoc> {
    const doc = await this.deps.letters.findById(id);
    if (!doc) throw new AppError('NOT_FOUND', `no dead letter ${id.slice(0, 120)}`);
    return doc;
  }

  async replayOne(id: string, admin: SessionUser, dryRun: boolean) {
    const doc = await this.messageOr404(id);
    const decision = replayDecision(doc, this.deps.maxReplays);
    if (!decision.ok) throw new AppError('DEAD_LETTER_CONFLICT', `${id} cannot be replayed: ${REFUSALS[decision.reason]}`);
    if (dryRun) return { id, dryRun: true, to: decision.topic, replayCount: decision.replayCount };
    const to = await this.send(doc, admin);
    if (!to) throw new AppError('DEAD_LETTER_CONFLICT', `${id} cannot be replayed: ${REFUSALS['not-pending']}`);
    await this.audit(admin, 'dead-letter.replayed', 'dead-letter', id, { state: doc.state, replayCount: doc.replayCount }, { state: 'replayed', replayCount: decision.replayCount, to: `${to.topic}#${to.partition}@${to.offset}` });
    return { id, dryRun: false, to: to.topic, replayCount: decision.replayCount, offset: to.offset };
  }

  async discardOne(id: string, admin: SessionUser, dryRun: boolean) {
    const doc = await this.messageOr404(id);
    if (doc.state !== 'pending' && doc.state !== 'replaying') throw new AppError('DEAD_LETTER_CONFLICT', `${id} cannot be discarded: ${REFUSALS['not-pending']}`);
    if (dryRun) return { id, dryRun: true };
    if (!(await this.deps.letters.discard(doc, admin.email))) throw new AppError('DEAD_LETTER_CONFLICT', `${id} cannot be discarded: ${REFUSALS['not-pending']}`);
    await this.audit(admin, 'dead-letter.discarded', 'dead-letter', id, { state: doc.state }, { state: 'discarded' });
    return { id, dryRun: false };
  }

  /** Dry run: what a bulk action would do, from the counters and the loop guard's index. Otherwise a job. */
  async bulk(topicName: string, action: JobAction, admin: SessionUser, dryRun: boolean) {
    const topic = this.topicOr404(topicName);
    const [counts] = await this.deps.letters.counters([topic]);
    const open = counts?.pending ?? 0;
    const refused = action === 'replay' ? await this.deps.letters.countOverLimit(topic, this.deps.maxReplays) : 0;
    if (dryRun) return { topic, action, dryRun: true as const, open, wouldSkip: refused, wouldAct: Math.max(0, open - refused) };
    const job = await this.deps.jobs.create(topic, action, { id: admin.id, email: admin.email });
    await this.audit(admin, action === 'replay' ? 'dead-letter.replay-all' : 'dead-letter.discard-all', 'dead-letter-topic', topic, { open }, { job: job._id });
    this.start(job);
    return { topic, action, dryRun: false as const, job };
  }

  /** Jobs a stop or a crash interrupted go on from their cursor. */
  async resumeJobs(): Promise<number> {
    const jobs = await this.deps.jobs.running();
    for (const job of jobs) this.start(job);
    if (jobs.length) this.deps.log.info({ jobs: jobs.map((j) => j._id) }, 'resuming dead-letter jobs');
    return jobs.length;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.runningJobs.values()]);
  }

  async outcomeOf(doc: DeadLetterDoc): Promise<ReplayOutcome | null> {
    if (doc.state !== 'replayed' || !doc.replayedTo) return null;
    if (doc.eventId && (await this.deps.letters.failedAgain(doc.eventId, doc.replayCount + 1))) return 'failed-again';
    if (!doc.group) return 'unknown';
    const committed = await this.deps.bus.committedOffset(doc.group, doc.replayedTo.topic, doc.replayedTo.partition).catch(() => null);
    return committed !== null && BigInt(committed) > BigInt(doc.replayedTo.offset) ? 'processed' : 'waiting';
  }

  private start(job: ReplayJobDoc): void {
    if (this.runningJobs.has(job._id)) return;
    const run = this.runJob(job)
      .catch(async (err: Error) => {
        this.deps.log.error({ err, job: job._id }, 'dead-letter job failed');
        await this.deps.jobs.finish(job._id, 'failed', err.message).catch(() => undefined);
      })
      .finally(() => this.runningJobs.delete(job._id));
    this.runningJobs.set(job._id, run);
  }

  private async runJob(job: ReplayJobDoc): Promise<void> {
    const admin = { id: job.startedBy.id, email: job.startedBy.email, locale: 'cs' as const, role: 0 };
    let cursor = job.cursor;
    for (;;) {
      if (this.stopping) return; // left `running`: the next start resumes it from the cursor
      const page = await this.deps.letters.openAfter(job.topic, cursor, this.deps.jobPage);
      if (!page.length) break;
      const counts = { replayed: 0, discarded: 0, skipped: 0 };
      for (const doc of page) {
        if (job.action === 'discard') {
          if (await this.deps.letters.discard(doc, admin.email)) counts.discarded++;
          else counts.skipped++;
        } else if (!replayDecision(doc, this.deps.maxReplays).ok || !(await this.send(doc, admin))) counts.skipped++;
        else counts.replayed++;
      }
      cursor = page[page.length - 1]._id;
      await this.deps.jobs.step(job._id, cursor, counts);
    }
    await this.deps.jobs.finish(job._id, 'done');
    this.deps.log.info({ job: job._id, topic: job.topic, action: job.action }, 'dead-letter job done');
  }

  /**
   * Claim, send, confirm. A crash after the send leaves the message `replaying`: it is sent again
   * by the next replay (consumers are idempotent; at least once, never lost).
   */
  private async send(doc: DeadLetterDoc, admin: Pick<SessionUser, 'email'>) {
    const decision = replayDecision(doc, this.deps.maxReplays);
    if (!decision.ok) return null;
    const claimed = await this.deps.letters.claim(doc._id);
    if (!claimed) return null;
    let landed: { partition: number; offset: string };
    try {
      landed = await this.deps.bus.publishRawTo(decision.topic, { key: doc.key, value: claimed.value, headers: decision.headers });
    } catch (err) {
      await this.deps.letters.release(doc._id);
      throw new AppError('UNAVAILABLE', `${doc._id} was not sent: ${(err as Error).message}`, { retriable: true, cause: err });
    }
    const to = { topic: decision.topic, ...landed };
    await this.deps.letters.markReplayed(claimed, admin.email, to);
    return to;
  }

  private async audit(admin: SessionUser, action: string, targetType: string, targetId: string, before: Record<string, unknown>, after: Record<string, unknown>) {
    await this.deps.bus.publish('admin-action.recorded', targetId, { adminId: admin.id, adminEmail: admin.email, action, targetType, targetId, before, after, at: new Date().toISOString() });
  }
}
