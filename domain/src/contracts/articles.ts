import { z } from 'zod/mini';

/** `GET /api/articles`: the list. */
export const articleSummaryResponse = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string(),
});
export type ArticleSummaryResponse = z.infer<typeof articleSummaryResponse>;
export const articleSummaryListResponse = z.array(articleSummaryResponse);

/** `GET /api/articles/:id`: one article. */
export const articleResponse = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  content: z.string(),
  summary: z.string(),
});
export type ArticleResponse = z.infer<typeof articleResponse>;
