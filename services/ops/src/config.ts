import { BaseConfig } from '@rr/kit';
import { z } from 'zod';

export const OpsConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8209),
  /** The administration's API (`/admin/dead-letters`, through the gateway). */
  OPS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8109),
  /** Verifies the session tokens the account service signs (administrators only). */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters'),
  /** A message replayed this often is not replayed again (the loop guard): fix the cause, then discard. */
  DLQ_MAX_REPLAYS: z.coerce.number().int().min(1).max(100).default(3),
  /** Messages a bulk replay or discard takes per step; its cursor is saved after each step. */
  DLQ_JOB_PAGE: z.coerce.number().int().min(1).max(1000).default(100),
});
export type OpsConfig = z.infer<typeof OpsConfig>;
