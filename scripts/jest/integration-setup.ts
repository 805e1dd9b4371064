/**
 * The integration project's default time for a test or hook: 30 s instead of jest's 5 s. On a busy
 * 2-core CI machine creating a file's topics, a consumer group's first join or a service's start
 * can each take seconds, and a file without its own `jest.setTimeout` would otherwise fail inside
 * waits (e.g. `waitFor(…, 20_000)`) that are longer than the test's whole budget. A file's own
 * `jest.setTimeout` and a test's own timeout still win.
 */
jest.setTimeout(30_000);
