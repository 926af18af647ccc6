import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import {
  assertStorableText,
  cleanTextDeep,
  eventMetadataSchema,
  parseEvent,
  personalPartsOf,
  subjectOf,
  type EventMetadata,
} from '@labelwise/domain';
import type { SubjectKey, SubjectKeys } from './personal-data/subject-keys';
import { SubjectErased, type NewEvent, type Position, type RecordedEvent } from './port';

export interface EncodedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** New events as the log stores them, and the subjects they are for (see `AppendOptions`). */
export interface EncodedBatch {
  events: EncodedEvent[];
  /** Whose data they seal, and on whose behalf they are appended: none may be erased when they land. */
  subjects: string[];
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
  /**
   * The keys of its sealed parts still held, when the read brought them along (by key id; a
   * destroyed one is absent); otherwise the codec looks them up.
   */
  keys?: ReadonlyMap<string, Buffer>;
}

/** One part of a payload's personal fields, sealed with AES-256-GCM under the key `k` (a key id, never the subject). */
interface SealedPart {
  k: string;
  iv: string;
  ct: string;
  tag: string;
}

/** Where a stored payload keeps its sealed parts. */
export const SEALED = '$sealed';

type Payload = Record<string, unknown>;

/**
 * Turns events into what the log stores and back, for both adapters: validates every payload on
 * the way in and out, and seals the personal fields the domain declares (`personalData`) with
 * their subject's key, so that destroying the key forgets them wherever the log is copied.
 */
export class EventCodec {
  constructor(private readonly keys: SubjectKeys) {}

  /**
   * Validates new events, gives each an id if it has none, and seals their personal fields; refuses
   * (SubjectErased) events holding the data of a subject whose erasure has begun. Text PostgreSQL
   * could not store (a NUL, half a surrogate pair) is refused here, before sealing: once sealed, a
   * field is ciphertext that no later check sees, and a read model would meet it only when it stores
   * the opened text.
   */
  async encode(events: readonly NewEvent[], onBehalfOf: readonly string[] = []): Promise<EncodedBatch> {
    const parsed = events.map((event) => {
      const { type, data } = parseEvent(event.type, event.data);
      assertStorableText(data, type);
      return { event, type, data };
    });
    const sealedFor = [
      ...new Set(
        parsed.flatMap(({ type, data }) =>
          personalPartsOf(type).flatMap((part) => subjectOf(part, data as Payload) ?? []),
        ),
      ),
    ];
    const keys =
      sealedFor.length > 0 ? await this.keys.sealingKeys(sealedFor) : new Map<string, SubjectKey>();
    const erased = sealedFor.filter((subject) => !keys.has(subject));
    if (erased.length > 0) throw new SubjectErased(erased);
    const encoded = parsed.map(({ event, type, data }) => ({
      id: event.id ?? randomUUID(),
      type,
      data: sealPersonalFields(type, data as Payload, keys),
      metadata: eventMetadataSchema.parse(event.metadata),
    }));
    return { events: encoded, subjects: [...new Set([...sealedFor, ...onBehalfOf])] };
  }

  /** Opens and validates events read back from storage, so a bad row fails loudly where it is read. */
  async decode(stored: readonly StoredEvent[]): Promise<RecordedEvent[]> {
    const keyIds = stored.flatMap((event) =>
      event.keys ? [] : sealedParts(event.data).map((part) => part.k),
    );
    const keys = keyIds.length > 0 ? await this.keys.openingKeys(keyIds) : new Map<string, Buffer>();
    return stored.map((event) => {
      const { type, data } = parseEvent(event.type, open(event.type, event.data, event.keys ?? keys));
      return {
        id: event.id,
        stream: event.stream,
        revision: event.revision,
        position: event.position,
        type,
        data,
        metadata: eventMetadataSchema.parse(event.metadata),
        recordedAt: event.recordedAt,
      } as RecordedEvent;
    });
  }
}

/** The payload with each personal part sealed under its subject's key. */
export function sealPersonalFields(type: string, data: Payload, keys: Map<string, SubjectKey>): Payload {
  const parts = personalPartsOf(type);
  if (parts.length === 0) return data;
  const stored: Payload = { ...data };
  const sealed: SealedPart[] = [];
  for (const part of parts) {
    const subject = subjectOf(part, data);
    if (subject === null) continue;
    const key = keys.get(subject)!;
    const fields = Object.keys(part.forgotten);
    sealed.push(encrypt(type, key, Object.fromEntries(fields.map((field) => [field, data[field]]))));
    for (const field of fields) delete stored[field];
  }
  return sealed.length > 0 ? { ...stored, [SEALED]: sealed } : stored;
}

/**
 * The payload with its sealed parts opened, and the personal fields whose key is destroyed given
 * their forgotten values. A payload written before sealing (clear text) passes as it is. Opened text
 * is cleaned: events sealed before `encode` refused a NUL held one in ciphertext, where the
 * events table's jsonb could not see it.
 */
function open(type: string, stored: unknown, keys: ReadonlyMap<string, Buffer>): unknown {
  const parts = sealedParts(stored);
  if (parts.length === 0) return stored;
  const { [SEALED]: _sealed, ...data } = stored as Payload;
  for (const part of parts) {
    const key = keys.get(part.k);
    if (key) Object.assign(data, cleanTextDeep(decrypt(type, key, part)));
  }
  for (const part of personalPartsOf(type)) {
    const fields = Object.keys(part.forgotten);
    if (fields.every((field) => !(field in data))) Object.assign(data, part.forgotten);
  }
  return data;
}

function sealedParts(data: unknown): SealedPart[] {
  if (typeof data !== 'object' || data === null || !(SEALED in data)) return [];
  return (data as { [SEALED]: SealedPart[] })[SEALED];
}

function encrypt(type: string, { id, key }: SubjectKey, fields: Payload): SealedPart {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(`${type}\n${id}`));
  const ct = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  const b64 = (bytes: Buffer) => bytes.toString('base64');
  return { k: id, iv: b64(iv), ct: b64(ct), tag: b64(cipher.getAuthTag()) };
}

function decrypt(type: string, key: Buffer, part: SealedPart): Payload {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(part.iv, 'base64'))
    .setAAD(Buffer.from(`${type}\n${part.k}`))
    .setAuthTag(Buffer.from(part.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(part.ct, 'base64')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as Payload;
}
