import { describe, expect, it } from 'vitest';
import type { ArticleEvent } from '../events/catalogue';
import { deciderSpec } from '../../testing/decider-spec';
import { articleDecider } from './article';
import type { ArticleFields } from './article-document';

const spec = deciderSpec(articleDecider);

const published: ArticleEvent = {
  type: 'ArticlePublished',
  data: {
    articleId: 3,
    title: 'Sugars',
    summary: 'Where sugar hides',
    imageUrl: '',
    category: 'Guides',
    content: 'One.\n\nTwo.',
  },
};
const revise = (proposed: Partial<ArticleFields>) => ({ type: 'ReviseArticle' as const, proposed });
const withdraw = (reason: string) => ({ type: 'WithdrawArticle' as const, reason });

describe('article publishing', () => {
  it('publishes on an empty stream and decides nothing when the article exists (the seed runs at every boot)', () => {
    spec.given().when({ type: 'PublishArticle', article: published.data }).then([published]);
    spec.given([published]).when({ type: 'PublishArticle', article: published.data }).then([]);
  });
});

describe('article editing', () => {
  it('revises only the fields that change', () => {
    spec
      .given([published])
      .when(revise({ title: 'Hidden sugars', summary: 'Where sugar hides' }))
      .then([{ type: 'ArticleRevised', data: { articleId: 3, changes: { title: 'Hidden sugars' } } }]);
    spec
      .given([published])
      .when(revise({ title: 'Sugars' }))
      .then([]);
  });

  it('folds revisions, and refuses to revise or withdraw again once withdrawn', () => {
    const revised: ArticleEvent = {
      type: 'ArticleRevised',
      data: { articleId: 3, changes: { title: 'New' } },
    };
    const history = spec.given([published, revised]);
    expect(history.state).toMatchObject({
      status: 'published',
      fields: { title: 'New', category: 'Guides' },
    });
    const withdrawal: ArticleEvent = {
      type: 'ArticleWithdrawn',
      data: { articleId: 3, reason: 'Out of date' },
    };
    history.when(withdraw('Out of date')).then([withdrawal]);
    const withdrawn = spec.given([published, revised, withdrawal]);
    withdrawn.when(withdraw('again')).thenRefuses('ARTICLE_WITHDRAWN', { kind: 'conflict' });
    withdrawn.when(revise({ title: 'x' })).thenRefuses('ARTICLE_WITHDRAWN');
  });

  it('does not know an article whose stream is empty', () => {
    spec
      .given()
      .when(revise({ title: 'x' }))
      .thenRefuses('ARTICLE_NOT_FOUND', { message: 'Article not found' });
  });
});
