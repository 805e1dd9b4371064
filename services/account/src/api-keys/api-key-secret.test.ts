import { hashApiKey, looksLikeApiKey, newApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('makes distinct keys whose hash, not the key, identifies them', () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(a.key).not.toBe(b.key);
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).not.toContain(a.key.slice(8));
    expect(a.key.startsWith(a.prefix)).toBe(true);
    expect(looksLikeApiKey(a.key)).toBe(true);
  });

  it('refuses what is not a key before any lookup', () => {
    expect(looksLikeApiKey('rr_live_short')).toBe(false);
    expect(looksLikeApiKey(`xx_live_${'a'.repeat(43)}`)).toBe(false);
    expect(looksLikeApiKey(`rr_live_${'a'.repeat(42)}!`)).toBe(false);
  });
});
