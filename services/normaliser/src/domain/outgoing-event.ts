import type { EventData, EventType } from '@rr/proto';

/** An offer event a batch decided on, before the bus wraps it in an envelope. */
export type OutgoingEvent<T extends EventType = EventType> = { type: T; key: string; data: EventData<T> };
