import { createLogger } from '@rr/kit';
import { exampleOffer } from '@rr/proto/examples';
import { httpAdSource } from './ad-client';

const log = createLogger('test', 'silent');
const request = { email: 'a@example.cz', locale: 'cs' as const, emailId: 'e1', offers: [exampleOffer] };
const ad = { campaignId: 'cmp_1', imageUrl: 'https://x/i/d.png', mobileImageUrl: 'https://x/i/m.png', clickUrl: 'https://x/c', alt: 'Alt' };

describe('the ad service client', () => {
  it('asks with the e-mail id and the offers places and kinds, and answers the banner', async () => {
    const calls: unknown[] = [];
    const source = httpAdSource({ url: 'http://ads:8107/', timeoutMs: 100, log, fetch: (async (url: string, init: RequestInit) => {
      calls.push([url, JSON.parse(String(init.body))]);
      return new Response(JSON.stringify({ ad }), { status: 200 });
    }) as typeof fetch });
    expect(await source(request)).toEqual({ imageUrl: ad.imageUrl, mobileImageUrl: ad.mobileImageUrl, clickUrl: ad.clickUrl, alt: 'Alt', campaignId: 'cmp_1' });
    expect(calls).toEqual([['http://ads:8107/internal/decide', {
      emailId: 'e1', recipient: 'a@example.cz', locale: 'cs', offers: [{ regionCode: 'CZ010', districtCode: 'CZ0100', adType: 'Sale', realEstateType: 'Apartment' }],
    }]]);
  });

  const hanging = (counter: { calls: number }) => ((_: string, init: RequestInit) => {
    counter.calls++;
    return new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error)));
  }) as typeof fetch;

  it('gives up on one e-mail after the timeout but asks again for the next', async () => {
    const counter = { calls: 0 };
    const source = httpAdSource({ url: 'http://ads', timeoutMs: 30, log, fetch: hanging(counter) });
    expect(await source(request)).toBeNull();
    expect(await source(request)).toBeNull();
    expect(counter.calls).toBe(2);
    expect(source.pausedUntil()).toBe(0);
  });

  it('stops asking for a while after timeouts in a row', async () => {
    const counter = { calls: 0 };
    const source = httpAdSource({ url: 'http://ads', timeoutMs: 5, log, fetch: hanging(counter) });
    for (let i = 0; i < 25; i++) expect(await source(request)).toBeNull();
    expect(counter.calls).toBe(20);
    expect(source.pausedUntil()).toBeGreaterThan(Date.now());
  });

  it('stops asking for a while at once when the ad service is down', async () => {
    let calls = 0;
    const source = httpAdSource({ url: 'http://ads', timeoutMs: 30, log, fetch: (async () => {
      calls++;
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    }) as typeof fetch });
    expect(await source(request)).toBeNull();
    expect(await source(request)).toBeNull();
    expect(calls).toBe(1);
    expect(source.pausedUntil()).toBeGreaterThan(Date.now());
  });

  it('answers no banner when the ad service errs', async () => {
    const source = httpAdSource({ url: 'http://ads', timeoutMs: 30, log, fetch: (async () => new Response('{}', { status: 500 })) as typeof fetch });
    expect(await source(request)).toBeNull();
  });
});
