import { z } from 'zod';

export const articleFieldsSchema = z.object({
  title: z.string().min(1),
  summary: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  content: z.string(),
});

export const articleEvents = {
  ArticlePublished: articleFieldsSchema.extend({ articleId: z.number().int().positive() }),
  ArticleRevised: z.object({
    articleId: z.number().int().positive(),
    changes: articleFieldsSchema.partial(),
  }),
  ArticleWithdrawn: z.object({ articleId: z.number().int().positive(), reason: z.string() }),
} as const;
