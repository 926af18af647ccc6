import { Router } from 'express';
import { invalid, notFound } from '@labelwise/domain';
import type { Feature } from '../../http/context';
import { findArticle, listArticles } from '@labelwise/projections/queries';

function parseArticleId(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw invalid('INVALID_ARTICLE_ID', 'The article id must be a positive whole number.');
  return Number(raw);
}

/** Articles: the list (id, title, summary, imageUrl) and one article. */
export const articlesFeature: Feature = (ctx) => {
  const router = Router();

  router.get('/articles', async (_req, res) => {
    res.json(await listArticles(ctx.reads));
  });

  router.get('/articles/:id', async (req, res) => {
    const article = await findArticle(ctx.reads, parseArticleId(req.params.id));
    if (!article) throw notFound('ARTICLE_NOT_FOUND', 'Article not found');
    res.json(article);
  });

  return router;
};
