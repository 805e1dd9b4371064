import { loadGazetteer } from '@rr/gazetteer';
import { FilterIndex, C } from '@rr/matcher/src/domain/tmp-h9-fi';
import { Market, seeded } from './matcher-market';
const N = Number(process.env.N ?? 1_000_000);
const market = new Market(loadGazetteer(), seeded(20261122));
const index = new FilterIndex();
let multi = 0, radius = 0, restFlags = 0;
for (let i = 0; i < N; i++) { const c = market.watchdog(); if (c.places.length > 1) multi++; if (c.places.some(p => (p.radiusKm ?? 0) > 0)) radius++; index.add(`w_${i}`, c); }
index.seal();
console.log({ multi, radius, entriesCodes: (index as any).codes.size, entriesCircles: (index as any).circles.size, groupsCodes: (index as any).codes.rankBand.length, groupsCircles: (index as any).circles.rankBand.length });
const offers = Array.from({ length: 20000 }, (_, i) => market.offer(i));
let m = 0;
for (const o of offers) m += index.matchSlots(o).count;
const k = offers.length;
console.log(Object.fromEntries(Object.entries(C).map(([a, b]) => [a, (b / k).toFixed(1)])), 'matches', (m / k).toFixed(1));
