import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type Selectable } from 'kysely';
import pg from 'pg';
import {
  streams,
  type AnalysisSummary,
  type DomainEvent,
  type EventData,
  type EventType,
  type Rating,
} from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import { createTestDatabase } from '@labelwise/runtime/testing';
import { LIVE_SCHEMA, applyEvents } from '../src/engine/apply-events';
import { ensureProjectionTables } from '../src/engine/ensure-tables';
import type { ProjectionDefinition } from '../src/engine/projection';
import type { Database } from '../src/schema/database';

/** Who caused an event and when; `at` defaults to a clock that ticks one second per event. */
export interface EventOptions {
  at?: string;
  actor?: string | null;
}

/**
 * Given these events, these rows: a fresh database for one test file with `projection`'s
 * tables, events applied through its handler the way the engine applies a batch.
 */
export interface ProjectionSpec {
  db: Kysely<Database>;
  /**
   * A recorded event as the store hands it to the engine: its stream (from the domain's
   * `streams`), the next revision in that stream, the next global position and realistic metadata.
   */
  event<T extends EventType>(type: T, data: EventData<T>, options?: EventOptions): RecordedEvent;
  /**
   * Applies `events` the way the engine does (a transaction per batch, only the types the
   * projection handles), cut into batches as the spec's `batching` says.
   */
  apply(events: RecordedEvent[]): Promise<void>;
  /** Every row of `table`, ordered by `orderBy`. */
  rows<T extends keyof Database & string>(
    table: T,
    orderBy: keyof Database[T] & string,
  ): Promise<Selectable<Database[T]>[]>;
  /** Empties the projection's tables (between tests). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The two ways the engine may cut the same history into batches; a projection must not care. */
export const batchings = ['one batch', 'one event per batch'] as const;
export type Batching = (typeof batchings)[number];

/**
 * `batching` 'one batch' applies each `apply` call as one batch (the handler folds it in memory);
 * 'one event per batch' makes every handler call start from the rows the last one wrote.
 */
export async function createProjectionSpec(
  projection: ProjectionDefinition,
  batching: Batching = 'one batch',
): Promise<ProjectionSpec> {
  const database = await createTestDatabase();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
  });
  await ensureProjectionTables(db, [projection]);

  let position = 0n;
  const revisions = new Map<string, bigint>();
  let clock = Date.parse('2026-03-01T09:00:00.000Z');

  const applyBatch = (events: RecordedEvent[]) =>
    db.transaction().execute((trx) => applyEvents(trx, projection, LIVE_SCHEMA, events));

  return {
    db,
    event(type, data, options = {}) {
      const domainEvent = { type, data } as DomainEvent;
      const stream = streamOf(domainEvent);
      const revision = revisions.has(stream) ? revisions.get(stream)! + 1n : 0n;
      revisions.set(stream, revision);
      position += 1n;
      clock += 1000;
      const at = options.at ?? new Date(clock).toISOString();
      return {
        ...domainEvent,
        id: randomUUID(),
        stream,
        revision,
        // One append per event: its own transaction (commit) and the next sequence value (prepare).
        position: { commit: 1000n + position, prepare: position },
        metadata: {
          actor: options.actor === undefined ? defaultActor(domainEvent) : options.actor,
          correlationId: randomUUID(),
          causationId: null,
          at,
        },
        recordedAt: new Date(at),
      } as RecordedEvent;
    },
    async apply(events) {
      if (batching === 'one batch') await applyBatch(events);
      else for (const event of events) await applyBatch([event]);
    },
    async rows(table, orderBy) {
      const rows = await db
        .selectFrom(table as keyof Database)
        .selectAll()
        .orderBy(orderBy as never)
        .execute();
      return rows as never;
    },
    async reset() {
      await sql`truncate ${sql.join(projection.tables.map((t) => sql.id(LIVE_SCHEMA, t)))}`.execute(db);
    },
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

/** What the analyser stores with a product rated `rating`. */
export function analysisOf(rating: Rating): AnalysisSummary {
  return {
    rating,
    processingLevel: rating === 'green' ? 'minimal' : rating === 'amber' ? 'moderate' : 'high',
    additiveCount: rating === 'red' ? 4 : 0,
    isProcessed: rating !== 'green',
    isUltraProcessed: rating === 'red',
    concerns: rating === 'red' ? [{ name: 'Palm oil', severity: 'medium' }] : [],
  };
}

/** A starter product's ProductCreated payload; `overrides` change any field. */
export function productCreated(
  productId: number,
  overrides: Partial<EventData<'ProductCreated'>> = {},
): EventData<'ProductCreated'> {
  const rating = overrides.rating ?? 'green';
  return {
    productId,
    name: `Oat Drink ${productId}`,
    brand: 'Oatly',
    barcode: `73100000${String(productId).padStart(5, '0')}`,
    ingredients: 'water, oats 10%, rapeseed oil, sea salt',
    description: 'Oat drink, chilled',
    weight: '1 L',
    categories: ['Plant-based drinks', 'Oat milks'],
    rating,
    analysis: analysisOf(rating),
    createdBy: null,
    source: 'starter',
    ...overrides,
  };
}

function streamOf(event: DomainEvent): string {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'UsernameClaimed' || event.type === 'UsernameReleased')
    return streams.username(event.data.username);
  if (event.type === 'BarcodeClaimed') return streams.barcode(event.data.barcode);
  if (event.type === 'ProductLabelClaimed') return streams.label(event.data.labelKey);
  if (typeof data.uid === 'string') return streams.user(data.uid);
  if (typeof data.reviewId === 'string') return streams.review(data.reviewId);
  if (typeof data.productId === 'number') return streams.product(data.productId);
  if (typeof data.articleId === 'number') return streams.article(data.articleId);
  if (typeof data.runId === 'string') return streams.importRun(data.runId);
  throw new Error(`No stream for ${event.type}`);
}

/** The user acting, where the event names one; otherwise an administrator. */
function defaultActor(event: DomainEvent): string {
  switch (event.type) {
    case 'ReviewPosted':
      return event.data.authorUid;
    case 'ReviewVoted':
      return event.data.voterUid;
    case 'ProductCreated':
      return event.data.createdBy ?? 'system';
    case 'UserSuspended':
    case 'UserReinstated':
    case 'ReviewHidden':
    case 'ReviewRestored':
    case 'ProductRemoved':
    case 'ArticlePublished':
    case 'ArticleRevised':
    case 'ArticleWithdrawn':
      return 'admin-1';
    default: {
      const data = event.data as { uid?: unknown };
      return typeof data.uid === 'string' ? data.uid : 'admin-1';
    }
  }
}
