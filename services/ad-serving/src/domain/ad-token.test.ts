import { signAdToken, verifyAdToken } from './ad-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const NOW = Date.parse('2026-11-25T10:00:00Z');
const claims = { campaignId: 'cmp_1', emailId: 'b7a1c2', issuedAt: NOW, expiresAt: NOW + 86_400_000 };

describe('ad tokens', () => {
  it('round-trips the claims to the second', () => {
    const check = verifyAdToken(SECRET, signAdToken(SECRET, claims), NOW + 1000);
    expect(check).toEqual({ ok: true, claims });
  });

  it('refuses a token signed with another secret or changed in any part', () => {
    const token = signAdToken(SECRET, claims);
    expect(verifyAdToken('another-secret-of-thirty-two-characters!', token, NOW)).toEqual({ ok: false, reason: 'forged' });
    const other = token.replace('cmp_1', 'cmp_2');
    expect(verifyAdToken(SECRET, other, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyAdToken(SECRET, `${token.slice(0, -1)}A`, NOW).ok).toBe(false);
  });

  it('refuses an expired token', () => {
    expect(verifyAdToken(SECRET, signAdToken(SECRET, claims), claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses garbage without throwing', () => {
    expect(verifyAdToken(SECRET, 'nonsense', NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyAdToken(SECRET, 'a.b.c.d.e', NOW)).toEqual({ ok: false, reason: 'forged' });
  });
});
