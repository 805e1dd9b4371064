import type { Envelope, MatchFoundV1 } from '@rr/proto';
import { alertedKeyOf, mayNotify } from '../domain/alert-rules';
import type { LedgerRepository } from '../repositories/ledger.repository';

/**
 * Drops the no-longer-active notices of people the ledger holds no sent alert about the offer for:
 * of any kind — the new offer, a price drop or a comeback each told them of it. The matcher names
 * the candidates (watchdogs that asked for notices and match the offer); the ledger says who of
 * them was told, read by the `{offerId, email}` index (one read per batch): bounded by the
 * candidates, never a scan. Batches without notices cost nothing.
 */
export async function withoutUnalertedNotices(ledger: Pick<LedgerRepository, 'toldAbout'>, events: Array<Envelope<MatchFoundV1>>): Promise<Array<Envelope<MatchFoundV1>>> {
  const notices = events.filter((e) => e.data.reason === 'noLongerActive');
  if (notices.length === 0) return events;
  const told = await ledger.toldAbout(notices.map((e) => ({ email: e.data.recipient.email.toLowerCase(), offerId: e.data.offer.id })));
  return events.filter((e) => mayNotify(e.data, told.has(alertedKeyOf(e.data)) ? { status: 'sent' } : null));
}
