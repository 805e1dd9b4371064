import { ENTITLEMENTS, PLANS, ROLES } from '@rr/proto';
import { moduleKeysDiffer } from '../../i18n/module-dictionary';
import type { PlanView } from './api/billing.api';
import { benefits } from './components/plan-grid';
import { planBenefitsCopy } from './plan-benefits.copy';

const plan = (tier: 'MINI' | 'STANDARD' | 'PREMIUM' | 'PROFI'): PlanView => ({ tier, role: PLANS[tier].role, price: PLANS[tier].price, entitlements: ENTITLEMENTS[PLANS[tier].role] });
const td = (key: string) => key;

describe('the plan cards\' benefits', () => {
  it('lists the areas drawn on the map a paid tier draws in one watchdog, in both locales', () => {
    expect(benefits(plan('MINI'), 'cs', td as never)).toContain('Až 10 oblastí nakreslených na mapě v jednom hlídacím psovi');
    expect(benefits(plan('STANDARD'), 'en', td as never)).toContain('Up to 10 areas drawn on the map in one watchdog');
  });

  it('says nothing about areas for a tier that draws only one', () => {
    const free = { ...plan('MINI'), entitlements: ENTITLEMENTS[ROLES.USER] };
    expect(benefits(free, 'en', td as never).join('\n')).not.toContain('areas drawn on the map');
  });

  it('words the analysis depth each tier gets (analytics-depth.ts): medians, every figure, 24 months, CSV', () => {
    expect(benefits(plan('MINI'), 'cs', td as never)).toContain('Přehled cen v lokalitě: mediány za 3 měsíce');
    expect(benefits(plan('STANDARD'), 'cs', td as never)).toContain('Podrobná analýza cen: kvartily, průměr, doba inzerce, podíly typů a dispozic');
    expect(benefits(plan('PREMIUM'), 'en', td as never)).toContain('Monthly price trend over up to 24 months, with a chart');
    expect(benefits(plan('PROFI'), 'en', td as never)).toContain('24-month price trend and the analysis as CSV');
  });

  it('has every benefit in both languages', () => {
    expect(moduleKeysDiffer(planBenefitsCopy)).toEqual([]);
  });
});
