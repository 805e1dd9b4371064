import { z } from 'zod';

/** An account was deleted and its personal data erased. Key: user id. */
export const UserDeletedV1 = z.object({
  userId: z.string(),
  email: z.string().email(),
  at: z.string().datetime(),
});
export type UserDeletedV1 = z.infer<typeof UserDeletedV1>;
