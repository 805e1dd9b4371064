import { useState } from 'react';
import type { FilterView } from '@rr/proto';
import { formatDate, formatRelative, useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DeliveryBadges } from '../../delivery/components/delivery-badges';
import { useFilterActions } from '../hooks/use-filter-actions';
import { titleOf } from '../summary';

export function FilterMeta({ filter }: { filter: FilterView }) {
  const { t, tp, locale } = useT();
  return (
    <dl className="filter-card__meta">
      <dt>{t('filters.createdAt')}</dt><dd>{formatDate(filter.createdAt, locale)}</dd>
      <dt>{t('filters.lastEmail')}</dt>
      <dd>{filter.lastEmailAt ? <time dateTime={filter.lastEmailAt} title={formatDate(filter.lastEmailAt, locale)}>{formatRelative(filter.lastEmailAt, locale)}</time> : t('filters.neverEmailed')}</dd>
      <dt>{t('filters.sent')}</dt><dd>{tp('filters.sentCount', filter.sentCount)}</dd>
      {filter.status !== 'Disabled' && (
        <><dt>{t('filters.expiresAt')}</dt><dd>{filter.expiresAt ? formatDate(filter.expiresAt, locale) : t('filters.noExpiry')}</dd></>
      )}
    </dl>
  );
}

export function StatusBadge({ status }: { status: FilterView['status'] }) {
  const { t } = useT();
  return <span className={`badge ${status === 'Active' ? 'badge--success' : 'badge--muted'}`}>{t(`enum.status.${status}`)}</span>;
}

/** One watchdog in the list, with detail, disable/enable and delete. */
export function FilterCard({ filter }: { filter: FilterView }) {
  const { t } = useT();
  const actions = useFilterActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <article className={`card filter-card ${filter.status === 'Disabled' ? 'filter-card--disabled' : ''}`} data-testid="filter-card">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <StatusBadge status={filter.status} />
        <DeliveryBadges filter={filter} />
      </div>
      <h3 className="filter-card__title">
        <AppLink to="myFilter" params={{ filterId: filter.id }}>{filter.name ?? titleOf(filter.criteria, t)}</AppLink>
      </h3>
      <FilterMeta filter={filter} />
      <div className="filter-card__actions">
        <AppLink to="myFilter" params={{ filterId: filter.id }} className="button button--secondary button--small">{t('common.edit')}</AppLink>
        {filter.status !== 'Pending' && (
          <button type="button" className="button button--ghost button--small" onClick={() => void actions.toggle(filter)} data-testid="filter-toggle">
            {t(filter.status === 'Disabled' ? 'filters.enable' : 'filters.disable')}
          </button>
        )}
        <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(true)}>{t('common.delete')}</button>
      </div>
      {confirming && (
        <ConfirmDialog title={t('common.delete')} text={t('filters.deleteConfirm')} confirmLabel={t('common.delete')}
          onClose={() => setConfirming(false)} onConfirm={() => { setConfirming(false); void actions.remove(filter); }} />
      )}
    </article>
  );
}
