import { z } from 'zod';

/**
 * Team seats (issue 15): the owner of a plan with more than one seat (`seats` in the entitlement
 * table: Profi 3, Enterprise 10) lets other registered people use it; each member has the owner's
 * role for as long as the owner's subscription lasts. `/api/profile/team`.
 */
export const AddSeatBody = z.object({ email: z.string().trim().toLowerCase().email('not an e-mail address').max(254) }).strict();
export type AddSeatBody = z.infer<typeof AddSeatBody>;

export type TeamMemberView = { userId: string; email: string; addedAt: string };

/** What the profile shows: as an owner the seats and members, as a member whose plan it is. */
export type TeamView =
  | { kind: 'owner'; seats: number; members: TeamMemberView[] }
  | { kind: 'member'; ownerEmail: string; addedAt: string }
  | { kind: 'none'; seats: number };
