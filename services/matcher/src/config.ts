import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const MatcherConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8203),
  /** This instance keeps the watchdogs whose recipient hashes to SHARD_INDEX of SHARD_COUNT. */
  SHARD_INDEX: z.coerce.number().int().min(0).default(0),
  SHARD_COUNT: z.coerce.number().int().min(1).default(1),
}).refine((c) => c.SHARD_INDEX < c.SHARD_COUNT, { message: 'SHARD_INDEX must be below SHARD_COUNT', path: ['SHARD_INDEX'] });
export type MatcherConfig = z.infer<typeof MatcherConfig>;
