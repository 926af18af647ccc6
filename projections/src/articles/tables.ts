import type { Insertable } from 'kysely';
import { bool, int4, readTable, text, timestamptz, type RowOf, type TablesOf } from '../engine/columns';

export const articleColumns = {
  id: int4().primaryKey(),
  title: text(),
  summary: text(),
  image_url: text(),
  category: text(),
  content: text(),
  published_at: timestamptz(),
  withdrawn: bool(),
};

export const articlesTable = readTable('articles', articleColumns);

export type ArticlesTable = RowOf<typeof articleColumns>;
export type ArticleRow = Insertable<ArticlesTable>;

export type ArticleTables = TablesOf<typeof articlesTable>;
