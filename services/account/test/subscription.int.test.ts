import jwt from 'jsonwebtoken';
import type { SubscriptionChangedV1 } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import { eventually, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(120_000);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ RATE_FILTERS_PER_EMAIL: '40', RATE_AUTH_PER_EMAIL: '1000' });
}, 60_000);
afterAll(() => stack?.stop());

type Session = { sub: string; role: number; roleExpiresAt: string | null };

async function registered(email = uniqueEmail('payer')) {
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  await api.patch('/api/auth/register').send({ magic, name: 'Petr', surname: 'Svoboda', password: 'heslo-123' }).expect(200);
  return { email, api };
}

/**
 * A fresh token for a session, without a login: polling by logging in would write `lastLoginAt`
 * while the handler writes the role, and FerretDB's updates replace the whole document.
 */
async function refreshed(token: string): Promise<{ token: string; payload: Session }> {
  const res = await stack.client().get('/api/user').set('Authorization', `Bearer ${token}`).expect(200);
  const fresh = res.body.data.token as string;
  return { token: fresh, payload: jwt.decode(fresh) as Session };
}

async function session(email: string): Promise<{ token: string; payload: Session }> {
  const res = await stack.client().post('/api/auth/login').send({ email, password: 'heslo-123' }).expect(200);
  const token = res.body.data.token as string;
  return { token, payload: jwt.decode(token) as Session };
}

const change = (userId: string, email: string, over: Partial<SubscriptionChangedV1>): SubscriptionChangedV1 => ({
  ...EXAMPLES['subscription.changed'], userId, email, subscriptionId: userId, ...over,
});

describe('subscription.changed in the account service', () => {
  it('sets role and roleExpiresAt (the session token carries them), ignores older revisions and fits watchdogs to the limit', async () => {
    const { email, api } = await registered();
    const first = await session(email);
    const userId = first.payload.sub;
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();

    await stack.bus.publish('subscription.changed', userId, change(userId, email, { role: 5, roleExpiresAt: until, revision: 1 }));
    const standard = await eventually(async () => {
      const s = await refreshed(first.token);
      return s.payload.role === 5 ? s : null;
    }, 40_000, 'role 5 in the session'); // the consumer's first group join can take this long on a busy machine
    expect(standard.payload.roleExpiresAt).toBe(until);

    const auth = ['Authorization', `Bearer ${standard.token}`] as const;
    // Seven places, so no watchdog covers another.
    for (const code of ['582786', '554782', '554821', '554791', '500496', '563889', '544256']) {
      const res = await api.post('/api/filters').set(...auth).send({ criteria: { adTypes: ['Rent'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code }] } });
      expect(res.body.data.filter.status).toBe('Active');
    }

    await stack.bus.publish('subscription.changed', userId, change(userId, email, { status: 'expired', role: 1, roleExpiresAt: null, revision: 3 }));
    const disabled = await eventually(async () => {
      const list = await api.get('/api/filters').set(...auth).expect(200);
      const items = list.body.data.items as Array<{ status: string; disabledReason: string | null; createdAt: string }>;
      const off = items.filter((w) => w.status === 'Disabled');
      return off.length === 2 ? { items, off } : null;
    }, 40_000, 'two watchdogs disabled for the limit');
    expect(disabled.off.every((w) => w.disabledReason === 'limit')).toBe(true);
    const newestOff = Math.max(...disabled.off.map((w) => Date.parse(w.createdAt)));
    const oldestOn = Math.min(...disabled.items.filter((w) => w.status === 'Active').map((w) => Date.parse(w.createdAt)));
    expect(newestOff).toBeLessThanOrEqual(oldestOn);
    expect((await session(email)).payload).toMatchObject({ role: 1, roleExpiresAt: null });

    // A late copy of an older state changes nothing.
    await stack.bus.publish('subscription.changed', userId, change(userId, email, { role: 5, roleExpiresAt: until, revision: 2 }));
    await stack.bus.publish('subscription.changed', userId, change(userId, email, { role: 6, roleExpiresAt: until, revision: 4 }));
    await eventually(async () => (await refreshed(first.token)).payload.role === 6, 40_000, 'role 6 from revision 4');
    const back = await eventually(async () => {
      const list = await api.get('/api/filters').set(...auth).expect(200);
      const items = list.body.data.items as Array<{ status: string }>;
      return items.every((w) => w.status === 'Active') ? items : null;
    }, 40_000, 'watchdogs back on under the higher limit');
    expect(back).toHaveLength(7);
  });

  it('keeps the watchdogs the owner chose ahead of a downgrade, and lets them choose again after it', async () => {
    const { email, api } = await registered();
    const first = await session(email);
    const userId = first.payload.sub;
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await stack.bus.publish('subscription.changed', userId, change(userId, email, { role: 5, roleExpiresAt: until, revision: 1 }));
    const standard = await eventually(async () => {
      const s = await refreshed(first.token);
      return s.payload.role === 5 ? s : null;
    }, 40_000, 'role 5 in the session');
    const auth = ['Authorization', `Bearer ${standard.token}`] as const;
    const ids: string[] = [];
    for (const code of ['582786', '554782', '554821', '554791', '500496', '563889', '544256']) {
      const res = await api.post('/api/filters').set(...auth).send({ criteria: { adTypes: ['Sale'], realEstateTypes: ['House'], places: [{ kind: 'municipality', code }] } });
      ids.push(res.body.data.filter.id as string);
    }
    // Ahead of the downgrade: the two oldest are chosen; nothing is switched off under Standard's 20.
    const ahead = await api.put('/api/filters/kept').set(...auth).send({ ids: [ids[0], ids[1]] }).expect(200);
    expect(ahead.body.data.limit).toBe(20);
    expect((ahead.body.data.items as Array<{ status: string }>).every((w) => w.status === 'Active')).toBe(true);

    await stack.bus.publish('subscription.changed', userId, change(userId, email, { status: 'expired', role: 1, roleExpiresAt: null, revision: 2 }));
    const user = await eventually(async () => {
      const s = await refreshed(standard.token);
      return s.payload.role === 1 ? s : null;
    }, 40_000, 'role 1 in the session');
    const userAuth = ['Authorization', `Bearer ${user.token}`] as const;
    const statusOf = async () => {
      const list = await api.get('/api/filters').set(...userAuth).expect(200);
      return new Map((list.body.data.items as Array<{ id: string; status: string; disabledReason: string | null }>).map((w) => [w.id, w]));
    };
    const after = await eventually(async () => {
      const m = await statusOf();
      return [...m.values()].filter((w) => w.status === 'Disabled').length === 2 ? m : null;
    }, 40_000, 'two watchdogs off for the limit');
    // The chosen two (the oldest) stay on, then the three newest; the 3rd and 4th oldest go off.
    expect([ids[0], ids[1], ids[4], ids[5], ids[6]].map((id) => after.get(id)!.status)).toEqual(Array(5).fill('Active'));
    expect([ids[2], ids[3]].map((id) => after.get(id)!.disabledReason)).toEqual(['limit', 'limit']);
    // The owner is told which went off, with the link to choose again.
    const told = await waitForMail(email, 'Někteří hlídací psi byli vypnuti');
    expect(told.text).toContain('nejvýše 5 aktivních hlídacích psů');
    expect(told.text.match(/Nabídka: prodej · Typ nemovitosti: dům · Lokalita: /g)).toHaveLength(2);
    expect(told.text).toContain('/moje-filtry#ponechat');

    // Too many, unknown and repeated ids are refused in words, and change nothing.
    const tooMany = await api.put('/api/filters/kept').set(...userAuth).send({ ids: ids.slice(0, 6) }).expect(400);
    expect(tooMany.body.error.message).toBe('Váš tarif dovoluje nejvýše 5 aktivních hlídacích psů.');
    await api.put('/api/filters/kept').set(...userAuth).send({ ids: [ids[0], 'w-someone-else'] }).expect(400);
    await api.put('/api/filters/kept').set(...userAuth).send({ ids: [ids[0], ids[0]] }).expect(400);
    await api.put('/api/filters/kept').send({ ids: [ids[0]] }).expect(401);

    // After the downgrade: a watchdog off for the limit comes back, and the one not chosen goes off.
    const chosen = [ids[2], ids[3], ids[4], ids[5], ids[6]];
    const again = await api.put('/api/filters/kept').set(...userAuth).send({ ids: chosen }).expect(200);
    expect(again.body.data.message).toBe('Uloženo. Vybraní hlídací psi zůstanou zapnutí i při nižším limitu.');
    const now = await statusOf();
    expect(chosen.map((id) => now.get(id)!.status)).toEqual(Array(5).fill('Active'));
    expect([ids[0], ids[1]].map((id) => [now.get(id)!.status, now.get(id)!.disabledReason])).toEqual([['Disabled', 'limit'], ['Disabled', 'limit']]);
  });
});
