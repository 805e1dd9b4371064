import { ADMIN, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(90_000);

let stack: Stack;
let admin: [string, string];

beforeAll(async () => {
  stack = await startStack();
  const login = await stack.client().post('/api/auth/login').send(ADMIN).expect(200);
  admin = ['Authorization', `Bearer ${login.body.data.token}`];
}, 60_000);
afterAll(() => stack?.stop());

type Person = { id: string; email: string; auth: [string, string] };

async function registered(label: string): Promise<Person> {
  const email = uniqueEmail(label);
  const api = stack.client();
  await api.post('/api/auth/register').send({ email }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Tým', surname: 'Člen', password: 'heslo-123' }).expect(200);
  const found = await api.get(`/api/admin/users?q=${encodeURIComponent(email)}`).set(...admin).expect(200);
  return { id: found.body.data.items[0].id as string, email, auth: ['Authorization', `Bearer ${res.body.data.token}`] };
}

const setRole = (id: string, role: number, roleExpiresAt: string | null) =>
  stack.client().patch(`/api/admin/users/${id}/role`).set(...admin).send({ role, roleExpiresAt }).expect(200);
const roleOf = async (p: Person) => (await stack.client().get(`/api/admin/users/${p.id}`).set(...admin).expect(200)).body.data.user.role as number;
const add = (owner: Person, email: string) => stack.client().post('/api/profile/team').set(...owner.auth).send({ email });
const END = '2099-01-01T00:00:00.000Z';

describe('team seats on a plan', () => {
  it('gives members the owner\'s role up to the plan\'s seats, refuses the rest in words, and follows the owner\'s plan down', async () => {
    const [owner, first, second, third] = await Promise.all([registered('owner'), registered('m1'), registered('m2'), registered('m3')]);
    const api = stack.client();
    const none = await add(owner, first.email).set('Accept-Language', 'en').expect(403);
    expect(none.body.error.message).toContain('Profi (3)');

    await setRole(owner.id, 7, END); // Profi: the owner and two members
    const added = await add(owner, first.email).expect(201);
    expect(added.body.data).toMatchObject({ kind: 'owner', seats: 3, members: [{ userId: first.id, email: first.email }] });
    expect(await roleOf(first)).toBe(7);
    await waitForMail(first.email, 'tarif');
    const asMember = await api.get('/api/profile/team').set(...first.auth).expect(200);
    expect(asMember.body.data).toMatchObject({ kind: 'member', ownerEmail: owner.email });

    await add(owner, second.email).expect(201);
    const full = await add(owner, third.email).expect(409);
    expect(full.body.error.code).toBe('TEAM_CONFLICT');
    expect((await add(owner, owner.email).expect(400)).body.error.fields.email).toBeDefined();
    await add(owner, uniqueEmail('nobody')).expect(404);
    expect((await add(owner, first.email).set('Accept-Language', 'en').expect(409)).body.error.message).toContain('someone else');
    expect((await add(first, third.email).expect(409)).body.error.code).toBe('TEAM_CONFLICT'); // a member adds no one
    await api.post('/api/profile/team').set(...owner.auth).send({ email: 'not-an-address' }).expect(400);

    // Enterprise: room for the third; back to Profi keeps the two oldest, the newest falls back to USER.
    await setRole(owner.id, 9, END);
    expect([await roleOf(first), await roleOf(second)]).toEqual([9, 9]);
    await add(owner, third.email).expect(201);
    await setRole(owner.id, 7, END);
    expect([await roleOf(first), await roleOf(second), await roleOf(third)]).toEqual([7, 7, 1]);
    const view = await api.get('/api/profile/team').set(...owner.auth).expect(200);
    expect(view.body.data.members.map((m: { userId: string }) => m.userId)).toEqual([first.id, second.id]);

    // A member leaves; the owner frees the other seat; neither can touch a seat not theirs.
    await api.delete(`/api/profile/team/${second.id}`).set(...first.auth).expect(404);
    await api.delete(`/api/profile/team/${first.id}`).set(...first.auth).expect(200);
    expect(await roleOf(first)).toBe(1);
    await api.delete(`/api/profile/team/${second.id}`).set(...owner.auth).expect(200);
    expect(await roleOf(second)).toBe(1);
    expect((await api.get('/api/profile/team').set(...owner.auth).expect(200)).body.data).toEqual({ kind: 'owner', seats: 3, members: [] });

    // The owner's plan ends: every seat is freed.
    await add(owner, first.email).expect(201);
    await setRole(owner.id, 1, null);
    expect(await roleOf(first)).toBe(1);
    expect((await api.get('/api/profile/team').set(...first.auth).expect(200)).body.data).toMatchObject({ kind: 'none' });
  });

  it('lets only one of two people take the plan\'s last seat at once', async () => {
    const [owner, a, ...racers] = await Promise.all(['race', 'ra', 'rb', 'rc', 'rd', 're'].map((n) => registered(n)));
    await setRole(owner.id, 7, END);
    await add(owner, a.email).expect(201);
    const answers = await Promise.all(racers.map((r) => add(owner, r.email)));
    const seated = answers.filter((r) => r.status === 201).length;
    expect(seated).toBeLessThanOrEqual(1);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const members = (await stack.client().get('/api/profile/team').set(...owner.auth).expect(200)).body.data.members as unknown[];
    expect(members.length).toBe(1 + seated);
  });

  it('a member who buys a plan of their own leaves the team', async () => {
    const [owner, member] = await Promise.all([registered('own2'), registered('buyer')]);
    await setRole(owner.id, 7, END);
    await add(owner, member.email).expect(201);
    await setRole(member.id, 5, END); // their own Standard (an administrator's change, as billing's would be)
    expect(await roleOf(member)).toBe(5);
    expect((await stack.client().get('/api/profile/team').set(...owner.auth).expect(200)).body.data.members).toEqual([]);
    await setRole(owner.id, 9, END);
    expect(await roleOf(member)).toBe(5);
  });

  it('frees a deleted member\'s seat at once, and a deleted owner\'s members lose the borrowed role', async () => {
    const [owner, leaver, stayer, newcomer] = await Promise.all([registered('own3'), registered('leaver'), registered('stayer'), registered('newcomer')]);
    const api = stack.client();
    await setRole(owner.id, 7, END); // Profi: the owner and two members
    await add(owner, leaver.email).expect(201);
    await add(owner, stayer.email).expect(201);
    expect((await add(owner, newcomer.email).expect(409)).body.error.code).toBe('TEAM_CONFLICT');

    // The member erases their account: the seat is free now, not at the owner's next role change.
    await api.delete('/api/profile').set(...leaver.auth).send({ password: 'heslo-123' }).expect(200);
    const after = await api.get('/api/profile/team').set(...owner.auth).expect(200);
    expect(after.body.data.members.map((m: { userId: string }) => m.userId)).toEqual([stayer.id]);
    await add(owner, newcomer.email).expect(201);
    expect(await roleOf(newcomer)).toBe(7);

    // The owner's account is erased (by an administrator here): both members fall back to USER at once.
    await api.delete(`/api/admin/users/${owner.id}`).set(...admin).expect(200);
    expect([await roleOf(stayer), await roleOf(newcomer)]).toEqual([1, 1]);
    expect((await api.get('/api/profile/team').set(...stayer.auth).expect(200)).body.data).toMatchObject({ kind: 'none' });
    // Free to join another plan: no seat of the deleted owner is left behind.
    const other = await registered('own4');
    await setRole(other.id, 7, END);
    await add(other, stayer.email).expect(201);
  });
});
