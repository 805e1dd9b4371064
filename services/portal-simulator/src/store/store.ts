import type { Portal } from '@rr/proto';
import type { SimProperty } from '../domain';
import { createRng, type Rng } from '../generator/rng';
import type { SimListing } from '../portals/types';
import { priceWith, renderListing, variationFor, type ListingVariation } from './variants';

type StoredListing = SimListing & { variation: ListingVariation };

/** How many promoted listings a portal pins to the head of page 0 at once. */
const PINNED_PROMOTED = 4;

const REALITYCZ_AGENCIES = ['DMQ', 'AUZ', 'BNB', 'KRT', 'PLM', 'XVA', 'RKS', 'MRE'];

/**
 * Every property and its per-portal listings, in memory. Listing ids only ever grow (also across
 * `reset`), so a crawler that keeps state between tests never meets a reused id.
 */
export class SimStore {
  private properties = new Map<string, SimProperty>();
  private listings = new Map<string, StoredListing>();
  private byPortal = new Map<Portal, StoredListing[]>();
  private byProperty = new Map<string, StoredListing[]>();
  private activeCache = new Map<Portal, SimListing[]>();
  private nextPropertyNo = 1;
  private readonly idRng: Rng;
  private counters: Record<'bezrealitky' | 'ulovdomov' | 'bazos' | 'realitycz' | 'realitymix', number>;
  private usedSrealityIds = new Set<string>();

  constructor(seed: number, private readonly origin: string, private readonly clock: () => Date = () => new Date(), idEpoch = 0) {
    this.idRng = createRng((seed ^ 0x5eed ^ idEpoch) >>> 0);
    const shift = idEpoch * 1_000;
    // Reality.cz codes have six digits: their epoch shift wraps, and the random agency prefix keeps them apart.
    this.counters = { bezrealitky: 1_090_000 + shift, ulovdomov: 5_700_000 + shift, bazos: 223_000_000 + shift, realitycz: 3_000 + (idEpoch % 900) * 1_000, realitymix: 9_100_000 + shift };
  }

  nextPropertyId(): string {
    return `P${String(this.nextPropertyNo++).padStart(7, '0')}`;
  }

  now(): Date {
    return this.clock();
  }

  publish(property: SimProperty, portals: Portal[], opts: { promoted?: boolean } = {}): SimListing[] {
    this.properties.set(property.id, property);
    const now = this.clock();
    const published = [...new Set(portals)].map((portal, i) => {
      const variation = variationFor(property, portal, i === 0);
      const rng = createRng(`${property.id}:${portal}:extras`);
      const promoted = opts.promoted ?? ((portal === 'sreality' || portal === 'bazos') && rng.chance(0.04));
      const pricePerM2Only = portal === 'sreality' && property.realEstateType === 'Land' && property.adType === 'Sale' && rng.chance(0.5);
      const listing: StoredListing = {
        ...renderListing({ property, portal, listingId: this.nextListingId(portal), origin: this.origin, variation, promoted, pricePerM2Only, now }),
        variation,
      };
      this.listings.set(`${portal}:${listing.listingId}`, listing);
      this.list(this.byPortal, portal).push(listing);
      this.list(this.byProperty, property.id).push(listing);
      this.activeCache.delete(portal);
      return listing;
    });
    return published;
  }

  setPrice(propertyId: string, price: number | null): SimListing[] | null {
    const property = this.properties.get(propertyId);
    if (!property) return null;
    property.price = price;
    const now = this.clock();
    const listings = this.byProperty.get(propertyId) ?? [];
    for (const l of listings) {
      l.price = priceWith(price, l.variation.priceDelta);
      l.updatedAt = now;
      this.activeCache.delete(l.portal);
    }
    return listings;
  }

  withdraw(propertyId: string, portals?: Portal[]): SimListing[] | null {
    const property = this.properties.get(propertyId);
    if (!property) return null;
    const now = this.clock();
    const listings = (this.byProperty.get(propertyId) ?? []).filter((l) => !portals || portals.includes(l.portal));
    for (const l of listings) {
      l.active = false;
      l.updatedAt = now;
      this.activeCache.delete(l.portal);
    }
    property.active = (this.byProperty.get(propertyId) ?? []).some((l) => l.active);
    return listings;
  }

  /**
   * Publishes a withdrawn property again: its withdrawn listings on the given portals (all it had,
   * by default) are shown again as the newest, under their old ids; a portal it never had gets a new
   * listing (back "on any portal"). Listings still shown are left as they are.
   */
  republish(propertyId: string, portals?: Portal[]): SimListing[] | null {
    const property = this.properties.get(propertyId);
    if (!property) return null;
    const own = this.byProperty.get(propertyId) ?? [];
    const wanted = portals ?? [...new Set(own.map((l) => l.portal))];
    const now = this.clock();
    const shown: SimListing[] = [];
    for (const portal of new Set(wanted)) {
      const listing = own.find((l) => l.portal === portal);
      if (!listing) {
        shown.push(...this.publish(property, [portal]));
        continue;
      }
      if (listing.active) continue;
      listing.active = true;
      listing.updatedAt = now;
      // Back at the head of the portal's newest-first list, as a re-activated advert is.
      const list = this.list(this.byPortal, portal);
      list.splice(list.indexOf(listing), 1);
      list.push(listing);
      this.activeCache.delete(portal);
      shown.push(listing);
    }
    property.active = own.some((l) => l.active) || shown.length > 0;
    return shown;
  }

  property(id: string): SimProperty | undefined {
    return this.properties.get(id);
  }

  allProperties(): SimProperty[] {
    return [...this.properties.values()];
  }

  listingsOf(propertyId: string): SimListing[] {
    return this.byProperty.get(propertyId) ?? [];
  }

  allListings(): SimListing[] {
    return [...this.listings.values()];
  }

  byId(portal: Portal, listingId: string): SimListing | undefined {
    return this.listings.get(`${portal}:${listingId}`);
  }

  /** Active listings, newest first, with the few most recent promoted ones pinned at the head. */
  active(portal: Portal): SimListing[] {
    const cached = this.activeCache.get(portal);
    if (cached) return cached;
    const newestFirst = (this.byPortal.get(portal) ?? []).filter((l) => l.active).reverse();
    const pinned = newestFirst.filter((l) => l.promoted).slice(0, PINNED_PROMOTED);
    const result = pinned.length ? [...pinned, ...newestFirst.filter((l) => !pinned.includes(l))] : newestFirst;
    this.activeCache.set(portal, result);
    return result;
  }

  counts(): Record<string, { active: number; total: number }> {
    const out: Record<string, { active: number; total: number }> = {};
    for (const [portal, list] of this.byPortal) out[portal] = { active: this.active(portal).length, total: list.length };
    return out;
  }

  /** Forget every property and listing; id counters keep growing. */
  clear(): void {
    this.properties.clear();
    this.listings.clear();
    this.byPortal.clear();
    this.byProperty.clear();
    this.activeCache.clear();
  }

  private nextListingId(portal: Portal): string {
    switch (portal) {
      case 'sreality': {
        let id: string;
        do id = String(1_000_000_000 + Math.floor(this.idRng.next() * 3_200_000_000));
        while (this.usedSrealityIds.has(id));
        this.usedSrealityIds.add(id);
        return id;
      }
      case 'idnes': return this.idRng.hex(24);
      case 'realitycz': return `${this.idRng.pick(REALITYCZ_AGENCIES)}-${String(++this.counters.realitycz).padStart(6, '0')}`;
      default:
        this.counters[portal] += portal === 'bazos' ? this.idRng.int(1, 4) : 1;
        return String(this.counters[portal]);
    }
  }

  private list<K, V>(map: Map<K, V[]>, key: K): V[] {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  }
}
