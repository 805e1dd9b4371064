import { parse } from 'csv-parse/sync';
import jwt from 'jsonwebtoken';
import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { API_ROLE_HEADER, ROLES, type EstimateAnswer, type Offer, type ReportAnswer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { analyticsService } from '../src/main';

jest.setTimeout(120_000);

// Kdyně (Domažlice): a real municipality, so the report finds its centre; the test's database is its own.
const KDYNE = { code: '553786', districtCode: 'CZ0321', regionCode: 'CZ032', lat: 49.390348, lon: 13.040638 };
const JWT_SECRET = 'analytics-report-test-secret-'.padEnd(40, 'x');
const t = testEnv({ ANALYTICS_API_PORT: '0', JWT_SECRET });
/** A session token as the account service signs it, for a caller of `role`. */
const session = (role: number, expiresIn = 600) =>
  `Bearer ${jwt.sign({ email: `role${role}@example.cz`, locale: 'cs', role }, JWT_SECRET, { algorithm: 'HS256', subject: `u_${role}`, expiresIn })}`;
type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } };

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
  /** The web's report; the figures' tests ask as a Profi subscriber (every figure), the depth tests as each tier. */
  const get = async (query: string, headers: Record<string, string> = { authorization: session(ROLES.PROFI) }) => {
    const res = await fetch(`${base}/analytics/report?${query}`, { headers });
    return { status: res.status, body: (await res.json()) as { data: ReportAnswer } & ErrorBody };
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
      return body.data.report.daysOnMarket?.ended === 1 ? body.data : null;
    }, 30_000);
    expect(answer.report.daysOnMarket!.censored).toBe(33);
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

  it('estimates an alert e-mail\'s offers in one call: a known one as by id, one not taken in yet from what is sent', async () => {
    const known = offerIn(5, KDYNE);
    const fresh = offerIn(5, KDYNE, { id: `fresh-${t.id}` }); // the known offer's twin, not in the model
    const post = (body: unknown) => fetch(`${base}/analytics/estimates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const subject = (o: Offer) => ({ id: o.id, adType: o.adType, realEstateType: o.realEstateType, dispositionLabel: o.dispositionLabel, area: o.area, landArea: o.landArea, price: o.price, location: o.location, createdAt: o.createdAt });
    const res = await post({ offers: [subject(known), subject(fresh)] });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { items: EstimateAnswer[] } };
    const byId = (await (await fetch(`${base}/analytics/estimate?offerId=${known.id}`)).json()) as { data: EstimateAnswer };
    expect(data.items[0]).toEqual({ ...byId.data, estimate: { ...byId.data.estimate, asOf: data.items[0].estimate!.asOf } });
    // Not in the model, so nothing of its own is taken out: the known offer is one more comparable.
    expect(data.items[1]).toMatchObject({ offerId: fresh.id, offerPrice: fresh.price, estimate: { source: 'RadarPrice', radiusKm: 0 } });
    expect(data.items[1].estimate!.comparables).toBe(data.items[0].estimate!.comparables + 1);
    const bad = await post({ offers: [], extra: 1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('counts the offers a month a watchdog would have matched, within its price range', async () => {
    const all = (await (await fetch(`${base}/analytics/match-count?placeKind=municipality&placeCode=${KDYNE.code}`)).json()) as { data: { months: { n: number }[] } };
    expect(all.data.months.reduce((s, m) => s + m.n, 0)).toBe(34);
    const cheap = offerIn(0, KDYNE).price!; // 50 m² × 60,000: the cheapest
    const some = (await (await fetch(`${base}/analytics/match-count?placeKind=municipality&placeCode=${KDYNE.code}&priceTo=${cheap}`)).json()) as { data: { months: { n: number }[] } };
    expect(some.data.months.reduce((s, m) => s + m.n, 0)).toBeGreaterThanOrEqual(1);
    expect(some.data.months.reduce((s, m) => s + m.n, 0)).toBeLessThan(34);
  });

  it('keeps reports current on every instance from the changed counts each announces, answering the rest from memory', async () => {
    // A second instance shares the offer events' group: each files some of the offers, and learns of
    // the other's only from `bucket-counts.changed`; both hold the counts they read and trust them.
    const second = await runService(analyticsService, t.env, { trapSignals: false });
    try {
      const healthOf = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { details: { apiPort: number; reportCopies: string; reportReads: { countsHits: number; noticed: number } } }).details;
      const ports = [service.healthPort, second.healthPort];
      await waitForValue('both instances following', async () => ((await Promise.all(ports.map(healthOf))).every((d) => d.reportCopies === 'following') ? true : null), 30_000);
      const bases = [base, `http://127.0.0.1:${(await healthOf(second.healthPort)).apiPort}`];
      const rents = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => offerIn(from + i, KDYNE, { id: `rent-${t.id}-${from + i}`, adType: 'Rent', price: 15_000 + (from + i) * 100 }));
      const publishAll = (offers: Offer[]) => Promise.all(offers.map((o) => bus.publish('offer.published', o.id, { offer: o, fetchedAt: o.createdAt })));
      const rentReports = () => Promise.all(bases.map(async (b) => {
        const res = await fetch(`${b}/analytics/report?placeKind=municipality&placeCode=${KDYNE.code}&adType=Rent`, { headers: { authorization: session(ROLES.PROFI) } });
        return ((await res.json()) as { data: ReportAnswer }).data.report.n;
      }));
      const bothAt = (n: number) => waitForValue(`${n} rents on both instances`, async () => ((await rentReports()).every((x) => x === n) ? true : null), 60_000);

      await publishAll(rents(0, 30));
      await bothAt(30);
      // Asked again with nothing new: answered from the copies held. A batch writes its buckets
      // before its counts, so a report can count all 30 from the last batch's buckets a moment
      // before that batch's counts are written and announced: asked until the notices are in.
      const hitsOnBoth = async () => {
        const before = (await Promise.all(ports.map(healthOf))).map((d) => d.reportReads.countsHits);
        expect(await rentReports()).toEqual([30, 30]);
        const after = await Promise.all(ports.map(healthOf));
        return after.every((d, i) => d.reportReads.countsHits > before[i]) ? true : null;
      };
      await waitForValue('reports answered from the copies held', hitsOnBoth, 10_000);

      // Three more, filed by either instance: both drop their copies on the notices and read the new counts.
      await publishAll(rents(30, 33));
      await bothAt(33);
      for (const d of await Promise.all(ports.map(healthOf))) expect(d.reportReads.noticed).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
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

  describe('depth by tier', () => {
    const place = `placeKind=municipality&placeCode=${KDYNE.code}`;
    const levelOf = async (headers: Record<string, string>) => (await get(place, headers)).body.data;

    it('gives a visitor, a user and Mini the summary only, Standard every figure, Premium the monthly series, Profi everything', async () => {
      const visitor = await levelOf({});
      expect(visitor).toMatchObject({ level: 'summary', locked: ['figures', 'monthly', 'longWindow', 'csv'], place: { name: 'Kdyně' } });
      expect(Object.keys(visitor.report).sort()).toEqual(['asOf', 'n', 'price', 'pricePerM2', 'status']);
      expect(Object.keys(visitor.report.price!).sort()).toEqual(['median', 'n']);
      expect(Object.keys(visitor.report.pricePerM2!).sort()).toEqual(['median', 'n']);
      expect(visitor.report.n).toBe(34);
      // An expired session, or one not signed by the account service, reads as a visitor's, not as an error.
      expect((await levelOf({ authorization: session(ROLES.PROFI, -10) })).level).toBe('summary');
      expect((await levelOf({ authorization: `Bearer ${jwt.sign({ email: 'x@example.cz', role: 9 }, 'y'.repeat(40), { algorithm: 'HS256', subject: 'x' })}` })).level).toBe('summary');
      expect((await levelOf({ authorization: session(ROLES.USER) })).level).toBe('summary');
      expect((await levelOf({ authorization: session(ROLES.MINI) })).level).toBe('summary');

      const standard = await levelOf({ authorization: session(ROLES.STANDARD) });
      expect(standard).toMatchObject({ level: 'full', locked: ['monthly', 'longWindow', 'csv'] });
      expect(standard.report.price).toEqual(expect.objectContaining({ p25: expect.any(Number), p75: expect.any(Number), mean: expect.any(Number) }));
      expect(standard.report.dispositions).toEqual({ '2+kk': 17, '3+1': 17 });
      expect(standard.report.daysOnMarket).toBeDefined();
      expect(standard.report.monthly).toBeUndefined();
      // The same median at every level: trimming takes away, it never changes a figure.
      expect(standard.report.pricePerM2!.median).toBe(visitor.report.pricePerM2!.median);

      const premium = await levelOf({ authorization: session(ROLES.PREMIUM) });
      expect(premium).toMatchObject({ level: 'trend', locked: ['csv'] });
      expect(premium.report.monthly!.reduce((sum, m) => sum + m.n, 0)).toBe(34);
      expect(await levelOf({ authorization: session(ROLES.PROFI) })).toMatchObject({ level: 'export', locked: [] });
    });

    it('refuses a window longer than the tier allows, naming the tier that has it, in the caller\'s language', async () => {
      const visitor = await get(`${place}&months=12`, {});
      expect(visitor.status).toBe(403);
      expect(visitor.body.error).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', details: { level: 'summary', requiredLevel: 'trend', tier: 'PREMIUM', maxMonths: 3 } });
      expect(visitor.body.error!.message).toBe('Období 12 měsíců je k dispozici od tarifu Premium; váš tarif dovoluje nejvýše 3 měsíce.');
      expect(visitor.body.error!.fields).toHaveProperty('months');
      const standard = await get(`${place}&months=6`, { authorization: session(ROLES.STANDARD), 'accept-language': 'en' });
      expect(standard.status).toBe(403);
      expect(standard.body.error!.message).toBe('A 6-month period is available from the Premium plan; yours allows up to 3 months.');
      expect((await get(`${place}&months=2`, {})).status).toBe(200);
      const premium = await get(`${place}&months=24`, { authorization: session(ROLES.PREMIUM) });
      expect(premium.status).toBe(200);
      expect(premium.body.data.months).toBe(24);
      // Bad input stays a validation error, whatever the tier.
      expect((await get(`${place}&months=36`, {})).body.error!.code).toBe('VALIDATION_FAILED');
    });

    it('answers the public API by the key owner\'s role, which only the gateway\'s internal route reads', async () => {
      const api = async (headers: Record<string, string>, query = place) => {
        const res = await fetch(`${base}/internal/public-api/report?${query}`, { headers });
        return { status: res.status, body: (await res.json()) as { data: ReportAnswer } & ErrorBody };
      };
      expect((await api({ [API_ROLE_HEADER]: String(ROLES.PROFI) })).body.data).toMatchObject({ level: 'export', locked: [] });
      expect((await api({ [API_ROLE_HEADER]: String(ROLES.STANDARD) })).body.data.level).toBe('full');
      expect((await api({})).body.data.level).toBe('summary');
      expect((await api({ [API_ROLE_HEADER]: String(ROLES.STANDARD) }, `${place}&months=12`)).status).toBe(403);
      // The header means nothing on the web's route (the gateway's proxy does not pass it on either).
      expect((await get(place, { [API_ROLE_HEADER]: String(ROLES.ENTERPRISE) })).body.data.level).toBe('summary');
    });

    it('exports the report as CSV for Czech Excel to Profi, and tells anyone else which tier has it', async () => {
      const res = await fetch(`${base}/analytics/report.csv?${place}&months=12`, { headers: { authorization: session(ROLES.PROFI) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="analyza-cen-kdyne-${today}.csv"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text).toContain('\r\n');
      const rows = parse(text, { bom: true, delimiter: ';', relax_column_count: true, skip_empty_lines: false }) as string[][];
      const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
      expect(rows[0]).toEqual(['Ukazatel', 'Hodnota']);
      expect(value('Lokalita')).toBe('Kdyně');
      expect(value('Období (měsíce)')).toBe('12');
      expect(value('Počet nabídek')).toBe('34');
      const json = (await get(`${place}&months=12`)).body.data;
      expect(Number(value('Medián ceny za m² (Kč)'))).toBe(Math.round(json.report.pricePerM2!.median));
      expect(value('Nabídek dispozice: 2+kk')).toBe('17');
      const header = rows.findIndex((r) => r[0] === 'Měsíc');
      expect(rows[header - 1]).toEqual(['']);
      const months = rows.slice(header + 1);
      expect(months).toHaveLength(json.report.monthly!.length);
      expect(months.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(34);

      const en = await fetch(`${base}/analytics/report.csv?${place}`, { headers: { authorization: session(ROLES.ENTERPRISE), 'accept-language': 'en' } });
      expect(en.headers.get('content-disposition')).toBe(`attachment; filename="price-analysis-kdyne-${today}.csv"`);
      // text() decodes as UTF-8 and drops the BOM (checked in bytes above).
      expect((await en.text()).split('\r\n')[0]).toBe('Figure;Value');

      const premium = await fetch(`${base}/analytics/report.csv?${place}`, { headers: { authorization: session(ROLES.PREMIUM) } });
      expect(premium.status).toBe(403);
      expect(((await premium.json()) as ErrorBody).error).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', message: 'Export do CSV je k dispozici od tarifu Profi.', details: { tier: 'PROFI' } });
      const visitor = await fetch(`${base}/analytics/report.csv?${place}`);
      expect(visitor.status).toBe(403);
      const bad = await fetch(`${base}/analytics/report.csv?${place}&colour=red`, { headers: { authorization: session(ROLES.PROFI) } });
      expect(bad.status).toBe(400);
    });
  });
});
