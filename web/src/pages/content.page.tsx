import { useLocation, useSearch } from 'wouter';
import type { ReactNode } from 'react';
import type { PageProps } from '../app';
import { useLocaleStore, useT } from '../i18n';
import { pathFor, type SubService } from '../routes';
import { AppLink } from '../ui/app-link';
import { Article } from '../modules/content/components/article';
import { CZECH_ONLY_SERVICES, type Copy } from '../modules/content/copy/types';
import { useCopy } from '../modules/content/hooks/use-copy';
import { useConsent } from '../modules/cookies/stores/consent.store';
import { NotAvailablePage } from './not-found.page';

function WithCopy({ render }: { render: (copy: Copy) => ReactNode }) {
  const { t } = useT();
  const { data, error, reload } = useCopy();
  if (error) return <p className="container section form-error">{t('content.loadError')} <button className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  if (!data) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  return <>{render(data)}</>;
}

function HomeCta() {
  const { t } = useT();
  return <AppLink to="home" className="button button--primary">{t('watchdog.form.title')}</AppLink>;
}

export const HowItWorksPage = () => (
  <WithCopy render={(c) => (
    <Article article={c.howItWorks} testId="how-it-works">
      <p><HomeCta /></p>
    </Article>
  )} />
);
export const OurStoryPage = () => <WithCopy render={(c) => <Article article={c.ourStory} testId="our-story" />} />;
export const AbroadPage = () => <WithCopy render={(c) => <Article article={c.abroad} testId="abroad" />} />;
export const TermsPage = () => <WithCopy render={(c) => <Article article={c.terms} testId="terms" />} />;
export const PersonalDataPage = () => <WithCopy render={(c) => <Article article={c.personalData} testId="personal-data" />} />;

export const FaqPage = () => (
  <WithCopy render={(c) => (
    <div className="container container--narrow section" data-testid="faq">
      <h1>{c.faq.title}</h1>
      <p className="lead">{c.faq.intro}</p>
      <div className="prose faq">
        {c.faq.items.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </div>
  )} />
);

function CookieSettingsButton({ label }: { label: string }) {
  const open = useConsent((s) => s.openDialog);
  return <button type="button" className="button button--primary" onClick={open}>{label}</button>;
}

export const CookiesPage = () => (
  <WithCopy render={(c) => (
    <Article article={c.cookies} testId="cookies-page">
      <div style={{ overflowX: 'auto' }}>
        <table className="history">
          <thead><tr>{(['name', 'purpose', 'category', 'expiry'] as const).map((k) => <th key={k} scope="col" style={{ textAlign: 'left' }}>{c.cookies.table[k]}</th>)}</tr></thead>
          <tbody>{c.cookies.rows.map((row) => <tr key={row.name}><td><code>{row.name}</code></td><td>{row.purpose}</td><td>{row.category}</td><td style={{ textAlign: 'left' }}>{row.expiry}</td></tr>)}</tbody>
        </table>
      </div>
      <p style={{ marginTop: 20 }}><CookieSettingsButton label={c.cookies.change} /></p>
    </Article>
  )} />
);

export const ServicesPage = () => {
  const { t, locale } = useT();
  return (
    <WithCopy render={(c) => (
      <div className="container section" data-testid="services">
        <h1>{c.services.title}</h1>
        <p className="lead">{c.services.intro}</p>
        <div className="service-cards">
          {(Object.keys(c.services.items) as SubService[]).map((key) => (
            <article key={key} className="card service-card">
              <h2 style={{ fontSize: '1.15rem', margin: 0 }}>{c.services.items[key].name}</h2>
              {locale === 'en' && CZECH_ONLY_SERVICES.includes(key) && <span className="badge badge--muted">{c.services.czechOnly}</span>}
              <p>{c.services.items[key].summary}</p>
              <AppLink to="subService" params={{ service: key }}>{t('services.more')} →</AppLink>
            </article>
          ))}
        </div>
      </div>
    )} />
  );
};

export function SubServicePage({ params }: PageProps) {
  const { t, locale } = useT();
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [, navigate] = useLocation();
  const service = params.service as SubService;
  if (locale === 'en' && CZECH_ONLY_SERVICES.includes(service)) {
    return <NotAvailablePage onSwitch={() => void setLocale('cs').then(() => navigate(pathFor('subService', 'cs', { service })))} />;
  }
  return (
    <WithCopy render={(c) => {
      const item = c.services.items[service];
      return (
        <div className="container container--narrow section" data-testid="sub-service">
          <p><AppLink to="services">← {t('services.back')}</AppLink></p>
          <h1>{item.name}</h1>
          <p className="lead">{item.summary}</p>
          <div className="prose">
            {item.body.map((p) => <p key={p}>{p}</p>)}
            <a className="button button--primary" href={item.partnerUrl} target="_blank" rel="noopener noreferrer sponsored">{c.services.visitPartner} ↗</a>
          </div>
        </div>
      );
    }} />
  );
}

export function ThankYouPage() {
  const { t } = useT();
  const filterId = new URLSearchParams(useSearch()).get('filterId');
  return (
    <div className="container container--narrow section message-page" data-testid="thank-you">
      <div className="done-icon" style={{ margin: '0 auto 16px' }} aria-hidden="true">✓</div>
      <h1>{t('thankYou.title')}</h1>
      <p className="lead">{filterId ? t('watchdog.created') : t('thankYou.text')}</p>
      <AppLink to="home" className="button button--primary">{t('common.home')}</AppLink>
    </div>
  );
}
