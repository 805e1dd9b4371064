import { normaliseTelephone, telephoneSourceOf } from './telephone';

describe('telephone', () => {
  it.each([
    ['777 123 456', '+420777123456'],
    ['+420 777 123 456', '+420777123456'],
    ['00420777123456', '+420777123456'],
    ['420777123456', '+420777123456'],
    ['(+420) 777-123-456', '+420777123456'],
    ['+421 905 123 456', '+421905123456'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseTelephone(input)).toEqual({ ok: true, telephone: expected });
  });

  it.each(['12345', '077 123 456', '777 12 345', 'abc', '+420 777 123 45', '+1 23'])('refuses %s', (input) => {
    expect(normaliseTelephone(input).ok).toBe(false);
  });

  it('treats an empty telephone as none', () => {
    expect(normaliseTelephone('  ')).toEqual({ ok: true, telephone: null });
    expect(normaliseTelephone(null)).toEqual({ ok: true, telephone: null });
  });

  it('gives the REGISTRATION source only when a telephone is given', () => {
    expect(telephoneSourceOf('+420777123456', undefined)).toBe('REGISTRATION');
    expect(telephoneSourceOf(null, 'REGISTRATION')).toBeNull();
    expect(telephoneSourceOf('+420777123456', 'CTA_BOX')).toBe('CTA_BOX');
  });
});
