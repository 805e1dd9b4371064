import { runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import { RawListing } from '@rr/proto';
import { normaliserService } from '@rr/normaliser/src/main';
import { offerIdOf } from '@rr/normaliser/src/domain/offer-factory';
import { ADMIN, freePort, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from '@rr/account/test/stack';

jest.setTimeout(90_000);

/**
 * `/api/v1/real-estate` with several places and a radius, end to end through the gateway: an
 * Enterprise key (the plan with the `real-estate` scope), the normaliser answering from offers it
 * made of published listings, and the 400s a client sees for a bad `places` — in words, never a stack.
 */
let stack: Stack;
let normaliser: Awaited<ReturnType<typeof runService>>;
let key: [string, string];
const run = Date.now().toString(36);

const flat = (id: string, locality: string, lat: number, lon: number) => RawListing.parse({
  portal: 'sreality', listingId: `pl-${id}-${run}`, url: `https://www.sreality.cz/detail/prodej/byt/1+1/${id}/${run}`, title: 'Prodej bytu 1+1 38 m²',
  description: `Byt 1+1, ${locality}.`, adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '1+1', area: 38, landArea: null,
  price: 2_400_000, priceText: '2 400 000 Kč', locality, lat, lon, images: [],
});
// Havířov lies ~13 km from Ostrava's centre, Opava ~28 km: a 20 km circle around Ostrava holds the one, not the other.
const LISTINGS = { ostrava: flat('os', 'Ostrava', 49.8352, 18.2825), havirov: flat('hv', 'Havířov', 49.7798, 18.4369), opava: flat('op', 'Opava', 49.9387, 17.9026), brno: flat('br', 'Brno', 49.1951, 16.6068) };
const ids = Object.fromEntries(Object.entries(LISTINGS).map(([name, l]) => [name, offerIdOf(`sreality:${l.listingId}`)])) as Record<keyof typeof LISTINGS, string>;

beforeAll(async () => {
  const offersPort = await freePort();
  stack = await startStack({ OFFERS_URL: `http://127.0.0.1:${offersPort}` });
  normaliser = await runService(normaliserService, { ...stack.env, OFFERS_API_PORT: String(offersPort), NORMALISER_FROM_BEGINNING: 'true' }, { trapSignals: false });
  const api = stack.client();
  const admin = ['Authorization', `Bearer ${(await api.post('/api/auth/login').send(ADMIN).expect(200)).body.data.token}`] as const;
  const email = uniqueEmail('places');
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const user = await api.patch('/api/auth/register').send({ magic, name: 'Eva', surname: 'Malá', password: 'heslo-123' }).expect(200);
  const found = await api.get(`/api/admin/users?q=${encodeURIComponent(email)}`).set(...admin).expect(200);
  await api.patch(`/api/admin/users/${found.body.data.items[0].id}/role`).set(...admin).send({ role: 9, roleExpiresAt: '2099-01-01T00:00:00.000Z' }).expect(200); // Enterprise
  const created = await api.post('/api/profile/api-keys').set('Authorization', `Bearer ${user.body.data.token}`).send({ name: 'places' }).expect(201);
  key = ['Authorization', `Bearer ${created.body.data.key}`];
  for (const l of Object.values(LISTINGS)) await stack.bus.publish('listing.fetched', `sreality:${l.listingId}`, { listing: l, fetchedAt: new Date().toISOString() });
  for (const id of Object.values(ids)) {
    await waitForValue(`offer ${id}`, async () => (await api.get(`/api/v1/history/detail?id=${id}`).set(...key)).status === 200, 30_000);
  }
}, 90_000);
afterAll(async () => {
  await normaliser?.db?.dropDatabase().catch(() => undefined);
  await normaliser?.stop();
  await stack?.stop();
});

/** The ids of every page of a search (`limit=1`, so the cursor is followed), first to last. */
async function searchAll(places: string): Promise<string[]> {
  const seen: string[] = [];
  let next: string | null = null;
  do {
    const cursor: string = next ? `&cursor=${encodeURIComponent(next)}` : '';
    const res = await stack.client().get(`/api/v1/real-estate?places=${encodeURIComponent(places)}&dispositions=1%2B1&limit=1${cursor}`).set(...key).expect(200);
    seen.push(...res.body.data.items.map((o: { id: string }) => o.id));
    next = res.body.data.next;
  } while (next);
  return seen;
}

const codeOf = async (name: string) => (await stack.client().get(`/api/v1/autocomplete?q=${encodeURIComponent(name)}`).set(...key).expect(200)).body.data.items
  .find((p: { kind: string; name: string }) => p.kind === 'municipality' && p.name === name).code as string;

describe('GET /api/v1/real-estate with several places and a radius, through the gateway', () => {
  it('lists the offers of every place and of the circle, without repeats, and none outside', async () => {
    const [ostrava, brno] = [await codeOf('Ostrava'), await codeOf('Brno')];
    const circle = await searchAll(`municipality:${ostrava}:20,municipality:${brno}`);
    expect(new Set(circle).size).toBe(circle.length);
    expect([...circle].sort()).toEqual([ids.ostrava, ids.havirov, ids.brno].sort());
    expect(circle).not.toContain(ids.opava);
    // A wider circle reaches Opava; the municipality alone holds only its own offer.
    expect(await searchAll(`municipality:${ostrava}:30`)).toEqual(expect.arrayContaining([ids.ostrava, ids.havirov, ids.opava]));
    expect(await searchAll(`municipality:${ostrava}`)).toEqual([ids.ostrava]);
  });

  it('reads a region and a district together', async () => {
    const res = await stack.client().get('/api/v1/real-estate?places=region:CZ080,district:CZ0642&dispositions=1%2B1&limit=50').set(...key).expect(200);
    expect(res.body.data.items.map((o: { id: string }) => o.id).sort()).toEqual([ids.ostrava, ids.havirov, ids.opava, ids.brno].sort());
    expect(res.body.data.items[0]).toMatchObject({ adType: 'Sale', realEstateType: 'Apartment' });
  });

  it('refuses a bad places value, more than 20 places, a radius over 50 km and unknown keys with a clear 400 body, never a stack', async () => {
    const bad = async (query: string) => {
      const res = await stack.client().get(`/api/v1/real-estate?${query}`).set('Accept-Language', 'en').set(...key).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(ts|js):\d+|Error:/);
      return res.body.error as { message: string; fields?: Record<string, string> };
    };
    expect((await bad('places=town:Brno')).fields).toEqual({ 'places.0': expect.stringContaining('is not kind:code') });
    expect((await bad('places=municipality:582786:ten')).fields?.['places.0']).toBeDefined();
    expect((await bad('places=')).fields).toEqual({ places: 'name at least one place' });
    const many = Array.from({ length: 21 }, (_, i) => `municipality:${500000 + i}`).join(',');
    expect((await bad(`places=${many}`)).fields).toEqual({ places: 'at most 20 places' });
    expect((await bad('places=municipality:582786:51')).fields).toEqual({ 'places.0': 'a radius is at most 50 km' });
    expect((await bad('places=region:CZ064:5')).fields).toEqual({ 'places.0': 'a radius is drawn around a municipality or a Prague district, not a region' });
    expect((await bad('places=municipality:582786,district:CZ9999')).message).toContain('no district has the code CZ9999');
    expect((await bad('places=municipality:582786&radius=5')).fields).toEqual({ radius: 'unknown parameter' });
    expect((await bad('places=municipality:582786&placeKind=region&placeCode=CZ064')).fields?.places).toBeDefined();
  });
});
