import { ADMIN, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(60_000);

let stack: Stack;
let admin: [string, string];

beforeAll(async () => {
  stack = await startStack({ RATE_FILTERS_PER_EMAIL: '40' });
  const login = await stack.client().post('/api/auth/login').send(ADMIN).expect(200);
  admin = ['Authorization', `Bearer ${login.body.data.token}`];
}, 60_000);
afterAll(() => stack?.stop());

const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const criteria = (mapArea: unknown) => ({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [], mapArea });
const twoInBrno = { type: 'MultiPolygon', coordinates: [[box(16.6, 49.2, 0.01)], [box(16.65, 49.2, 0.01)]] };
const oneInBrno = { type: 'Polygon', coordinates: [box(16.6, 49.2, 0.01)] };
const MORE_PAID = 'Bez předplatného nakreslíte jednu oblast; více oblastí v jednom hlídacím psovi je součástí předplatného (od tarifu Mini)';

/** A registered person (role USER) and their session header, with their id for the administrator. */
async function registered(): Promise<{ id: string; email: string; auth: [string, string] }> {
  const email = uniqueEmail('area-user');
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Eva', surname: 'Malá', password: 'heslo-123' }).expect(200);
  const found = await api.get(`/api/admin/users?q=${encodeURIComponent(email)}`).set(...admin).expect(200);
  return { id: found.body.data.items[0].id as string, email, auth: ['Authorization', `Bearer ${res.body.data.token}`] };
}
/** A new session after a role change (the role travels in the token). */
async function relogin(email: string): Promise<[string, string]> {
  const res = await stack.client().post('/api/auth/login').send({ email, password: 'heslo-123' }).expect(200);
  return ['Authorization', `Bearer ${res.body.data.token}`];
}

describe('watchdogs with an area drawn on the map', () => {
  it('are saved with the area and the place that holds it, and the confirmation e-mail tells the area and links to the watchdog page', async () => {
    const email = uniqueEmail('area');
    const api = stack.client();
    const res = await api.post('/api/filters').send({ email, criteria: criteria(oneInBrno) }).expect(202);
    const filter = res.body.data.filter;
    expect(filter.criteria.mapArea.type).toBe('MultiPolygon');
    expect(filter.criteria.mapArea.coordinates).toHaveLength(1);
    expect(filter.criteria.places).toEqual([expect.objectContaining({ kind: 'municipality', code: '582786', name: 'Brno' })]);
    expect(filter.criteria.places[0].radiusKm).toBeGreaterThan(1);

    const mail = await waitForMail(email, 'Potvrďte svého hlídacího psa');
    expect(mail.text).toContain('Oblast na mapě: 1 oblast (~3,2 km²)');
    expect(mail.text).toContain(`Zobrazit na mapě: http://rr.test/moje-filtry/${filter.id}`);
    expect(mail.html).toContain('Oblast na mapě: 1 oblast (~3,2 km²)');

    // The same area, drawn from another corner, is the same watchdog.
    const again = { type: 'Polygon', coordinates: [ring([16.61, 49.21], [16.59, 49.21], [16.59, 49.19], [16.61, 49.19])] };
    const duplicate = await api.post('/api/filters').send({ email, criteria: criteria(again) }).expect(409);
    expect(duplicate.body.error.code).toBe('WATCHDOG_DUPLICATE');
    // A polygon inside it is covered by the saved watchdog.
    const covered = await api.post('/api/filters').send({ email, criteria: criteria({ type: 'Polygon', coordinates: [box(16.6, 49.2, 0.005)] }) }).expect(409);
    expect(covered.body.error.code).toBe('WATCHDOG_COVERED');
  });

  it('gives free watchdogs one polygon and Mini several, on creation and on editing (ENTITLEMENTS.mapAreaPolygons)', async () => {
    const api = stack.client();
    // Anonymous: one polygon only, refused on the area field with the reason.
    const anonymous = await api.post('/api/filters').send({ email: uniqueEmail('area-anon'), criteria: criteria(twoInBrno) }).expect(400);
    expect(anonymous.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { mapArea: MORE_PAID } });
    const english = await api.post('/api/filters').set('Accept-Language', 'en').send({ email: uniqueEmail('area-anon'), criteria: criteria(twoInBrno) }).expect(400);
    expect(english.body.error.fields.mapArea).toContain('Mini and above');

    // Registered without a plan: the same; one polygon is saved.
    const user = await registered();
    await api.post('/api/filters').set(...user.auth).send({ criteria: criteria(twoInBrno) }).expect(400);
    const single = await api.post('/api/filters').set(...user.auth).send({ criteria: criteria(oneInBrno) }).expect(201);
    const id = single.body.data.filter.id as string;
    const refusedEdit = await api.patch(`/api/filters/${id}`).set(...user.auth).send({ criteria: criteria(twoInBrno) }).expect(400);
    expect(refusedEdit.body.error.fields).toEqual({ mapArea: MORE_PAID });
    const kept = await api.get(`/api/filters/${id}`).set(...user.auth).expect(200);
    expect(kept.body.data.criteria.mapArea.coordinates).toHaveLength(1);

    // Mini: the second polygon is welcome, on editing as on creating.
    await api.patch(`/api/admin/users/${user.id}/role`).set(...admin).send({ role: 3, roleExpiresAt: '2099-01-01T00:00:00.000Z' }).expect(200);
    const mini = await relogin(user.email);
    const edited = await api.patch(`/api/filters/${id}`).set(...mini).send({ criteria: criteria(twoInBrno) }).expect(200);
    expect(edited.body.data.criteria.mapArea.coordinates).toHaveLength(2);
    const three = { type: 'MultiPolygon', coordinates: [[box(16.5, 49.2, 0.01)], [box(16.55, 49.2, 0.01)], [box(16.7, 49.2, 0.01)]] };
    const created = await api.post('/api/filters').set(...mini).send({ criteria: criteria(three) }).expect(201);
    expect(created.body.data.filter.criteria.mapArea.coordinates).toHaveLength(3);
  });

  it('takes an area without places and refuses neither places nor an area with a message naming both', async () => {
    const api = stack.client();
    const onlyArea = await api.post('/api/filters').send({ email: uniqueEmail('area-only'), criteria: { adTypes: ['Rent'], realEstateTypes: ['House'], mapArea: oneInBrno } }).expect(202);
    expect(onlyArea.body.data.filter.criteria.places).toHaveLength(1);
    const neither = await api.post('/api/filters').send({ email: uniqueEmail('nowhere'), criteria: { adTypes: ['Rent'], realEstateTypes: ['House'] } }).expect(400);
    expect(neither.body.error.fields).toEqual({ places: 'Zadejte a vyberte lokalitu ze seznamu, nebo nakreslete oblast na mapě' });
    const en = await api.post('/api/filters').set('Accept-Language', 'en').send({ email: uniqueEmail('nowhere'), criteria: { adTypes: ['Rent'], realEstateTypes: ['House'], places: [] } }).expect(400);
    expect(en.body.error.fields).toEqual({ places: 'Enter and select a location from the list, or draw an area on the map' });
  });

  it('refuses 10,000 points with the validation message, not a body-size error, in both locales', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => [16.6 + 0.05 * Math.cos((2 * Math.PI * i) / 10_000), 49.2 + 0.03 * Math.sin((2 * Math.PI * i) / 10_000)]);
    const body = { email: uniqueEmail('many'), criteria: criteria({ type: 'Polygon', coordinates: [ring(...many)] }) };
    const cs = await stack.client().post('/api/filters').send(body).expect(400);
    expect(cs.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { mapArea: 'Oblasti na mapě mohou mít dohromady nejvýše 500 bodů, zjednodušte je prosím' } });
    const en = await stack.client().post('/api/filters?locale=en').set('Accept-Language', 'en').send(body).expect(400);
    expect(en.body.error.message).toContain('at most 500 points');
  });

  it('refuses an open ring and an area outside Czechia', async () => {
    const open = await stack.client().post('/api/filters').send({ email: uniqueEmail('open'), criteria: criteria({ type: 'Polygon', coordinates: [box(16.6, 49.2, 0.01).slice(0, 4)] }) }).expect(400);
    expect(open.body.error.fields).toEqual({ 'mapArea.1': 'Oblast není uzavřená: její poslední bod musí být stejný jako první' });
    const vienna = await stack.client().post('/api/filters').send({ email: uniqueEmail('vienna'), criteria: criteria({ type: 'Polygon', coordinates: [box(16.37, 48.2, 0.01)] }) }).expect(400);
    expect(vienna.body.error.fields).toEqual({ 'mapArea.1': 'Oblast musí ležet v České republice' });
  });
});
