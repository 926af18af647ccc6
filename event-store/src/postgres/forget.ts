import { personalData, personalPartsOf, subjectName, subjectOf, type SubjectKind } from '@labelwise/domain';
import type pg from 'pg';
import type { SubjectKeys } from '../personal-data/subject-keys';
import type { Erasure } from '../port';
import { inTransaction } from './transaction';

/** Every (event type, subject field, subject kind) the catalogue declares personal parts for. */
const personalFields = Object.entries(personalData).flatMap(([type, parts]) =>
  parts.map((part) => ({ type, field: part.subject.field, kind: part.subject.kind })),
);

/**
 * The erasure in PostgreSQL, in one transaction: the subjects' keys are destroyed; their personal
 * fields in events written in clear text (before the log sealed them) are overwritten with their
 * forgotten values — the one exception to append-only, which changes no revision, position or
 * type —; and streams whose names are personal are deleted.
 */
export async function forgetInPostgres(pool: pg.Pool, keys: SubjectKeys, erasure: Erasure): Promise<void> {
  await inTransaction(pool, async (client) => {
    if (erasure.subjects.length > 0) {
      await keys.destroy(client, erasure.subjects);
      await forgetClearText(client, erasure.subjects);
    }
    if (erasure.deleteStreams.length > 0) {
      await client.query('delete from events where stream_id = any($1::text[])', [erasure.deleteStreams]);
      await client.query('delete from streams where stream_id = any($1::text[])', [erasure.deleteStreams]);
    }
  });
}

const idsOf = (subjects: readonly string[], kind: SubjectKind) => {
  const prefix = subjectName(kind, '');
  return subjects
    .filter((subject) => subject.startsWith(prefix))
    .map((subject) => subject.slice(prefix.length));
};

/** Overwrites the subjects' clear-text personal fields with their forgotten values. */
async function forgetClearText(client: pg.ClientBase, subjects: readonly string[]): Promise<void> {
  const { rows } = await client.query<{
    stream_id: string;
    stream_revision: string;
    type: string;
    data: Record<string, unknown>;
  }>(
    `select distinct e.stream_id, e.stream_revision, e.type, e.data
     from events e
     join unnest($1::text[], $2::text[], $3::text[]) p(type, field, kind) on e.type = p.type
     where not (e.data ? '$sealed')
       and e.data ->> p.field = any(case p.kind when 'user' then $4::text[] else $5::text[] end)`,
    [
      personalFields.map((p) => p.type),
      personalFields.map((p) => p.field),
      personalFields.map((p) => p.kind),
      idsOf(subjects, 'user'),
      idsOf(subjects, 'review'),
    ],
  );
  const erased = new Set(subjects);
  for (const row of rows) {
    const forgotten = personalPartsOf(row.type)
      .filter((part) => erased.has(subjectOf(part, row.data) ?? ''))
      .reduce((data, part) => ({ ...data, ...part.forgotten }), row.data);
    await client.query('update events set data = $3 where stream_id = $1 and stream_revision = $2', [
      row.stream_id,
      row.stream_revision,
      JSON.stringify(forgotten),
    ]);
  }
}
