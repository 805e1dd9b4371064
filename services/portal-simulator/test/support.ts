import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { municipalitiesCsvPath } from '@rr/kit';
import { join } from 'node:path';
import type { Portal } from '@rr/proto';
import { createSimulator, type SimulatorHandle } from '../src/app';

/**
 * The crawler's adapter contract, structurally: the simulator does not depend on the crawler
 * package, its round-trip tests load the adapters at run time.
 */
export type HttpResponse = { status: number; headers: Record<string, string>; body: string; url: string };
export type RequestOptions = { headers?: Record<string, string>; body?: string; method?: 'GET' | 'POST' };
export type PortalClient = { request(url: string, options?: RequestOptions): Promise<HttpResponse>; render(url: string): Promise<string> };
export type ListingRef = { listingId: string; url: string; fingerprint: string; promoted: boolean };
export type Adapter = {
  portal: Portal;
  listPage(client: PortalClient, baseUrl: string, page: number): Promise<{ refs: ListingRef[]; hasMore: boolean }>;
  fetchDetail(client: PortalClient, baseUrl: string, ref: ListingRef): Promise<{ kind: 'gone' } | { kind: 'listing'; listing: Record<string, unknown> }>;
};

export function loadAdapter(portal: Portal): Adapter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(join(__dirname, '../../crawler/src/adapters', portal)) as Record<string, Adapter>;
  const adapter = module[`${portal}Adapter`];
  if (!adapter) throw new Error(`the crawler has no ${portal}Adapter`);
  return adapter;
}

/** Test support (tests only): a simulator on an ephemeral port, and a plain fetch client for adapters. */
export type RunningSimulator = SimulatorHandle & { origin: string; close(): Promise<void> };

export async function startSimulator(seed = 7): Promise<RunningSimulator> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle = createSimulator({ seed, origin, municipalitiesCsv: municipalitiesCsvPath() });
  server.on('request', handle.app);
  return {
    ...handle,
    origin,
    close: async () => {
      handle.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function fetchClient(defaultHeaders: Record<string, string> = {}): PortalClient {
  return {
    async request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
      const res = await fetch(url, { method: options.method ?? 'GET', headers: { ...defaultHeaders, ...options.headers }, body: options.body, redirect: 'follow' });
      return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: await res.text(), url: res.url || url };
    },
    async render() {
      throw new Error('render is not needed for JSON portals');
    },
  };
}
