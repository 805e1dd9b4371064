import { useT } from '../../../i18n';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { adminApi, type Overview, type SystemHealth } from '../api/admin.api';
import { Loading } from './admin-shell';
import { useAdminT } from '../admin.copy';

function Figure({ label, value, note }: { label: string; value: number; note?: string }) {
  const { locale } = useT();
  return (
    <div className="admin-figure card">
      <span className="admin-figure__value">{formatNumber(value, locale)}</span>
      <span className="admin-figure__label">{label}</span>
      {note && <span className="muted">{note}</span>}
    </div>
  );
}

/** Users, watchdogs, alerts, bounces and new messages, then each portal's crawler at a glance. */
export function AdminOverview() {
  const { locale } = useT();
  const ot = useAdminT();
  const { data, error, reload } = useQuery<Overview>('admin:overview', adminApi.overview);
  const health = useQuery<SystemHealth>('admin:health', adminApi.health);
  if (!data) return <Loading error={error} reload={reload} />;
  const portals = health.data?.services?.crawler?.details?.portals ?? {};
  return (
    <>
      <div className="admin-figures" data-testid="admin-overview">
        <Figure label={ot('admin.overview.users')} value={data.users} />
        <Figure label={ot('admin.overview.activeWatchdogs')} value={data.activeWatchdogs} />
        <Figure label={ot('admin.overview.alertsToday')} value={data.alerts.today} note={ot('admin.overview.week', { count: data.alerts.week })} />
        <Figure label={ot('admin.overview.bouncesToday')} value={data.bounces.today} note={ot('admin.overview.week', { count: data.bounces.week })} />
        <Figure label={ot('admin.overview.newContacts')} value={data.newContacts} />
      </div>
      <p className="muted">{ot('admin.overview.billingLater')}</p>
      <h2>{ot('admin.crawlers.title')}</h2>
      {health.data ? (
        <div className="table-scroll">
          <table className="admin-table">
            <thead><tr><th>{ot('admin.crawlers.portal')}</th><th>{ot('admin.crawlers.lastSuccess')}</th><th>{ot('admin.crawlers.emitted')}</th><th>{ot('admin.crawlers.parseFailures')}</th><th>{ot('admin.crawlers.state')}</th></tr></thead>
            <tbody>
              {Object.entries(portals).map(([portal, p]) => (
                <tr key={portal} className={p.alert ? 'is-alert' : undefined}>
                  <th scope="row">{portal}</th>
                  <td>{p.lastSuccessAt ? formatDateTime(p.lastSuccessAt, locale) : '–'}</td>
                  <td>{p.emittedTotal}</td>
                  <td>{p.parseFailures}</td>
                  <td>{p.alert ?? (p.crawled ? ot('admin.crawlers.ok') : ot('admin.crawlers.notHere'))}</td>
                </tr>
              ))}
              {!Object.keys(portals).length && <tr><td colSpan={5}>{ot('admin.crawlers.unavailable')}</td></tr>}
            </tbody>
          </table>
        </div>
      ) : <Loading error={health.error} reload={health.reload} />}
      <p><AppLink to="adminCrawlers">{ot('admin.crawlers.more')}</AppLink> · <AppLink to="adminDeadLetters">{ot('admin.tab.deadLetters')}</AppLink></p>
    </>
  );
}
