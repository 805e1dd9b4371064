import { ROLES, type Watchdog } from '@rr/proto';
import { exampleOffer, exampleWatchdog } from '@rr/proto/examples';
import { WatchdogRegistry } from './watchdog-registry';
import { shardOf } from './shard';
import { ReplayProgress } from './replay-progress';

const now = new Date('2026-11-22T09:00:00.000Z');
const watchdog = (overrides: Partial<Watchdog> = {}): Watchdog => ({ ...exampleWatchdog, ...overrides });
const ids = (ws: Array<{ id: string }>) => ws.map((w) => w.id).sort();

describe('WatchdogRegistry', () => {
  it('matches active watchdogs and forgets disabled, deleted and expired ones', () => {
    const registry = new WatchdogRegistry();
    registry.apply('a', watchdog({ id: 'a', email: 'a@example.cz' }), now);
    registry.apply('b', watchdog({ id: 'b', email: 'b@example.cz' }), now);
    registry.apply('c', watchdog({ id: 'c', email: 'c@example.cz' }), now);
    registry.apply('d', watchdog({ id: 'd', email: 'd@example.cz', expiresAt: '2026-11-22T08:59:59.000Z' }), now);
    registry.apply('b', watchdog({ id: 'b', email: 'b@example.cz', status: 'Disabled' }), now);
    registry.apply('c', null, now);
    expect(ids(registry.match(exampleOffer, 'new', now))).toEqual(['a']);
    expect(registry.size).toBe(1);
  });

  it('stops matching a watchdog once it has expired', () => {
    const registry = new WatchdogRegistry();
    registry.apply('a', watchdog({ id: 'a', expiresAt: '2026-11-22T10:00:00.000Z' }), now);
    expect(registry.match(exampleOffer, 'new', now)).toHaveLength(1);
    expect(registry.match(exampleOffer, 'new', new Date('2026-11-22T10:00:00.000Z'))).toHaveLength(0);
    expect(registry.size).toBe(0);
  });

  it('checks wanted and refused words on the candidates the index finds, the oldest matching watchdog speaking for the person', () => {
    const registry = new WatchdogRegistry();
    const words = (any: string[], none: string[] = []) => ({ ...exampleWatchdog.criteria, words: { any, none } });
    registry.apply('balcony', watchdog({ id: 'balcony', email: 'a@example.cz', criteria: words(['balkon*']) }), now);
    registry.apply('cellar', watchdog({ id: 'cellar', email: 'b@example.cz', criteria: words(['sklep']) }), now);
    registry.apply('no-auction', watchdog({ id: 'no-auction', email: 'c@example.cz', criteria: words([], ['drazb*']) }), now);
    registry.apply('older-cellar', watchdog({ id: 'older-cellar', email: 'd@example.cz', createdAt: '2026-11-01T00:00:00.000Z', criteria: words(['sklep']) }), now);
    registry.apply('newer-plain', watchdog({ id: 'newer-plain', email: 'd@example.cz', createdAt: '2026-11-21T00:00:00.000Z' }), now);
    const offer = (description: string) => ({ ...exampleOffer, title: 'Prodej bytu 3+kk', description });
    expect(ids(registry.match(offer('Světlý byt s Balkónem, po rekonstrukci.'), 'new', now))).toEqual(['balcony', 'newer-plain', 'no-auction']);
    expect(ids(registry.match(offer('Dražba bytu se sklepem'), 'new', now))).toEqual(['newer-plain']);
    expect(ids(registry.match(offer('Byt, sklep, parkování'), 'new', now))).toEqual(['cellar', 'no-auction', 'older-cellar']);
  });

  it('sends one match per recipient however many of their watchdogs match', () => {
    const registry = new WatchdogRegistry();
    registry.apply('new', watchdog({ id: 'new', email: 'Ahoj@Example.cz', createdAt: '2026-11-21T00:00:00.000Z' }), now);
    registry.apply('old', watchdog({ id: 'old', email: 'ahoj@example.cz', createdAt: '2026-11-01T00:00:00.000Z' }), now);
    expect(ids(registry.match(exampleOffer, 'new', now))).toEqual(['old']);
  });

  it('alerts price drops only to watchdogs that opted in and whose tier allows it', () => {
    const registry = new WatchdogRegistry();
    const withDrops = { ...exampleWatchdog.criteria, priceDrops: true };
    registry.apply('paid', watchdog({ id: 'paid', email: 'p@example.cz', ownerRole: ROLES.MINI, criteria: withDrops }), now);
    registry.apply('free', watchdog({ id: 'free', email: 'f@example.cz', ownerRole: ROLES.USER, criteria: withDrops }), now);
    registry.apply('off', watchdog({ id: 'off', email: 'o@example.cz', ownerRole: ROLES.MINI }), now);
    expect(ids(registry.match(exampleOffer, 'priceDrop', now))).toEqual(['paid']);
    expect(ids(registry.match(exampleOffer, 'new', now))).toEqual(['free', 'off', 'paid']);
  });

  describe('alerts about offers already seen', () => {
    const criteria = (overrides: Partial<Watchdog['criteria']>) => ({ ...exampleWatchdog.criteria, ...overrides });
    const hits = (list: Array<{ watchdog: { id: string }; reason: string }>) => list.map((h) => `${h.watchdog.id}:${h.reason}`).sort();
    const registryOf = (...ws: Watchdog[]) => {
      const registry = new WatchdogRegistry();
      for (const w of ws) registry.apply(w.id, w, now);
      return registry;
    };

    it('gives a price drop to those who asked, and a new-offer alert only to those whose range the drop reached', () => {
      const registry = registryOf(
        watchdog({ id: 'drops', email: 'd@example.cz', ownerRole: ROLES.MINI, criteria: criteria({ priceDrops: true }) }),
        watchdog({ id: 'any-price', email: 'a@example.cz' }),
        watchdog({ id: 'up-to-8m', email: 'b@example.cz', criteria: criteria({ price: { to: 8_000_000 } }) }),
        watchdog({ id: 'free-drops', email: 'f@example.cz', ownerRole: ROLES.USER, criteria: criteria({ priceDrops: true, price: { to: 7_000_000 } }) }),
      );
      const dropped = { ...exampleOffer, price: 7_990_000 };
      const before = { ...exampleOffer, price: 8_490_000 };
      expect(hits(registry.alerts(dropped, 'priceDrop', now, before))).toEqual(['drops:priceDrop', 'up-to-8m:new']);
    });

    it('gives a comeback to those who asked and are entitled, and a new-offer alert to everyone else who matches', () => {
      const registry = registryOf(
        watchdog({ id: 'back', email: 'b@example.cz', ownerRole: ROLES.STANDARD, criteria: criteria({ backOnMarket: true }) }),
        watchdog({ id: 'free-back', email: 'f@example.cz', ownerRole: ROLES.USER, criteria: criteria({ backOnMarket: true }) }),
        watchdog({ id: 'plain', email: 'p@example.cz', ownerRole: ROLES.MINI }),
      );
      expect(hits(registry.alerts(exampleOffer, 'backOnMarket', now))).toEqual(['back:backOnMarket', 'free-back:new', 'plain:new']);
    });

    it('lets the watchdog that asked for the kind speak for a person with two matching watchdogs', () => {
      const registry = registryOf(
        watchdog({ id: 'old-plain', email: 'x@example.cz', ownerRole: ROLES.MINI, createdAt: '2026-11-01T00:00:00.000Z' }),
        watchdog({ id: 'new-back', email: 'x@example.cz', ownerRole: ROLES.MINI, createdAt: '2026-11-20T00:00:00.000Z', criteria: criteria({ backOnMarket: true }) }),
      );
      expect(hits(registry.alerts(exampleOffer, 'backOnMarket', now))).toEqual(['new-back:backOnMarket']);
    });

    it('gives a no-longer-active notice for a withdrawn offer only to entitled watchdogs that asked, matching it as it was', () => {
      const registry = registryOf(
        watchdog({ id: 'notices', email: 'n@example.cz', ownerRole: ROLES.MINI, criteria: criteria({ noLongerActive: true }) }),
        watchdog({ id: 'free-notices', email: 'f@example.cz', ownerRole: ROLES.USER, criteria: criteria({ noLongerActive: true }) }),
        watchdog({ id: 'plain', email: 'p@example.cz', ownerRole: ROLES.MINI }),
        watchdog({ id: 'elsewhere', email: 'e@example.cz', ownerRole: ROLES.MINI, criteria: criteria({ noLongerActive: true, adTypes: ['Rent'] }) }),
      );
      expect(hits(registry.alerts({ ...exampleOffer, active: false }, 'noLongerActive', now))).toEqual(['notices:noLongerActive']);
    });
  });

  it('does not match offers that are no longer active', () => {
    const registry = new WatchdogRegistry();
    registry.apply('a', watchdog({ id: 'a' }), now);
    expect(registry.match({ ...exampleOffer, active: false }, 'new', now)).toEqual([]);
  });

  it('keeps only the watchdogs of its shard, and lets one move away when its e-mail changes', () => {
    const emails = Array.from({ length: 40 }, (_, i) => `person${i}@example.cz`);
    const shards = [0, 1].map((index) => new WatchdogRegistry({ index, count: 2 }));
    emails.forEach((email, i) => shards.forEach((s) => s.apply(`w${i}`, watchdog({ id: `w${i}`, email }), now)));
    expect(shards[0].size + shards[1].size).toBe(40);
    expect(shards[0].size).toBeGreaterThan(5);
    expect(shards[1].size).toBeGreaterThan(5);
    const home = shardOf(emails[0], 2);
    const other = emails.find((e) => shardOf(e, 2) !== home)!;
    shards.forEach((s) => s.apply('w0', watchdog({ id: 'w0', email: other }), now));
    expect(shards[home].match(exampleOffer, 'new', now).some((w) => w.id === 'w0')).toBe(false);
    expect(shards[1 - home].match(exampleOffer, 'new', now).some((w) => w.id === 'w0')).toBe(true);
  });
});

describe('ReplayProgress', () => {
  it('is caught up once every non-empty partition reached its end offset', () => {
    const progress = new ReplayProgress([{ partition: 0, offset: '3' }, { partition: 1, offset: '0' }, { partition: 2, offset: '1' }]);
    expect(progress.caughtUp).toBe(false);
    progress.record(0, '2');
    expect(progress.partitionsBehind).toEqual([2]);
    progress.record(2, '0');
    expect(progress.caughtUp).toBe(true);
  });

  it('counts an empty topic as caught up at once', () => {
    expect(new ReplayProgress([{ partition: 0, offset: '0' }]).caughtUp).toBe(true);
  });
});
