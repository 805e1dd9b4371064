import { staysInMount } from './proxy';

describe('the proxy\'s mount', () => {
  it('passes paths under the mount', () => {
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers/of_1?x=1' })).toBe(true);
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers' })).toBe(true);
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers/a/../b' })).toBe(true);
  });

  it('refuses dot segments that climb out to a service\'s internal routes, encoded or not', () => {
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers/../internal/public-api/history/list' })).toBe(false);
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers/%2e%2e/internal/public-api/history/list' })).toBe(false);
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offers/%2E%2E/%2e%2e/internal/x' })).toBe(false);
    expect(staysInMount({ baseUrl: '/api/offers', originalUrl: '/api/offersx' })).toBe(false);
  });
});
