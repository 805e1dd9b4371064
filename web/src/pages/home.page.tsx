import { useT } from '../i18n';
import { WatchdogForm } from '../modules/watchdogs/components/watchdog-form';
import { useDraft } from '../modules/watchdogs/stores/draft.store';
import { AppLink } from '../ui/app-link';

function Claims() {
  const { t } = useT();
  return (
    <ul className="claims" role="list">
      <li className="claim"><strong className="claim__number">23 min</strong><span>{t('home.claim.minutes')}</span></li>
      <li className="claim"><strong className="claim__number">7 h</strong><span>{t('home.claim.hours')}</span></li>
    </ul>
  );
}

export function HomePage() {
  const { t } = useT();
  const draft = useDraft((s) => s.draft);
  const update = useDraft((s) => s.update);
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <h1 className="hero__title">{t('home.hero.title')}</h1>
            <p className="hero__lead">{t('home.hero.lead')}</p>
            <Claims />
            <p className="hero__first">{t('home.claim.beFirst')}</p>
            <ul className="benefits" role="list">
              {(['portals', 'speed', 'noSpam', 'free'] as const).map((key) => (
                <li key={key}><span className="benefits__tick" aria-hidden="true">✓</span>{t(`home.benefit.${key}`)}</li>
              ))}
            </ul>
          </div>
          <div className="hero__form">
            <WatchdogForm draft={draft} onDraft={update} />
          </div>
        </div>
      </section>
      <section className="container section">
        <h2 className="section__title">{t('home.how.title')}</h2>
        <ol className="steps">
          {(['step1', 'step2', 'step3'] as const).map((key, i) => (
            <li key={key} className="step"><span className="step__number" aria-hidden="true">{i + 1}</span><p>{t(`home.how.${key}`)}</p></li>
          ))}
        </ol>
        <p><AppLink to="howItWorks">{t('meta.howItWorks.title').split(' – ')[0]} →</AppLink></p>
      </section>
    </>
  );
}

/** The embedded new-watchdog view for the mobile apps: the form alone. */
export function NewFilterPage() {
  const draft = useDraft((s) => s.draft);
  const update = useDraft((s) => s.update);
  return (
    <div className="container container--narrow section">
      <WatchdogForm draft={draft} onDraft={update} />
    </div>
  );
}
