import type { Kysely } from 'kysely';
import type { AdminArticleResponse, ArticleResponse, ArticleSummaryResponse } from '@labelwise/domain';
import { adminArticleView, articleView } from '@labelwise/domain';
import { columnNames } from '../engine/columns';
import { countedPage, matchingAll, textSearch, type ListQuery } from '../list-pages';
import type { Database } from '../schema/database';
import { articleDocument } from './documents';
import { articleColumns } from './tables';

const columns = columnNames(articleColumns);

/** Published articles (id, title, summary, imageUrl), in id order. */
export async function listArticles(db: Kysely<Database>): Promise<ArticleSummaryResponse[]> {
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'title', 'summary', 'image_url'])
    .where('withdrawn', '=', false)
    .orderBy('id')
    .execute();
  return rows.map(({ image_url, ...article }) => ({ ...article, imageUrl: image_url }));
}

/** One published article; undefined when unknown or withdrawn. */
export async function findArticle(db: Kysely<Database>, id: number): Promise<ArticleResponse | undefined> {
  const row = await db
    .selectFrom('articles')
    .select(columns)
    .where('id', '=', id)
    .where('withdrawn', '=', false)
    .executeTakeFirst();
  return row && articleView(articleDocument(row));
}

/** What the console's article list filters by. */
export interface AdminArticleFilter {
  id?: number[];
  q?: string;
  category?: string;
  withdrawn?: boolean;
}

/** What the console's article list sorts by: each field's column. */
export const adminArticleSortColumns = {
  id: 'id',
  title: 'title',
  category: 'category',
  publishedAt: 'published_at',
} as const;
export type AdminArticleSortField = keyof typeof adminArticleSortColumns;

const matching = (filter: AdminArticleFilter) =>
  matchingAll<Database, 'articles'>((eb) => [
    filter.id && eb('id', 'in', filter.id.length ? filter.id : [0]),
    !!filter.category && eb('category', '=', filter.category),
    filter.withdrawn !== undefined && eb('withdrawn', '=', filter.withdrawn),
    textSearch(eb, filter.q, ['title', 'summary', 'content']),
  ]);

export function listAdminArticles(
  db: Kysely<Database>,
  query: ListQuery<AdminArticleFilter, AdminArticleSortField>,
) {
  const where = matching(query.filter);
  return countedPage(
    db
      .selectFrom('articles')
      .select(columns)
      .where(where)
      .orderBy(adminArticleSortColumns[query.sort.field], query.sort.direction)
      .orderBy('id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    (row) => adminArticleView(articleDocument(row)),
  );
}

export async function findAdminArticle(
  db: Kysely<Database>,
  id: number,
): Promise<AdminArticleResponse | undefined> {
  const row = await db.selectFrom('articles').select(columns).where('id', '=', id).executeTakeFirst();
  return row && adminArticleView(articleDocument(row));
}
