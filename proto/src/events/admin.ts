import { z } from 'zod';

/**
 * An administrator changed something a service other than the account service owns (a crawler
 * paused, a dead letter replayed). The account service appends it to the one audit log. Key:
 * the target's id. `eventId`-derived audit ids make a redelivery harmless.
 */
export const AdminActionRecordedV1 = z.object({
  adminId: z.string(),
  adminEmail: z.string(),
  action: z.string().regex(/^[a-z-]+\.[a-z-]+$/, 'action is <target>.<verb>'),
  targetType: z.string().min(1),
  targetId: z.string().min(1),
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
  at: z.string().datetime(),
});
export type AdminActionRecordedV1 = z.infer<typeof AdminActionRecordedV1>;
