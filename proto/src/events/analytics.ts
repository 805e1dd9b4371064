import { z } from 'zod';

/**
 * The analytics service filed new counts of offers under some place keys (`bucket_counts`
 * documents, `<placeKey>|<adType>`, each at its new version). Every analytics instance reads the
 * topic with a group of its own and drops older copies it holds, so reports can answer from
 * memory without asking the database whether each copy is still current. An empty `counts`
 * is an instance's probe: reading its own back tells it that it follows every later change.
 */
export const BucketCountsChangedV1 = z.object({
  counts: z.array(z.object({ id: z.string().min(1), version: z.number().int().min(1) })).max(1_000),
  /** The instance that wrote them (a probe's author knows its own). */
  by: z.string().min(1),
});
export type BucketCountsChangedV1 = z.infer<typeof BucketCountsChangedV1>;
