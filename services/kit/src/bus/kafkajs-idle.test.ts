/**
 * kafkajs 2.2.4 re-armed its pending-request check every millisecond on every idle connection
 * (kafkajs#1556, unfixed upstream): ~4 % of a core per idle service. `scripts/patches` fixes it at
 * install (patch-package); this holds the installed copy to the fix.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => {
  pending: unknown[];
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  throttledUntil: number;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
};

const queue = () => new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1000, enforceRequestTimeout: true, clientId: 't', broker: 'b', logger: { debug: () => {}, warn: () => {}, error: () => {}, info: () => {} } });

describe('kafkajs request queue (patched)', () => {
  it('arms no timer while nothing waits', () => {
    const q = queue();
    q.checkPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks again when requests wait', () => {
    const q = queue();
    q.pending.push({});
    q.throttledUntil = Date.now() + 50;
    q.scheduleCheckPendingRequests();
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(q.throttleCheckTimeoutId!);
  });
});
