/** What the limit choice needs of a watchdog. */
export type LimitCandidate = { _id: string; kept: boolean; createdAt: Date };

/**
 * Which of a person's watchdogs stay on under a limit: the ones they chose to keep first, then the
 * newest. Candidates are the active ones and the ones switched off for the limit; the rest of the
 * candidates are (or stay) off with reason `limit`.
 */
export function fitToLimit<T extends LimitCandidate>(candidates: readonly T[], max: number): { on: T[]; off: T[] } {
  const ordered = [...candidates].sort((a, b) => Number(Boolean(b.kept)) - Number(Boolean(a.kept)) || b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? -1 : 1));
  const room = Math.max(0, max);
  return { on: ordered.slice(0, room), off: ordered.slice(room) };
}

export type KeepChoiceError = 'empty' | 'duplicate' | 'too-many' | 'not-candidate';

/** A choice of watchdogs to keep is valid when every id is a distinct candidate and they fit the limit. */
export function checkKeepChoice(ids: readonly string[], candidateIds: ReadonlySet<string>, max: number): KeepChoiceError | null {
  if (ids.length === 0) return 'empty';
  if (new Set(ids).size !== ids.length) return 'duplicate';
  if (ids.some((id) => !candidateIds.has(id))) return 'not-candidate';
  if (ids.length > max) return 'too-many';
  return null;
}
