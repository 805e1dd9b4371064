import type { Offer } from '@rr/proto';
import { PORTAL_NAMES } from '../../../lib/proto-values';
import { formatArea, formatDate, formatDateTime, formatNumber, formatPrice, formatRelative, useT } from '../../../i18n';
import { mapLinkOf, priceParts } from '../format';

export function OfferPrice({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  const price = priceParts(offer, locale);
  return (
    <div>
      <p className="price" data-testid="offer-price">
        {price ? price.amount : t('offer.noPrice')}
        {price?.monthly && <span className="price__suffix">{t('offer.perMonth')}</span>}
      </p>
      {offer.pricePerM2 != null && <p className="muted">{t('offer.pricePerM2', { price: formatPrice(offer.pricePerM2, locale) })}</p>}
      {offer.priceNote && <p className="price-note">{offer.priceNote}</p>}
    </div>
  );
}

export function OfferParams({ offer }: { offer: Offer }) {
  const { t, tp, locale } = useT();
  const rows: Array<[string, string | null]> = [
    [t('offer.param.type'), `${t(`enum.adType.${offer.adType}`)} · ${t(`enum.realEstateType.${offer.realEstateType}`)}`],
    [t('offer.param.disposition'), offer.dispositionLabel ? (offer.dispositionLabel === 'atypical' || offer.dispositionLabel === 'room' ? t(`enum.disposition.${offer.dispositionLabel}`) : offer.dispositionLabel) : null],
    [t('offer.param.area'), offer.area != null ? formatArea(offer.area, locale) : null],
    [t('offer.param.landArea'), offer.landArea != null ? formatArea(offer.landArea, locale) : null],
    [t('watchdog.landTypes'), offer.landType ? t(`enum.landType.${offer.landType}`) : null],
    [t('watchdog.houseTypes'), offer.houseType ? t(`enum.houseType.${offer.houseType}`) : null],
    [t('offer.param.floor'), offer.floor != null ? (offer.floor === 0 ? t('offer.floorGround') : formatNumber(offer.floor, locale)) : null],
    [t('offer.param.ownership'), offer.ownership ? t(`enum.ownership.${offer.ownership}`) : null],
    [t('offer.param.construction'), offer.construction ? t(`enum.building.${offer.construction}`) : null],
    [t('offer.param.beds'), offer.beds != null ? tp('offer.beds', offer.beds) : null],
    [t('offer.param.elevator'), offer.elevator != null ? t(offer.elevator ? 'common.yes' : 'common.no') : null],
    [t('offer.param.outdoor'), offer.terraceTypes.length ? offer.terraceTypes.map((x) => t(`enum.terraceType.${x}`)).join(', ') : null],
    [t('offer.param.location'), offer.location.name],
    [t('offer.param.contact'), offer.contactPerson],
    [t('offer.param.inserted'), offer.insertedAt ? formatDate(offer.insertedAt, locale) : null],
    [t('offer.found'), `${formatDateTime(offer.foundAt, locale)} (${formatRelative(offer.foundAt, locale)})`],
  ];
  return (
    <dl className="params" data-testid="offer-params">
      {rows.filter((r): r is [string, string] => !!r[1]).map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}><dt>{label}</dt><dd>{value}</dd></div>
      ))}
    </dl>
  );
}

export function OfferMap({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  const point = offer.location.point;
  return (
    <div className="map-box" data-testid="offer-map">
      <svg className="map-box__pin" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" /></svg>
      <strong>{offer.location.name}</strong>
      {point ? (
        <>
          <span className="muted">{formatNumber(point.lat, locale, 5)}° N, {formatNumber(point.lon, locale, 5)}° E</span>
          <a href={mapLinkOf(point.lat, point.lon)} target="_blank" rel="noopener noreferrer">{t('offer.openMap')} ↗</a>
        </>
      ) : <span className="muted">{t('offer.unknownPosition')}</span>}
    </div>
  );
}

export function OfferPortals({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  return (
    <ul className="portal-list" role="list" data-testid="offer-portals">
      {offer.sources.map((source) => (
        <li key={`${source.portal}:${source.listingId}`}>
          <span>
            <strong>{PORTAL_NAMES[source.portal] ?? source.portal}</strong>{' '}
            <span className={`badge ${source.active ? 'badge--success' : 'badge--muted'}`}>{t(source.active ? 'offer.portalActive' : 'offer.portalInactive')}</span>
            <br />
            <span className="muted">{source.price != null ? formatPrice(source.price, locale) : t('offer.noPrice')}</span>
          </span>
          <a href={source.url} target="_blank" rel="noopener noreferrer nofollow">{t('offer.openOnPortal', { portal: PORTAL_NAMES[source.portal] ?? source.portal })} ↗</a>
        </li>
      ))}
    </ul>
  );
}

export function PriceHistory({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  if (offer.priceHistory.length < 2) return <p className="muted">{t('offer.noHistory')}</p>;
  // Changes within one day are told apart by their time.
  const days = offer.priceHistory.map((p) => formatDate(p.at, locale));
  const when = new Set(days).size < days.length ? formatDateTime : formatDate;
  return (
    <table className="history" data-testid="price-history">
      <thead><tr><th scope="col">{t('offer.date')}</th><th scope="col">{t('watchdog.price')}</th></tr></thead>
      <tbody>
        {offer.priceHistory.map((point, i) => {
          const previous = i > 0 ? offer.priceHistory[i - 1].price : null;
          const change = point.price != null && previous != null ? point.price - previous : null;
          return (
            <tr key={point.at + i}>
              <td>{when(point.at, locale)}</td>
              <td>
                {point.price != null ? formatPrice(point.price, locale) : t('offer.noPrice')}
                {change ? <span className={change < 0 ? 'badge badge--success' : 'badge'} style={{ marginLeft: 8 }}>{change > 0 ? '+' : '−'}{formatPrice(Math.abs(change), locale)}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
