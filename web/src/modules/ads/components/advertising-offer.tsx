import { AD_TYPES } from '@rr/proto';
import { formatNumber, type MessageKey } from '../../../i18n';
import { useAdsT } from '../i18n';
import { useQuery } from '../../../lib/query';
import { adsApi, type AdOffer } from '../api/ads.api';
import { formatHalere } from '../money';
import { REGIONS } from '../regions';

/** /inzerce: the reach (last full week's alert e-mails by region and offer type), the price list, sizes and terms. */
export function AdvertisingOffer() {
  const { t, locale } = useAdsT();
  const { data, error, reload } = useQuery<AdOffer>('ads:offer', adsApi.offer);
  if (!data) {
    return error
      ? <p className="form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>
      : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  }
  const regions = REGIONS.map((r) => ({ ...r, emails: data.reach.byRegion[r.code] ?? 0 })).sort((a, b) => b.emails - a.emails);
  return (
    <>
      <section className="ads-section" aria-labelledby="ads-reach">
        <h2 id="ads-reach">{t('ads.offer.reachTitle')}</h2>
        <p className="lead" data-testid="ads-reach-total">{t('ads.offer.reachTotal', { count: data.reach.emails, week: data.reach.week })}</p>
        <div className="ads-columns">
          <div className="table-scroll">
            <table className="ads-table" data-testid="ads-reach-regions">
              <caption>{t('ads.offer.byRegion')}</caption>
              <thead><tr><th scope="col">{t('ads.offer.region')}</th><th scope="col" className="num">{t('ads.offer.emailsWeek')}</th></tr></thead>
              <tbody>{regions.map((r) => <tr key={r.code}><th scope="row">{r.name[locale]}</th><td className="num">{formatNumber(r.emails, locale)}</td></tr>)}</tbody>
            </table>
          </div>
          <div className="table-scroll">
            <table className="ads-table" data-testid="ads-reach-types">
              <caption>{t('ads.offer.byAdType')}</caption>
              <thead><tr><th scope="col">{t('ads.offer.adType')}</th><th scope="col" className="num">{t('ads.offer.emailsWeek')}</th></tr></thead>
              <tbody>{AD_TYPES.map((a) => <tr key={a}><th scope="row">{t(`enum.adType.${a}` as MessageKey)}</th><td className="num">{formatNumber(data.reach.byAdType[a] ?? 0, locale)}</td></tr>)}</tbody>
            </table>
          </div>
        </div>
      </section>

      <section className="ads-section" aria-labelledby="ads-prices">
        <h2 id="ads-prices">{t('ads.offer.pricesTitle')}</h2>
        <p>{t('ads.offer.pricesLead')}</p>
        <div className="table-scroll">
          <table className="ads-table" data-testid="ads-price-tiers">
            <thead><tr><th scope="col">{t('ads.offer.prepaid')}</th><th scope="col" className="num">{t('ads.offer.perView')}</th></tr></thead>
            <tbody>
              {data.priceTiers.map((tier, i) => (
                <tr key={tier.fromCredit}>
                  <th scope="row">{i === 0 ? t('ads.offer.anyCredit', { min: formatHalere(data.minTopUp, locale) }) : t('ads.offer.fromCredit', { amount: formatHalere(tier.fromCredit, locale) })}</th>
                  <td className="num">{formatHalere(tier.pricePerView, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p data-testid="ads-weekly-price">{t('ads.offer.weekly', { price: formatHalere(data.weeklyPrice, locale) })}</p>
        <p className="muted">{t('ads.offer.vat')}</p>
      </section>

      <section className="ads-section" aria-labelledby="ads-sizes">
        <h2 id="ads-sizes">{t('ads.offer.sizesTitle')}</h2>
        <ul>
          <li>{t('ads.offer.desktop', { width: data.bannerSizes.desktop.width, height: data.bannerSizes.desktop.height })}</li>
          <li>{t('ads.offer.mobile', { width: data.bannerSizes.mobile.width, height: data.bannerSizes.mobile.height })}</li>
          <li>{t('ads.offer.formats', { kb: data.maxBannerBytes / 1024 })}</li>
        </ul>
        <p>{t('ads.offer.measure')}</p>
      </section>

      <section className="ads-section" aria-labelledby="ads-terms">
        <h2 id="ads-terms">{t('ads.offer.termsTitle')}</h2>
        <ul data-testid="ads-terms">
          <li>{t('ads.offer.termInvoice')}</li>
          <li>{t('ads.offer.termDeposit')}</li>
          <li>{t('ads.offer.termCancel')}</li>
          <li>{t('ads.offer.termReview')}</li>
          <li>{t('ads.offer.termConsent')}</li>
        </ul>
      </section>
    </>
  );
}
