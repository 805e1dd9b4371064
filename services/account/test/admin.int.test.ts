import { randomUUID } from 'node:crypto';
import { waitFor } from '@rr/kit/testing';
import { ADMIN, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(30_000);

let stack: Stack;
let admin: [string, string];

beforeAll(async () => {
  stack = await startStack();
  const login = await stack.client().post('/api/auth/login').send(ADMIN).expect(200);
  admin = ['Authorization', `Bearer ${login.body.data.token}`];
}, 60_000);
afterAll(() => stack?.stop());

async function registered(email: string, name = 'Petr', surname = 'Svoboda') {
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name, surname, password: 'heslo-123' }).expect(200);
  return { email, auth: ['Authorization', `Bearer ${res.body.data.token}`] as [string, string] };
}

describe('administration of users', () => {
  it('finds users by e-mail prefix, by name without diacritics and by telephone, and pages the plain list by e-mail', async () => {
    const tag = `adm${Date.now().toString(36)}`;
    const a = await registered(`${tag}-a@example.cz`, 'Jiří', `Dvořák${tag}`);
    await registered(`${tag}-b@example.cz`);
    const api = stack.client();
    await api.patch('/api/profile').set(...a.auth).send({ name: 'Jiří', telephone: '604 987 321' }).expect(200);

    const byPrefix = await api.get(`/api/admin/users?q=${tag}-`).set(...admin).expect(200);
    expect(byPrefix.body.data.items.map((u: { email: string }) => u.email)).toEqual([`${tag}-a@example.cz`, `${tag}-b@example.cz`]);
    const paged = await api.get(`/api/admin/users?q=${tag}-%40&limit=1`).set(...admin).expect(200);
    expect(paged.body.data.items).toHaveLength(0);
    const first = await api.get(`/api/admin/users?q=${tag}-a@&limit=1`).set(...admin).expect(200);
    expect(first.body.data.items).toHaveLength(1);

    const byName = await api.get(`/api/admin/users?q=${encodeURIComponent(`dvorak${tag}`)}`).set(...admin).expect(200);
    expect(byName.body.data.items.map((u: { email: string }) => u.email)).toEqual([a.email]);
    const byPhone = await api.get(`/api/admin/users?q=${encodeURIComponent('+420 604 987 321')}`).set(...admin).expect(200);
    expect(byPhone.body.data.items.map((u: { email: string }) => u.email)).toEqual([a.email]);

    const page1 = await api.get('/api/admin/users?limit=2').set(...admin).expect(200);
    expect(page1.body.data.items).toHaveLength(2);
    const page2 = await api.get(`/api/admin/users?limit=2&after=${encodeURIComponent(page1.body.data.next)}`).set(...admin).expect(200);
    expect(page2.body.data.items[0].email > page1.body.data.items[1].email).toBe(true);
  });

  it('audits a role change, a block and an unblock with before and after, and erases a deleted user', async () => {
    const user = await registered(uniqueEmail('audited'));
    const api = stack.client();
    const found = await api.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`).set(...admin).expect(200);
    const id = found.body.data.items[0].id as string;
    await api.patch(`/api/admin/users/${id}/role`).set(...admin).send({ role: 3, roleExpiresAt: '2099-01-01T00:00:00.000Z' }).expect(200);
    await api.post(`/api/admin/users/${id}/block`).set(...admin).send({ reason: 'spam' }).expect(200);
    const blocked = await api.get('/api/user').set(...user.auth).expect(403);
    expect(blocked.body.error.code).toBe('ACCOUNT_BLOCKED');
    await api.post(`/api/admin/users/${id}/unblock`).set(...admin).expect(200);

    const detail = await api.get(`/api/admin/users/${id}`).set(...admin).expect(200);
    expect(detail.body.data.audit.map((a: { action: string }) => a.action)).toEqual(['user.unblocked', 'user.blocked', 'user.role-changed']);
    expect(detail.body.data.audit[2]).toMatchObject({ adminEmail: ADMIN.email, before: { role: 1 }, after: { role: 3, roleExpiresAt: '2099-01-01T00:00:00.000Z' } });
    const log = await api.get('/api/admin/audit?limit=3').set(...admin).expect(200);
    expect(log.body.data.items[0]).toMatchObject({ action: 'user.unblocked', targetId: id });

    await stack.watch('user.deleted');
    await api.delete(`/api/admin/users/${id}`).set(...admin).expect(200);
    await api.get(`/api/admin/users/${id}`).set(...admin).expect(404);
    await api.get('/api/user').set(...user.auth).expect(401);
  });

  it('appends another service\'s admin action to the audit log once, however often the event comes', async () => {
    const at = new Date().toISOString();
    const envelope = {
      id: randomUUID(), type: 'admin-action.recorded', version: 1, occurredAt: at, producer: 'crawler', correlationId: randomUUID(), key: 'bazos',
      data: { adminId: 'u_admin', adminEmail: ADMIN.email, action: 'crawler.paused', targetType: 'portal', targetId: 'bazos', before: { paused: false }, after: { paused: true }, at },
    };
    for (let i = 0; i < 2; i++) await stack.bus.publishRawTo('admin-action.recorded.v1', { key: 'bazos', value: JSON.stringify(envelope), headers: {} });
    const api = stack.client();
    let entries: Array<{ action: string; targetId: string; after: Record<string, unknown> }> = [];
    await waitFor(async () => {
      entries = (await api.get('/api/admin/audit?limit=20').set(...admin).expect(200)).body.data.items;
      return entries.some((e) => e.action === 'crawler.paused');
    }, 15_000, 'the reported action in the audit log');
    // A second delivery would land right behind the first; give it the time to.
    await new Promise((r) => setTimeout(r, 1_000));
    entries = (await api.get('/api/admin/audit?limit=20').set(...admin).expect(200)).body.data.items;
    expect(entries.filter((e) => e.action === 'crawler.paused')).toEqual([expect.objectContaining({ targetId: 'bazos', after: { paused: true } })]);
  });

  it('refuses the administration to a user who is not an admin', async () => {
    const user = await registered(uniqueEmail('plain'));
    const api = stack.client();
    for (const path of ['/api/admin/overview', '/api/admin/users', '/api/admin/contacts', '/api/admin/audit']) {
      await api.get(path).set(...user.auth).expect(403);
      await api.get(path).expect(401);
    }
  });
});

describe('contact messages in the administration', () => {
  it('answers a message by e-mail in the writer\'s language, marks it answered, then closes it', async () => {
    const email = uniqueEmail('writer');
    const api = stack.client();
    const sent = await api.post('/api/contact').set('Accept-Language', 'en').send({ email, subject: 'Prague rentals', message: 'Do you watch Bazoš too?' }).expect(201);
    const id = sent.body.data.id as string;
    const fresh = await api.get('/api/admin/contacts?state=new&limit=100').set(...admin).expect(200);
    expect(fresh.body.data.items.some((m: { id: string }) => m.id === id)).toBe(true);

    await api.post(`/api/admin/contacts/${id}/answer`).set(...admin).send({ body: '' }).expect(400);
    const answered = await api.post(`/api/admin/contacts/${id}/answer`).set(...admin).send({ body: 'Yes, Bazoš is one of the seven portals.' }).expect(200);
    expect(answered.body.data).toMatchObject({ state: 'answered', answers: [{ subject: 'Re: Prague rentals', adminEmail: ADMIN.email }] });
    const mail = await waitForMail(email, 'Re: Prague rentals');
    expect(mail.text).toContain('Yes, Bazoš is one of the seven portals.');
    expect(mail.text).toContain('Do you watch Bazoš too?');

    await api.patch(`/api/admin/contacts/${id}`).set(...admin).send({ state: 'closed' }).expect(200);
    await api.patch(`/api/admin/contacts/${id}`).set(...admin).send({ state: 'gone' }).expect(400);
    const closed = await api.get('/api/admin/contacts?state=closed&limit=100').set(...admin).expect(200);
    expect(closed.body.data.items.some((m: { id: string }) => m.id === id)).toBe(true);
    const overview = await api.get('/api/admin/overview').set(...admin).expect(200);
    expect(overview.body.data).toMatchObject({ users: expect.any(Number), activeWatchdogs: expect.any(Number), alerts: { today: expect.any(Number), week: expect.any(Number) } });
  });
});
