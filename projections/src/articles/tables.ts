import type { ColumnType, Insertable } from 'kysely';
import type { Columns } from '../engine/columns';

export interface ArticlesTable {
  id: number;
  title: string;
  summary: string;
  image_url: string;
  category: string;
  content: string;
  published_at: ColumnType<Date, Date | string, Date | string>;
  withdrawn: boolean;
}

export type ArticleRow = Insertable<ArticlesTable>;

export const articleColumns = {
  id: { type: 'int4', primaryKey: true },
  title: { type: 'text' },
  summary: { type: 'text' },
  image_url: { type: 'text' },
  category: { type: 'text' },
  content: { type: 'text' },
  published_at: { type: 'timestamptz' },
  withdrawn: { type: 'bool' },
} as const satisfies Columns<ArticleRow>;

export interface ArticleTables {
  articles: ArticlesTable;
}
