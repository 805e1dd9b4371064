import autocannon from 'autocannon';

/** One API call measured under load: how to make the i-th request, and which statuses are right. */
export type CallSpec = {
  name: string;
  requests: number;
  make: (i: number) => { method: 'GET' | 'POST' | 'PATCH'; path: string; token?: string | null; body?: unknown };
  /** Statuses that count as the call working (anything else is reported). */
  ok?: number[];
  /** Requests a second, paced (`measurePaced`); none for as fast as the clients go (`measureCall`). */
  ratePerSecond?: number;
  /** The number its first request takes in the call's own numbering (a stated load continues after the closed loop). */
  from?: number;
};

export type CallFigures = {
  name: string; requests: number; p50ms: number; p99ms: number; perSecond: number;
  /** Answers with a status outside `ok`, errors and timeouts; `unexpectedBy` names them (`409`, `timeout`). */
  unexpected: number; unexpectedBy: Record<string, number>;
};

/**
 * Runs one call with `connections` concurrent clients through autocannon (a well-kept HTTP load
 * generator; each client keeps its connection and sends the next request when the answer came).
 */
export async function measureCall(baseUrl: string, spec: CallSpec, connections: number): Promise<CallFigures> {
  let next = 0;
  const unexpectedBy: Record<string, number> = {};
  const ok = new Set(spec.ok ?? [200, 201]);
  const result = await autocannon({
    url: baseUrl,
    connections,
    amount: spec.requests,
    timeout: 30,
    requests: [
      {
        setupRequest: (req) => {
          const r = spec.make(next++);
          return { ...req, method: r.method, path: r.path, headers: requestHeaders(r), body: r.body === undefined ? undefined : JSON.stringify(r.body) };
        },
        onResponse: (status) => {
          if (!ok.has(status)) unexpectedBy[status] = (unexpectedBy[status] ?? 0) + 1;
        },
      },
    ],
  });
  if (result.errors) unexpectedBy.error = result.errors;
  if (result.timeouts) unexpectedBy.timeout = result.timeouts;
  return {
    name: spec.name,
    requests: result.requests.total,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    perSecond: Math.round(result.requests.average),
    unexpected: Object.values(unexpectedBy).reduce((a, b) => a + b, 0),
    unexpectedBy,
  };
}

/**
 * The same call at a stated load, `requests` of it; its requests continue the numbering from
 * `from`, so a registration or a reset never repeats one made before it.
 */
export function pacedAt(spec: CallSpec, ratePerSecond: number, requests: number, from: number): CallSpec {
  return { ...spec, name: `${spec.name} at ${ratePerSecond}/s`, requests, ratePerSecond, from, make: (i) => spec.make(from + i) };
}

/**
 * A round that warms the system up before anything is measured: each closed-loop call again, half
 * its requests, numbered after every measured phase of it (a warm-up's registrations, resets and
 * creations are other people's than the measured ones). A process's first few thousand requests
 * run code V8 has not optimised yet: right after a start, GET /api/user's first 4,000 cost the
 * account service 0.82 ms of CPU each and the next 4,000 0.44 (docs/decisions.md, "Warm before
 * measuring").
 */
export function warmUpRound(calls: CallSpec[]): CallSpec[] {
  return calls.filter((c) => !c.ratePerSecond).map((c) => {
    const measuredAfter = calls.filter((p) => p.ratePerSecond && p.name.startsWith(`${c.name} at `));
    const from = Math.max(c.requests, ...measuredAfter.map((p) => (p.from ?? 0) + p.requests));
    return { ...c, name: `${c.name} (warm-up)`, requests: Math.ceil(c.requests / 2), make: (i) => c.make(from + i) };
  });
}

/** The headers of every measured request: JSON, Czech, and the session when the call has one. */
export function requestHeaders(r: { token?: string | null }): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'cs' };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  return headers;
}
