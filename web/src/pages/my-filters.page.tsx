import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { useQuery } from '../lib/query';
import { isWebview, pathFor } from '../routes';
import { AppLink } from '../ui/app-link';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { RequireLogin } from '../modules/session/components/require-login';
import { useSession } from '../modules/session/stores/session.store';
import { filtersApi } from '../modules/watchdogs/api/filters.api';
import { FilterCard, FilterMeta, StatusBadge } from '../modules/watchdogs/components/filter-card';
import { KeepChooser } from '../modules/watchdogs/components/keep-chooser';
import { WatchdogForm } from '../modules/watchdogs/components/watchdog-form';
import { fromCriteria, type Draft } from '../modules/watchdogs/criteria';
import { FILTERS_KEY, useFilterActions } from '../modules/watchdogs/hooks/use-filter-actions';
import { criteriaRows, groupFilters, titleOf } from '../modules/watchdogs/summary';
import type { AdType, RealEstateType } from '@rr/proto';
import { SharedWithMe } from '../modules/delivery/components/shared-with-me';
import { WatchdogDelivery } from '../modules/delivery/components/watchdog-delivery';
import { WatchdogSharing } from '../modules/delivery/components/watchdog-sharing';
import { narrowingRows } from '../modules/watchdogs/narrowing-summary';

/** The map of a watchdog's area, with Leaflet, loads only for watchdogs that have one. */
const AreaView = lazy(() => import('../modules/watchdogs/area-map/area-view').then((m) => ({ default: m.AreaView })));

function FilterList() {
  const { t, tp } = useT();
  const { data, loading, error, reload } = useQuery(FILTERS_KEY, filtersApi.list);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error || !data) return <p className="form-error" role="alert">{t('watchdog.error')} <button className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  const groups = groupFilters(data);
  return (
    <>
      <p className="lead">{tp('filters.count', data.length)}</p>
      <KeepChooser filters={data} />
      {data.length === 0 && (
        <div className="card empty-state">
          <p>{t('filters.empty')}</p>
          <AppLink to="home" className="button button--primary">{t('filters.emptyCta')}</AppLink>
        </div>
      )}
      {(['active', 'disabled'] as const).map((status) => groups[status].length > 0 && (
        <section key={status} className="filter-group" data-testid={`filters-${status}`}>
          <h2 className="filter-group__title">{t(status === 'active' ? 'filters.active' : 'filters.disabled')}</h2>
          {groups[status].map((category) => (
            <div key={`${category.adType}${category.realEstateType}`} className="category">
              <h3 className="category__title">
                {t(`enum.adType.${category.adType as AdType}`)} · {t(`enum.realEstateType.${category.realEstateType as RealEstateType}`)}
              </h3>
              <div className="filter-cards">{category.items.map((f) => <FilterCard key={f.id} filter={f} />)}</div>
            </div>
          ))}
        </section>
      ))}
      <SharedWithMe />
    </>
  );
}

export function MyFiltersPage() {
  const { t } = useT();
  const [location] = useLocation();
  return (
    <div className="container section">
      <div className="page-header">
        <h1>{t('filters.title')}</h1>
        <AppLink to={isWebview(location) ? 'webviewNewFilter' : 'home'} className="button button--primary">+ {t('filters.new')}</AppLink>
      </div>
      <RequireLogin><FilterList /></RequireLogin>
    </div>
  );
}

function FilterDetail({ id }: { id: string }) {
  const { t, locale } = useT();
  const [, navigate] = useLocation();
  const { data: filter, loading, error } = useQuery(`${FILTERS_KEY}:${id}`, () => filtersApi.get(id));
  const actions = useFilterActions();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error || !filter) return <div className="card empty-state" data-testid="filter-not-found"><p>{t('filters.notFound')}</p><AppLink to="myFilters">{t('filters.backToList')}</AppLink></div>;
  return (
    <div className="detail-grid">
      <div className="card">
        {draft ? (
          <WatchdogForm draft={draft} onDraft={(patch) => setDraft({ ...draft, ...patch })} editId={filter.id} onDone={() => setDraft(null)} />
        ) : (
          <>
            <h2>{t('filters.criteria')}</h2>
            <dl className="params">
              {[...criteriaRows(filter.criteria, t, locale), ...narrowingRows(filter.criteria, locale)].map(([label, value]) => <div key={label} style={{ display: 'contents' }}><dt>{label}</dt><dd>{value}</dd></div>)}
            </dl>
            {filter.criteria.mapArea && (
              <Suspense fallback={<div className="page-loading" aria-busy="true">{t('common.loading')}</div>}><AreaView area={filter.criteria.mapArea} /></Suspense>
            )}
            <div className="button-row">
              <button type="button" className="button button--primary" onClick={() => setDraft(fromCriteria(filter.criteria))} data-testid="filter-edit">{t('common.edit')}</button>
            </div>
          </>
        )}
      </div>
      <aside className="card filter-card">
        <StatusBadge status={filter.status} />
        <FilterMeta filter={filter} />
        <p className="muted">{t('filters.email')}: {filter.email}</p>
        <div className="filter-card__actions">
          {filter.status !== 'Pending' && (
            <button type="button" className="button button--secondary" onClick={() => void actions.toggle(filter)} data-testid="filter-toggle">
              {t(filter.status === 'Disabled' ? 'filters.enable' : 'filters.disable')}
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="filter-delete">{t('common.delete')}</button>
        </div>
      </aside>
      {filter.status !== 'Pending' && <WatchdogDelivery filter={filter} />}
      {filter.status !== 'Pending' && <WatchdogSharing filterId={filter.id} active={filter.status === 'Active'} />}
      {confirming && (
        <ConfirmDialog title={t('common.delete')} text={t('filters.deleteConfirm')} confirmLabel={t('common.delete')} onClose={() => setConfirming(false)}
          onConfirm={async () => {
            setConfirming(false);
            if (await actions.remove(filter)) navigate(pathFor('myFilters', locale));
          }} />
      )}
    </div>
  );
}

export function MyFilterPage({ params }: PageProps) {
  const { t } = useT();
  const id = params.filterId;
  const loggedIn = useSession((s) => s.state === 'loggedIn');
  const { data } = useQuery(loggedIn ? `${FILTERS_KEY}:${id}` : null, () => filtersApi.get(id));
  return (
    <div className="container section">
      <p><AppLink to="myFilters">← {t('filters.backToList')}</AppLink></p>
      <h1>{data ? data.name ?? titleOf(data.criteria, t) : t('meta.myFilter.title').split(' – ')[0]}</h1>
      <RequireLogin><FilterDetail id={id} /></RequireLogin>
    </div>
  );
}
