import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { invalidate, useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { adminApi, type DeadLetter, type DeadLetterState, type DeadLettersOverview } from '../api/admin.api';
import { Loading } from './admin-shell';
import { useAdminT, type AdminKey } from '../admin.copy';

const STATES: DeadLetterState[] = ['pending', 'replayed', 'discarded'];

/** Every dead-letter topic with its counts and the recent bulk jobs; a chosen topic's messages below. */
export function AdminDeadLetters() {
  const { locale } = useT();
  const ot = useAdminT();
  const search = new URLSearchParams(useSearch());
  const topic = search.get('topic');
  const { data, error, reload } = useQuery<DeadLettersOverview>('admin:dlq:overview', adminApi.deadLetters);
  const running = !!data?.jobs.some((j) => j.state === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => invalidate('admin:dlq:'), 2_000);
    return () => clearInterval(timer);
  }, [running]);
  const busy = data?.topics.filter((x) => x.total > 0) ?? [];
  // The topic's messages stay mounted while the counts above reload (their notes would go otherwise).
  return (
    <div data-testid="admin-dead-letters">
      {!data ? <Loading error={error} reload={reload} /> : (
        <>
          <p className="muted">{ot('admin.dlq.intro', { max: data.maxReplays })}</p>
          <div className="table-scroll">
            <table className="admin-table" data-testid="dlq-topics">
              <thead><tr><th>{ot('admin.dlq.topic')}</th><th>{ot('admin.dlq.state.pending')}</th><th>{ot('admin.dlq.state.replayed')}</th><th>{ot('admin.dlq.state.discarded')}</th><th>{ot('admin.dlq.total')}</th></tr></thead>
              <tbody>
                {busy.map((x) => (
                  <tr key={x.topic} className={x.pending ? 'is-alert' : undefined}>
                    <th scope="row"><AppLink to="adminDeadLetters" query={`?topic=${encodeURIComponent(x.topic)}`}>{x.originalTopic}</AppLink></th>
                    <td>{formatNumber(x.pending, locale)}</td><td>{formatNumber(x.replayed, locale)}</td><td>{formatNumber(x.discarded, locale)}</td><td>{formatNumber(x.total, locale)}</td>
                  </tr>
                ))}
                {!busy.length && <tr><td colSpan={5}>{ot('admin.dlq.empty')}</td></tr>}
              </tbody>
            </table>
          </div>
          {data.jobs.length > 0 && <Jobs overview={data} />}
        </>
      )}
      {topic && <TopicMessages key={topic} topic={topic} />}
    </div>
  );
}

function Jobs({ overview }: { overview: DeadLettersOverview }) {
  const { locale } = useT();
  const ot = useAdminT();
  return (
    <>
      <h2>{ot('admin.dlq.jobs')}</h2>
      <div className="table-scroll">
        <table className="admin-table" data-testid="dlq-jobs">
          <thead><tr><th>{ot('admin.crawlers.at')}</th><th>{ot('admin.dlq.topic')}</th><th>{ot('admin.audit.action')}</th><th>{ot('admin.audit.admin')}</th><th>{ot('admin.crawlers.state')}</th></tr></thead>
          <tbody>{overview.jobs.map((j) => (
            <tr key={j.id}>
              <td>{formatDateTime(j.startedAt, locale)}</td><td>{j.topic.replace(/\.dlq$/, '')}</td>
              <td>{ot(j.action === 'replay' ? 'admin.dlq.replayAll' : 'admin.dlq.discardAll')}</td><td>{j.startedBy}</td>
              <td>{ot(`admin.dlq.job.${j.state}` as AdminKey)} · {ot('admin.dlq.jobCounts', { replayed: j.replayed, discarded: j.discarded, skipped: j.skipped })}{j.error ? ` · ${j.error}` : ''}</td>
            </tr>
          ))}</tbody>
        </table>
      </div>
    </>
  );
}

function TopicMessages({ topic }: { topic: string }) {
  const { locale } = useT();
  const ot = useAdminT();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const state = STATES.find((s) => s === search.get('state')) ?? null;
  const after = search.get('after');
  const key = `admin:dlq:page:${topic}:${state ?? ''}:${after ?? ''}`;
  const { data, error, reload } = useQuery(key, () => adminApi.deadLetterPage(topic, state, after));
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = !!data?.items.some((m) => m.outcome === 'waiting');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => invalidate(key), 2_000);
    return () => clearInterval(timer);
  }, [waiting, key]);
  const go = (params: Record<string, string>) => navigate(`${pathFor('adminDeadLetters', locale)}?${new URLSearchParams({ topic, ...params })}`);
  const run = async (work: () => Promise<string>) => {
    setProblem(null);
    setNote(null);
    try {
      setNote(await work());
      invalidate('admin:dlq:');
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  const bulk = (action: 'replay' | 'discard') => run(async () => {
    const dry = await adminApi.bulkDeadLetters(topic, action, true);
    if (!dry.dryRun) return '';
    const question = ot(action === 'replay' ? 'admin.dlq.replayAllConfirm' : 'admin.dlq.discardAllConfirm', { act: dry.wouldAct, skip: dry.wouldSkip });
    if (!dry.wouldAct || !window.confirm(question)) return ot('admin.dlq.dryRunAll', { act: dry.wouldAct, skip: dry.wouldSkip });
    await adminApi.bulkDeadLetters(topic, action, false);
    return ot('admin.dlq.jobStarted');
  });
  return (
    <section aria-labelledby="dlq-topic-title">
      <h2 id="dlq-topic-title">{topic.replace(/\.dlq$/, '')}</h2>
      <div className="chips" role="group" aria-label={ot('admin.dlq.filter')}>
        <button type="button" className={`chip${state ? '' : ' chip--on'}`} aria-pressed={!state} onClick={() => go({})}>{ot('admin.contacts.all')}</button>
        {STATES.map((s) => (
          <button key={s} type="button" className={`chip${state === s ? ' chip--on' : ''}`} aria-pressed={state === s} onClick={() => go({ state: s })}>{ot(`admin.dlq.state.${s}` as AdminKey)}</button>
        ))}
      </div>
      <div className="admin-inline">
        <button type="button" className="button button--secondary" onClick={() => void bulk('replay')}>{ot('admin.dlq.replayAll')}</button>
        <button type="button" className="button button--secondary" onClick={() => void bulk('discard')}>{ot('admin.dlq.discardAll')}</button>
      </div>
      {note && <p className="form-success" role="status" data-testid="dlq-note">{note}</p>}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {!data ? <Loading error={error} reload={reload} /> : (
        <>
          <div className="table-scroll">
            <table className="admin-table" data-testid="dlq-messages">
              <thead><tr><th>{ot('admin.crawlers.at')}</th><th>{ot('admin.dlq.message')}</th><th>{ot('admin.dlq.error')}</th><th>{ot('admin.dlq.replays')}</th><th>{ot('admin.crawlers.state')}</th><th><span className="visually-hidden">{ot('admin.crawlers.action')}</span></th></tr></thead>
              <tbody>
                {data.items.map((m) => <MessageRow key={m.id} message={m} onAction={run} />)}
                {!data.items.length && <tr><td colSpan={6}>{ot('admin.dlq.none')}</td></tr>}
              </tbody>
            </table>
          </div>
          {data.next && <p><button type="button" className="button button--secondary" onClick={() => go({ ...(state ? { state } : {}), after: data.next! })}>{ot('admin.next')}</button></p>}
        </>
      )}
    </section>
  );
}

export function stateText(m: DeadLetter, ot: ReturnType<typeof useAdminT>): string {
  const state = ot(`admin.dlq.state.${m.state}` as AdminKey);
  return m.outcome ? `${state} · ${ot(`admin.dlq.outcome.${m.outcome}` as AdminKey)}` : state;
}

type Run = (work: () => Promise<string>) => Promise<void>;

/** Dry run, replay and discard of one message; used by the list and the detail. */
export function MessageActions({ message: m, onAction }: { message: DeadLetter; onAction: Run }) {
  const ot = useAdminT();
  if (m.state !== 'pending') return null;
  const dry = () => onAction(async () => {
    const r = await adminApi.replayDeadLetter(m.id, true);
    return ot('admin.dlq.dryRunOne', { topic: r.to ?? '', count: r.replayCount ?? 0 });
  });
  const replay = () => onAction(async () => {
    await adminApi.replayDeadLetter(m.id, false);
    return ot('admin.dlq.replayed');
  });
  const discard = () => onAction(async () => {
    if (!window.confirm(ot('admin.dlq.discardConfirm'))) return '';
    await adminApi.discardDeadLetter(m.id, false);
    return ot('admin.dlq.discarded');
  });
  return (
    <div className="admin-inline">
      <button type="button" className="button button--secondary button--small" onClick={() => void dry()}>{ot('admin.dlq.dryRun')}</button>
      <button type="button" className="button button--primary button--small" onClick={() => void replay()} data-testid="dlq-replay">{ot('admin.dlq.replay')}</button>
      <button type="button" className="button button--secondary button--small" onClick={() => void discard()}>{ot('admin.dlq.discard')}</button>
    </div>
  );
}

function MessageRow({ message: m, onAction }: { message: DeadLetter; onAction: Run }) {
  const { locale } = useT();
  const ot = useAdminT();
  return (
    <tr data-id={m.id}>
      <td>{formatDateTime(m.deadLetteredAt, locale)}</td>
      <td>
        <AppLink to="adminDeadLetter" params={{ id: m.id }}>{m.eventType ?? ot('admin.dlq.notAnEvent')}</AppLink>
        <div className="muted"><code>{m.key ?? '–'}</code>{m.group ? ` · ${m.group}` : ''}</div>
      </td>
      <td><strong>{m.errorCode ?? '–'}</strong> {m.errorMessage}</td>
      <td>{m.replayCount}</td>
      <td data-testid="dlq-state">{stateText(m, ot)}</td>
      <td><MessageActions message={m} onAction={onAction} /></td>
    </tr>
  );
}
