import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';

/** Vite names every file under assets/ after its content: a changed file is a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell and the unhashed files (favicon) are checked with the server on every use. */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json', '.xml': 'application/xml',
};

/** The precompressed siblings the web build writes (`web/vite.config.ts`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function accepts(req: Request, encoding: string): boolean {
  const header = String(req.headers['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name.trim().toLowerCase() === encoding && (!q || Number(q.slice(2)) > 0);
  });
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * Serves the built web client: hashed assets cached for a year as immutable, the shell and other
 * files revalidated every time, the build's `.br` / `.gz` files when the browser takes them (the
 * `compression` middleware in front covers whatever has none), and every other GET outside
 * `/assets/` answered with the shell so that the client router decides. A missing asset is a 404,
 * never the shell under a script's URL.
 */
export function webClient(distDir: string): Router {
  const dist = path.resolve(distDir);
  const shell = path.join(dist, 'index.html');
  const router = express.Router();

  const send = (req: Request, res: Response, file: string, cacheControl: string, next: (err?: unknown) => void) => {
    const type = TYPES[path.extname(file)];
    if (type) res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl);
    res.vary('Accept-Encoding');
    const encoding = type ? ENCODINGS.find((e) => accepts(req, e.name) && isFile(file + e.suffix)) : undefined;
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    // Content-Type is set above, so send() keeps it even for the .br/.gz file.
    res.sendFile(encoding ? file + encoding.suffix : file, { cacheControl: false, dotfiles: 'deny', acceptRanges: !encoding }, (err?: Error & { status?: number }) => {
      if (!err) return;
      if (res.headersSent) return;
      res.removeHeader('Content-Encoding');
      if (err.status === 404) res.status(404).type('text/plain').send('Not found');
      else next(err);
    });
  };

  router.get('*', (req, res, next) => {
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return res.status(400).type('text/plain').send('Bad request');
    }
    const file = path.join(dist, relative);
    const inside = file.startsWith(dist + path.sep);
    if (inside && !/\.(br|gz)$/.test(file) && isFile(file)) {
      return send(req, res, file, file.startsWith(path.join(dist, 'assets') + path.sep) ? IMMUTABLE : REVALIDATE, next);
    }
    if (relative.startsWith('/assets/')) return res.status(404).type('text/plain').send('Not found');
    return send(req, res, shell, REVALIDATE, next);
  });
  return router;
}
