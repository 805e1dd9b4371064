import { useEffect, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { ApiError } from '../lib/api';
import { AppLink } from '../ui/app-link';
import { filtersApi } from '../modules/watchdogs/api/filters.api';
import { useSession } from '../modules/session/stores/session.store';

type Status = 'idle' | 'working' | 'done' | 'failed';

function LandingCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className="container container--narrow section" data-testid={testId}>
      <div className="card message-page" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

function failureText(cause: unknown, fallback: string) {
  return cause instanceof ApiError && cause.status < 500 && cause.status !== 0 && cause.message ? cause.message : fallback;
}

/** Prolong from an e-mail: the API's GET link redirects here with `prolonged=1`; a bare token is prolonged here. */
export function RefreshPage({ params }: PageProps) {
  const { t } = useT();
  const query = new URLSearchParams(useSearch());
  const token = query.get('token');
  const sessionState = useSession((s) => s.state);
  const [status, setStatus] = useState<Status>(query.get('prolonged') ? 'done' : 'idle');
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (status !== 'idle' || sessionState === 'loading') return;
    if (!token && sessionState !== 'loggedIn') {
      setStatus('failed');
      setMessage(t('lp.linkInvalid'));
      return;
    }
    setStatus('working');
    filtersApi.prolong(params.filterId, token).then(
      () => setStatus('done'),
      (cause) => {
        setStatus('failed');
        setMessage(failureText(cause, t('lp.linkInvalid')));
      },
    );
  }, [status, sessionState, token, params.filterId, t]);
  return (
    <LandingCard title={t('lp.refresh.title')} testId="lp-refresh">
      {status === 'working' && <p aria-busy="true">{t('lp.refresh.working')}</p>}
      {status === 'done' && <p className="form-success" role="status">{t('lp.refresh.done')}</p>}
      {status === 'failed' && <p className="form-error" role="alert">{message}</p>}
      <p style={{ marginTop: 24 }}><AppLink to="myFilters">{t('filters.title')}</AppLink></p>
    </LandingCard>
  );
}

/** Unsubscribe from an e-mail: a GET never changes anything (mail scanners follow links), so it asks first. */
export function UnsubscribePage({ params }: PageProps) {
  const { t } = useT();
  const token = new URLSearchParams(useSearch()).get('token');
  const loggedIn = useSession((s) => s.state === 'loggedIn');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const unsubscribe = () => {
    setStatus('working');
    filtersApi.unsubscribe(params.filterId, token).then(
      () => setStatus('done'),
      (cause) => {
        setStatus('failed');
        setMessage(failureText(cause, t('lp.linkInvalid')));
      },
    );
  };
  return (
    <LandingCard title={t('lp.unsubscribe.title')} testId="lp-unsubscribe">
      {(status === 'idle' || status === 'working') && (
        <>
          <p className="lead">{t('lp.unsubscribe.question')}</p>
          <button type="button" className="button button--primary" disabled={status === 'working'} onClick={unsubscribe} data-testid="unsubscribe">{t('lp.unsubscribe.confirm')}</button>
        </>
      )}
      {status === 'done' && (
        <>
          <p className="form-success" role="status">{t('lp.unsubscribe.done')}</p>
          {loggedIn && (
            <p style={{ marginTop: 16 }}>
              <button type="button" className="button button--secondary" onClick={() => void filtersApi.enable(params.filterId).then(() => setStatus('idle'))}>{t('lp.unsubscribe.undo')}</button>
            </p>
          )}
        </>
      )}
      {status === 'failed' && <p className="form-error" role="alert">{message}</p>}
      <p style={{ marginTop: 24 }}><AppLink to="home">{t('filters.new')}</AppLink></p>
    </LandingCard>
  );
}

export function FilterUnavailablePage() {
  const { t } = useT();
  return (
    <LandingCard title={t('lp.filterUnavailable.title')} testId="lp-filter-unavailable">
      <p className="lead">{t('lp.filterUnavailable.text')}</p>
      <AppLink to="home" className="button button--primary">{t('filters.new')}</AppLink>
    </LandingCard>
  );
}
