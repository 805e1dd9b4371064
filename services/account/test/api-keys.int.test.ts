import { runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import { API_ROLE_HEADER, RawListing } from '@rr/proto';
import { analyticsService } from '@rr/analytics/src/main';
import { normaliserService } from '@rr/normaliser/src/main';
import { offerIdOf } from '@rr/normaliser/src/domain/offer-factory';
import { ADMIN, freePort, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(60_000);

let stack: Stack;
let admin: [string, string];
let offersPort: number;
let analyticsPort: number;

beforeAll(async () => {
  offersPort = await freePort();
  analyticsPort = await freePort();
  // The normaliser and analytics answer the offer and report endpoints; each is started by the test that needs it.
  stack = await startStack({ OFFERS_URL: `http://127.0.0.1:${offersPort}`, ANALYTICS_URL: `http://127.0.0.1:${analyticsPort}` });
  const login = await stack.client().post('/api/auth/login').send(ADMIN).expect(200);
  admin = ['Authorization', `Bearer ${login.body.data.token}`];
}, 60_000);
afterAll(() => stack?.stop());

async function registered() {
  const email = uniqueEmail('api');
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Eva', surname: 'Malá', password: 'heslo-123' }).expect(200);
  const found = await api.get(`/api/admin/users?q=${encodeURIComponent(email)}`).set(...admin).expect(200);
  return { id: found.body.data.items[0].id as string, email, auth: ['Authorization', `Bearer ${res.body.data.token}`] as [string, string] };
}

const setRole = (id: string, role: number, roleExpiresAt: string | null) =>
  stack.client().patch(`/api/admin/users/${id}/role`).set(...admin).send({ role, roleExpiresAt }).expect(200);

describe('the public data API with API keys, through the gateway', () => {
  it('issues keys only to plans with API access, shows a key once, and caps keys per plan', async () => {
    const user = await registered();
    const api = stack.client();
    const refused = await api.post('/api/profile/api-keys').set(...user.auth).send({ name: 'sync' }).expect(403);
    expect(refused.body.error.message).toContain('API');
    await setRole(user.id, 6, '2099-01-01T00:00:00.000Z');
    const created = await api.post('/api/profile/api-keys').set(...user.auth).send({ name: 'sync' }).expect(201);
    expect(created.body.data.key).toMatch(/^rr_live_[A-Za-z0-9_-]{43}$/);
    await api.post('/api/profile/api-keys').set(...user.auth).send({ name: 'second' }).expect(403);
    const list = await api.get('/api/profile/api-keys').set(...user.auth).expect(200);
    expect(list.body.data.items).toEqual([expect.objectContaining({ name: 'sync', prefix: created.body.data.key.slice(0, 16) })]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.data.key);
  });

  it('answers with a key, refuses without one, outside the plan\'s scopes, past the per-minute limit, after a lapse and after revocation', async () => {
    const user = await registered();
    await setRole(user.id, 6, '2099-01-01T00:00:00.000Z'); // 60 requests a minute, scope history only
    const api = stack.client();
    const { body } = await api.post('/api/profile/api-keys').set(...user.auth).send({ name: 'k' }).expect(201);
    const key: [string, string] = ['Authorization', `Bearer ${body.data.key}`];

    const ok = await api.get('/api/v1/autocomplete?q=Brno').set(...key).expect(200);
    expect(ok.body.data.items[0].name).toBe('Brno');
    expect(ok.headers['ratelimit-limit']).toBe('60');
    await api.get('/api/v1/autocomplete?q=Brno').expect(401);
    const bad = await api.get('/api/v1/autocomplete?q=Brno').set('X-Api-Key', `rr_live_${'x'.repeat(43)}`).expect(401);
    expect(bad.body.error.code).toBe('UNAUTHENTICATED');
    const scope = await api.get('/api/v1/report?placeKind=municipality&placeCode=582786').set(...key).expect(403);
    expect(scope.body.error.code).toBe('FORBIDDEN');

    // The windows are clock minutes: a minute may turn during the loop, so it goes on long enough
    // to pass the limit within one window (60 before the turn at most, then 61 after it).
    let limited = null;
    for (let i = 0; i < 130 && !limited; i++) {
      const res = await api.get('/api/v1/autocomplete?q=Br').set(...key);
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.body.error.code).toBe('RATE_LIMITED');

    await setRole(user.id, 6, '2020-01-01T00:00:00.000Z');
    const lapsed = await api.get('/api/v1/autocomplete?q=Brno').set('Accept-Language', 'en').set(...key).expect(403);
    expect(lapsed.body.error.message).toContain('subscription has ended');

    await setRole(user.id, 6, '2099-01-01T00:00:00.000Z');
    const id = (await api.get('/api/profile/api-keys').set(...user.auth)).body.data.items[0].id;
    await api.delete(`/api/profile/api-keys/${id}`).set(...user.auth).expect(200);
    await api.get('/api/v1/autocomplete?q=Brno').set('X-Api-Key', body.data.key).expect(401);
  });

  it('serves the public OpenAPI document without a key, with the report\'s parameters and an example', async () => {
    const { body } = await stack.client().get('/api/v1/openapi.json').expect(200);
    expect(body.openapi).toBe('3.1.0');
    const report = body.paths['/report'].get;
    expect(report.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['placeKind', 'placeCode', 'lat', 'lon', 'radiusKm', 'months', 'dispositions']));
    expect(report.responses['200'].content['application/json'].example.data.report.status).toBe('ok');
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(['ReportAnswer', 'ApiError']));
  });

  it('searches, syncs and tells an offer\'s history through the gateway, within the plan\'s scopes, with errors in words', async () => {
    const normaliser = await runService(normaliserService, { ...stack.env, OFFERS_API_PORT: String(offersPort), NORMALISER_FROM_BEGINNING: 'true' }, { trapSignals: false });
    try {
      const listing = RawListing.parse({
        portal: 'sreality', listingId: `api-${Date.now()}`, url: 'https://www.sreality.cz/detail/prodej/byt/2+kk/brno/1', title: 'Prodej bytu 2+kk 54 m²',
        description: 'Byt 2+kk v Brně.', adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', area: 54, landArea: null,
        price: 5_490_000, priceText: '5 490 000 Kč', locality: 'Brno', lat: 49.1951, lon: 16.6068, images: [],
      });
      await stack.bus.publish('listing.fetched', `sreality:${listing.listingId}`, { listing, fetchedAt: new Date().toISOString() });
      const id = offerIdOf(`sreality:${listing.listingId}`);

      const enterprise = await registered();
      await setRole(enterprise.id, 9, '2099-01-01T00:00:00.000Z');
      const api = stack.client();
      const key: [string, string] = ['Authorization', `Bearer ${(await api.post('/api/profile/api-keys').set(...enterprise.auth).send({ name: 'sync' }).expect(201)).body.data.key}`];

      const detail = await waitForValue('history/detail', async () => {
        const res = await api.get(`/api/v1/history/detail?id=${id}`).set(...key);
        return res.status === 200 && res;
      }, 30_000);
      expect(detail.body.data).toMatchObject({ id, price: 5_490_000, sources: [{ portal: 'sreality', listingId: listing.listingId }], priceChanges: [{ price: 5_490_000, change: null }] });

      const search = await api.get('/api/v1/real-estate?placeKind=municipality&placeCode=582786&dispositions=2%2Bkk').set(...key).expect(200);
      expect(search.body.data.items.map((o: { id: string }) => o.id)).toContain(id);
      expect(search.headers['ratelimit-limit']).toBeDefined();
      const changes = await api.get('/api/v1/history/list?limit=500').set(...key).expect(200);
      expect(changes.body.data.items.map((o: { id: string }) => o.id)).toContain(id);
      expect(changes.body.data.next).toMatch(/^\d+~/);

      const bad = await api.get('/api/v1/real-estate?placeKind=municipality&colour=red').set(...key).expect(400);
      expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { colour: 'unknown parameter', placeCode: expect.any(String) } });
      await api.get('/api/v1/history/detail?id=of_nope').set(...key).expect(404);
      // The normaliser's public-API routes are the gateway's alone: not through the offers proxy, not by climbing out of it.
      await api.get('/api/offers/internal/public-api/history/list').expect(404);
      await api.get('/api/offers/%2e%2e/internal/public-api/history/list').expect(404);

      // Premium's API has the history scope only.
      const premium = await registered();
      await setRole(premium.id, 6, '2099-01-01T00:00:00.000Z');
      const premiumKey: [string, string] = ['Authorization', `Bearer ${(await api.post('/api/profile/api-keys').set(...premium.auth).send({ name: 'p' }).expect(201)).body.data.key}`];
      const refused = await api.get('/api/v1/real-estate?placeKind=municipality&placeCode=582786').set('Accept-Language', 'en').set(...premiumKey).expect(403);
      expect(refused.body.error.message).toBe('Your plan does not include this API endpoint.');
      await api.get(`/api/v1/history/detail?id=${id}`).set(...premiumKey).expect(200);
    } finally {
      await normaliser.db?.dropDatabase().catch(() => undefined);
      await normaliser.stop();
    }
  });

  it('lists the offer endpoints in the OpenAPI document, with their parameters and examples', async () => {
    const { body } = await stack.client().get('/api/v1/openapi.json').expect(200);
    const names = (path: string) => body.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(names('/real-estate')).toEqual(expect.arrayContaining(['placeKind', 'placeCode', 'adType', 'realEstateType', 'dispositions', 'priceFrom', 'priceTo', 'areaFrom', 'areaTo', 'limit', 'cursor']));
    expect(names('/history/list')).toEqual(['cursor', 'limit']);
    expect(names('/history/detail')).toEqual(['id']);
    expect(body.paths['/history/detail'].get.responses['200'].content['application/json'].example.data.priceChanges).toHaveLength(1);
    expect(Object.keys(body.components.schemas)).toEqual(expect.arrayContaining(['RealEstate', 'Contact', 'Offer', 'OfferHistory', 'Place', 'ReportAnswer']));
  });

  it('reports at the depth of the caller\'s plan through the gateway: the key owner\'s on /api/v1, the session\'s on the web, the CSV for Profi', async () => {
    const analytics = await runService(analyticsService, { ...stack.env, ANALYTICS_API_PORT: String(analyticsPort) }, { trapSignals: false });
    try {
      const user = await registered();
      await setRole(user.id, 7, '2099-01-01T00:00:00.000Z'); // Profi: scope report, export level
      const api = stack.client();
      const { body } = await api.post('/api/profile/api-keys').set(...user.auth).send({ name: 'reports' }).expect(201);
      const brno = 'placeKind=municipality&placeCode=582786';
      const keyed = await api.get(`/api/v1/report?${brno}&months=24`).set('Authorization', `Bearer ${body.data.key}`).expect(200);
      expect(keyed.body.data).toMatchObject({ place: { name: 'Brno' }, months: 24, level: 'export', locked: [] });

      // The web's report follows the session (a fresh login carries the Profi role); a visitor gets the summary.
      const login = await api.post('/api/auth/login').send({ email: user.email, password: 'heslo-123' }).expect(200);
      const session: [string, string] = ['Authorization', `Bearer ${login.body.data.token}`];
      expect((await api.get(`/api/analytics/report?${brno}`).set(...session).expect(200)).body.data.level).toBe('export');
      expect((await api.get(`/api/analytics/report?${brno}`).expect(200)).body.data).toMatchObject({ level: 'summary', locked: ['figures', 'monthly', 'longWindow', 'csv'] });
      // A role header sent by a browser is not passed on: still a visitor's summary.
      expect((await api.get(`/api/analytics/report?${brno}`).set(API_ROLE_HEADER, '9').expect(200)).body.data.level).toBe('summary');
      const tooLong = await api.get(`/api/analytics/report?${brno}&months=12`).set('Accept-Language', 'en').expect(403);
      expect(tooLong.body.error).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', message: 'A 12-month period is available from the Premium plan; yours allows up to 3 months.' });

      // The CSV through the gateway's proxy: the type, the file name and the BOM arrive as analytics sent them.
      const csv = await api.get(`/api/analytics/report.csv?${brno}`).set(...session).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="analyza-cen-brno-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = csv.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).toContain('Lokalita;Brno\r\n');
      const refused = await api.get(`/api/analytics/report.csv?${brno}`).expect(403);
      expect(refused.body.error.message).toBe('Export do CSV je k dispozici od tarifu Profi.');
    } finally {
      await analytics.db?.dropDatabase();
      await analytics.stop();
    }
  });
});
