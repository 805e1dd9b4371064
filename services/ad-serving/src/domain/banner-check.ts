import { imageSize } from 'image-size';
import { BANNER_SIZES, type BannerSize } from './pricing';

/** A banner's weight limit: e-mail images should stay light (research: about 150 kB). */
export const MAX_BANNER_BYTES = 150 * 1024;
export const BANNER_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' } as const;
export type BannerType = keyof typeof BANNER_TYPES;

export type BannerProblem =
  | { code: 'too-heavy'; bytes: number }
  | { code: 'not-an-image' }
  | { code: 'type-not-allowed'; type: string }
  | { code: 'wrong-size'; width: number; height: number; expected: { width: number; height: number } };

/**
 * Checks an uploaded banner by its bytes, never by the name or the declared type: PNG, JPEG or
 * GIF only (SVG can carry script and most e-mail clients do not show it), the exact pixel size
 * of its slot, and the weight limit.
 */
export function checkBanner(bytes: Buffer, size: BannerSize): { ok: true; type: BannerType; contentType: string } | { ok: false; problem: BannerProblem } {
  if (bytes.length > MAX_BANNER_BYTES) return { ok: false, problem: { code: 'too-heavy', bytes: bytes.length } };
  let info: ReturnType<typeof imageSize>;
  try {
    info = imageSize(new Uint8Array(bytes));
  } catch {
    return { ok: false, problem: { code: 'not-an-image' } };
  }
  const type = info.type ?? 'unknown';
  if (!(type in BANNER_TYPES)) return { ok: false, problem: { code: 'type-not-allowed', type } };
  const expected = BANNER_SIZES[size];
  if (info.width !== expected.width || info.height !== expected.height) {
    return { ok: false, problem: { code: 'wrong-size', width: info.width ?? 0, height: info.height ?? 0, expected } };
  }
  return { ok: true, type: type as BannerType, contentType: BANNER_TYPES[type as BannerType] };
}
