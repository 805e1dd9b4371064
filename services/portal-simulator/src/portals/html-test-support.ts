import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Portal } from '@rr/proto';
import type { PortalRenderer, PortalView, SimListing } from './types';

/**
 * Tests only: serves one HTML renderer on an ephemeral port and reads it back through the crawler's
 * adapter for that portal. The adapter is loaded by path (the crawler is another workspace and
 * TypeScript project), so it is typed here by its shape.
 */

export type HttpAnswer = { status: number; headers: Record<string, string>; body: string; url: string };
export type Client = { request(url: string): Promise<HttpAnswer>; render(url: string): Promise<string> };
export type Ref = { listingId: string; url: string; fingerprint: string; promoted: boolean };
export type Adapter = {
  portal: Portal;
  listPage(client: Client, baseUrl: string, page: number): Promise<{ refs: Ref[]; hasMore: boolean }>;
  fetchDetail(client: Client, baseUrl: string, ref: Ref): Promise<{ kind: 'gone' } | { kind: 'listing'; listing: Record<string, unknown> }>;
};

export function loadAdapter(portal: Portal): Adapter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(join(__dirname, '../../../crawler/src/adapters', portal)) as Record<string, Adapter>;
  const adapter = module[`${portal}Adapter`];
  if (!adapter) throw new Error(`the crawler has no ${portal}Adapter`);
  return adapter;
}

let sequence = 0;

export function simListing(overrides: Partial<SimListing> = {}): SimListing {
  sequence += 1;
  const portal = overrides.portal ?? 'idnes';
  return {
    portal,
    listingId: String(100000 + sequence),
    propertyId: `p-${sequence}`,
    url: `http://127.0.0.1/${portal}/listing/${sequence}`,
    title: 'Prodej bytu 2+kk 55 m²',
    description: 'Světlý byt po rekonstrukci, klidná lokalita u parku.',
    adType: 'Sale',
    realEstateType: 'Apartment',
    dispositionLabel: '2+kk',
    houseType: null,
    landType: null,
    area: 55,
    landArea: null,
    price: 6_500_000,
    pricePerM2Only: false,
    lat: 50.0585,
    lon: 14.5402,
    place: PRAGUE_PLACE,
    floor: 3,
    ownership: 'Direct',
    construction: 'Brick',
    elevator: true,
    terraceTypes: ['Balcony'],
    beds: null,
    images: ['http://127.0.0.1/img/a1.jpg', 'http://127.0.0.1/img/a2.jpg'],
    contactPerson: 'Jana Ukázková',
    privateSeller: false,
    promoted: false,
    publishedAt: new Date('2026-10-03T08:15:00Z'),
    updatedAt: new Date('2026-10-03T08:15:00Z'),
    active: true,
    ...overrides,
  };
}

export const PRAGUE_PLACE: SimListing['place'] = {
  code: '554782', name: 'Praha', districtName: 'Hlavní město Praha', districtCode: 'CZ0100', regionName: 'Hlavní město Praha',
  regionCode: 'CZ010', postcode: '102 00', pragueDistrict: 'Praha 15', cityPart: 'Hostivař', street: 'Nurmiho',
};

export const BRNO_PLACE: SimListing['place'] = {
  code: '582786', name: 'Brno', districtName: 'Brno-město', districtCode: 'CZ0642', regionName: 'Jihomoravský kraj',
  regionCode: 'CZ064', postcode: '612 00', pragueDistrict: null, cityPart: 'Královo Pole', street: 'Srbská',
};

export const VILLAGE_PLACE: SimListing['place'] = {
  code: '563641', name: 'Tanvald', districtName: 'Jablonec nad Nisou', districtCode: 'CZ0512', regionName: 'Liberecký kraj',
  regionCode: 'CZ051', postcode: '468 41', pragueDistrict: null, cityPart: null, street: null,
};

/** The facts every HTML portal carries through to the raw listing. */
export function coreFacts(l: SimListing): Record<string, unknown> {
  return {
    portal: l.portal, listingId: l.listingId, adType: l.adType, realEstateType: l.realEstateType, dispositionLabel: l.dispositionLabel,
    area: l.area, landArea: l.landArea, price: l.price, lat: l.lat, lon: l.lon,
  };
}

export type SimServer = { origin: string; base: string; setLayoutChanged(on: boolean): void; close(): Promise<void> };

/** Mounts one renderer under `/<portal>` over a mutable list of listings (newest first). */
export async function serveRenderer(renderer: PortalRenderer, listings: SimListing[]): Promise<SimServer> {
  const app = express();
  let layoutChanged = false;
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const view: PortalView = {
    active: () => listings.filter((l) => l.active),
    byId: (id) => listings.find((l) => l.listingId === id),
    layoutChanged: () => layoutChanged,
    origin,
  };
  const router = express.Router();
  renderer.mount(router, view);
  app.use(`/${renderer.portal}`, router);
  return {
    origin,
    base: `${origin}/${renderer.portal}`,
    setLayoutChanged: (on) => { layoutChanged = on; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type JsdomModule = { JSDOM: new (html: string, options: object) => { serialize(): string; window: { close(): void } } };

/** A plain client over fetch; `render` runs the page's scripts in jsdom, as Chromium does for the crawler. */
export function fetchClient(): Client & { requested: string[] } {
  const requested: string[] = [];
  const request = async (url: string): Promise<HttpAnswer> => {
    requested.push(url);
    const response = await fetch(url, { redirect: 'follow' });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text(), url: response.url };
  };
  return {
    requested,
    request,
    async render(url) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { JSDOM } = require('jsdom') as JsdomModule;
      const page = await request(url);
      const dom = new JSDOM(page.body, { url, runScripts: 'dangerously' });
      const html = dom.serialize();
      dom.window.close();
      return html;
    },
  };
}
