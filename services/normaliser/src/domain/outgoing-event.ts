import type { EventData, EventType } from '@rr/proto';

/**
 * An offer event a batch decided on, before the bus wraps it in an envelope; with the correlation
 * id and W3C trace headers of the listing that caused it (journaled with it, see stampOrigins).
 */
export type OutgoingEvent<T extends EventType = EventType> = {
  type: T;
  key: string;
  data: EventData<T>;
  correlationId?: string;
  trace?: Record<string, string>;
};
