import { randomUUID } from 'node:crypto';
import { eventMetadataSchema, parseEvent, type EventMetadata } from '@labelwise/domain';
import type { NewEvent, Position, RecordedEvent } from './port';

export interface EncodedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** Validates a new event (payload and metadata) before it is written; gives it an id if it has none. */
export function encodeEvent(event: NewEvent): EncodedEvent {
  const { type, data } = parseEvent(event.type, event.data);
  return { id: event.id ?? randomUUID(), type, data, metadata: eventMetadataSchema.parse(event.metadata) };
}

export interface StoredEvent {
  id: string;
  stream: string;
  revision: bigint;
  position: Position;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
}

/** Validates an event read back from storage, so a bad row fails loudly where it is read. */
export function decodeEvent(stored: StoredEvent): RecordedEvent {
  const { type, data } = parseEvent(stored.type, stored.data);
  return {
    id: stored.id,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
    type,
    data,
    metadata: eventMetadataSchema.parse(stored.metadata),
    recordedAt: stored.recordedAt,
  } as RecordedEvent;
}
