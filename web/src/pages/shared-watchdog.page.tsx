import { useState } from 'react';
import { useSearch } from 'wouter';
import type { PageProps } from '../app';
import { ApiError } from '../lib/api';
import { AppLink } from '../ui/app-link';
import { deliveryApi } from '../modules/delivery/api/delivery.api';
import { SharedWithMe } from '../modules/delivery/components/shared-with-me';
import { useDeliveryT } from '../modules/delivery/delivery.copy';
import { useSession } from '../modules/session/stores/session.store';

/** Where the invitation link lands (`?confirmed=<id>` or `?invalid=1`), and a logged-in person's shared watchdogs. */
export function SharedWatchdogPage() {
  const td = useDeliveryT();
  const query = new URLSearchParams(useSearch());
  const loggedIn = useSession((s) => s.state === 'loggedIn');
  return (
    <div className="container section" data-testid="shared-watchdog-page">
      <h1>{td('shared.title')}</h1>
      {query.get('confirmed') && <p className="form-success" role="status" data-testid="shared-confirmed">{td('shared.confirmed')}</p>}
      {query.get('invalid') && <p className="form-error" role="alert" data-testid="shared-invalid">{td('shared.invalid')}</p>}
      {loggedIn ? <SharedWithMe showEmpty /> : <p className="muted">{td('shared.login')}</p>}
    </div>
  );
}

type Status = 'idle' | 'working' | 'done' | 'failed';

/** From the link in an alert to an invitee: asks, then leaves (a GET would let mail scanners leave for them). */
export function LeaveSharedPage({ params }: PageProps) {
  const td = useDeliveryT();
  const query = new URLSearchParams(useSearch());
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const leave = () => {
    setStatus('working');
    deliveryApi.leaveByLink(params.filterId, query.get('email') ?? '', query.get('token') ?? '').then(
      () => setStatus('done'),
      (cause) => {
        setStatus('failed');
        setMessage(cause instanceof ApiError && cause.status < 500 && cause.status > 0 ? cause.message : td('shared.invalid'));
      },
    );
  };
  return (
    <div className="container container--narrow section" data-testid="lp-leave">
      <div className="card message-page" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <h1>{td('leave.title')}</h1>
        {(status === 'idle' || status === 'working') && (
          <>
            <p className="lead">{td('leave.question')}</p>
            <button type="button" className="button button--primary" disabled={status === 'working'} onClick={leave} data-testid="leave">{td('leave.confirm')}</button>
          </>
        )}
        {status === 'done' && <p className="form-success" role="status">{td('leave.done')}</p>}
        {status === 'failed' && <p className="form-error" role="alert">{message}</p>}
        <p style={{ marginTop: 24 }}><AppLink to="home">Reality Radar</AppLink></p>
      </div>
    </div>
  );
}
