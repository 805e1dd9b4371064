import { ENTITLEMENTS, EVENTS, MAP_AREA_LIMITS, PLANS, PLAN_TIERS, allTopics, dispositionOf, entitlementsOf, topicOf, ROLES, type EventType } from '../src';
import { EXAMPLES } from '../src/examples';

describe('event contracts', () => {
  const types = Object.keys(EVENTS) as EventType[];

  it.each(types)('parses the example of %s with its schema', (type) => {
    const parsed = EVENTS[type].schema.safeParse(EXAMPLES[type]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('names every topic <type>.v<version> and gives each a dead-letter topic', () => {
    const names = allTopics().map((t) => t.name);
    for (const type of types) {
      expect(names).toContain(`${type}.v${EVENTS[type].version}`);
      expect(names).toContain(`${topicOf(type)}.dlq`);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps watchdog state on a compacted topic', () => {
    expect(allTopics().find((t) => t.name === topicOf('watchdog.changed'))?.cleanup).toBe('compact');
  });

  it('keeps each user\'s subscription state on a compacted topic keyed by user', () => {
    expect(allTopics().find((t) => t.name === topicOf('subscription.changed'))?.cleanup).toBe('compact');
  });

  it('refuses a payment event with an amount in crowns with haléře as a fraction', () => {
    const bad = { ...EXAMPLES['payment.changed'], amount: 199.5 };
    expect(EVENTS['payment.changed'].schema.safeParse(bad).success).toBe(false);
  });

  it('refuses an offer event without a source', () => {
    const bad = { ...EXAMPLES['offer.published'], offer: { ...EXAMPLES['offer.published'].offer, sources: [] } };
    expect(EVENTS['offer.published'].schema.safeParse(bad).success).toBe(false);
  });
});

describe('domain helpers', () => {
  it('maps Czech layouts to the coarse disposition enum', () => {
    expect(dispositionOf('2+kk')).toBe('2bed');
    expect(dispositionOf('3+1')).toBe('3bed');
    expect(dispositionOf('5+kk')).toBe('4bed');
    expect(dispositionOf('6+')).toBe('4bed');
    expect(dispositionOf('room')).toBe('independentRoom');
    expect(dispositionOf('atypical')).toBeNull();
  });

  it('gives unknown role numbers the entitlements of the highest role below them', () => {
    expect(entitlementsOf(ROLES.USER).watchdogLifetimeDays).toBe(30);
    expect(entitlementsOf(4)).toBe(entitlementsOf(ROLES.MINI));
    expect(entitlementsOf(ROLES.MINI).watchdogLifetimeDays).toBeNull();
    expect(entitlementsOf(20000).maxActiveWatchdogs).toBe(entitlementsOf(ROLES.ADMIN).maxActiveWatchdogs);
  });
});

describe('plans and entitlements', () => {
  it('prices every paid tier, dearer with each tier, and each tier\'s role has entitlements', () => {
    const monthly = PLAN_TIERS.map((t) => PLANS[t].price.month);
    expect([...monthly].sort((a, b) => a - b)).toEqual(monthly);
    for (const t of PLAN_TIERS) expect(ENTITLEMENTS[PLANS[t].role]).toBeDefined();
  });

  it('never gives a higher tier less than a lower one', () => {
    const paid = PLAN_TIERS.map((t) => ENTITLEMENTS[PLANS[t].role]);
    for (let i = 1; i < paid.length; i++) {
      expect(paid[i].maxActiveWatchdogs).toBeGreaterThan(paid[i - 1].maxActiveWatchdogs);
      expect(paid[i].maxOffersPerEmail).toBeGreaterThanOrEqual(paid[i - 1].maxOffersPerEmail);
      expect(paid[i].seats).toBeGreaterThanOrEqual(paid[i - 1].seats);
      expect(paid[i].apiAccess).toEqual(expect.arrayContaining(paid[i - 1].apiAccess));
      expect(paid[i].mapAreaPolygons).toBeGreaterThanOrEqual(paid[i - 1].mapAreaPolygons);
    }
  });

  it('lets every tier draw an area: one polygon free, all of them from Mini', () => {
    expect(entitlementsOf(ROLES.NONE).mapAreaPolygons).toBe(1);
    expect(entitlementsOf(ROLES.USER).mapAreaPolygons).toBe(1);
    for (const t of PLAN_TIERS) expect(ENTITLEMENTS[PLANS[t].role].mapAreaPolygons).toBe(MAP_AREA_LIMITS.maxPolygons);
  });

  it('gates comebacks and no-longer-active notices as price drops: from Mini, not for free users', () => {
    for (const role of Object.values(ROLES)) {
      const e = entitlementsOf(role);
      expect([e.backOnMarketAlerts, e.noLongerActiveNotices]).toEqual([e.priceDropAlerts, e.priceDropAlerts]);
    }
    expect(entitlementsOf(ROLES.USER).backOnMarketAlerts).toBe(false);
    expect(entitlementsOf(ROLES.MINI).noLongerActiveNotices).toBe(true);
  });
});
