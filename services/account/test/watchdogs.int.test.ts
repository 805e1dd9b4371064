import jwt from 'jsonwebtoken';
import { watchdogLinkToken } from '@rr/proto/node';
import { ADMIN, LINK_SECRET, eventually, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(30_000);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ RATE_FILTERS_PER_EMAIL: '40', EXPIRY_SWEEP_SECONDS: '1' });
  await stack.watch('watchdog.changed');
}, 60_000);
afterAll(() => stack?.stop());

const brno = { kind: 'municipality', code: '582786' };
const brnoDistrict = { kind: 'district', code: 'CZ0642' };
const southMoravia = { kind: 'region', code: 'CZ064' };
const praha = { kind: 'municipality', code: '554782' };
const criteria = (overrides: Record<string, unknown> = {}) => ({ adTypes: ['Rent'], realEstateTypes: ['Apartment'], places: [brno], ...overrides });

async function registered(email = uniqueEmail('owner')): Promise<{ email: string; token: string; auth: [string, string] }> {
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Petr', surname: 'Svoboda', password: 'heslo-123' }).expect(200);
  const token = res.body.data.token as string;
  return { email, token, auth: ['Authorization', `Bearer ${token}`] };
}

const lastState = (id: string) => {
  const all = stack.events('watchdog.changed').filter((e) => e.key === id);
  return all.length ? all[all.length - 1].data : undefined;
};
const published = (id: string, predicate: (w: NonNullable<ReturnType<typeof lastState>>) => boolean) =>
  eventually(() => {
    const s = lastState(id);
    return s && predicate(s) ? s : null;
  }, 10_000, `watchdog.changed for ${id}`);

describe('anonymous watchdogs', () => {
  it('waits for the confirmation e-mail (double opt-in), then is active and published', async () => {
    const email = uniqueEmail('anon');
    const api = stack.client();
    const res = await api.post('/api/filters').send({ email, criteria: criteria({ price: { to: 25_000 } }) }).expect(202);
    expect(res.body.data).toMatchObject({ outcome: 'pending', message: 'Poslali jsme vám e-mail. Hlídacího psa aktivujete odkazem v něm.', filter: { status: 'Pending', email } });
    const id = res.body.data.filter.id as string;
    expect(res.body.data.filter.criteria.places[0]).toMatchObject({ code: '582786', name: 'Brno', radiusKm: 0 });
    await published(id, (w) => w.watchdog?.status === 'Pending');

    const mail = await waitForMail(email, 'Potvrďte svého hlídacího psa');
    expect(mail.text).toContain('Lokalita: Brno');
    expect(mail.html).toContain('Aktivovat hlídacího psa');
    const token = linkParam(mail, 'token');
    const confirm = await api.get(`/api/filters/confirm?token=${token}`).expect(303);
    expect(confirm.headers.location).toBe(`http://rr.test/dekujeme?filterId=${id}`);
    const state = await published(id, (w) => w.watchdog?.status === 'Active');
    expect(new Date(state.watchdog!.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const reused = await api.get(`/api/filters/confirm?token=${token}`).expect(303);
    expect(reused.headers.location).toBe('http://rr.test/lp-filter-unavailable/unknown');
  });

  it('belongs to the account registered later with the same e-mail', async () => {
    const email = uniqueEmail('adopt');
    const api = stack.client();
    const res = await api.post('/api/filters').send({ email, criteria: criteria({ realEstateTypes: ['House'] }) }).expect(202);
    const owner = await registered(email);
    const list = await api.get('/api/filters').set(...owner.auth).expect(200);
    expect(list.body.data.items.map((f: { id: string }) => f.id)).toEqual([res.body.data.filter.id]);
    await published(res.body.data.filter.id, (w) => w.watchdog?.userId != null);
  });

  it('asks for an e-mail and a valid selection with the spec messages', async () => {
    const api = stack.client();
    const noEmail = await api.post('/api/filters').send({ criteria: criteria() }).expect(400);
    expect(noEmail.body.error.fields).toEqual({ email: 'Váš e-mail je povinná položka' });
    const invalid = await api.post('/api/filters').send({ email: uniqueEmail('v'), criteria: { adTypes: [], realEstateTypes: ['Apartment'], area: { from: 0 }, places: [] } }).expect(400);
    expect(invalid.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      // No place and no area: the spec's message, and that an area drawn on the map will do instead.
      fields: { adTypes: 'Vyberte alespoň jednu z položek', 'area.from': 'Zadejte oblast vyšší než 0', places: 'Zadejte a vyberte lokalitu ze seznamu, nebo nakreslete oblast na mapě' },
    });
    const english = await api.post('/api/filters').set('Accept-Language', 'en').send({ email: uniqueEmail('v'), criteria: criteria({ places: [{ kind: 'municipality', code: '1' }] }) }).expect(400);
    expect(english.body.error.fields).toEqual({ places: 'Enter and select a location from the list' });
  });
});

describe('creation outcomes', () => {
  it('refuses the same selection, reports a covering watchdog, forces on request and replaces narrower ones', async () => {
    const owner = await registered();
    const api = stack.client();
    const first = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ dispositions: ['2+kk'], price: { to: 20_000 } }) }).expect(201);
    expect(first.body.data).toMatchObject({ outcome: 'created', message: 'Nový hlídací pes je aktivní.', filter: { status: 'Active' } });
    const narrowId = first.body.data.filter.id as string;

    const duplicate = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ price: { to: 20_000 }, dispositions: ['2+kk'] }) }).expect(409);
    expect(duplicate.body.error).toEqual({ code: 'WATCHDOG_DUPLICATE', message: 'Upozornění na tento výběr už dostáváte.', details: { filterIds: [narrowId] } });

    const broad = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ places: [southMoravia] }) }).expect(201);
    expect(broad.body.data).toMatchObject({ outcome: 'replaced', replaced: [narrowId], message: 'V profilu jste měli konkrétnějšího hlídacího psa, nový ho nahradil.' });
    const broadId = broad.body.data.filter.id as string;
    await published(narrowId, (w) => w.watchdog === null);
    await api.get(`/api/filters/${narrowId}`).set(...owner.auth).expect(404);

    const covered = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ places: [brnoDistrict], price: { to: 15_000 } }) }).expect(409);
    expect(covered.body.error).toEqual({
      code: 'WATCHDOG_COVERED',
      message: 'Upozornění na tento výběr už dostáváte z jiného hlídacího psa. Chcete přesto vytvořit nového?',
      details: { filterIds: [broadId] },
    });
    const forced = await api.post('/api/filters').set(...owner.auth).send({ force: true, criteria: criteria({ places: [brnoDistrict], price: { to: 15_000 } }) }).expect(201);
    expect(forced.body.data.outcome).toBe('created');

    const list = await api.get('/api/filters').set(...owner.auth).expect(200);
    expect(list.body.data.items.map((f: { id: string }) => f.id).sort()).toEqual([broadId, forced.body.data.filter.id].sort());
    const session = await api.get('/api/user').set(...owner.auth).expect(200);
    expect((jwt.decode(session.body.data.token) as { filters: number }).filters).toBe(2);
  });

  it('tells an anonymous visitor the outcome without naming the watchdogs', async () => {
    const owner = await registered();
    const api = stack.client();
    await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ places: [praha] }) }).expect(201);
    const res = await api.post('/api/filters').send({ email: owner.email, criteria: criteria({ places: [praha] }) }).expect(409);
    expect(res.body.error).toEqual({ code: 'WATCHDOG_DUPLICATE', message: 'Upozornění na tento výběr už dostáváte.', details: {} });
  });

  it('stops at the active watchdog limit of the role', async () => {
    const owner = await registered();
    const api = stack.client();
    const prices = [10_000, 11_000, 12_000, 13_000, 14_000];
    // Disjoint selections (different offer and property types) so none covers another.
    const distinct = prices.map((_, i) => criteria({ adTypes: [['Sale'], ['Rent'], ['Auction'], ['Roommates'], ['Other']][i] }));
    for (const c of distinct) await api.post('/api/filters').set(...owner.auth).send({ criteria: c }).expect(201);
    const res = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ realEstateTypes: ['House'] }) }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'WATCHDOG_LIMIT', message: 'Dosáhli jste limitu aktivních hlídacích psů pro váš tarif.', details: { limit: 5 } });
  });
});

describe('managing a watchdog', () => {
  it('edits, disables, enables and deletes with a login, and hides it from others', async () => {
    const owner = await registered();
    const other = await registered();
    const api = stack.client();
    const created = await api.post('/api/filters').set(...owner.auth).send({ name: 'Byt v Brně', criteria: criteria() }).expect(201);
    const id = created.body.data.filter.id as string;

    const unauth = await api.get(`/api/filters/${id}`).expect(401);
    expect(unauth.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Pro úpravu hlídacích psů se prosím přihlaste.' });
    await api.get(`/api/filters/${id}`).set(...other.auth).expect(404);
    await api.patch(`/api/filters/${id}`).set(...other.auth).send({ name: 'x' }).expect(404);

    const edited = await api.patch(`/api/filters/${id}`).set(...owner.auth).send({ criteria: criteria({ elevatorOnly: true, terraceTypes: ['Balcony'] }) }).expect(200);
    expect(edited.body.data.criteria).toMatchObject({ elevatorOnly: true, terraceTypes: ['Balcony'] });
    expect(edited.body.data.name).toBe('Byt v Brně');
    await published(id, (w) => w.watchdog?.criteria.elevatorOnly === true);
    await api.patch(`/api/filters/${id}`).set(...owner.auth).send({ criteria: criteria({ realEstateTypes: [] }) }).expect(400);

    const disabled = await api.post(`/api/filters/${id}/disable`).set(...owner.auth).expect(200);
    expect(disabled.body.data).toMatchObject({ message: 'Hlídací pes byl deaktivován.', filter: { status: 'Disabled', disabledReason: 'user' } });
    await published(id, (w) => w.watchdog?.status === 'Disabled');
    const enabled = await api.post(`/api/filters/${id}/enable`).set(...owner.auth).expect(200);
    expect(enabled.body.data.filter.status).toBe('Active');

    await api.delete(`/api/filters/${id}`).set(...owner.auth).expect(200);
    await published(id, (w) => w.watchdog === null);
    await api.get(`/api/filters/${id}`).set(...owner.auth).expect(404);
  });

  it('prolongs from the alert e-mail link and unsubscribes with one click', async () => {
    const owner = await registered();
    const api = stack.client();
    const created = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria({ realEstateTypes: ['Land'] }) }).expect(201);
    const id = created.body.data.filter.id as string;
    const token = watchdogLinkToken(LINK_SECRET, id);

    await api.post(`/api/filters/${id}/prolong?token=wrong`).expect(404);
    const prolonged = await api.get(`/api/filters/${id}/prolong?token=${token}`).expect(303);
    expect(prolonged.headers.location).toBe(`http://rr.test/lp-refresh/${id}?prolonged=1`);

    // Thirty days later the sweeper switches it off; the e-mail's prolong link brings it back.
    await stack.account.db!.collection('watchdogs').updateOne({ _id: id as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await published(id, (w) => w.watchdog?.status === 'Disabled');
    expect((await api.get(`/api/filters/${id}`).set(...owner.auth).expect(200)).body.data.disabledReason).toBe('expired');
    const again = await api.post(`/api/filters/${id}/prolong?token=${token}`).expect(200);
    expect(again.body.data).toMatchObject({ message: 'Hlídací pes byl prodloužen.', filter: { status: 'Active' } });
    expect(new Date(again.body.data.filter.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const unsubscribed = await api.post(`/api/filters/${id}/unsubscribe?token=${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(unsubscribed.body.data).toMatchObject({ filter: { status: 'Disabled', disabledReason: 'unsubscribed' }, message: 'Z tohoto hlídacího psa vám už nebudeme posílat e-maily.' });
    await published(id, (w) => w.watchdog?.status === 'Disabled');
  });

  it('switches every watchdog off with the notifications consent and back on', async () => {
    const owner = await registered();
    const api = stack.client();
    const a = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria() }).expect(201);
    const off = await api.put('/api/profile/email-preferences').set(...owner.auth).send({ emailPreferences: ['newsletter'] }).expect(200);
    expect(off.body.data.profile.emailPreferences).toEqual(['newsletter']);
    const list = await api.get('/api/filters').set(...owner.auth).expect(200);
    expect(list.body.data.items[0]).toMatchObject({ status: 'Disabled', disabledReason: 'consent' });
    await published(a.body.data.filter.id, (w) => w.watchdog?.status === 'Disabled');
    await api.put('/api/profile/email-preferences').set(...owner.auth).send({ emailPreferences: ['notifications'] }).expect(200);
    const back = await api.get('/api/filters').set(...owner.auth).expect(200);
    expect(back.body.data.items[0].status).toBe('Active');
  });

  it('carries the marketing consent on every watchdog, the lawful basis for a banner in its alerts', async () => {
    const owner = await registered();
    const api = stack.client();
    const created = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria() }).expect(201);
    const id = created.body.data.filter.id as string;
    await published(id, (w) => w.watchdog?.adsConsent === false);
    await api.put('/api/profile/email-preferences').set(...owner.auth).send({ emailPreferences: ['notifications', 'marketing'] }).expect(200);
    await published(id, (w) => w.watchdog?.adsConsent === true && w.watchdog.status === 'Active');
    await api.put('/api/profile/email-preferences').set(...owner.auth).send({ emailPreferences: ['notifications'] }).expect(200);
    await published(id, (w) => w.watchdog?.adsConsent === false);
  });

  it('counts alert e-mails and blocks the watchdogs of a bouncing address', async () => {
    const email = uniqueEmail('alerts');
    const owner = await registered(email);
    const api = stack.client();
    const created = await api.post('/api/filters').set(...owner.auth).send({ criteria: criteria() }).expect(201);
    const id = created.body.data.filter.id as string;
    const sentAt = new Date().toISOString();
    await stack.bus.publish('alert.sent', email, { recipientEmail: email, watchdogIds: [id], offerIds: ['p_1'], sentAt, provider: 'smtp', messageId: null });
    const counted = await published(id, (w) => w.watchdog?.sentCount === 1);
    expect(counted.watchdog!.lastEmailAt).toBe(sentAt);

    await stack.bus.publish('email.bounced', email, { email, reason: '550 no such user', permanent: true, at: new Date().toISOString() });
    const blocked = await published(id, (w) => w.watchdog?.status === 'Disabled');
    expect(blocked.watchdog!.status).toBe('Disabled');
    const refused = await api.post('/api/filters').send({ email, criteria: criteria({ places: [praha] }) }).expect(403);
    expect(refused.body.error.message).toBe('Váš účet byl zablokován, protože vám nelze doručit e-maily. Kontaktujte prosím podporu.');
  });
});

describe('profile, contact and administration', () => {
  it('edits the profile with +420 handling and changes the password', async () => {
    const owner = await registered();
    const api = stack.client();
    const res = await api.patch('/api/profile').set(...owner.auth).send({ name: 'Pavel', telephone: '603 123 456', timezone: 'Europe/London', locale: 'en' }).expect(200);
    expect(res.body.data.profile).toMatchObject({ name: 'Pavel', telephone: '+420603123456', telephoneSource: 'REGISTRATION', timezone: 'Europe/London', locale: 'en' });
    const bad = await api.patch('/api/profile').set(...owner.auth).send({ name: '', telephone: 'abc' }).expect(400);
    expect(bad.body.error.fields).toEqual({ name: 'Vaše jméno je povinná položka', telephone: 'Zadejte prosím telefon ve správném formátu, např. +420 777 123 456' });
    await api.post('/api/profile/password').set(...owner.auth).send({ currentPassword: 'spatne', password: 'nove' }).expect(403);
    await api.post('/api/profile/password').set(...owner.auth).send({ currentPassword: 'heslo-123', password: 'nove-heslo' }).expect(200);
    await api.post('/api/auth/login').send({ email: owner.email, password: 'nove-heslo' }).expect(200);
  });

  it('pairs a telephone from a landing page with an account, once, and never a taken number', async () => {
    const owner = await registered();
    const pair = await registered();
    const api = stack.client();
    await api.post('/api/profile/telephone').send({ email: pair.email, telephone: '731 000 111', telephoneSource: 'LANDING_PAGE' }).expect(200);
    const again = await api.post('/api/profile/telephone').send({ email: pair.email, telephone: '731 000 112' }).expect(404);
    expect(again.body.error.message).toBe('Telefon se nepodařilo spárovat s e-mailem.');
    const taken = await api.post('/api/profile/telephone').set(...owner.auth).send({ telephone: '+420731000111' }).expect(409);
    expect(taken.body.error).toMatchObject({ code: 'PHONE_EXISTS', message: 'Telefonní číslo už u jiného profilu existuje.' });
    const profile = await api.get('/api/profile').set(...pair.auth).expect(200);
    expect(profile.body.data.profile).toMatchObject({ telephone: '+420731000111', telephoneSource: 'LANDING_PAGE' });
  });

  it('stores contact messages and lets only an admin read users, roles, blocks and messages', async () => {
    const api = stack.client();
    const user = await registered();
    const message = await api.post('/api/contact').send({ email: user.email, name: 'Petr', message: 'Dobrý den, mám dotaz.' }).expect(201);
    await api.post('/api/contact').send({ email: user.email }).expect(400);

    await api.get('/api/admin/users').set(...user.auth).expect(403);
    await api.get('/api/admin/users').expect(401);
    const login = await api.post('/api/auth/login').send(ADMIN).expect(200);
    const admin: [string, string] = ['Authorization', `Bearer ${login.body.data.token}`];
    expect((jwt.decode(login.body.data.token) as { role: number }).role).toBe(10000);

    const found = await api.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`).set(...admin).expect(200);
    expect(found.body.data.items).toHaveLength(1);
    const userId = found.body.data.items[0].id as string;
    await api.post('/api/filters').set(...user.auth).send({ criteria: criteria() }).expect(201);

    const promoted = await api.patch(`/api/admin/users/${userId}/role`).set(...admin).send({ role: 5, roleExpiresAt: '2099-01-01T00:00:00.000Z' }).expect(200);
    expect(promoted.body.data).toMatchObject({ role: 5, roleExpiresAt: '2099-01-01T00:00:00.000Z' });
    const detail = await api.get(`/api/admin/users/${userId}`).set(...admin).expect(200);
    expect(detail.body.data.filters).toHaveLength(1);
    await published(detail.body.data.filters[0].id, (w) => w.watchdog?.ownerRole === 5 && w.watchdog.expiresAt === null);
    await api.patch(`/api/admin/users/${userId}/role`).set(...admin).send({ role: 4 }).expect(400);

    await api.post(`/api/admin/users/${userId}/block`).set(...admin).expect(200);
    await api.get('/api/user').set(...user.auth).expect(403);
    await api.post(`/api/admin/users/${userId}/unblock`).set(...admin).expect(200);
    await api.get('/api/user').set(...user.auth).expect(200);
    const after = await api.get(`/api/admin/users/${userId}`).set(...admin).expect(200);
    expect(after.body.data.filters[0].status).toBe('Active');

    const messages = await api.get('/api/admin/contacts').set(...admin).expect(200);
    expect(messages.body.data.items.some((m: { id: string }) => m.id === message.body.data.id)).toBe(true);
    const one = await api.get(`/api/admin/contacts/${message.body.data.id}`).set(...admin).expect(200);
    expect(one.body.data).toMatchObject({ email: user.email, message: 'Dobrý den, mám dotaz.' });
    await api.get('/api/admin/contacts/c_missing').set(...admin).expect(404);
  });
});
