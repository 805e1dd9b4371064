import type { AlertReason, Locale } from '@rr/proto';
import { plural } from './format';

/** What each kind of alert is called on its card and in a one-offer subject (the spec's "Offer is no longer active"). */
export const KIND_LABELS: Record<Locale, Record<AlertReason, string>> = {
  cs: { new: 'Nová nabídka', priceDrop: 'Zlevněno', backOnMarket: 'Znovu v nabídce', noLongerActive: 'Nabídka již není aktivní' },
  en: { new: 'New offer', priceDrop: 'Price drop', backOnMarket: 'Back on the market', noLongerActive: 'Offer is no longer active' },
};

const NOTICE = {
  cs: {
    intro: 'Nabídka, o které jsme vám psali, už není aktivní: prodávající ji stáhl ze všech portálů.',
    alternatives: 'Podobné nabídky',
    why: 'Upozornění na stažené nabídky si můžete vypnout v nastavení hlídacího psa.',
  },
  en: {
    intro: 'An offer we told you about is no longer active: the seller withdrew it from every portal.',
    alternatives: 'Similar offers',
    why: 'You can turn off notices about withdrawn offers in the watchdog\'s settings.',
  },
} as const;

export const isNotice = (reason: AlertReason) => reason === 'noLongerActive';

export const noticeText = (locale: Locale) => NOTICE[locale];

/** "2 nabídky již nejsou aktivní" / "2 offers are no longer active", for an e-mail of notices only. */
export const noticesCount = (locale: Locale, n: number) =>
  locale === 'cs'
    ? plural('cs', n, { one: '{n} nabídka již není aktivní', few: '{n} nabídky již nejsou aktivní', other: '{n} nabídek již není aktivních' })
    : plural('en', n, { one: '{n} offer is no longer active', other: '{n} offers are no longer active' });
