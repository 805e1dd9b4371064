import { traceCarrierOf, traceContextOf } from '@rr/kit';
import type { Envelope } from '@rr/proto';
import type { OutgoingEvent } from '../domain/outgoing-event';

/**
 * Gives each offer event the correlation id and trace context of the listing message that caused
 * it (the last in the batch among the offer's sources), before the batch is journaled: events
 * leave through the outbox later, maybe after a restart, and still continue that listing's trace.
 * A withdrawal continues the trace of the listing withdrawal that ended the offer.
 */
export function stampOrigins(events: OutgoingEvent[], inputs: Envelope[]): void {
  const byKey = new Map(inputs.map((e) => [e.key, e]));
  for (const event of events) {
    const offer = 'offer' in event.data ? event.data.offer : undefined;
    if (!offer) continue;
    const source = [...offer.sources].reverse().map((s) => byKey.get(`${s.portal}:${s.listingId}`)).find(Boolean);
    if (!source) continue;
    event.correlationId = source.correlationId;
    event.trace = traceCarrierOf(traceContextOf(source));
  }
}
