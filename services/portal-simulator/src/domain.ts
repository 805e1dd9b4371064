import { z } from 'zod';
import {
  AdType, Building, DispositionLabel, HouseType, LandType, Ownership, Portal, RealEstateType, TerraceType,
} from '@rr/proto';
import type { SimPlace } from './portals/types';

/** One real-world property; each portal that publishes it gets its own `SimListing`. */
export type SimProperty = {
  id: string;
  adType: AdType;
  realEstateType: RealEstateType;
  dispositionLabel: DispositionLabel | null;
  houseType: HouseType | null;
  landType: LandType | null;
  area: number | null;
  landArea: number | null;
  price: number | null;
  lat: number;
  lon: number;
  municipalityCode: string;
  place: SimPlace;
  description: string;
  floor: number | null;
  ownership: Ownership | null;
  construction: Building | null;
  elevator: boolean | null;
  terraceTypes: TerraceType[];
  beds: number | null;
  contactPerson: string | null;
  privateSeller: boolean;
  photoCount: number;
  createdAt: Date;
  active: boolean;
};

/** `POST /admin/properties`: any fact left out is generated. */
export const PropertyInput = z.object({
  adType: AdType.optional(),
  realEstateType: RealEstateType.optional(),
  disposition: DispositionLabel.nullable().optional(),
  dispositionLabel: DispositionLabel.nullable().optional(),
  houseType: HouseType.nullable().optional(),
  landType: LandType.nullable().optional(),
  area: z.number().positive().nullable().optional(),
  landArea: z.number().positive().nullable().optional(),
  price: z.number().positive().nullable().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  municipalityCode: z.string().regex(/^\d{6}$/).optional(),
  /** 1–22, Prague only. */
  pragueDistrict: z.number().int().min(1).max(22).optional(),
  street: z.string().nullable().optional(),
  description: z.string().optional(),
  floor: z.number().int().nullable().optional(),
  ownership: Ownership.nullable().optional(),
  construction: Building.nullable().optional(),
  elevator: z.boolean().nullable().optional(),
  terraceTypes: z.array(TerraceType).optional(),
  beds: z.number().int().nullable().optional(),
  contactPerson: z.string().nullable().optional(),
  privateSeller: z.boolean().optional(),
  photoCount: z.number().int().min(0).max(40).optional(),
  /** Pin the listings as promoted (topped) where the portal has promotions. */
  promoted: z.boolean().optional(),
});
export type PropertyInput = z.infer<typeof PropertyInput>;

export const PublishRequest = PropertyInput.extend({ portals: z.array(Portal).min(1) });

/** Admin input the simulator cannot honour (answered as 400). */
export class SimInputError extends Error {
  override name = 'SimInputError';
  constructor(message: string, readonly field?: string) {
    super(message);
  }
}
