import { useEffect, useState, type FormEvent } from 'react';
import type { PageProps } from '../app';
import { useT } from '../i18n';
import { formatPrice } from '../i18n/format';
import { track } from '../lib/analytics';
import type { ApiError } from '../lib/api';
import { useQuery } from '../lib/query';
import { landingApi } from '../modules/landing/api/landing.api';
import { TelephoneBox } from '../modules/landing/components/telephone-box';
import { OfferCard } from '../modules/offers/components/offer-card';
import { offersApi } from '../modules/offers/api/offers.api';
import { draftFromOffer } from '../modules/offers/similar';
import { WatchdogForm } from '../modules/watchdogs/components/watchdog-form';
import { useDraft } from '../modules/watchdogs/stores/draft.store';
import { Field } from '../ui/field';

/** The spec's landing-page event (listing id and value in CZK); `track` sends it only with analytics consent. */
function useLandingEvent(page: string, listingId: string | null, value: number | null) {
  useEffect(() => {
    track('landing_page', { page, listingId, value: value ?? 0, currency: 'CZK' });
  }, [page, listingId, value]);
}

/** `/lp-ppc`: a paid-search visitor gets the promise and the watchdog form, without the main links. */
export function LpPpcPage() {
  const { t } = useT();
  const draft = useDraft((s) => s.draft);
  const update = useDraft((s) => s.update);
  useLandingEvent('lp-ppc', null, null);
  return (
    <section className="hero" data-testid="lp-ppc">
      <div className="container hero__grid">
        <div className="hero__copy">
          <h1 className="hero__title">{t('lp.ppc.title')}</h1>
          <p className="hero__lead">{t('lp.ppc.lead')}</p>
          <ul className="benefits" role="list">
            {(['portals', 'speed', 'noSpam', 'free'] as const).map((key) => (
              <li key={key}><span className="benefits__tick" aria-hidden="true">✓</span>{t(`home.benefit.${key}`)}</li>
            ))}
          </ul>
        </div>
        <div className="hero__form"><WatchdogForm draft={draft} onDraft={update} /></div>
      </div>
    </section>
  );
}

/**
 * `/lp-fb/:realEstateId`: a social ad showed one listing. The visitor sees it and a watchdog form
 * already set to similar offers (type, place, layout, price around it), without the main links.
 */
export function LpFbPage({ params }: PageProps) {
  const { t, locale } = useT();
  const id = params.realEstateId;
  const { data: offer, error } = useQuery(`offer:${id}`, () => offersApi.get(id));
  const draft = useDraft((s) => s.draft);
  const update = useDraft((s) => s.update);
  const replace = useDraft((s) => s.replace);
  const [prefilled, setPrefilled] = useState<string | null>(null);
  useEffect(() => {
    if (offer && prefilled !== offer.id) {
      replace(draftFromOffer(offer));
      setPrefilled(offer.id);
    }
  }, [offer, prefilled, replace]);
  useLandingEvent('lp-fb', offer?.id ?? null, offer?.price ?? null);
  return (
    <div className="container section" data-testid="lp-fb">
      <h1>{offer ? t('lp.fb.title', { place: offer.location.name }) : t('lp.fb.titleGeneric')}</h1>
      <p className="lead">{offer?.active === false ? t('lp.fb.gone') : t('lp.fb.lead')}</p>
      <div className="lp-grid">
        <div>
          {offer && <OfferCard offer={offer} />}
          {offer?.price != null && <p className="muted">{t('lp.fb.price', { price: formatPrice(offer.price, locale) })}</p>}
          {error ? <p className="notice">{t('lp.fb.missing')}</p> : null}
        </div>
        <div>{(!offer || prefilled === offer.id) && <WatchdogForm draft={draft} onDraft={update} heading={t('lp.fb.formTitle')} />}</div>
      </div>
    </div>
  );
}

/** `/lp-telephone`: a campaign that asks for a telephone so that we can call about matching offers. */
export function LpTelephonePage() {
  const { t } = useT();
  useLandingEvent('lp-telephone', null, null);
  return (
    <div className="container container--narrow section" data-testid="lp-telephone">
      <h1>{t('lp.telephone.title')}</h1>
      <p className="lead">{t('lp.telephone.lead')}</p>
      <TelephoneBox source="LANDING_PAGE" title={t('telephone.title')} text={t('lp.telephone.box')} />
    </div>
  );
}

/** `/lp-advisor`: ask a real-estate advisor; the request lands with the contact messages an admin answers. */
export function LpAdvisorPage() {
  const { t } = useT();
  const [form, setForm] = useState({ name: '', email: '', telephone: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  useLandingEvent('lp-advisor', null, null);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await landingApi.askAdvisor({ ...form, subject: t('lp.advisor.subject') });
      setSent(answer.message);
    } catch (e) {
      const error = e as ApiError;
      setErrors(Object.keys(error.fields ?? {}).length ? error.fields : { form: error.message });
    }
  };
  return (
    <div className="container container--narrow section" data-testid="lp-advisor">
      <h1>{t('lp.advisor.title')}</h1>
      <p className="lead">{t('lp.advisor.lead')}</p>
      <ul className="benefits" role="list">
        {(['one', 'two', 'three'] as const).map((k) => <li key={k}><span className="benefits__tick" aria-hidden="true">✓</span>{t(`lp.advisor.point.${k}`)}</li>)}
      </ul>
      {sent ? <p className="card form-success" role="status" data-testid="advisor-sent">{sent}</p> : (
        <form className="card" onSubmit={submit} noValidate>
          <Field label={t('lp.advisor.name')} autoComplete="name" value={form.name} onValue={set('name')} error={errors.name} />
          <Field label={t('auth.email')} type="email" autoComplete="email" required value={form.email} onValue={set('email')} error={errors.email} />
          <Field label={t('telephone.label')} type="tel" autoComplete="tel" placeholder="+420 777 123 456" value={form.telephone} onValue={set('telephone')} error={errors.telephone} />
          <div className={`field ${errors.message ? 'field--invalid' : ''}`}>
            <label className="field__label" htmlFor="advisor-message">{t('lp.advisor.message')}</label>
            <textarea id="advisor-message" className="input" value={form.message} onChange={(e) => set('message')(e.target.value)} aria-invalid={errors.message ? true : undefined} />
            {errors.message && <p className="field__error" role="alert">{errors.message}</p>}
          </div>
          {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
          <button type="submit" className="button button--primary">{t('lp.advisor.submit')}</button>
        </form>
      )}
    </div>
  );
}
