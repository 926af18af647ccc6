import { articleEventTypes, type ArticleEvent, foldArticle, noArticle } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';
import { columnNames, createTable } from '../engine/columns';
import { defineProjection } from '../engine/projection';
import { articleRow, loadArticles } from './documents';
import { articleColumns, articlesTable } from './tables';

/** Educational articles; withdrawn ones stay as rows the API does not show. */
export const articlesProjection = defineProjection({
  name: 'articles',
  version: 1,
  eventTypes: articleEventTypes,
  tables: ['articles'],

  async createTables(db, schema) {
    await createTable(db, schema, articlesTable).execute();
  },

  async handle(events, db) {
    const articles = await loadArticles(db, touchedArticleIds(events));
    for (const event of events) {
      const article = foldArticle(articles.get(event.data.articleId) ?? noArticle, event);
      if (article.status !== 'absent') articles.set(article.articleId, article);
    }
    if (articles.size === 0) return;
    const columns = columnNames(articleColumns);
    await db
      .insertInto('articles')
      .values([...articles.values()].map(articleRow))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
  },
});

/** Articles this batch changes after publishing (a publication starts a stream: its row needs no read). */
function touchedArticleIds(events: RecordedEvent<ArticleEvent>[]): number[] {
  const ids = new Set<number>();
  for (const event of events) if (event.type !== 'ArticlePublished') ids.add(event.data.articleId);
  return [...ids];
}
