import type { Kysely, Selectable } from 'kysely';
import type { AdminArticleResponse } from '@labelwise/domain';
import { z } from 'zod';
import type { ArticlesTable } from '@labelwise/projections/articles/tables';
import type { Database } from '@labelwise/projections/schema/database';
import {
  booleanFilter,
  countedPage,
  idList,
  matchingAll,
  searchTerm,
  tableList,
  textSearch,
  type ListQuery,
} from '../http/list-query';

export const articleList = tableList({
  filter: z.strictObject({
    id: idList(z.coerce.number().int().positive()),
    q: searchTerm,
    category: z.string().max(100).optional(),
    withdrawn: booleanFilter.optional(),
  }),
  sortColumns: { id: 'id', title: 'title', category: 'category', publishedAt: 'published_at' },
  defaultSort: ['publishedAt', 'DESC'],
});
export type ArticleFilter = z.infer<typeof articleList.filter>;
export type ArticleSortField = keyof typeof articleList.sortColumns;

const matching = (filter: ArticleFilter) =>
  matchingAll<Database, 'articles'>((eb) => [
    filter.id && eb('id', 'in', filter.id.length ? filter.id : [0]),
    !!filter.category && eb('category', '=', filter.category),
    filter.withdrawn !== undefined && eb('withdrawn', '=', filter.withdrawn),
    textSearch(eb, filter.q, ['title', 'summary', 'content']),
  ]);

function adminArticle(row: Selectable<ArticlesTable>): AdminArticleResponse {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    imageUrl: row.image_url,
    category: row.category,
    content: row.content,
    publishedAt: row.published_at.toISOString(),
    withdrawn: row.withdrawn,
  };
}
export type AdminArticle = AdminArticleResponse;

export function listArticles(db: Kysely<Database>, query: ListQuery<ArticleFilter, ArticleSortField>) {
  const where = matching(query.filter);
  return countedPage(
    db
      .selectFrom('articles')
      .selectAll()
      .where(where)
      .orderBy(articleList.sortColumns[query.sort.field], query.sort.direction)
      .orderBy('id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    adminArticle,
  );
}

export async function findAdminArticle(db: Kysely<Database>, id: number): Promise<AdminArticle | undefined> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && adminArticle(row);
}
