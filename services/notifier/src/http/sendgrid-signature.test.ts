import { generateKeyPairSync, sign } from 'node:crypto';
import { bouncesOf, sendgridPublicKey, verifySendgridSignature } from './sendgrid-signature';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const key = sendgridPublicKey(publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
const now = 1_790_000_000_000;
const timestamp = String(now / 1000);
const body = Buffer.from('[{"email":"a@example.cz","event":"bounce","type":"bounce"}]');
const signatureOf = (ts: string, payload: Buffer) => sign('sha256', Buffer.concat([Buffer.from(ts), payload]), privateKey).toString('base64');

describe('SendGrid webhook signature', () => {
  it('accepts a body signed with the matching key', () => {
    expect(verifySendgridSignature(key, body, signatureOf(timestamp, body), timestamp, now)).toBe(true);
  });

  it('refuses a changed body, a missing signature and another key', () => {
    expect(verifySendgridSignature(key, Buffer.from('[]'), signatureOf(timestamp, body), timestamp, now)).toBe(false);
    expect(verifySendgridSignature(key, body, undefined, timestamp, now)).toBe(false);
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const otherSig = sign('sha256', Buffer.concat([Buffer.from(timestamp), body]), other.privateKey).toString('base64');
    expect(verifySendgridSignature(key, body, otherSig, timestamp, now)).toBe(false);
  });

  it('refuses an old timestamp', () => {
    const old = String(now / 1000 - 3600);
    expect(verifySendgridSignature(key, body, signatureOf(old, body), old, now)).toBe(false);
  });

  it('reads PEM keys too', () => {
    const pem = sendgridPublicKey(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    expect(verifySendgridSignature(pem, body, signatureOf(timestamp, body), timestamp, now)).toBe(true);
  });
});

describe('bouncesOf', () => {
  it('turns bounces and drops into bounce events; blocked bounces are temporary; others are ignored', () => {
    const out = bouncesOf([
      { email: 'A@example.cz', event: 'bounce', type: 'bounce', reason: '550 no such user', timestamp: 1_790_000_000 },
      { email: 'b@example.cz', event: 'bounce', type: 'blocked', reason: 'greylisted', timestamp: 1_790_000_000 },
      { email: 'c@example.cz', event: 'dropped', reason: 'Bounced Address', timestamp: 1_790_000_000 },
      { email: 'd@example.cz', event: 'delivered', timestamp: 1_790_000_000 },
    ]);
    expect(out.map((b) => [b.email, b.permanent])).toEqual([['a@example.cz', true], ['b@example.cz', false], ['c@example.cz', true]]);
    expect(out[0].reason).toBe('bounce (bounce): 550 no such user');
  });
});
