import { EVENTS, EXAMPLES, allTopics, dispositionOf, entitlementsOf, topicOf, ROLES, type EventType } from '../src';

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
