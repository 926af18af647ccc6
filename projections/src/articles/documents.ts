import type { Kysely, Selectable } from 'kysely';
import type { ArticleDocument } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import type { Database } from '../schema/database';
import { articleColumns, type ArticleRow, type ArticlesTable } from './tables';

// The one mapping between an article's document and its row.

export function articleRow({ articleId, fields, publishedAt, status }: ArticleDocument): ArticleRow {
  const { title, summary, imageUrl, category, content } = fields;
  return {
    id: articleId,
    title,
    summary,
    image_url: imageUrl,
    category,
    content,
    published_at: publishedAt,
    withdrawn: status === 'withdrawn',
  };
}

export function articleDocument(row: Selectable<ArticlesTable>): ArticleDocument {
  const { title, summary, image_url: imageUrl, category, content } = row;
  return {
    status: row.withdrawn ? 'withdrawn' : 'published',
    articleId: row.id,
    fields: { title, summary, imageUrl, category, content },
    publishedAt: row.published_at.toISOString(),
  };
}

export async function loadArticles(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, ArticleDocument>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('articles')
    .select(columnNames(articleColumns))
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, articleDocument(row)]));
}
