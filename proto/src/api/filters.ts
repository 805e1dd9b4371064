import { z } from 'zod';
import { EmailPreference, Locale, RecordStatus } from '../domain/enums';
import { WatchdogCriteria } from '../domain/watchdog';
import { DeliveryMode } from '../domain/delivery';

/**
 * The watchdog (filter) API of the account service, at `/api/filters`. Criteria are validated by
 * the account service with the spec's messages; these schemas describe the shape.
 */

export const CreateFilterBody = z.object({
  criteria: WatchdogCriteria,
  /** Required without a login (anonymous watchdog, confirmed by e-mail); ignored with one. */
  email: z.string().max(254).optional(),
  name: z.string().trim().max(100).nullish(),
  locale: Locale.optional(),
  /** "Ano, vytvořit": create even when another watchdog already covers the selection. */
  force: z.boolean().optional(),
});
export type CreateFilterBody = z.input<typeof CreateFilterBody>;

export const UpdateFilterBody = z.object({
  criteria: WatchdogCriteria.optional(),
  deliveryMode: DeliveryMode.optional(),
  name: z.string().trim().max(100).nullish(),
});
export type UpdateFilterBody = z.input<typeof UpdateFilterBody>;

/** A watchdog as the API shows it to its owner. */
export const FilterView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  criteria: WatchdogCriteria,
  status: RecordStatus,
  /** Why a disabled watchdog is off. */
  disabledReason: z.enum(['user', 'expired', 'consent', 'blocked', 'unsubscribed', 'limit']).nullable(),
  /** Chosen to stay on when the owner's limit falls (`PUT /filters/kept`). */
  kept: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  lastEmailAt: z.string().nullable(),
  sentCount: z.number(),
  /** At once or in the owner's digest (issue 19); optional for older clients. */
  deliveryMode: DeliveryMode.optional(),
  /** Confirmed invitees who get its alerts too. */
  memberCount: z.number().optional(),
});
export type FilterView = z.infer<typeof FilterView>;

/** `PUT /filters/kept`: the watchdogs that stay on when the limit is lower than their number. */
export const KeepFiltersBody = z.object({ ids: z.array(z.string().min(1).max(64)).max(1000) });
export type KeepFiltersBody = z.infer<typeof KeepFiltersBody>;
/** Its answer: every watchdog the limit applies to, after the choice, and the limit. */
export const KeepFiltersAnswer = z.object({ items: z.array(FilterView), limit: z.number(), message: z.string() });
export type KeepFiltersAnswer = z.infer<typeof KeepFiltersAnswer>;

/**
 * Outcome of `POST /api/filters`: `created` (active at once), `pending` (anonymous: waits for the
 * confirmation e-mail), `replaced` (it covers narrower watchdogs, which were removed). The other
 * outcomes are 409 errors: `WATCHDOG_DUPLICATE`, `WATCHDOG_COVERED` (repeat with `force: true`),
 * `WATCHDOG_LIMIT`; their `details.filterIds` name the existing watchdogs.
 */
export const FILTER_OUTCOMES = ['created', 'pending', 'replaced'] as const;
export type FilterOutcome = (typeof FILTER_OUTCOMES)[number];
export type CreateFilterAnswer = { outcome: FilterOutcome; message: string; filter: FilterView; replaced: string[] };

export const EmailPreferencesBody = z.object({ emailPreferences: z.array(EmailPreference) });
export type EmailPreferencesBody = z.infer<typeof EmailPreferencesBody>;
