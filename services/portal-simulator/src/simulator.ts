import type { Portal } from '@rr/proto';
import { PublishRequest, type PropertyInput, type SimProperty } from './domain';
import { Faults } from './faults';
import { RobotsFiles } from './robots';
import { loadMunicipalities } from './generator/places';
import { generateProperty, indexPlaces, type PlaceIndex } from './generator/property';
import { createRng, type Rng } from './generator/rng';
import { MOUNTED_PORTALS, shownLayout } from './portals';
import type { PortalView, SimListing } from './portals/types';
import { SimStore } from './store/store';
import { choosePortals, StreamRunner, type StreamRequest } from './stream';

export type SimulatorOptions = {
  seed: number;
  /**
   * Shifts every portal's listing ids, so a simulator started again (a new process, same seed)
   * never reuses ids that a crawler's saved state already knows. 0 (tests) keeps them fixed.
   */
  idEpoch?: number;
  /** Public origin of the simulator, e.g. http://localhost:8090; listing URLs are built on it. */
  origin: string;
  municipalitiesCsv: string;
  clock?: () => Date;
};

export type PublishedProperty = { propertyId: string; property: SimProperty; listings: { portal: Portal; listingId: string; url: string }[] };

/** The simulator's state and operations; HTTP routes are thin over this. */
export class Simulator {
  readonly store: SimStore;
  readonly faults = new Faults();
  readonly robots = new RobotsFiles();
  readonly stream: StreamRunner;
  readonly places: PlaceIndex;
  private rng: Rng;

  constructor(readonly options: SimulatorOptions) {
    this.places = indexPlaces(loadMunicipalities(options.municipalitiesCsv));
    this.store = new SimStore(options.seed, options.origin, options.clock, options.idEpoch ?? 0);
    this.rng = createRng(options.seed);
    this.stream = new StreamRunner((rng, req) => this.publishRandom(rng, req));
  }

  get origin(): string {
    return this.options.origin;
  }

  publish(input: PropertyInput & { portals: Portal[] }, rng: Rng = this.rng): PublishedProperty {
    const { portals, promoted, ...facts } = PublishRequest.parse(input);
    const property = generateProperty(rng, this.places, facts, this.store.nextPropertyId(), this.store.now());
    const listings = this.store.publish(property, portals, { promoted });
    return { propertyId: property.id, property, listings: listings.map(({ portal, listingId, url }) => ({ portal, listingId, url })) };
  }

  /** One stream step: a new property on one or more portals, sometimes a price change or withdrawal too. */
  publishRandom(rng: Rng, req: Pick<StreamRequest, 'crossPostShare' | 'portals' | 'priceChangeShare' | 'withdrawShare'>): PublishedProperty | null {
    const property = generateProperty(rng, this.places, {}, this.store.nextPropertyId(), this.store.now());
    const portals = choosePortals(rng, req.portals ?? MOUNTED_PORTALS, req.crossPostShare, property.adType, property.realEstateType);
    if (portals.length === 0) return null;
    this.store.publish(property, portals);
    if (rng.chance(req.priceChangeShare)) this.changeSomePrice(rng);
    if (rng.chance(req.withdrawShare)) this.withdrawSome(rng);
    return { propertyId: property.id, property, listings: this.store.listingsOf(property.id).map(({ portal, listingId, url }) => ({ portal, listingId, url })) };
  }

  publishMany(count: number, req: StreamRequest): { published: number; listings: number } {
    const rng = req.seed !== undefined ? createRng(req.seed) : this.rng;
    let published = 0;
    let listings = 0;
    for (let i = 0; i < count; i++) {
      const result = this.publishRandom(rng, req);
      if (result) {
        published++;
        listings += result.listings.length;
      }
    }
    return { published, listings };
  }

  view(portal: Portal): PortalView {
    return {
      active: () => this.store.active(portal),
      byId: (listingId: string) => this.store.byId(portal, listingId),
      layoutChanged: () => this.faults.layoutChanged(portal),
      origin: this.origin,
    };
  }

  groundTruth(): { properties: object[]; listings: object[] } {
    return {
      properties: this.store.allProperties().map((p) => ({
        id: p.id, active: p.active, adType: p.adType, realEstateType: p.realEstateType, dispositionLabel: p.dispositionLabel,
        houseType: p.houseType, landType: p.landType, area: p.area, landArea: p.landArea, price: p.price, lat: p.lat, lon: p.lon, privateSeller: p.privateSeller,
        municipalityCode: p.municipalityCode, municipalityName: p.place.name, districtCode: p.place.districtCode,
        regionCode: p.place.regionCode, pragueDistrict: p.place.pragueDistrict, createdAt: p.createdAt.toISOString(),
      })),
      listings: this.store.allListings().map((l: SimListing) => ({
        portal: l.portal, listingId: l.listingId, propertyId: l.propertyId, url: l.url, active: l.active, price: l.price,
        area: l.area, dispositionLabel: shownLayout(l), hasGps: l.lat != null, publishedAt: l.publishedAt.toISOString(),
      })),
    };
  }

  reset(seed?: number): void {
    this.stream.stop();
    this.faults.clear();
    this.robots.clear();
    this.store.clear();
    this.rng = createRng(seed ?? this.options.seed);
  }

  private changeSomePrice(rng: Rng): void {
    const candidates = this.store.allProperties().filter((p) => p.active && p.price != null);
    if (!candidates.length) return;
    const p = rng.pick(candidates);
    const factor = rng.pick([0.9, 0.95, 0.97, 1.03]);
    this.store.setPrice(p.id, Math.round((p.price! * factor) / 1000) * 1000 || p.price);
  }

  private withdrawSome(rng: Rng): void {
    const candidates = this.store.allProperties().filter((p) => p.active);
    if (candidates.length) this.store.withdraw(rng.pick(candidates).id);
  }
}
