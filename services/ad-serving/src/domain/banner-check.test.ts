import { randomBytes } from 'node:crypto';
import { checkBanner } from './banner-check';
import { solidPng } from './png';

describe('banner upload check', () => {
  it('accepts a PNG of the exact size of its slot', () => {
    expect(checkBanner(solidPng(520, 250, [200, 30, 30, 255]), 'desktop')).toEqual({ ok: true, type: 'png', contentType: 'image/png' });
    expect(checkBanner(solidPng(320, 150), 'mobile')).toMatchObject({ ok: true });
  });

  it('refuses another size, naming both', () => {
    expect(checkBanner(solidPng(320, 150), 'desktop')).toEqual({ ok: false, problem: { code: 'wrong-size', width: 320, height: 150, expected: { width: 520, height: 250 } } });
    expect(checkBanner(solidPng(521, 250), 'desktop')).toMatchObject({ ok: false, problem: { code: 'wrong-size' } });
  });

  it('refuses an SVG, even one of the right size', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="520" height="250"><script>alert(1)</script></svg>');
    expect(checkBanner(svg, 'desktop')).toEqual({ ok: false, problem: { code: 'type-not-allowed', type: 'svg' } });
  });

  it('refuses bytes that are no image', () => {
    expect(checkBanner(Buffer.from('%PDF-1.7 not a banner'), 'desktop')).toEqual({ ok: false, problem: { code: 'not-an-image' } });
    expect(checkBanner(randomBytes(2000), 'desktop')).toMatchObject({ ok: false });
  });

  it('refuses a heavy file before reading it', () => {
    expect(checkBanner(Buffer.alloc(20 * 1024 * 1024), 'desktop')).toEqual({ ok: false, problem: { code: 'too-heavy', bytes: 20 * 1024 * 1024 } });
  });
});
