import { pacedAt, warmUpRound, type CallSpec } from './calls';

const numbered = (name: string, requests: number): CallSpec => ({ name, requests, make: (i) => ({ method: 'POST', path: `/${name}/${i}` }) });
const numbersOf = (spec: CallSpec) => Array.from({ length: spec.requests }, (_, i) => Number(spec.make(i).path.split('/').pop()));

describe('warmUpRound', () => {
  it('warms with half of each closed loop, numbered after every phase that is measured', () => {
    const register = numbered('register', 10);
    const offer = numbered('offer', 4);
    const calls = [register, pacedAt(register, 10, 6, 10), pacedAt(register, 20, 3, 16), offer];

    const round = warmUpRound(calls);

    expect(round.map((c) => c.name)).toEqual(['register (warm-up)', 'offer (warm-up)']);
    expect(round.every((c) => c.ratePerSecond === undefined)).toBe(true);
    // register's closed loop takes 0–9, its stated loads 10–15 and 16–18: the warm-up 19 on.
    expect(numbersOf(round[0])).toEqual([19, 20, 21, 22, 23]);
    expect(numbersOf(round[1])).toEqual([4, 5]);
  });

  it('does not take another call whose name begins alike for a stated load of this one', () => {
    const offers = numbered('GET /api/offers', 4);
    const page = pacedAt(numbered('GET /api/offers page', 4), 50, 100, 4);

    expect(numbersOf(warmUpRound([offers, page])[0])).toEqual([4, 5]);
  });
});
