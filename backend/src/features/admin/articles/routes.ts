import { Router } from 'express';
import { z } from 'zod';
import {
  DomainError,
  notFound,
  streams,
  ARTICLE_NOT_FOUND_MESSAGE,
  articleDecider,
  type ArticleCommand,
  adminArticleView,
} from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../../commands/run-command';
import { parseInput, textField } from '../../../http/validate';
import type { AppContext } from '../../../http/context';
import { booleanFilter, idList, listRoute, searchTerm, tableList } from '../http/list-query';
import { numericId, reasonSchema } from '../../../http/params';
import type { ArticleState } from '@labelwise/domain';
import { adminArticleSortColumns, findAdminArticle, listAdminArticles } from '@labelwise/projections/queries';

const articleList = tableList({
  filter: z.strictObject({
    id: idList(z.coerce.number().int().positive()),
    q: searchTerm,
    category: z.string().max(100).optional(),
    withdrawn: booleanFilter.optional(),
  }),
  sortColumns: adminArticleSortColumns,
  defaultSort: ['publishedAt', 'DESC'],
});

const ARTICLE_READ_MODELS: readonly ProjectionName[] = ['articles'];

/** An image under this site (`/articles/x.svg`) or on the web; empty for none. */
const imageUrl = textField('imageUrl').refine(
  (url) => url === '' || /^\/[^/]/.test(url) || /^https:\/\/\S+$/.test(url),
  'must be empty, a path starting with / or an https:// address',
);
const articleSchema = z.strictObject({
  title: textField('articleTitle').min(1, 'is required'),
  summary: textField('articleSummary'),
  imageUrl,
  category: textField('articleCategory'),
  content: textField('articleContent').min(1, 'is required'),
});
const withdrawalSchema = z.strictObject({ reason: reasonSchema });

const ARTICLE_NOT_FOUND = () => notFound('ARTICLE_NOT_FOUND', ARTICLE_NOT_FOUND_MESSAGE);

async function articleRecord(ctx: AppContext, id: number) {
  const article = await findAdminArticle(ctx.reads, id);
  if (!article) throw ARTICLE_NOT_FOUND();
  return article;
}

/** The article as the command left it: complete even when the read model lags. */
function articleAfterChange(article: ArticleState) {
  if (article.status === 'absent') throw ARTICLE_NOT_FOUND();
  return adminArticleView(article);
}

/**
 * `GET /admin/articles[/:id]`, `POST /admin/articles` (publish), `PUT /admin/articles/:id` (revise),
 * `POST /admin/articles/:id/withdraw` ({reason}).
 */
export function adminArticlesRouter(ctx: AppContext): Router {
  const router = Router();

  const command = (adminUid: string, articleId: number, command: ArticleCommand) =>
    runCommand(ctx, {
      decider: articleDecider,
      stream: streams.article(articleId),
      command,
      actor: adminUid,
      readModels: ARTICLE_READ_MODELS,
    });

  listRoute(router, 'articles', articleList, (query) => listAdminArticles(ctx.reads, query));

  router.get('/articles/:id', async (req, res) => {
    res.json(await articleRecord(ctx, numericId(req.params)));
  });

  router.post('/articles', async (req, res) => {
    const fields = parseInput(articleSchema, req.body);
    const articleId = await ctx.allocateId('article');
    const { events, state } = await command(req.user!.uid, articleId, {
      type: 'PublishArticle',
      article: { articleId, ...fields },
    });
    // A fresh id's stream is empty; anything else means the sequence and the streams disagree.
    if (events.length === 0)
      throw new DomainError('conflict', 'ARTICLE_ID_TAKEN', `Article ${articleId} already exists.`);
    res.status(201).json(articleAfterChange(state));
  });

  router.put('/articles/:id', async (req, res) => {
    const id = numericId(req.params);
    const changes = parseInput(articleSchema.partial(), req.body);
    const { state } = await command(req.user!.uid, id, { type: 'ReviseArticle', proposed: changes });
    res.json(articleAfterChange(state));
  });

  router.post('/articles/:id/withdraw', async (req, res) => {
    const id = numericId(req.params);
    const { reason } = parseInput(withdrawalSchema, req.body);
    const { state } = await command(req.user!.uid, id, { type: 'WithdrawArticle', reason });
    res.json(articleAfterChange(state));
  });

  return router;
}
