import type { DomainEvent, EventData } from '../events/catalogue';

export type ArticleState = { status: 'absent' | 'published' | 'withdrawn' };

export const noArticle: ArticleState = { status: 'absent' };

export function evolveArticle(state: ArticleState, event: DomainEvent): ArticleState {
  switch (event.type) {
    case 'ArticlePublished':
      return { status: 'published' };
    case 'ArticleWithdrawn':
      return { status: 'withdrawn' };
    default:
      return state;
  }
}

/** Publishes the article unless its stream already exists (seeding runs at every boot). */
export function decidePublishArticle(
  state: ArticleState,
  article: EventData<'ArticlePublished'>,
): DomainEvent[] {
  return state.status === 'absent' ? [{ type: 'ArticlePublished', data: article }] : [];
}
