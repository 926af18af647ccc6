import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson } from '../../../shared/api/http-client';

const articleSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.nullish(z.string()),
  imageUrl: z.nullish(z.string()),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

const ARTICLES_PATH = '/api/articles';

export const fetchArticles = async () => z.array(articleSummarySchema).parse(await getJson(ARTICLES_PATH));

export const articlesQuery = () => queryOptions({ queryKey: [ARTICLES_PATH], queryFn: fetchArticles });

export const useArticles = () => useQuery(articlesQuery());
