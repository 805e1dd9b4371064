import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { type EstimateAnswer, type Offer, type ReportAnswer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { analyticsService } from '../src/main';

jest.setTimeout(120_000);

// Kdyně (Domažlice): a real municipality, so the report finds its centre; the test's database is its own.
const KDYNE = { code: '553786', districtCode: 'CZ0321', regionCode: 'CZ032', lat: 49.390348, lon: 13.040638 };
const t = testEnv({ ANALYTICS_API_PORT: '0' });

function offerIn(n: number, place: typeof KDYNE, overrides: Partial<Offer> = {}): Offer {
  return {
    ...exampleOffer,
    id: `o-${t.id}-${n}`,
    adType: 'Sale',
    realEstateType: 'Apartment',
    dispositionLabel: n % 2 ? '2+kk' : '3+1',
    area: 50 + (n % 20),
    price: (50 + (n % 20)) * (60_000 + (n % 7) * 1_000),
    createdAt: new Date(Date.now() - (n % 20) * 86_400_000).toISOString(),
    location: {
      ...exampleOffer.location,
      municipalityCode: place.code, districtCode: place.districtCode, regionCode: place.regionCode, pragueDistrictCode: null,
      point: { lat: place.lat + ((n % 5) - 2) * 0.002, lon: place.lon + ((n % 3) - 1) * 0.003 },
    },
    ...overrides,
  };
}

describe('price reports over the API, fed by offer events', () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof analyticsService.configSchema>>>;
  let base: string;
  const get = async (query: string) => {
    const res = await fetch(`${base}/analytics/report?${query}`);
    return { status: res.status, body: (await res.json()) as { data: ReportAnswer; error?: { code: string; message: string; fields?: Record<string, string> } } };
  };

  beforeAll(async () => {
    bus = new Bus({ clientId: 'analytics-report-test', brokers: t.brokers, topicPrefix: t.prefix, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    service = await runService(analyticsService, t.env, { trapSignals: false });
    const health = (await (await fetch(`http://127.0.0.1:${service.healthPort}/health`)).json()) as { details: { apiPort: number } };
    base = `http://127.0.0.1:${health.details.apiPort}`;
    for (let n = 0; n < 34; n++) {
      const o = offerIn(n, KDYNE);
      await bus.publish('offer.published', o.id, { offer: o, fetchedAt: o.createdAt });
    }
  });

  afterAll(async () => {
    await service?.db?.dropDatabase();
    await service?.stop();
    await bus?.disconnect();
  });

  it('reports a municipality from its own offers once 30 are there', async () => {
    // The grid cells' buckets are written after the place's: wait for both.
    const answer = await waitForValue('34 offers in the place and around its centre', async () => {
      const { body } = await get(`placeKind=municipality&placeCode=${KDYNE.code}`);
      const around = await get(`lat=${KDYNE.lat}&lon=${KDYNE.lon}&radiusKm=30`);
      return body.data?.report.n === 34 && around.body.data?.report.n === 34 ? body.data : null;
    }, 60_000);
    expect(answer).toMatchObject({ place: { kind: 'municipality', code: KDYNE.code, name: 'Kdyně' }, radiusKm: 0, months: 3 });
    expect(answer.report.status).toBe('ok');
    expect(answer.report.pricePerM2!.median).toBeGreaterThan(59_000);
    expect(answer.report.pricePerM2!.median).toBeLessThan(67_000);
    expect(answer.report.dispositions).toEqual({ '2+kk': 17, '3+1': 17 });
    expect(answer.report.realEstateTypes).toEqual({ Apartment: 34 });
  });

  it('widens a layout with too few offers to a radius around the place, and says when even 30 km is not enough', async () => {
    const { body } = await get(`placeKind=municipality&placeCode=${KDYNE.code}&dispositions=2%2Bkk`);
    // 17 flats of that layout: the place and every radius hold the same 17, so the widest step is reported with counts only.
    expect(body.data.report).toMatchObject({ status: 'notEnoughData', n: 17, price: null });
  });

  it('answers a point with a radius from the grid cells around it', async () => {
    const { body } = await get(`lat=${KDYNE.lat}&lon=${KDYNE.lon}&radiusKm=2`);
    expect(body.data).toMatchObject({ place: null, radiusKm: 2 });
    expect(body.data.report.n).toBe(34);
  });

  it('drops a withdrawn offer\'s spell into days on market', async () => {
    const o = offerIn(0, KDYNE);
    await bus.publish('offer.withdrawn', o.id, { offerId: o.id, withdrawnAt: new Date().toISOString() });
    const answer = await waitForValue('the withdrawal in the report', async () => {
      const { body } = await get(`placeKind=municipality&placeCode=${KDYNE.code}`);
      return body.data.report.daysOnMarket.ended === 1 ? body.data : null;
    }, 30_000);
    expect(answer.report.daysOnMarket.censored).toBe(33);
  });

  it('estimates an offer from the others of its municipality, never from itself', async () => {
    const subject = offerIn(5, KDYNE);
    const res = await fetch(`${base}/analytics/estimate?offerId=${subject.id}`);
    const { data } = (await res.json()) as { data: EstimateAnswer };
    expect(data.estimate).toMatchObject({ source: 'RadarPrice', radiusKm: 0 });
    expect(data.estimate!.comparables).toBeGreaterThanOrEqual(8);
    expect(data.estimate!.comparables).toBeLessThanOrEqual(33);
    expect(data.estimate!.pricePerM2).toBeGreaterThan(59_000);
    expect(data.estimate!.pricePerM2).toBeLessThan(67_000);
    expect(data.difference).toBeCloseTo((subject.price! - data.estimate!.price) / data.estimate!.price, 3);
    const unknown = await fetch(`${base}/analytics/estimate?offerId=nope-${t.id}`);
    expect(unknown.status).toBe(404);
  });

  it('counts the offers a month a watchdog would have matched, within its price range', async () => {
    const all = (await (await fetch(`${base}/analytics/match-count?placeKind=municipality&placeCode=${KDYNE.code}`)).json()) as { data: { months: { n: number }[] } };
    expect(all.data.months.reduce((s, m) => s + m.n, 0)).toBe(34);
    const cheap = offerIn(0, KDYNE).price!; // 50 m² × 60,000: the cheapest
    const some = (await (await fetch(`${base}/analytics/match-count?placeKind=municipality&placeCode=${KDYNE.code}&priceTo=${cheap}`)).json()) as { data: { months: { n: number }[] } };
    expect(some.data.months.reduce((s, m) => s + m.n, 0)).toBeGreaterThanOrEqual(1);
    expect(some.data.months.reduce((s, m) => s + m.n, 0)).toBeLessThan(34);
  });

  it('refuses bad input with the field and what is wrong', async () => {
    const both = await get(`placeKind=municipality&placeCode=${KDYNE.code}&lat=49.4&lon=13`);
    expect(both.status).toBe(400);
    expect(both.body.error!.code).toBe('VALIDATION_FAILED');
    const months = await get(`placeKind=municipality&placeCode=${KDYNE.code}&months=36`);
    expect(months.body.error!.fields).toHaveProperty('months');
    const unknown = await get(`placeKind=municipality&placeCode=${KDYNE.code}&colour=red`);
    expect(unknown.body.error!.message).toContain('colour');
    const nowhere = await get('placeKind=municipality&placeCode=999999');
    expect(nowhere.status).toBe(404);
  });
});
