import { z } from 'zod';

/** Enumerations of the product specification (section 3), shared by every service and the web client. */

export const LOCALES = ['cs', 'en'] as const;
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;
export const DEFAULT_LOCALE: Locale = 'cs';

export const AD_TYPES = ['Sale', 'Rent', 'Auction', 'Roommates', 'Other'] as const;
export const AdType = z.enum(AD_TYPES);
export type AdType = z.infer<typeof AdType>;

export const REAL_ESTATE_TYPES = ['Apartment', 'House', 'Land', 'Commercial', 'Other'] as const;
export const RealEstateType = z.enum(REAL_ESTATE_TYPES);
export type RealEstateType = z.infer<typeof RealEstateType>;

/** The spec's coarse disposition enum. */
export const DISPOSITIONS = ['1bed', '2bed', '3bed', '4bed', 'independentRoom'] as const;
export const Disposition = z.enum(DISPOSITIONS);
export type Disposition = z.infer<typeof Disposition>;

/**
 * The exact Czech layout labels that portals publish and people search by. Each maps to the
 * coarse enum (docs/decisions.md: 4bed means four rooms or more).
 */
export const DISPOSITION_LABELS = [
  '1+kk', '1+1', '2+kk', '2+1', '3+kk', '3+1', '4+kk', '4+1', '5+kk', '5+1', '6+', 'atypical', 'room',
] as const;
export const DispositionLabel = z.enum(DISPOSITION_LABELS);
export type DispositionLabel = z.infer<typeof DispositionLabel>;

export function dispositionOf(label: DispositionLabel): Disposition | null {
  if (label === 'room') return 'independentRoom';
  if (label === 'atypical') return null;
  if (label === '6+') return '4bed';
  const rooms = Number(label[0]);
  return rooms >= 4 ? '4bed' : (`${rooms}bed` as Disposition);
}

export const LAND_TYPES = ['BuildPlot', 'Commercial', 'Other'] as const;
export const LandType = z.enum(LAND_TYPES);
export type LandType = z.infer<typeof LandType>;

export const HOUSE_TYPES = ['Detached', 'Terraced', 'Cottage', 'Hut'] as const;
export const HouseType = z.enum(HOUSE_TYPES);
export type HouseType = z.infer<typeof HouseType>;

export const TERRACE_TYPES = ['Terrace', 'Loggia', 'Balcony'] as const;
export const TerraceType = z.enum(TERRACE_TYPES);
export type TerraceType = z.infer<typeof TerraceType>;

export const BUILDINGS = ['Brick', 'Other', 'Panel', 'Stone', 'Wood'] as const;
export const Building = z.enum(BUILDINGS);
export type Building = z.infer<typeof Building>;

export const CONDITIONS = ['Bad', 'Good', 'In Progress', 'New'] as const;
export const Condition = z.enum(CONDITIONS);
export type Condition = z.infer<typeof Condition>;

export const OWNERSHIPS = ['Cooperative', 'Direct', 'Municipal', 'Shared'] as const;
export const Ownership = z.enum(OWNERSHIPS);
export type Ownership = z.infer<typeof Ownership>;

export const RECORD_STATUSES = ['Active', 'Deleted', 'Disabled', 'Pending'] as const;
export const RecordStatus = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof RecordStatus>;

export const USER_STATES = ['Active', 'Blocked', 'Created', 'Deleted', 'New'] as const;
export const UserState = z.enum(USER_STATES);
export type UserState = z.infer<typeof UserState>;

export const TELEPHONE_SOURCES = ['CTA_BOX', 'LANDING_PAGE', 'REGISTRATION'] as const;
export const TelephoneSource = z.enum(TELEPHONE_SOURCES);
export type TelephoneSource = z.infer<typeof TelephoneSource>;

export const MATCH_MODES = ['None', 'ExactMatch', 'Within', 'Contains'] as const;
export const MatchMode = z.enum(MATCH_MODES);
export type MatchMode = z.infer<typeof MatchMode>;

/** The seven portals we ingest; the id is also the simulator's path prefix. */
export const PORTALS = ['sreality', 'bezrealitky', 'idnes', 'bazos', 'ulovdomov', 'realitycz', 'realitymix'] as const;
export const Portal = z.enum(PORTALS);
export type Portal = z.infer<typeof Portal>;

export const PORTAL_NAMES: Record<Portal, string> = {
  sreality: 'Sreality.cz',
  bezrealitky: 'Bezrealitky.cz',
  idnes: 'iDNES Reality',
  bazos: 'Bazoš.cz',
  ulovdomov: 'UlovDomov.cz',
  realitycz: 'Reality.cz',
  realitymix: 'RealityMix.cz',
};

/** E-mail preferences a user can switch on or off; `notifications` gates every watchdog alert. */
export const EMAIL_PREFERENCES = ['notifications', 'newsletter', 'marketing'] as const;
export const EmailPreference = z.enum(EMAIL_PREFERENCES);
export type EmailPreference = z.infer<typeof EmailPreference>;
