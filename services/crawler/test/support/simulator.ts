import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { municipalitiesCsvPath } from '@rr/kit';
import { createSimulator } from '@rr/portal-simulator/src/app';

/** The portal simulator in-process on a free port, for integration tests. */
export async function startSimulator(seed = 7) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle = createSimulator({ seed, origin, municipalitiesCsv: municipalitiesCsvPath() });
  server.on('request', handle.app);
  return {
    origin,
    sim: handle.sim,
    close: () =>
      new Promise<void>((resolve) => {
        handle.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
