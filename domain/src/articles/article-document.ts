import type { z } from 'zod';
import type { Recorded } from '../decider';
import type { articleFieldsSchema } from '../events/article-events';
import type { ArticleEvent } from '../events/catalogue';

export type ArticleFields = z.infer<typeof articleFieldsSchema>;

/** An `article-{id}` stream's document: whether it is published, its current fields and when it was first published. */
export interface ArticleDocument {
  status: 'published' | 'withdrawn';
  articleId: number;
  fields: ArticleFields;
  publishedAt: string;
}

export type ArticleState = { status: 'absent' } | ArticleDocument;

export const noArticle: ArticleState = { status: 'absent' };

/** The one fold of an article's events: the decider's state, the articles read model, a command's answer. */
export function foldArticle(state: ArticleState, event: Recorded<ArticleEvent>): ArticleState {
  switch (event.type) {
    case 'ArticlePublished': {
      const { articleId, ...fields } = event.data;
      return { status: 'published', articleId, fields, publishedAt: event.metadata.at };
    }
    case 'ArticleRevised':
      return state.status === 'absent'
        ? state
        : { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'ArticleWithdrawn':
      return state.status === 'absent' ? state : { ...state, status: 'withdrawn' };
    default:
      event satisfies never;
      return state;
  }
}
