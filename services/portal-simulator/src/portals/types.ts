import type { Router } from 'express';
import type { AdType, Building, DispositionLabel, HouseType, LandType, Ownership, Portal, RealEstateType, TerraceType } from '@rr/proto';

/** A municipality as the simulator places properties (from the open-data CSV). */
export type SimPlace = {
  code: string;
  name: string;
  districtName: string;
  districtCode: string;
  regionName: string;
  regionCode: string;
  postcode: string;
  /** "Praha 8" style part for Prague, else null. */
  pragueDistrict: string | null;
  cityPart: string | null;
  street: string | null;
};

/**
 * One property as published on one portal. Cross-posts of the same property differ a little per
 * portal (title wording, area rounding, a price a few thousand apart), as real cross-posts do.
 */
export type SimListing = {
  portal: Portal;
  listingId: string;
  propertyId: string;
  /** The portal's public URL of the listing (on the simulator's host). */
  url: string;
  title: string;
  description: string;
  adType: AdType;
  realEstateType: RealEstateType;
  dispositionLabel: DispositionLabel | null;
  houseType: HouseType | null;
  landType: LandType | null;
  area: number | null;
  landArea: number | null;
  /** Total CZK (monthly for rentals); null = price on request. */
  price: number | null;
  /** Land priced per m² on portals that do that (sreality `price_unit_cb` 3). */
  pricePerM2Only: boolean;
  lat: number | null;
  lon: number | null;
  place: SimPlace;
  floor: number | null;
  ownership: Ownership | null;
  construction: Building | null;
  elevator: boolean | null;
  terraceTypes: TerraceType[];
  beds: number | null;
  images: string[];
  contactPerson: string | null;
  privateSeller: boolean;
  promoted: boolean;
  publishedAt: Date;
  updatedAt: Date;
  /** Withdrawn listings stay known so detail requests answer "gone" in the portal's own way. */
  active: boolean;
};

export type FaultMode = 'none' | 'rate-limit' | 'server-error' | 'slow' | 'layout-change';

/** What a renderer reads; the core keeps the store and applies 429 / 5xx / slow faults before renderers run. */
export type PortalView = {
  /** Active listings of this portal, newest first (promoted ones first on page 0 where the portal does that). */
  active(): SimListing[];
  /** Any listing ever published here, withdrawn ones included. */
  byId(listingId: string): SimListing | undefined;
  /** True while the `layout-change` fault is on: render a changed page layout the adapter cannot parse. */
  layoutChanged(): boolean;
  /** Origin of the simulator, e.g. http://localhost:8090, for absolute URLs. */
  origin: string;
};

/** One portal's endpoints at their real paths, mounted under `/<portal>`. */
export type PortalRenderer = {
  portal: Portal;
  mount(router: Router, view: PortalView): void;
  /** The layout the portal's pages state for a listing, when its format leaves some out (default: the listing's). */
  shownLayout?(l: SimListing): SimListing['dispositionLabel'];
};
