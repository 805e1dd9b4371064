import type { Envelope, MatchFoundV1 } from '@rr/proto';
import { alertedKeyOf, mayNotify } from '../domain/alert-rules';
import type { LedgerRepository } from '../repositories/ledger.repository';

/**
 * Drops the no-longer-active notices of people the ledger holds no sent alert about the offer for.
 * The matcher names the candidates (watchdogs that asked for notices and match the offer); the
 * ledger says who of them was told about it, read by `_id` (one `$in` per batch): bounded by the
 * candidates, never a scan. Batches without notices cost nothing.
 */
export async function withoutUnalertedNotices(ledger: Pick<LedgerRepository, 'findByIds'>, events: Array<Envelope<MatchFoundV1>>): Promise<Array<Envelope<MatchFoundV1>>> {
  const notices = events.filter((e) => e.data.reason === 'noLongerActive');
  if (notices.length === 0) return events;
  const alerted = new Map((await ledger.findByIds([...new Set(notices.map((e) => alertedKeyOf(e.data)))])).map((entry) => [entry._id, entry]));
  return events.filter((e) => mayNotify(e.data, alerted.get(alertedKeyOf(e.data))));
}
