import type { Insertable, Kysely } from 'kysely';
import type { RecordedEvent } from '@labelwise/event-store';
import type { ProjectionDefinition } from '../engine/projection';
import type { Database } from '../schema/database';
import type { ArticlesTable } from './tables';

type ArticleRow = Insertable<ArticlesTable>;

const columns = [
  'id',
  'title',
  'summary',
  'image_url',
  'category',
  'content',
  'published_at',
  'withdrawn',
] as const;

/** Educational articles; withdrawn ones stay as rows the API does not show. */
export const articlesProjection: ProjectionDefinition<'articles'> = {
  name: 'articles',
  version: 1,
  eventTypes: ['ArticlePublished', 'ArticleRevised', 'ArticleWithdrawn'],
  tables: ['articles'],

  async createTables(db, schema) {
    await db.schema
      .withSchema(schema)
      .createTable('articles')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz', (c) => c.notNull())
      .addColumn('withdrawn', 'boolean', (c) => c.notNull())
      .execute();
  },

  async handle(events, db) {
    const articles = await loadTouchedArticles(db, events);
    for (const event of events) {
      switch (event.type) {
        case 'ArticlePublished': {
          const { articleId, imageUrl, ...fields } = event.data;
          articles.set(articleId, {
            id: articleId,
            ...fields,
            image_url: imageUrl,
            published_at: event.metadata.at,
            withdrawn: false,
          });
          break;
        }
        case 'ArticleRevised': {
          const article = articles.get(event.data.articleId);
          if (!article) break;
          const { imageUrl, ...changes } = event.data.changes;
          Object.assign(article, changes, imageUrl === undefined ? {} : { image_url: imageUrl });
          break;
        }
        case 'ArticleWithdrawn': {
          const article = articles.get(event.data.articleId);
          if (article) article.withdrawn = true;
          break;
        }
      }
    }
    if (articles.size === 0) return;
    await db
      .insertInto('articles')
      .values([...articles.values()])
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
  },
};

async function loadTouchedArticles(
  db: Kysely<Database>,
  events: RecordedEvent[],
): Promise<Map<number, ArticleRow>> {
  const ids = new Set<number>();
  for (const event of events) {
    if (event.type === 'ArticleRevised' || event.type === 'ArticleWithdrawn') ids.add(event.data.articleId);
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom('articles')
    .select(columns)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
