import { verifyWatchdogLinkToken, watchdogLinkToken } from '@rr/proto/node';
import { watchdogLinks } from '@rr/proto';
import { hashToken, newMagicToken } from './tokens';

describe('tokens', () => {
  it('makes unguessable magic tokens and stores only a stable hash', () => {
    const a = newMagicToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newMagicToken()).not.toBe(a);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toContain(a);
  });

  it('signs watchdog links per watchdog and secret', () => {
    const secret = 's'.repeat(32);
    const token = watchdogLinkToken(secret, 'w_1');
    expect(verifyWatchdogLinkToken(secret, 'w_1', token)).toBe(true);
    expect(verifyWatchdogLinkToken(secret, 'w_2', token)).toBe(false);
    expect(verifyWatchdogLinkToken('x'.repeat(32), 'w_1', token)).toBe(false);
    expect(verifyWatchdogLinkToken(secret, 'w_1', 'short')).toBe(false);
  });

  it('builds the e-mail links of a watchdog', () => {
    const links = watchdogLinks('https://realityradar.cz/', 'w_1', 'tok');
    expect(links.prolong).toBe('https://realityradar.cz/api/filters/w_1/prolong?token=tok');
    expect(links.unsubscribeOneClick).toBe('https://realityradar.cz/api/filters/w_1/unsubscribe?token=tok');
    expect(links.unsubscribePage).toBe('https://realityradar.cz/lp-unsubscribe/w_1?token=tok');
    expect(links.edit('e1')).toBe('https://realityradar.cz/moje-filtry/w_1?filterId=w_1&emailId=e1');
  });
});
