import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import { SessionPayload } from '@rr/proto';
import { eventually, linkParam, startStack, uniqueEmail, waitForMail, type Stack } from './stack';

jest.setTimeout(30_000);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ RATE_AUTH_PER_EMAIL: '6', RATE_AUTH_PER_IP: '30' });
  await stack.watch('user.deleted');
}, 60_000);
afterAll(() => stack?.stop());

const payloadOf = (token: string) => SessionPayload.parse(jwt.decode(token));

/** Registers through the e-mail link and answers the session token. */
async function register(email: string, extra: Record<string, unknown> = {}) {
  const api = stack.client();
  await api.post('/api/auth/register').send({ email, timezone: 'Europe/Prague', locale: 'cs' }).expect(200);
  const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
  const res = await api.patch('/api/auth/register').send({ magic, name: 'Jana', surname: 'Nováková', password: 'tajne-heslo', ...extra }).expect(200);
  return res.body.data.token as string;
}

describe('registration', () => {
  it('sends a magic link by e-mail (HTML and text) and completes with a session token', async () => {
    const email = uniqueEmail('reg');
    const api = stack.client();
    const start = await api.post('/api/auth/register').send({ email, timezone: 'Europe/Prague', locale: 'cs' }).expect(200);
    expect(start.body).toEqual({ data: { sent: true } });

    const mail = await waitForMail(email, 'Dokončete svou registraci');
    expect(mail.html).toContain('Dokončit registraci');
    expect(mail.text).toContain('http://rr.test/?magic=');
    const magic = linkParam(mail, 'magic');

    const done = await api.patch('/api/auth/register')
      .send({ magic, name: 'Jana', surname: 'Nováková', password: 'tajne-heslo', telephone: '777 123 456', telephoneSource: 'REGISTRATION' })
      .expect(200);
    const session = payloadOf(done.body.data.token);
    expect(session).toMatchObject({ email, name: 'Jana', surname: 'Nováková', telephone: '+420777123456', role: 1, state: 'Active', filters: 0, locale: 'cs', timezone: 'Europe/Prague', emailPreferences: ['notifications'], apiAccess: [], roleExpiresAt: null });
    expect((jwt.decode(done.body.data.token) as { exp: number }).exp).toBeGreaterThan(Date.now() / 1000);

    const again = await api.patch('/api/auth/register').send({ magic, name: 'Jana', surname: 'Nováková', password: 'x' }).expect(404);
    expect(again.body.error).toEqual({ code: 'INVALID_REQUEST', message: 'Neplatný požadavek, zkuste to prosím znovu.' });
  });

  it('sends the e-mail in English when the locale is en', async () => {
    const email = uniqueEmail('reg-en');
    await stack.client().post('/api/auth/register').set('Accept-Language', 'en-GB,en;q=0.9').send({ email }).expect(200);
    const mail = await waitForMail(email, 'Complete your Reality Radar registration');
    expect(mail.html).toContain('lang="en"');
  });

  it('refuses an e-mail in a wrong format with 400 and the field message', async () => {
    const res = await stack.client().post('/api/auth/register').send({ email: 'ahoj@' }).expect(400);
    expect(res.body.error).toEqual({
      code: 'INVALID_EMAIL',
      message: 'Váš e-mail není ve správném formátu.',
      fields: { email: 'Zadejte prosím e-mail ve správném formátu, např. ahoj@seznam.cz' },
    });
    const missing = await stack.client().post('/api/auth/register').send({}).expect(400);
    expect(missing.body.error.fields).toEqual({ email: 'Váš e-mail je povinná položka' });
    const en = await stack.client().post('/api/auth/register?locale=en').send({ email: 'nope' }).expect(400);
    expect(en.body.error.message).toBe('Your e-mail is not in the correct format.');
  });

  it('refuses a registration for an existing e-mail with 403', async () => {
    const email = uniqueEmail('exists');
    await register(email);
    const res = await stack.client().post('/api/auth/register').send({ email }).expect(403);
    expect(res.body.error).toEqual({ code: 'EMAIL_EXISTS', message: 'Zadaný e-mail už existuje.' });
  });

  it('answers completion with a missing magic, a bad one and missing fields with the spec messages', async () => {
    const api = stack.client();
    const noMagic = await api.patch('/api/auth/register').send({ name: 'A', surname: 'B', password: 'c' }).expect(400);
    expect(noMagic.body.error).toMatchObject({ code: 'INVALID_FORM', message: 'Neplatný formulář.' });
    const bad = await api.patch('/api/auth/register').send({ magic: 'nonsense', name: 'A', surname: 'B', password: 'c' }).expect(404);
    expect(bad.body.error.message).toBe('Neplatný požadavek, zkuste to prosím znovu.');
    const fields = await api.patch('/api/auth/register').send({ magic: 'x', telephone: '12' }).expect(400);
    expect(fields.body.error.fields).toEqual({
      name: 'Vaše jméno je povinná položka',
      surname: 'Vaše příjmení je povinná položka',
      password: 'Vaše heslo je povinná položka',
      telephone: 'Zadejte prosím telefon ve správném formátu, např. +420 777 123 456',
    });
  });

  it('leaves the telephone source empty without a telephone and refuses a telephone another profile has', async () => {
    const first = payloadOf(await register(uniqueEmail('phone'), { telephone: '+420 608 111 222' }));
    expect(first.telephone).toBe('+420608111222');
    const noPhone = await register(uniqueEmail('nophone'));
    expect(payloadOf(noPhone).telephone).toBeNull();

    const email = uniqueEmail('phone2');
    const api = stack.client();
    await api.post('/api/auth/register').send({ email }).expect(200);
    const magic = linkParam(await waitForMail(email, 'registraci'), 'magic');
    const res = await api.patch('/api/auth/register').send({ magic, name: 'P', surname: 'Q', password: 'r', telephone: '608111222' }).expect(409);
    expect(res.body.error.code).toBe('PHONE_EXISTS');
  });
});

describe('login and session', () => {
  it('logs in, refreshes the token with GET /user and refuses bad credentials', async () => {
    const email = uniqueEmail('login');
    await register(email);
    const api = stack.client();
    const ok = await api.post('/api/auth/login').send({ email: email.toUpperCase(), password: 'tajne-heslo' }).expect(200);
    const token = ok.body.data.token as string;
    expect(payloadOf(token).email).toBe(email);

    const refreshed = await api.get('/api/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(payloadOf(refreshed.body.data.token).id).toBe(payloadOf(token).id);
    expect(refreshed.body.data.user.email).toBe(email);

    const wrong = await api.post('/api/auth/login').send({ email, password: 'spatne' }).expect(403);
    expect(wrong.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Neplatné přihlašovací údaje.' });
    const unknown = await api.post('/api/auth/login').send({ email: uniqueEmail('nobody'), password: 'x' }).expect(403);
    expect(unknown.body.error.message).toBe('Neplatné přihlašovací údaje.');
    const badFormat = await api.post('/api/auth/login').send({ email: 'x', password: 'x' }).expect(400);
    expect(badFormat.body.error.message).toBe('Váš e-mail není ve správném formátu.');
    const noPassword = await api.post('/api/auth/login').send({ email }).expect(400);
    expect(noPassword.body.error.fields).toEqual({ password: 'Vaše heslo je povinná položka' });
    const english = await api.post('/api/auth/login').set('Accept-Language', 'en').send({ email, password: 'spatne' }).expect(403);
    expect(english.body.error.message).toBe('Invalid login credentials.');
  });

  it('stores a password hashed at an earlier cost anew at the configured one on login', async () => {
    const email = uniqueEmail('rehash');
    await register(email);
    const users = stack.account.db!.collection<{ email: string; passwordHash: string }>('users');
    const earlier = await argon2.hash('tajne-heslo', { type: argon2.argon2id, memoryCost: 2048, timeCost: 3, parallelism: 1 });
    await users.updateOne({ email }, { $set: { passwordHash: earlier } });

    await stack.client().post('/api/auth/login').send({ email, password: 'spatne' }).expect(403);
    expect((await users.findOne({ email }))!.passwordHash).toBe(earlier);
    await stack.client().post('/api/auth/login').send({ email, password: 'tajne-heslo' }).expect(200);
    const stored = (await users.findOne({ email }))!.passwordHash;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
    expect(await argon2.verify(stored, 'tajne-heslo')).toBe(true);
    await stack.client().post('/api/auth/login').send({ email, password: 'tajne-heslo' }).expect(200);
    expect((await users.findOne({ email }))!.passwordHash).toBe(stored);
  });

  it('answers GET /user without or with a bad token with 401', async () => {
    const api = stack.client();
    await api.get('/api/user').expect(401);
    const res = await api.get('/api/user').set('Authorization', 'Bearer not-a-token').expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('rate-limits logins per e-mail and per address', async () => {
    const email = uniqueEmail('rate');
    const api = stack.client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.post('/api/auth/login').send({ email, password: 'x' })).status);
    expect(statuses.slice(0, 6)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(statuses[6]).toBe(429);

    const fromOneAddress = stack.client();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await fromOneAddress.post('/api/auth/login').send({ email: 'broken', password: 'x' })).status;
    expect(last).toBe(429);
    const limited = await fromOneAddress.post('/api/auth/reset').send({ email: uniqueEmail('other') }).expect(429);
    expect(limited.body.error.message).toBe('Příliš mnoho pokusů. Zkuste to prosím za chvíli.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  it('sends a reset link with magic and e-mail and sets the new password', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    const api = stack.client();
    await api.post('/api/auth/reset').send({ email }).expect(200);
    const mail = await waitForMail(email, 'Změna přihlašovacích údajů');
    expect(linkParam(mail, 'email')).toBe(email);
    const magic = linkParam(mail, 'magic');

    const bad = await api.patch('/api/auth/reset').send({ magic: 'nonsense', email, password: 'nove-heslo' }).expect(404);
    expect(bad.body.error.message).toBe('Neplatný požadavek, zkuste to prosím znovu.');
    const badEmail = await api.patch('/api/auth/reset').send({ magic, email: 'x@', password: 'nove-heslo' }).expect(400);
    expect(badEmail.body.error.code).toBe('INVALID_EMAIL');

    const done = await api.patch('/api/auth/reset').send({ magic, email, password: 'nove-heslo' }).expect(200);
    expect(payloadOf(done.body.data.token).email).toBe(email);
    await api.post('/api/auth/login').send({ email, password: 'nove-heslo' }).expect(200);
    await api.post('/api/auth/login').send({ email, password: 'tajne-heslo' }).expect(403);
    await api.patch('/api/auth/reset').send({ magic, email, password: 'jine' }).expect(404);
  });

  it('stores only a hash of the magic token and refuses an expired link', async () => {
    const email = uniqueEmail('expire');
    await register(email);
    const api = stack.client();
    await api.post('/api/auth/reset').send({ email }).expect(200);
    const magic = linkParam(await waitForMail(email, 'Změna přihlašovacích údajů'), 'magic');
    const links = stack.account.db!.collection('magic_links');
    expect(await links.countDocuments({ _id: magic as never })).toBe(0);
    const stored = createHash('sha256').update(magic).digest('hex');
    expect(await links.countDocuments({ _id: stored as never })).toBe(1);
    await links.updateOne({ _id: stored as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await api.patch('/api/auth/reset').send({ magic, email, password: 'nove-heslo' }).expect(404);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
  });

  it('answers an unknown e-mail with 404', async () => {
    const res = await stack.client().post('/api/auth/reset').send({ email: uniqueEmail('ghost') }).expect(404);
    expect(res.body.error).toEqual({ code: 'EMAIL_NOT_FOUND', message: 'Zadaný e-mail nebyl nalezen.' });
  });

  it('changes the login e-mail only after the new address confirms it', async () => {
    const email = uniqueEmail('move');
    const newEmail = uniqueEmail('moved');
    await register(email);
    const api = stack.client();
    await api.post('/api/auth/reset').send({ email }).expect(200);
    const magic = linkParam(await waitForMail(email, 'Změna přihlašovacích údajů'), 'magic');
    const done = await api.patch('/api/auth/reset').send({ magic, email: newEmail, password: 'nove-heslo' }).expect(200);
    expect(done.body.data.emailChangePending).toBe(true);
    expect(payloadOf(done.body.data.token).email).toBe(email);

    const confirm = linkParam(await waitForMail(newEmail, 'Potvrďte novou přihlašovací adresu'), 'emailChange');
    const confirmed = await api.post('/api/auth/email/confirm').send({ magic: confirm }).expect(200);
    expect(payloadOf(confirmed.body.data.token).email).toBe(newEmail);
    await api.post('/api/auth/login').send({ email: newEmail, password: 'nove-heslo' }).expect(200);
    await api.post('/api/auth/login').send({ email, password: 'nove-heslo' }).expect(403);
  });
});

describe('blocked and deleted accounts', () => {
  it('blocks the account when its e-mail bounces for good and says so at login', async () => {
    const email = uniqueEmail('bounce');
    const token = await register(email);
    await stack.bus.publish('email.bounced', email, { email, reason: '550 mailbox unavailable', permanent: true, at: new Date().toISOString() });
    const api = stack.client();
    // Polled without logging in: a login writes the user too, and FerretDB's whole-document
    // updates would let it undo the block (docs/architecture.md, "Storage rules").
    await eventually(async () => (await api.get('/api/user').set('Authorization', `Bearer ${token}`)).status === 403, 45_000, 'the block');
    const res = await api.post('/api/auth/login').send({ email, password: 'tajne-heslo' }).expect(403);
    expect(res.body.error).toEqual({ code: 'ACCOUNT_BLOCKED', message: 'Váš účet byl zablokován, protože vám nelze doručit e-maily. Kontaktujte prosím podporu.' });
  }, 60_000); // the bounce consumer may still be joining its group on a busy machine

  it('deletes the account with its personal data and publishes user.deleted', async () => {
    const email = uniqueEmail('delete');
    const token = await register(email);
    const api = stack.client();
    const wrong = await api.delete('/api/profile').set('Authorization', `Bearer ${token}`).send({ password: 'spatne' }).expect(403);
    expect(wrong.body.error.fields).toEqual({ password: 'Zadané heslo není správné.' });
    await api.delete('/api/profile').set('Authorization', `Bearer ${token}`).send({ password: 'tajne-heslo' }).expect(200);
    await api.post('/api/auth/login').send({ email, password: 'tajne-heslo' }).expect(403);
    await api.get('/api/user').set('Authorization', `Bearer ${token}`).expect(401);
    const userId = payloadOf(token).id;
    await eventually(() => stack.events('user.deleted').find((e) => e.data.userId === userId), 10_000, 'user.deleted');
  });
});
