import type { ServiceHealth, SystemHealth } from '@rr/proto';

type Entry = SystemHealth['services'][string];

/**
 * Asks every service's health URL at once, each with its own timeout, so the answer comes within
 * the timeout even when some services are down; `ok` only when every one is.
 */
export async function aggregateHealth(urls: Record<string, string>, timeoutMs: number): Promise<SystemHealth> {
  const names = Object.keys(urls);
  const entries = await Promise.all(names.map((name) => probe(name, urls[name], timeoutMs)));
  return {
    ok: entries.every((e) => e.ok),
    checkedAt: new Date().toISOString(),
    services: Object.fromEntries(names.map((n, i) => [n, entries[i]])),
  };
}

async function probe(name: string, url: string, timeoutMs: number): Promise<Entry> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as ServiceHealth | null;
    if (!body || typeof body !== 'object') return { service: name, ok: false, error: `HTTP ${res.status} without a health report` };
    return { ...body, service: body.service ?? name, ok: res.ok && body.ok === true };
  } catch (err) {
    const e = err as Error;
    const reason = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((e.cause as Error | undefined)?.message ?? e.message);
    return { service: name, ok: false, error: reason };
  }
}
