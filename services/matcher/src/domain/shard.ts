/**
 * Which matcher instance keeps a watchdog: by its recipient, so all of one person's watchdogs sit
 * in one instance and an offer yields at most one match per person and instance.
 */
export function shardOf(email: string, shardCount: number): number {
  if (shardCount <= 1) return 0;
  // FNV-1a: stable across processes and versions, unlike anything seeded.
  let hash = 0x811c9dc5;
  const text = email.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shardCount;
}
