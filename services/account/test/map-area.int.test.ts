import { startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(30_000);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ RATE_FILTERS_PER_EMAIL: '40' });
}, 60_000);
afterAll(() => stack?.stop());

const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const criteria = (mapArea: unknown) => ({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [], mapArea });
const twoInBrno = { type: 'MultiPolygon', coordinates: [[box(16.6, 49.2, 0.01)], [box(16.65, 49.2, 0.01)]] };

describe('watchdogs with an area drawn on the map', () => {
  it('are saved with the area and the place that holds it, and the confirmation e-mail tells the area and links to the watchdog page', async () => {
    const email = uniqueEmail('area');
    const api = stack.client();
    const res = await api.post('/api/filters').send({ email, criteria: criteria(twoInBrno) }).expect(202);
    const filter = res.body.data.filter;
    expect(filter.criteria.mapArea.type).toBe('MultiPolygon');
    expect(filter.criteria.mapArea.coordinates).toHaveLength(2);
    expect(filter.criteria.places).toEqual([expect.objectContaining({ kind: 'municipality', code: '582786', name: 'Brno' })]);
    expect(filter.criteria.places[0].radiusKm).toBeGreaterThan(2);

    const mail = await waitForMail(email, 'Potvrďte svého hlídacího psa');
    expect(mail.text).toContain('Lokalita: oblast nakreslená na mapě (2 polygony, ~6,5 km²)');
    expect(mail.text).toContain(`Oblast na mapě: http://rr.test/moje-filtry/${filter.id}`);

    // The same area, drawn from another corner, is the same watchdog.
    const again = { type: 'Polygon', coordinates: [ring([16.61, 49.21], [16.59, 49.21], [16.59, 49.19], [16.61, 49.19])] };
    const same = { type: 'MultiPolygon', coordinates: [again.coordinates, [box(16.65, 49.2, 0.01)]] };
    const duplicate = await api.post('/api/filters').send({ email, criteria: criteria(same) }).expect(409);
    expect(duplicate.body.error.code).toBe('WATCHDOG_DUPLICATE');
    // One polygon inside the first is covered by the saved watchdog.
    const covered = await api.post('/api/filters').send({ email, criteria: criteria({ type: 'Polygon', coordinates: [box(16.6, 49.2, 0.005)] }) }).expect(409);
    expect(covered.body.error.code).toBe('WATCHDOG_COVERED');
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
