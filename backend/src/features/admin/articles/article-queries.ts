import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { ArticlesTable } from '@labelwise/projections/articles/tables';
import type { Database } from '@labelwise/projections/schema/database';
import { idList, likePattern, type ListQuery } from '../http/list-query';

export const articleFilterSchema = z.strictObject({
  id: idList(z.coerce.number().int().positive()),
  q: z.string().max(200).optional(),
  category: z.string().max(100).optional(),
  withdrawn: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});
export type ArticleFilter = z.infer<typeof articleFilterSchema>;

const sortColumns = { id: 'id', title: 'title', category: 'category', publishedAt: 'published_at' } as const;
export type ArticleSortField = keyof typeof sortColumns;
export const articleSortFields = Object.keys(sortColumns) as [ArticleSortField, ...ArticleSortField[]];

function matching(filter: ArticleFilter) {
  return (eb: ExpressionBuilder<Database, 'articles'>) => {
    const conditions = [];
    if (filter.id) conditions.push(eb('id', 'in', filter.id.length ? filter.id : [0]));
    if (filter.category) conditions.push(eb('category', '=', filter.category));
    if (filter.withdrawn !== undefined) conditions.push(eb('withdrawn', '=', filter.withdrawn));
    if (filter.q?.trim()) {
      const pattern = likePattern(filter.q);
      conditions.push(
        eb.or([
          eb('title', 'ilike', pattern),
          eb('summary', 'ilike', pattern),
          eb('content', 'ilike', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

function adminArticle(row: Selectable<ArticlesTable>) {
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
export type AdminArticle = ReturnType<typeof adminArticle>;

export async function listArticles(db: Kysely<Database>, query: ListQuery<ArticleFilter, ArticleSortField>) {
  const where = matching(query.filter);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('articles')
      .selectAll()
      .where(where)
      .orderBy(sortColumns[query.sort.field], query.sort.direction)
      .orderBy('id', query.sort.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(adminArticle), total: Number(count.total) };
}

export async function findAdminArticle(db: Kysely<Database>, id: number): Promise<AdminArticle | undefined> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && adminArticle(row);
}
