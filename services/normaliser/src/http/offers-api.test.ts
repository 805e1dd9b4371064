import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createLogger } from '@rr/kit';
import { getGazetteer } from '@rr/gazetteer';
import { ROLES, type Offer } from '@rr/proto';
import { rawListing } from '../../test/factories';
import { locate } from '../domain/locate';
import { newOffer } from '../domain/offer-factory';
import type { OfferReader } from '../domain/offer-query';
import { createOffersApi, rankAlternatives } from './offers-api';

const at = '2026-03-01T10:00:00.000Z';
function offer(listingId: string, overrides: Partial<Parameters<typeof rawListing>[0]> = {}): Offer {
  const l = rawListing({ listingId, ...overrides });
  return newOffer(l, locate(getGazetteer(), l), at, at);
}

describe('offers read API', () => {
  const gone = { ...offer('1'), active: false };
  const near = offer('2', { price: 5_600_000 });
  const pricey = offer('3', { price: 9_900_000 });
  const otherLayout = offer('4', { dispositionLabel: '3+kk', price: 5_500_000 });
  const repo = {
    findById: async (id: string) => [gone, near, pricey, otherLayout].find((o) => o.id === id) ?? null,
    similar: async () => [pricey, otherLayout, near],
    list: async (_f: unknown, page: { offset: number; limit: number }) => ({ items: [near, pricey].slice(page.offset, page.offset + page.limit), total: 2 }),
  } as unknown as OfferReader;
  const app = createOffersApi(repo, createLogger('test', 'silent'));

  it('serves an inactive offer with its sources and price history', async () => {
    const res = await request(app).get(`/offers/${gone.id}`).expect(200);
    expect(res.body.data).toMatchObject({ id: gone.id, active: false, sources: [{ portal: 'sreality' }], priceHistory: [{ price: 5_490_000 }] });
  });

  it('offers the closest active alternatives first', async () => {
    const res = await request(app).get(`/offers/${gone.id}/alternatives?limit=2`).expect(200);
    expect(res.body.data.items.map((o: Offer) => o.id)).toEqual([near.id, otherLayout.id]);
  });

  it('answers not found and validation errors in the common error shape', async () => {
    const missing = await request(app).get('/offers/of_unknown').expect(404);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: 'offer of_unknown not found' } });
    await request(app).get('/offers?limit=500').expect(400);
    await request(app).get('/offers?adType=Castle').expect(400);
  });

  it('pages recent offers', async () => {
    const res = await request(app).get('/offers?limit=1&offset=1').expect(200);
    expect(res.body.data).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(res.body.data.items.map((o: Offer) => o.id)).toEqual([pricey.id]);
  });

  it('never offers the offer itself or an inactive one as an alternative', () => {
    expect(rankAlternatives(near, [near, gone, pricey]).map((o) => o.id)).toEqual([pricey.id]);
  });

  describe('non-public offers', () => {
    const secret = 'offers-api-test-secret-0123456789abcdef';
    const hidden = { ...offer('9', { price: 7_250_000 }), nonPublic: true };
    const hiddenRepo = { ...repo, findById: async (id: string) => (id === hidden.id ? hidden : null) } as unknown as OfferReader;
    const guarded = createOffersApi(hiddenRepo, createLogger('test', 'silent'), { jwtSecret: secret });
    const bearer = (role: number) => `Bearer ${jwt.sign({ sub: 'u_1', email: 'a@b.cz', role }, secret, { algorithm: 'HS256' })}`;

    it('answers a teaser without price or portal links to a visitor and to a tier below Standard', async () => {
      for (const auth of [undefined, bearer(ROLES.MINI), 'Bearer forged.token.here']) {
        const res = await request(guarded).get(`/offers/${hidden.id}`).set(auth ? { authorization: auth } : {}).expect(200);
        expect(res.body.data).toMatchObject({ id: hidden.id, access: 'teaser', price: null, url: '', sources: [] });
      }
    });

    it('answers the full offer from Standard up', async () => {
      const res = await request(guarded).get(`/offers/${hidden.id}`).set({ authorization: bearer(ROLES.STANDARD) }).expect(200);
      expect(res.body.data).toMatchObject({ id: hidden.id, price: 7_250_000, sources: [{ portal: 'sreality' }] });
      expect(res.body.data.access).toBeUndefined();
    });

    it('never answers it in full without a secret to verify sessions', async () => {
      const res = await request(createOffersApi(hiddenRepo, createLogger('test', 'silent'))).get(`/offers/${hidden.id}`).set({ authorization: bearer(ROLES.ADMIN) }).expect(200);
      expect(res.body.data.access).toBe('teaser');
    });
  });
});
