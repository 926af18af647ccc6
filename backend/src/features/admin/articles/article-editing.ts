import type { z } from 'zod';
import { conflict, notFound, type articleFieldsSchema, type DomainEvent } from '@labelwise/domain';

export type ArticleFields = z.infer<typeof articleFieldsSchema>;

/** What editing needs to know about an `article-{id}` stream: its current fields. */
export type EditableArticle =
  { status: 'absent' } | { status: 'published' | 'withdrawn'; articleId: number; fields: ArticleFields };

export const unknownArticle: EditableArticle = { status: 'absent' };

export function evolveEditableArticle(state: EditableArticle, event: DomainEvent): EditableArticle {
  switch (event.type) {
    case 'ArticlePublished': {
      const { articleId, ...fields } = event.data;
      return { status: 'published', articleId, fields };
    }
    case 'ArticleRevised':
      return state.status === 'absent'
        ? state
        : { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'ArticleWithdrawn':
      return state.status === 'absent' ? state : { ...state, status: 'withdrawn' };
    default:
      return state;
  }
}

export const ARTICLE_NOT_FOUND_MESSAGE = 'Article not found';

function publishedArticle(state: EditableArticle) {
  if (state.status === 'absent') throw notFound('ARTICLE_NOT_FOUND', ARTICLE_NOT_FOUND_MESSAGE);
  if (state.status === 'withdrawn') throw conflict('ARTICLE_WITHDRAWN', 'This article has been withdrawn.');
  return state;
}

/** Records the fields that really change (the console sends the whole form). */
export function decideRevision(state: EditableArticle, proposed: Partial<ArticleFields>): DomainEvent[] {
  const article = publishedArticle(state);
  const changes = Object.fromEntries(
    Object.entries(proposed).filter(
      ([field, value]) => value !== article.fields[field as keyof ArticleFields],
    ),
  ) as Partial<ArticleFields>;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ArticleRevised', data: { articleId: article.articleId, changes } }];
}

export function decideWithdrawal(state: EditableArticle, reason: string): DomainEvent[] {
  const article = publishedArticle(state);
  return [{ type: 'ArticleWithdrawn', data: { articleId: article.articleId, reason } }];
}
