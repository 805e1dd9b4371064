import { adminCopy } from '../modules/admin/admin.copy';
import { advertiserCopy } from '../modules/ads/advertiser.copy';
import { nonPublicCopy } from '../modules/offers/non-public.copy';
import { priceHistoryCopy } from '../modules/offers/price-history.copy';
import { teamCopy } from '../modules/team/team.copy';
import { alertKindsCopy } from '../modules/watchdogs/alert-kinds.copy';
import { planBenefitsCopy } from '../modules/billing/plan-benefits.copy';
import { premiumCopy } from '../modules/billing/premium.copy';
import { moduleDictionary, moduleKeysDiffer } from './module-dictionary';
import { deliveryCopy } from '../modules/delivery/delivery.copy';

describe('dictionaries of screens loaded on demand', () => {
  it('have every key in both languages, with the same placeholders and no empty message', () => {
    for (const copy of [adminCopy, advertiserCopy, nonPublicCopy, deliveryCopy, priceHistoryCopy, teamCopy, alertKindsCopy, planBenefitsCopy, premiumCopy]) expect(moduleKeysDiffer(copy)).toEqual([]);
  });

  it('notices a missing key, a lost placeholder and an empty message', () => {
    expect(moduleKeysDiffer({ cs: { a: 'A {n}', b: 'B', c: ' ' }, en: { a: 'A', c: 'C' } as Record<string, string> }).sort()).toEqual(['a', 'b', 'c']);
  });

  it('fills placeholders per locale', () => {
    const { translate } = moduleDictionary({ cs: { n: '{count} zpráv' }, en: { n: '{count} messages' } });
    expect(translate('cs', 'n', { count: 1200 }).replace(/\u00a0/g, ' ')).toBe('1 200 zpráv');
    expect(translate('en', 'n', { count: 1200 })).toBe('1,200 messages');
  });
});
