import type { Offer } from '@rr/proto';
import { MAP_AREA } from './entry-flags';
import type { AreaFilter } from './area-filter';
import type { Narrowing } from './filter-index';
import type { WordFilter } from './word-filter';

/**
 * The index's `Narrowing`: the criteria its rows do not hold. The common word criteria are decided
 * per offer by their short codes, which the index checks in its rows; the other candidates that
 * passed every other check and whose rows say they need a say are asked in a batch — words first,
 * then, of those still allowed, the areas drawn on a map. A candidate with neither is never asked,
 * so the per-slot tables are read only for the few that need them.
 */
export class CandidateChecks implements Narrowing {
  constructor(
    readonly words: WordFilter,
    readonly areas: AreaFilter,
  ) {}

  /** Starts a lookup: the offer the next `decide` is about. */
  begin(offer: Offer): void {
    this.words.begin(offer);
    this.areas.begin(offer);
  }

  codeVerdicts(): Uint8Array {
    return this.words.codeVerdicts();
  }

  decide(slots: Int32Array, metas: Int32Array, count: number, verdicts: Uint8Array): void {
    this.words.decide(slots, metas, count, verdicts);
    const areas = this.areas;
    for (let i = 0; i < count; i++) {
      if (verdicts[i] === 1 && (metas[i] & MAP_AREA) !== 0) verdicts[i] = areas.allows(slots[i]) ? 1 : 0;
    }
  }
}
