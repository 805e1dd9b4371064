import { z } from 'zod';

/**
 * Who a watchdog wants offers from (issue 19): `any`, `private` (private sellers only: the owner
 * advertises) or `agency` (agencies only: a real-estate agency or developer advertises). An
 * offer's seller is `Offer.privateSeller`: true private, false agency, null when its portals do
 * not say — an offer of an unknown seller matches only `any`, as a restricted range never matches
 * an offer that does not state its value. Where each portal's format tells the seller, and where
 * it cannot be relied on, is in docs/decisions.md ("Seller").
 */
export const SELLER_CHOICES = ['any', 'private', 'agency'] as const;
export const SellerCriterion = z.enum(SELLER_CHOICES);
export type SellerCriterion = z.infer<typeof SellerCriterion>;

/** Whether an offer whose seller is `privateSeller` (null: unknown) passes the criterion. */
export function sellerAllows(seller: SellerCriterion | undefined, privateSeller: boolean | null | undefined): boolean {
  if (seller == null || seller === 'any') return true;
  return seller === 'private' ? privateSeller === true : privateSeller === false;
}

/** Containment for the creation outcomes: every offer the narrower choice lets through, the broader one does. */
export const sellerContains = (broader: SellerCriterion | undefined, narrower: SellerCriterion | undefined): boolean =>
  (broader ?? 'any') === 'any' || broader === (narrower ?? 'any');

/**
 * The seller of a property from its portal listings: an agency as soon as one listing is an
 * agency's (agencies cross-post an owner's property; an owner who also hired an agency still
 * sells through it), private when every listing that tells says private, null when none tells.
 */
export function sellerOfListings(privateSellers: ReadonlyArray<boolean | null | undefined>): boolean | null {
  let seller: boolean | null = null;
  for (const s of privateSellers) {
    if (s === false) return false;
    if (s === true) seller = true;
  }
  return seller;
}
