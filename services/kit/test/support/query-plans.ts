import type { Document } from 'mongodb';

/**
 * Whether a find's explain output says it is answered from an index: SQLite's plan on the
 * embedded database (a `SEARCH` or an ordered walk `SCAN … USING INDEX`, never a bare `SCAN` of
 * the table, nor sorting every match in a temporary tree), MongoDB's winning plan elsewhere (an
 * IXSCAN, no COLLSCAN, no SORT stage).
 */
export function explainUsesIndex(explain: Document): boolean {
  const planner = explain.queryPlanner as Document | undefined;
  const sqlitePlan = planner?.Plan as string[] | undefined;
  if (Array.isArray(sqlitePlan)) {
    const usesIndex = sqlitePlan.some((step) => /USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY/.test(step));
    const scansTable = sqlitePlan.some((step) => /detail=SCAN \S+$/.test(step));
    const sortsAll = sqlitePlan.some((step) => step.includes('TEMP B-TREE FOR'));
    return usesIndex && !scansTable && !sortsAll;
  }
  const winning = JSON.stringify(planner?.winningPlan ?? {});
  return winning.includes('IXSCAN') && !winning.includes('COLLSCAN') && !winning.includes('"stage":"SORT"');
}

/**
 * The name of the index a find's explain output says answers it (`email_1`): from SQLite's plan
 * on the embedded database (its index names end with the MongoDB index name), from the winning
 * plan's IXSCAN elsewhere; '' when none does.
 */
export function plannedIndex(explain: Document): string {
  const planner = explain.queryPlanner as Document | undefined;
  const sqlitePlan = planner?.Plan as string[] | undefined;
  if (Array.isArray(sqlitePlan)) {
    for (const step of sqlitePlan) {
      const used = /USING (?:COVERING )?INDEX [a-z0-9_.-]+?_[0-9a-f]{8}_(\S+)/i.exec(step);
      if (used) return used[1];
    }
    return '';
  }
  return /"indexName":"([^"]+)"/.exec(JSON.stringify(planner?.winningPlan ?? {}))?.[1] ?? '';
}
