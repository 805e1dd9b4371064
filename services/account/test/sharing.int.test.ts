import { memberLinkToken } from '@rr/proto/node';
import { LINK_SECRET, eventually, linkParam, mailsTo, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(60_000);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ RATE_FILTERS_PER_EMAIL: '40' });
  await stack.watch('watchdog.changed');
}, 60_000);
afterAll(() => stack?.stop());

const criteria = (code = '582786') => ({ adTypes: ['Rent'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code }] });

async function registered(role?: number, email = uniqueEmail('owner')) {
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Jana', surname: 'Dvořáková', password: 'heslo-123' }).expect(200);
  if (role !== undefined) await stack.account.db!.collection('users').updateOne({ email }, { $set: { role } });
  return { email, api, auth: ['Authorization', `Bearer ${res.body.data.token as string}`] as [string, string] };
}

const lastState = (id: string) => {
  const all = stack.events('watchdog.changed').filter((e) => e.key === id);
  return all.length ? all[all.length - 1].data.watchdog : undefined;
};
const published = (id: string, what: string, predicate: (w: NonNullable<ReturnType<typeof lastState>>) => boolean) =>
  eventually(() => {
    const s = lastState(id);
    return s && predicate(s) ? s : null;
  }, 15_000, `watchdog.changed for ${id}: ${what}`);

async function watchdogOf(owner: Awaited<ReturnType<typeof registered>>, body: Record<string, unknown> = {}): Promise<string> {
  const res = await owner.api.post('/api/filters').set(...owner.auth).send({ criteria: criteria(), ...body }).expect(201);
  return res.body.data.filter.id as string;
}

describe('delivery settings', () => {
  it('are part of the paid tiers: a free account sees them and is told which plan has them', async () => {
    const free = await registered();
    const view = await free.api.get('/api/profile/delivery').set(...free.auth).expect(200);
    expect(view.body.data).toMatchObject({ allowed: false, schedule: { timeZone: 'Europe/Prague', digestTimes: ['08:00', '18:00'], quietHours: null } });
    expect(view.body.data.nextDigests).toHaveLength(2);
    const refused = await free.api.put('/api/profile/delivery').set(...free.auth).send({ digestTimes: ['07:00'] }).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', message: 'Přehledy a klidový čas jsou součástí tarifů Mini a vyšších.' });
    const digest = await free.api.post('/api/filters').set(...free.auth).send({ criteria: criteria(), deliveryMode: 'digest' }).expect(403);
    expect(digest.body.error.fields).toEqual({ deliveryMode: 'Přehledy a klidový čas jsou součástí tarifů Mini a vyšších.' });
  });

  it('validates the form field by field and carries the schedule on every watchdog of the person', async () => {
    const owner = await registered(5);
    const id = await watchdogOf(owner, { deliveryMode: 'digest' });
    const first = await published(id, 'a digest', (w) => w.delivery?.mode === 'digest');
    expect(first.delivery!.schedule).toEqual({ timeZone: 'Europe/Prague', digestTimes: ['08:00', '18:00'], quietHours: null });

    const bad = await owner.api.put('/api/profile/delivery').set(...owner.auth).set('Accept-Language', 'en')
      .send({ timeZone: 'Nowhere/City', digestTimes: ['7'], quietHours: { start: '22:00', end: '22:00' } }).expect(400);
    expect(bad.body.error.fields).toEqual({
      timeZone: 'Choose a time zone from the list, e.g. Europe/Prague', digestTimes: 'Enter a time as HH:MM, e.g. 08:00',
      'quietHours.end': 'Quiet hours must end at a different time than they start',
    });
    const clash = await owner.api.put('/api/profile/delivery').set(...owner.auth).send({ digestTimes: ['06:30'], quietHours: { start: '22:00', end: '07:00' } }).expect(400);
    expect(clash.body.error.fields.digestTimes).toBe('Přehled v 06:30 by připadl na váš klidový čas; změňte čas přehledu nebo klidový čas');

    const saved = await owner.api.put('/api/profile/delivery').set(...owner.auth)
      .send({ timeZone: 'Europe/London', digestTimes: ['19:00', '07:30'], quietHours: { start: '22:00', end: '07:00' } }).expect(200);
    expect(saved.body.data).toMatchObject({ allowed: true, message: 'Nastavení doručování je uloženo.', schedule: { digestTimes: ['07:30', '19:00'] } });
    await published(id, 'the new schedule', (w) => w.delivery?.schedule.timeZone === 'Europe/London' && w.delivery.schedule.quietHours?.start === '22:00');

    // Back to instant: the quiet hours still travel (they hold instant alerts at night).
    const patched = await owner.api.patch(`/api/filters/${id}`).set(...owner.auth).send({ deliveryMode: 'instant' }).expect(200);
    expect(patched.body.data.deliveryMode).toBe('instant');
    await published(id, 'instant with quiet hours', (w) => w.delivery?.mode === 'instant' && w.delivery.schedule.quietHours !== null);
    const wrong = await owner.api.patch(`/api/filters/${id}`).set(...owner.auth).send({ deliveryMode: 'weekly' }).expect(400);
    expect(wrong.body.error.fields.deliveryMode).toBe('Vyberte „ihned“ nebo „v přehledu“');
  });
});

describe('shared watchdogs', () => {
  it('invites by e-mail, alerts the invitee only after they confirm, lets them leave by the alert\'s link, and shows the owner who receives them', async () => {
    const owner = await registered(5);
    const id = await watchdogOf(owner);
    const partner = uniqueEmail('partner');

    const invited = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: partner.toUpperCase() }).expect(201);
    expect(invited.body.data).toMatchObject({ limit: 2, member: { email: partner, status: 'invited', confirmedAt: null }, message: `Pozvánku jsme poslali na ${partner}. Upozornění začnou chodit, až ji potvrdí.` });
    const mail = await waitForMail(partner, 'sdílí hlídacího psa');
    expect(mail.text).toContain('Jana Dvořáková');
    expect(mail.text).toContain('Lokalita: Brno');
    // Not a recipient before confirming (double opt-in).
    expect(lastState(id)?.members).toBeUndefined();

    const token = linkParam(mail, 'token');
    const confirm = await stack.client().get(`/api/filters/members/confirm?token=${token}`).expect(303);
    expect(confirm.headers.location).toBe(`http://rr.test/sdileny-pes?confirmed=${id}`);
    const shared = await published(id, 'the invitee', (w) => (w.members ?? []).length === 1);
    expect(shared.members![0]).toEqual({ email: partner, locale: 'cs', userId: null });
    const again = await stack.client().get(`/api/filters/members/confirm?token=${token}`).expect(303);
    expect(again.headers.location).toBe('http://rr.test/sdileny-pes?invalid=1');

    const list = await owner.api.get(`/api/filters/${id}/members`).set(...owner.auth).expect(200);
    expect(list.body.data.items).toEqual([expect.objectContaining({ email: partner, status: 'active' })]);

    // A forged link does not remove anyone; the alert's signed one does.
    await stack.client().post(`/api/filters/${id}/members/leave?email=${encodeURIComponent(partner)}&token=forged`).expect(404);
    const leaveToken = memberLinkToken(LINK_SECRET, id, partner);
    const left = await stack.client().post(`/api/filters/${id}/members/leave?email=${encodeURIComponent(partner)}&token=${leaveToken}`).expect(200);
    expect(left.body.data.message).toBe('Upozornění tohoto sdíleného hlídacího psa vám už chodit nebudou.');
    await published(id, 'no invitee', (w) => (w.members ?? []).length === 0);
    await stack.client().post(`/api/filters/${id}/members/leave?email=${encodeURIComponent(partner)}&token=${leaveToken}`).expect(200);
    expect((await owner.api.get(`/api/filters/${id}/members`).set(...owner.auth).expect(200)).body.data.items).toEqual([]);
  });

  it('refuses an address that bounced with a clear message, oneself, a second invitation, more than the tier allows, and free accounts', async () => {
    const owner = await registered(3); // Mini: one invitee
    const id = await watchdogOf(owner);
    const bounced = uniqueEmail('bounced');
    await stack.bus.publish('email.bounced', bounced, { email: bounced, reason: '550 5.1.1 mailbox unavailable', permanent: true, at: new Date().toISOString() });
    // Inviting before the bounce is recorded would send a real invitation, so the wait reads the block itself.
    await eventually(() => stack.account.db!.collection('email_blocks').findOne({ _id: bounced as never }), 30_000, 'the bounce recorded');
    const refused = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).set('Accept-Language', 'en').send({ email: bounced }).expect(409);
    expect(refused.body.error).toMatchObject({
      code: 'EMAIL_BOUNCED',
      message: `Mail to ${bounced} bounces as undeliverable, so we do not send the invitation. Check the address or choose another.`,
      fields: { email: expect.stringContaining('bounces') },
    });
    expect(await mailsTo(bounced)).toHaveLength(0);

    const self = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: owner.email }).expect(400);
    expect(self.body.error.fields.email).toBe('Sami sebe pozvat nemůžete – upozornění vám chodí jako vlastníkovi.');
    const badEmail = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: 'not-an-address' }).expect(400);
    expect(badEmail.body.error.fields.email).toBe('Zadejte prosím e-mail ve správném formátu, např. ahoj@seznam.cz');

    const first = uniqueEmail('first');
    await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: first }).expect(201);
    const twice = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: first }).expect(409);
    expect(twice.body.error.message).toBe('Tuto adresu už jste pozvali.');
    const over = await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: uniqueEmail('second') }).expect(409);
    expect(over.body.error.message).toBe('Váš tarif dovoluje sdílet jednoho hlídacího psa nejvýše s 1 lidmi.');

    // The owner removes the pending invitee: room for another, and the old link no longer works.
    const token = linkParam(await waitForMail(first, 'sdílí'), 'token');
    await owner.api.delete(`/api/filters/${id}/members/${encodeURIComponent(first)}`).set(...owner.auth).expect(200);
    await stack.client().post('/api/filters/members/confirm').send({ token }).expect(404);
    await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: uniqueEmail('third') }).expect(201);

    const free = await registered();
    const freeId = await watchdogOf(free);
    const notInPlan = await free.api.post(`/api/filters/${freeId}/members`).set(...free.auth).send({ email: uniqueEmail('x') }).expect(403);
    expect(notInPlan.body.error.message).toBe('Sdílení hlídacích psů je součástí tarifů Mini a vyšších.');
  });

  it('lists the watchdogs shared with a logged-in invitee, who chooses their own digest and can leave', async () => {
    const owner = await registered(5);
    const id = await watchdogOf(owner);
    const invitee = await registered(1);
    await owner.api.post(`/api/filters/${id}/members`).set(...owner.auth).send({ email: invitee.email }).expect(201);
    await invitee.api.post('/api/filters/members/confirm').send({ token: linkParam(await waitForMail(invitee.email, 'sdílí'), 'token') }).expect(200);
    const mine = await invitee.api.get('/api/filters/shared').set(...invitee.auth).expect(200);
    expect(mine.body.data.items).toEqual([expect.objectContaining({ id, ownerEmail: owner.email, deliveryMode: 'instant' })]);
    await published(id, 'the registered invitee', (w) => w.members?.[0]?.userId != null);

    // The owner's tier includes digests, so the invitee may take theirs.
    await invitee.api.put(`/api/filters/shared/${id}`).set(...invitee.auth).send({ deliveryMode: 'digest' }).expect(200);
    await published(id, 'the invitee\'s digest', (w) => w.members?.[0]?.delivery?.mode === 'digest');
    await invitee.api.delete(`/api/filters/shared/${id}`).set(...invitee.auth).expect(200);
    await published(id, 'the invitee gone', (w) => (w.members ?? []).length === 0);
    expect((await invitee.api.get('/api/filters/shared').set(...invitee.auth).expect(200)).body.data.items).toEqual([]);
  });
});
