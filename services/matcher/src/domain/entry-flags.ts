/**
 * Bits of an index entry's `meta`. The low ten bits hold the watchdog's allowed terrace, land and
 * house types (a mask each, 0: any) at the positions where a lookup puts the offer's own, so
 * "allows one of the offer's" is `meta & offerBits & MASK`.
 */
export const TERRACE_MASK = 0b111;
export const LAND_TYPE_MASK = 0b111 << 3;
export const HOUSE_TYPE_MASK = 0b1111 << 6;
export const LAND_TYPE_SHIFT = 3;
export const HOUSE_TYPE_SHIFT = 6;

/** Needs `offer.elevator === true`; lookups of offers without one reject it by mask. */
export const ELEVATOR = 1 << 10;
/** Floor-area and land-area ranges in the entry's own row. */
export const AREA = 1 << 11;
export const LAND_AREA = 1 << 12;
/** Ranges in the entry's extras record. */
export const BEDS = 1 << 13;
export const PRICE_PER_M2 = 1 << 14;
/** Does not want offers without a price. */
export const PRICED_ONLY = 1 << 15;
/** The watchdog can be reached through more than one entry by one offer (several places, a radius). */
export const REPEAT = 1 << 16;
/** Removed after the bulk build; skipped until the next rebuild. */
export const REMOVED = 1 << 17;
/** The price range is restricted (only consulted for an offer whose price is not a number). */
export const PRICE_RESTRICTED = 1 << 18;
/** The row's 32-bit price or floor-area bounds were rounded outwards; the extras hold the exact ones. */
export const INEXACT = 1 << 20;

/**
 * Price per m² kept in the row's second range (units 4-5), for property types without land area
 * (whose rows leave that range free); houses and land keep it in the per-slot ranges.
 */
export const PRICE_PER_M2_IN_ROW = 1 << 21;

/**
 * The watchdog has criteria no entry holds — words, an area drawn on a map: a candidate with
 * either passes only when the lookup's `Narrowing` allows it, asked after every cheaper check of
 * the row. `NARROWED` is both; a row says which, so a candidate is asked only what it has.
 */
export const WORDS = 1 << 22;
export const MAP_AREA = 1 << 19;
export const NARROWED = WORDS | MAP_AREA;
/** Private sellers only / agencies only (criteria-seller.ts); an offer by anyone else rejects it by mask. */
export const PRIVATE_ONLY = 1 << 23;
export const AGENCY_ONLY = 1 << 24;

export const EXTRAS_CHECKS = BEDS | PRICE_PER_M2 | INEXACT;

/**
 * The short code of the watchdog's word criterion (1–127; 0: none given), so the common criteria
 * are decided from the row the walk has already read, without a read of the word filter's
 * per-slot table — a cache miss per candidate among a million slots.
 */
export const NARROW_CODE_SHIFT = 25;
export const NARROW_CODE_MASK = 0x7f << NARROW_CODE_SHIFT;
export const MAX_NARROW_CODE = 0x7f;
