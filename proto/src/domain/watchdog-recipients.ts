import type { Delivery } from './delivery';
import { entitlementsOf } from './roles';
import type { Watchdog } from './watchdog';

/** One person a watchdog alerts and how: its owner, or a confirmed invitee of a shared one. */
export type WatchdogRecipient = { email: string; delivery: Delivery | undefined; member: boolean };

/**
 * The people a watchdog's state alerts and how each gets its alerts, as the matcher sends them:
 * digests and quiet hours only with the owner's tier (`scheduledDelivery`), and only the first
 * invitees up to the tier's `sharedRecipients` (a downgrade takes effect without republishing).
 * E-mails in lower case, as the ledger keys them.
 */
export function recipientsOfWatchdog(watchdog: Watchdog): WatchdogRecipient[] {
  const entitled = entitlementsOf(watchdog.ownerRole);
  const deliveryOf = (d: Delivery | undefined) => (entitled.scheduledDelivery ? d : undefined);
  return [
    { email: watchdog.email.toLowerCase(), delivery: deliveryOf(watchdog.delivery), member: false },
    ...(watchdog.members ?? []).slice(0, entitled.sharedRecipients).map((m) => ({ email: m.email.toLowerCase(), delivery: deliveryOf(m.delivery), member: true })),
  ];
}
