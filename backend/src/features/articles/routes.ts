import { Router } from 'express';
import { invalid, notFound } from '@labelwise/domain';
import type { Feature } from '../../http/context';

function parseArticleId(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw invalid('INVALID_ARTICLE_ID', 'The article id must be a positive whole number.');
  return Number(raw);
}

/** Spec §7 articles: the list (id, title, summary, imageUrl) and one article. */
export const articlesFeature: Feature = (ctx) => {
  const router = Router();

  router.get('/articles', async (_req, res) => {
    const rows = await ctx.db
      .selectFrom('articles')
      .select(['id', 'title', 'summary', 'image_url'])
      .where('withdrawn', '=', false)
      .orderBy('id')
      .execute();
    res.json(rows.map(({ image_url, ...article }) => ({ ...article, imageUrl: image_url })));
  });

  router.get('/articles/:id', async (req, res) => {
    const row = await ctx.db
      .selectFrom('articles')
      .select(['id', 'title', 'image_url', 'category', 'content', 'summary'])
      .where('id', '=', parseArticleId(req.params.id))
      .where('withdrawn', '=', false)
      .executeTakeFirst();
    if (!row) throw notFound('ARTICLE_NOT_FOUND', 'Article not found');
    const { image_url, ...article } = row;
    res.json({ ...article, imageUrl: image_url });
  });

  return router;
};
