import { classifyClick, classifyImageFetch, countFetch } from './counting';

const rules = { prefetchMs: 5_000, scannerMs: 10_000 };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GMAIL = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const T = 1_000_000;

describe('image fetches', () => {
  it('counts a person loading the banner a while after sending as a view', () => {
    expect(classifyImageFetch({ method: 'GET', userAgent: CHROME, at: T + 60_000, issuedAt: T }, rules)).toBe('net');
  });

  it('ignores HEAD requests', () => {
    expect(classifyImageFetch({ method: 'HEAD', userAgent: CHROME, at: T + 60_000, issuedAt: T }, rules)).toBe('ignored');
  });

  it('filters fetches within seconds of sending, bots and fetches without a user agent', () => {
    expect(classifyImageFetch({ method: 'GET', userAgent: CHROME, at: T + 1_000, issuedAt: T }, rules)).toBe('filtered');
    expect(classifyImageFetch({ method: 'GET', userAgent: 'curl/8.5.0', at: T + 60_000, issuedAt: T }, rules)).toBe('filtered');
    expect(classifyImageFetch({ method: 'GET', userAgent: '', at: T + 60_000, issuedAt: T }, rules)).toBe('filtered');
  });

  it("counts Gmail's image proxy, which fetches when the person opens the e-mail", () => {
    expect(classifyImageFetch({ method: 'GET', userAgent: GMAIL, at: T + 1_000, issuedAt: T }, rules)).toBe('net');
  });
});

describe('clicks', () => {
  it('counts a click a while after sending', () => {
    expect(classifyClick({ method: 'GET', userAgent: CHROME, at: T + 30_000, issuedAt: T }, rules)).toBe('counted');
  });

  it('ignores scanner-like instant clicks, HEAD requests and bots', () => {
    expect(classifyClick({ method: 'GET', userAgent: CHROME, at: T + 2_000, issuedAt: T }, rules)).toBe('ignored');
    expect(classifyClick({ method: 'HEAD', userAgent: CHROME, at: T + 30_000, issuedAt: T }, rules)).toBe('ignored');
    expect(classifyClick({ method: 'GET', userAgent: 'python-requests/2.32', at: T + 30_000, issuedAt: T }, rules)).toBe('ignored');
  });
});

describe('counting per e-mail', () => {
  it('counts the first load once and reloads not at all', () => {
    const first = countFetch(null, 'net');
    expect(first).toEqual({ fetched: 1, net: 1, next: { net: true } });
    expect(countFetch(first.next, 'net')).toMatchObject({ fetched: 0, net: 0 });
  });

  it('turns a filtered first fetch into a view once when a person loads it later', () => {
    const prefetch = countFetch(null, 'filtered');
    expect(prefetch).toEqual({ fetched: 1, net: 0, next: { net: false } });
    const person = countFetch(prefetch.next, 'net');
    expect(person).toEqual({ fetched: 0, net: 1, next: { net: true } });
    expect(countFetch(person.next, 'net')).toMatchObject({ fetched: 0, net: 0 });
  });

  it('records nothing for an ignored request', () => {
    expect(countFetch(null, 'ignored')).toEqual({ fetched: 0, net: 0, next: null });
  });
});
