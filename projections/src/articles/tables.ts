import type { ColumnType } from 'kysely';

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

export interface ArticleTables {
  articles: ArticlesTable;
}
