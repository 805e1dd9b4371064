import jwt from 'jsonwebtoken';
import { Bus, createLogger, runService } from '@rr/kit';
import { freePort, testEnv } from '@rr/kit/testing';
import { solidPng } from '../src/domain/png';
import { startAdServing } from '../src/ad-serving';
import { AdServingConfig } from '../src/config';

export const JWT_SECRET = 'j'.repeat(40);
export const AD_TOKEN_SECRET = 'a'.repeat(40);
export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

export { freePort };

export const DESKTOP = solidPng(520, 250, [10, 90, 170, 255]);
export const MOBILE = solidPng(320, 150, [10, 90, 170, 255]);

/** ad-serving in-process on the real Kafka and database (own prefix and suffix), its parts reachable. */
export async function startAds(overrides: Record<string, string> = {}) {
  const apiPort = await freePort();
  const t = testEnv({ AD_API_PORT: String(apiPort), JWT_SECRET, AD_TOKEN_SECRET, PUBLIC_URL: 'http://rr.test', ADS_FLUSH_MS: '100000', ADS_REFRESH_MS: '100000', ...overrides });
  const bus = new Bus({ clientId: `test-${t.id}`, brokers: t.brokers, topicPrefix: t.env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
  await bus.connect();
  await bus.ensureTopics();
  let parts!: Awaited<ReturnType<typeof startAdServing>>;
  const service = await runService({ name: 'ad-serving', configSchema: AdServingConfig, database: true, start: async (ctx) => (parts = await startAdServing(ctx)) }, t.env, { trapSignals: false });
  const api = `http://127.0.0.1:${apiPort}`;
  const tokenFor = (userId: string, extra: Record<string, unknown> = {}) =>
    jwt.sign({ email: `${userId}@example.cz`, locale: 'cs', role: 1, ...extra }, JWT_SECRET, { algorithm: 'HS256', subject: userId, expiresIn: 3600 });
  const call = async (method: string, path: string, userId: string | null, body?: unknown, role = 1) => {
    const raw = Buffer.isBuffer(body);
    const res = await fetch(api + path, {
      method,
      headers: { 'content-type': raw ? 'application/octet-stream' : 'application/json', ...(userId ? { authorization: `Bearer ${tokenFor(userId, { role })}` } : {}) },
      body: body === undefined ? undefined : raw ? new Uint8Array(body as Buffer) : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API JSON asserted field by field in tests
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  return {
    id: t.id, env: t.env, api, bus, parts, call, tokenFor,
    stop: async () => {
      await service.stop();
      await bus.disconnect();
    },
  };
}
export type AdsStack = Awaited<ReturnType<typeof startAds>>;

/** An advertiser with an approved campaign of both banners (optionally with credit). */
export async function approvedCampaign(s: AdsStack, advertiser: string, over: Record<string, unknown> = {}) {
  await s.call('PUT', '/ads/advertiser', advertiser, { company: 'Realitka s.r.o.', termsAccepted: true });
  const created = await s.call('POST', '/ads/campaigns', advertiser, {
    name: 'Podzimní nabídka', alt: 'Realitka: hypotéka do 24 hodin', targetUrl: 'https://realitka.example.cz/podzim',
    targeting: { regions: ['CZ064'], districts: [], adTypes: ['Sale'], realEstateTypes: [] },
    startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), pricing: 'per-view', budget: null, ...over,
  });
  if (created.status !== 200) throw new Error(`campaign not created: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  await s.call('PUT', `/ads/campaigns/${id}/banners/desktop`, advertiser, DESKTOP);
  await s.call('PUT', `/ads/campaigns/${id}/banners/mobile`, advertiser, MOBILE);
  await s.call('POST', `/ads/campaigns/${id}/submit`, advertiser);
  const approved = await s.call('POST', `/ads/admin/campaigns/${id}/approve`, 'admin', {}, 10000);
  if (approved.status !== 200) throw new Error(`campaign not approved: ${JSON.stringify(approved.body)}`);
  return id;
}
