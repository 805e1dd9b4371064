import type { DeliveryMode, DeliverySchedule } from '../domain/delivery';

/**
 * The delivery and sharing API of the account service (issue 19), free of zod so the web client
 * imports it cheaply. `GET/PUT /api/profile/delivery`; `/api/filters/:id/members…`; `/api/shared-filters`.
 */

/** `GET /profile/delivery`: the person's schedule, whether their tier has it, and the next digests. */
export type DeliverySettingsView = {
  schedule: DeliverySchedule;
  /** The tier includes digests and quiet hours (`scheduledDelivery`). */
  allowed: boolean;
  /** The next two digest times (ISO), for the form to show what the times mean. */
  nextDigests: string[];
};

/** `PUT /profile/delivery`. */
export type DeliverySettingsBody = { timeZone?: string; digestTimes?: string[]; quietHours?: { start: string; end: string } | null };

export type MemberStatus = 'invited' | 'active';

/** An invitee as the owner sees them. */
export type MemberView = { email: string; status: MemberStatus; invitedAt: string; confirmedAt: string | null };

/** `GET /filters/:id/members`: who gets the alerts, and how many more the tier allows. */
export type MembersAnswer = { items: MemberView[]; limit: number; message?: string };

/** A watchdog shared with the logged-in person (`GET /shared-filters`). */
export type SharedFilterView = { id: string; name: string | null; ownerEmail: string; summary: string[]; deliveryMode: DeliveryMode; confirmedAt: string | null };
