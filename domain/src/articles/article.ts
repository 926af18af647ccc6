import { unknownCommand, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { ArticleEvent, EventData } from '../events/catalogue';
import { foldArticle, noArticle, type ArticleFields, type ArticleState } from './article-document';

export interface PublishArticle {
  type: 'PublishArticle';
  article: EventData<'ArticlePublished'>;
}

/** An editor's revision: the console sends the whole form. */
export interface ReviseArticle {
  type: 'ReviseArticle';
  proposed: Partial<ArticleFields>;
}

export interface WithdrawArticle {
  type: 'WithdrawArticle';
  reason: string;
}

export type ArticleCommand = PublishArticle | ReviseArticle | WithdrawArticle;

export const ARTICLE_NOT_FOUND_MESSAGE = 'Article not found';

function publishedArticle(state: ArticleState) {
  if (state.status === 'absent') throw notFound('ARTICLE_NOT_FOUND', ARTICLE_NOT_FOUND_MESSAGE);
  if (state.status === 'withdrawn') throw conflict('ARTICLE_WITHDRAWN', 'This article has been withdrawn.');
  return state;
}

/** Records the fields that really change. */
function reviseArticle(state: ArticleState, { proposed }: ReviseArticle): ArticleEvent[] {
  const article = publishedArticle(state);
  const changes = Object.fromEntries(
    Object.entries(proposed).filter(
      ([field, value]) => value !== article.fields[field as keyof ArticleFields],
    ),
  ) as Partial<ArticleFields>;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ArticleRevised', data: { articleId: article.articleId, changes } }];
}

function withdrawArticle(state: ArticleState, { reason }: WithdrawArticle): ArticleEvent[] {
  const article = publishedArticle(state);
  return [{ type: 'ArticleWithdrawn', data: { articleId: article.articleId, reason } }];
}

/**
 * The `article-{id}` aggregate. Publishing decides nothing when the stream already exists
 * (seeding runs at every boot); revisions and withdrawals need a published article.
 */
export const articleDecider: Decider<ArticleCommand, ArticleState, ArticleEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'PublishArticle':
        return state.status === 'absent' ? [{ type: 'ArticlePublished', data: command.article }] : [];
      case 'ReviseArticle':
        return reviseArticle(state, command);
      case 'WithdrawArticle':
        return withdrawArticle(state, command);
      default:
        return unknownCommand(command);
    }
  },
  evolve: foldArticle,
  initialState: noArticle,
};
