import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson } from '../../../shared/api/http-client';

const articleSchema = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.nullish(z.string()),
  category: z.nullish(z.string()),
  content: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const fetchArticle = async (id: number) => articleSchema.parse(await getJson(`/api/articles/${id}`));

/** Spec §7: only fetched when the id is non-zero. */
export const articleQuery = (id: number) =>
  queryOptions({ queryKey: [`/api/articles/${id}`], queryFn: () => fetchArticle(id), enabled: id !== 0 });

export const useArticle = (id: number) => useQuery(articleQuery(id));
