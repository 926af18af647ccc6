import type { Kysely } from 'kysely';
import type { ArticleResponse, ArticleSummaryResponse } from '@labelwise/domain';
import type { Database } from '@labelwise/projections/schema/database';

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
    .select(['id', 'title', 'image_url', 'category', 'content', 'summary'])
    .where('id', '=', id)
    .where('withdrawn', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const { image_url, ...article } = row;
  return { ...article, imageUrl: image_url };
}
