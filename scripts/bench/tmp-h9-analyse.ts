import { loadGazetteer } from '@rr/gazetteer';
import { FilterIndex } from '@rr/matcher/src/domain/filter-index';
import { Market, seeded } from './matcher-market';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const N = Number(process.env.N ?? 1_000_000);
const market = new Market(loadGazetteer(), seeded(20261122));
const index = new FilterIndex();
const t = Date.now();
const ws = [];
for (let i = 0; i < N; i++) { const c = market.watchdog(); index.add(`w_${i}`, c); }
index.seal();
console.error('build', (Date.now() - t) / 1000);
const offers = Array.from({ length: 20000 }, (_, i) => market.offer(i));
const stats = new Map<string, number[]>();
for (const o of offers) {
  const n = index.matchSlots(o).count;
  const area = o.location.municipalityCode === '554782' ? 'prague' : o.location.municipalityCode === '582786' ? 'brno' : 'rest';
  const k = `${area} ${o.adType} ${o.realEstateType} ${o.price == null ? 'noprice' : 'price'}`;
  (stats.get(k) ?? stats.set(k, []).get(k)!).push(n);
}
const all: number[] = [];
for (const [k, v] of [...stats].sort()) { v.sort((a, b) => a - b); all.push(...v); console.log(k.padEnd(40), 'n', v.length, 'mean', (v.reduce((a, b) => a + b, 0) / v.length).toFixed(0), 'p50', v[v.length >> 1], 'p99', v[Math.floor(v.length * 0.99)], 'max', v[v.length - 1]); }
all.sort((a, b) => a - b);
console.log('ALL mean', (all.reduce((a, b) => a + b, 0) / all.length).toFixed(0), 'p50', all[all.length >> 1], 'p90', all[Math.floor(all.length * 0.9)], 'p99', all[Math.floor(all.length * 0.99)], 'max', all[all.length - 1]);
if (process.env.PROF) {
  const s = new Session(); s.connect();
  s.post('Profiler.enable', () => s.post('Profiler.start', () => {
    const t0 = Date.now();
    for (let k = 0; k < 5; k++) for (const o of offers) index.matchSlots(o);
    console.error('100k offers in', Date.now() - t0, 'ms');
    s.post('Profiler.stop', (err, { profile }) => { writeFileSync('/tmp/h9/match.cpuprofile', JSON.stringify(profile)); });
  }));
}
