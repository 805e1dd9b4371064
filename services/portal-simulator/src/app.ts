import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { PORTAL_NAMES, type Portal } from '@rr/proto';
import { adminRouter } from './admin';
import { servePhoto } from './photos';
import { RENDERERS } from './portals';
import { Simulator, type SimulatorOptions } from './simulator';

type Log = { error(obj: object, msg: string): void };

export type SimulatorHandle = { app: Express; sim: Simulator; close(): void };

/** The simulator as an express app: portals under `/<portal>`, admin API under `/admin`. */
export function createSimulator(options: SimulatorOptions & { logger?: Log }): SimulatorHandle {
  const sim = new Simulator(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.get('/', (_req, res) => res.type('html').send(homePage(sim)));
  app.get('/photos/:portal/:file', servePhoto);
  app.use('/admin', express.json({ limit: '1mb' }), adminRouter(sim));

  for (const renderer of RENDERERS) {
    const router = express.Router();
    const base = `${options.origin}/${renderer.portal}`;
    router.use(sim.faults.middleware(renderer.portal));
    router.get('/robots.txt', (_req, res) => res.type('text/plain').send(sim.robots.text(renderer.portal, base)));
    router.get('/photos/:file', servePhoto);
    renderer.mount(router, sim.view(renderer.portal));
    app.use(`/${renderer.portal}`, router);
  }

  app.use((_req, res) => res.status(404).type('text/plain').send('Not Found'));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    options.logger?.error({ err, url: req.originalUrl }, 'simulator request failed');
    if (!res.headersSent) res.status(500).json({ error: { code: 'INTERNAL', message: 'simulator error' } });
  });

  return { app, sim, close: () => sim.stream.stop() };
}

function homePage(sim: Simulator): string {
  const counts = sim.store.counts();
  const rows = RENDERERS.map(({ portal }) => {
    const c = counts[portal] ?? { active: 0, total: 0 };
    const fault = sim.faults.mode(portal);
    return `<tr><td><a href="/${portal}/">${PORTAL_NAMES[portal as Portal]}</a></td><td>/${portal}</td><td>${c.active}</td><td>${c.total}</td>` +
      `<td>${fault}</td><td><a href="/${portal}/robots.txt">robots.txt</a></td></tr>`;
  }).join('');
  const stream = sim.stream.current();
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Reality Radar portal simulator</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><h1>Portal simulator</h1><p>Development and test stand-in for the Czech real-estate portals, in their real formats.</p>
<table><thead><tr><th>Portal</th><th>Base path</th><th>Active listings</th><th>All listings</th><th>Fault</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<p>Properties: ${sim.store.allProperties().length}. Stream: ${stream.running ? `running, ${stream.published} published` : 'stopped'}.</p>
<p>Admin API: <code>POST /admin/properties</code>, <code>POST /admin/stream</code>, <a href="/admin/ground-truth">GET /admin/ground-truth</a>, <code>POST /admin/faults/:portal</code>, <code>POST /admin/reset</code> (see README).</p>
</body></html>`;
}
