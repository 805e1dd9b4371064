import { useState } from 'react';
import { useModuleT, useT } from '../../../i18n';
import { API_DOCS_TEXT } from '../i18n';
import { formatDate } from '../../../i18n/format';
import { invalidate, useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { Field } from '../../../ui/field';
import { useFormCall } from '../../profile/hooks/use-form-call';
import { useSession } from '../../session/stores/session.store';
import { apiKeysApi } from '../api/api-keys.api';

/** The profile's API keys for plans with API access: create (the key shown once), list, revoke. */
export function ApiKeysSection() {
  const { locale } = useT();
  const tm = useModuleT(API_DOCS_TEXT);
  const apiAccess = useSession((s) => s.user?.apiAccess ?? []);
  const { data } = useQuery(apiAccess.length ? 'api-keys' : null, apiKeysApi.list);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const call = useFormCall();
  if (apiAccess.length === 0) return null;
  return (
    <section className="card auth-form" data-testid="api-keys">
      <h2>{tm('apiKeys.title')}</h2>
      <p className="muted">{tm('apiKeys.intro')} <AppLink to="apiDocs">{tm('apiKeys.docs')}</AppLink></p>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        void call.run(async () => {
          const answer = await apiKeysApi.create(name.trim());
          setCreated(answer.key);
          setName('');
          invalidate('api-keys');
        });
      }}>
        <Field label={tm('apiKeys.name')} value={name} onValue={setName} error={call.fields.name} required maxLength={60} />
        <button className="button" type="submit" disabled={call.busy}>{tm('apiKeys.create')}</button>
      </form>
      {call.error && <p className="form-error" role="alert">{call.error}</p>}
      {created && (
        <div className="notice" role="status" data-testid="api-key-created">
          <p>{tm('apiKeys.createdOnce')}</p>
          <code className="api-key">{created}</code>
        </div>
      )}
      {data && data.items.length === 0 && <p className="muted">{tm('apiKeys.empty')}</p>}
      <ul className="plain-list">
        {data?.items.map((k) => (
          <li key={k.id} data-testid="api-key">
            <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
            <span className="muted">{tm('apiKeys.createdAt')} {formatDate(k.createdAt, locale)} · {tm('apiKeys.lastUsed')} {k.lastUsedAt ? formatDate(k.lastUsedAt, locale) : tm('apiKeys.never')}</span>{' '}
            <button className="link-button" type="button" onClick={() => void call.run(async () => {
              await apiKeysApi.revoke(k.id);
              setCreated(null);
              invalidate('api-keys');
            })}>{tm('apiKeys.revoke')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
