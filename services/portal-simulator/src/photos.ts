import type { Request, Response } from 'express';
import { hashString } from './generator/rng';

/**
 * A placeholder photo: the same colours for the same property photo whatever portal path it was
 * requested under, as cross-posts carry the same pictures.
 */
export function servePhoto(req: Request, res: Response): void {
  const key = String(req.params.file).replace(/\.svg$/, '');
  const h = hashString(key);
  const hue = h % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">` +
    `<rect width="640" height="480" fill="hsl(${hue},45%,78%)"/>` +
    `<polygon points="170,260 320,130 470,260" fill="hsl(${(hue + 180) % 360},40%,40%)"/>` +
    `<rect x="210" y="260" width="220" height="150" fill="hsl(${hue},25%,95%)"/>` +
    `<rect x="300" y="320" width="40" height="90" fill="hsl(${(hue + 90) % 360},35%,35%)"/></svg>`;
  res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svg);
}
