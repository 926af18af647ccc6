import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { personalPartsOf, subjectOf } from '@labelwise/domain';
import { sealPersonalFields } from '../src/event-codec';
import { PostgresSubjectKeys } from '../src/personal-data/subject-keys';
import type { NewEvent } from '../src/port';

/**
 * Appends events to the PostgreSQL store as versions before the codec checked text wrote them: the
 * personal fields sealed whatever they hold (a NUL in a review's comment), nothing else checked.
 */
export async function appendAsOlderVersion(pool: pg.Pool, stream: string, events: NewEvent[]) {
  const payload = (event: NewEvent) => event.data as Record<string, unknown>;
  const subjects = events.flatMap((event) =>
    personalPartsOf(event.type).flatMap((part) => subjectOf(part, payload(event)) ?? []),
  );
  const keys = await new PostgresSubjectKeys(pool).sealingKeys(subjects);
  const stored = events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: sealPersonalFields(event.type, payload(event), keys),
    metadata: event.metadata,
  }));
  await pool.query('select * from append_events($1, $2, $3, false)', [stream, 'any', JSON.stringify(stored)]);
}
