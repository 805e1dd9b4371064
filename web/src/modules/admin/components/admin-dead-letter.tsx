import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../i18n/format';
import { invalidate, useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { adminApi } from '../api/admin.api';
import { MessageActions, stateText } from './admin-dead-letters';
import { Loading } from './admin-shell';
import { useAdminT } from '../admin.copy';

function pretty(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** One dead letter: where it came from, its error, headers and body, and what was done with it. */
export function AdminDeadLetterDetail({ id }: { id: string }) {
  const { locale } = useT();
  const ot = useAdminT();
  const key = `admin:dlq:message:${id}`;
  const { data: m, error, reload } = useQuery(key, () => adminApi.deadLetter(id));
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (m?.outcome !== 'waiting') return;
    const timer = setInterval(() => invalidate(key), 2_000);
    return () => clearInterval(timer);
  }, [m?.outcome, key]);
  if (!m) return <Loading error={error} reload={reload} />;
  const run = async (work: () => Promise<string>) => {
    setProblem(null);
    try {
      setNote(await work());
      invalidate('admin:dlq:');
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <div data-testid="admin-dead-letter">
      <p><AppLink to="adminDeadLetters" query={`?topic=${encodeURIComponent(m.topic)}`}>← {m.originalTopic ?? m.topic}</AppLink></p>
      <dl className="params">
        <dt>{ot('admin.crawlers.state')}</dt><dd data-testid="dlq-state">{stateText(m, ot)}</dd>
        <dt>{ot('admin.dlq.error')}</dt><dd><strong>{m.errorCode ?? '–'}</strong> {m.errorMessage}</dd>
        <dt>{ot('admin.dlq.group')}</dt><dd>{m.group ?? '–'}</dd>
        <dt>{ot('admin.dlq.message')}</dt><dd>{m.eventType ?? ot('admin.dlq.notAnEvent')} · <code>{m.eventId ?? '–'}</code></dd>
        <dt>{ot('admin.dlq.key')}</dt><dd><code>{m.key ?? '–'}</code></dd>
        <dt>{ot('admin.dlq.position')}</dt><dd><code>{m.topic}#{m.partition}@{m.offset}</code></dd>
        <dt>{ot('admin.crawlers.at')}</dt><dd>{formatDateTime(m.deadLetteredAt, locale)}</dd>
        <dt>{ot('admin.dlq.replays')}</dt><dd>{m.replayCount}</dd>
        {m.replayedAt && <><dt>{ot('admin.dlq.state.replayed')}</dt><dd>{formatDateTime(m.replayedAt, locale)} · {m.replayedBy}</dd></>}
        {m.discardedAt && <><dt>{ot('admin.dlq.state.discarded')}</dt><dd>{formatDateTime(m.discardedAt, locale)} · {m.discardedBy}</dd></>}
      </dl>
      <MessageActions message={m} onAction={run} />
      {note && <p className="form-success" role="status" data-testid="dlq-note">{note}</p>}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <h2>{ot('admin.dlq.headers')}</h2>
      <pre className="admin-code">{Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
      <h2>{ot('admin.dlq.body')}</h2>
      <pre className="admin-code">{pretty(m.value ?? '')}</pre>
    </div>
  );
}
