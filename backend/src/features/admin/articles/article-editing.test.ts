import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@labelwise/domain';
import { decideRevision, decideWithdrawal, evolveEditableArticle, unknownArticle } from './article-editing';

const published: DomainEvent = {
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
const article = evolveEditableArticle(unknownArticle, published);

describe('article editing', () => {
  it('revises only the fields that change', () => {
    expect(decideRevision(article, { title: 'Hidden sugars', summary: 'Where sugar hides' })).toEqual([
      { type: 'ArticleRevised', data: { articleId: 3, changes: { title: 'Hidden sugars' } } },
    ]);
    expect(decideRevision(article, { title: 'Sugars' })).toEqual([]);
  });

  it('folds revisions, and refuses to revise or withdraw again once withdrawn', () => {
    const revised = evolveEditableArticle(article, {
      type: 'ArticleRevised',
      data: { articleId: 3, changes: { title: 'New' } },
    });
    expect(revised).toMatchObject({ status: 'published', fields: { title: 'New', category: 'Guides' } });
    const [withdrawal] = decideWithdrawal(revised, 'Out of date');
    expect(withdrawal).toEqual({ type: 'ArticleWithdrawn', data: { articleId: 3, reason: 'Out of date' } });
    const withdrawn = evolveEditableArticle(revised, withdrawal!);
    expect(() => decideWithdrawal(withdrawn, 'again')).toThrow('withdrawn');
    expect(() => decideRevision(withdrawn, { title: 'x' })).toThrow('withdrawn');
  });

  it('does not know an article whose stream is empty', () => {
    expect(() => decideRevision(unknownArticle, { title: 'x' })).toThrow('Article not found');
  });
});
