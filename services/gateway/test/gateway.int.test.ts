import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createLogger, loadConfig } from '@rr/kit';
import { getGazetteer } from '@rr/gazetteer';
import { startStack, type Stack } from '@rr/account/test/stack';
import { createGatewayApp } from '../src/app';
import { GatewayConfig } from '../src/config';

jest.setTimeout(30_000);

let stack: Stack;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'rr-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Reality Radar</title><div id="root"></div>');

beforeAll(async () => {
  stack = await startStack({ WEB_DIST: webDist });
}, 60_000);
afterAll(() => stack?.stop());

/** A second gateway on the same account service with other settings, without a port of its own. */
const variant = (env: Record<string, string>) =>
  supertest(createGatewayApp({ config: loadConfig(GatewayConfig, { ...stack.env, ACCOUNT_URL: `http://127.0.0.1:${stack.env.ACCOUNT_API_PORT}`, ...env }), log: createLogger('test', 'silent'), gazetteer: getGazetteer }));

describe('gateway', () => {
  it('sets security headers and echoes or creates a correlation id', async () => {
    const api = stack.client();
    const res = await api.get('/api/openapi.json').set('x-correlation-id', 'corr-123').expect(200);
    expect(res.headers['x-correlation-id']).toBe('corr-123');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // The local simulator's photos are plain http: allowed outside production only.
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: https: http://localhost:*");
    const production = await variant({ NODE_ENV: 'production' }).get('/api/openapi.json').expect(200);
    expect(production.headers['content-security-policy']).toContain("img-src 'self' data: https:;");
    const generated = await api.get('/api/openapi.json').set('x-correlation-id', 'bad id with spaces').expect(200);
    expect(generated.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document generated from the proto schemas', async () => {
    const res = await stack.client().get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.schemas.SessionPayload.required).toEqual(expect.arrayContaining(['apiAccess', 'email', 'filters', 'role', 'timezone']));
    // Places or an area drawn on a map: places alone are not required (the description says which).
    expect(res.body.components.schemas.WatchdogCriteria.properties.places.minItems).toBeUndefined();
    expect(res.body.components.schemas.WatchdogCriteria.description).toContain('mapArea');
    expect(res.body.paths['/api/filters'].post.responses['409']).toBeDefined();
  });

  it('answers location autocomplete from the gazetteer and validates the query', async () => {
    const res = await stack.client().get('/api/autocomplete?q=brno&limit=3').expect(200);
    expect(res.body.data.items[0]).toMatchObject({ kind: 'municipality', code: '582786', name: 'Brno', regionCode: 'CZ064' });
    expect(res.body.data.items).toHaveLength(3);
    const bad = await stack.client().get('/api/autocomplete').expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.fields.q).toBeDefined();
  });

  it('aggregates health: ok when every service is, 503 within the health timeout when one is down', async () => {
    const ok = await stack.client().get('/api/health').expect(200);
    expect(ok.body.ok).toBe(true);
    expect(Object.keys(ok.body.services).sort()).toEqual(['account', 'account-api']);
    expect(ok.body.services.account.dependencies.database.ok).toBe(true);

    // Only the request is timed, not building the second gateway. The bound is the 1.5 s timeout and
    // room for a loaded machine: it shows the down service cost no retries or waits beyond it.
    const gateway = variant({ SERVICE_HEALTH_URLS: `account-api=http://127.0.0.1:${stack.env.ACCOUNT_API_PORT}/health,matcher=http://127.0.0.1:1/health`, HEALTH_TIMEOUT_MS: '1500' });
    const started = Date.now();
    const down = await gateway.get('/api/health').expect(503);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(down.body.services.matcher.ok).toBe(false);
    expect(down.body.services['account-api'].ok).toBe(true);
  });

  it('answers bad input with the error body and never a stack trace', async () => {
    const api = stack.client();
    const malformed = await api.post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    expect(malformed.body).toEqual({ error: { code: 'INVALID_FORM', message: 'Neplatný formulář.' } });
    const huge = await api.post('/api/contact').send({ email: 'a@b.cz', message: 'x'.repeat(200_000) }).expect(413);
    expect(huge.body.error.code).toBe('VALIDATION_FAILED');
    const unknown = await api.get('/api/nothing-here').expect(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify([malformed.body, huge.body, unknown.body])).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers 503 with the generic message when a service behind it is down', async () => {
    const res = await variant({ OFFERS_URL: 'http://127.0.0.1:1', UPSTREAM_TIMEOUT_MS: '500' }).get('/api/offers/p_1').expect(503);
    expect(res.body).toEqual({ error: { code: 'UNAVAILABLE', message: 'Došlo k chybě při komunikaci se serverem.' } });
  });

  it('serves the web client with a fallback to index.html outside /api', async () => {
    const page = await stack.client().get('/moje-filtry/w_1').expect(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('compresses API answers and makes browsers revalidate the shell', async () => {
    const api = stack.client();
    const doc = await api.get('/api/openapi.json').set('accept-encoding', 'br, gzip').expect(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers.vary).toMatch(/accept-encoding/i);
    expect(doc.headers['cache-control']).toBe('no-store');
    const gzipped = await api.get('/api/openapi.json').set('accept-encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.openapi).toBe('3.1.0');
    const shell = await api.get('/').expect(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    await api.get('/assets/index-gone.js').expect(404);
  });
});
