import { createHmac } from 'node:crypto';
import { hmacKey } from './hmac-key';

describe('hmacKey', () => {
  it('is the secret\'s bytes as an HMAC key', () => {
    const key = hmacKey('a-shared-secret-čř');
    expect(key.type).toBe('secret');
    expect(createHmac('sha256', key).update('x').digest('hex')).toBe(createHmac('sha256', 'a-shared-secret-čř').update('x').digest('hex'));
  });

  it('makes the key of a secret once', () => {
    expect(hmacKey('same')).toBe(hmacKey('same'));
    expect(hmacKey('same')).not.toBe(hmacKey('other'));
  });
});
