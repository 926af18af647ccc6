import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventData } from '@labelwise/domain';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { articlesProjection } from './projection';

const sugarGuide: EventData<'ArticlePublished'> = {
  articleId: 1,
  title: 'Reading sugar on a label',
  summary: 'Where sugar hides in an ingredient list.',
  imageUrl: 'https://cdn.example.com/articles/sugar.jpg',
  category: 'Nutrition',
  content: 'Sugar goes by many names: glucose syrup, dextrose, maltodextrin…',
};

describe.each(batchings)('articles, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(articlesProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });

  it('publishes an article dated by its event', async () => {
    await spec.apply([spec.event('ArticlePublished', sugarGuide, { at: '2026-03-01T10:00:00.000Z' })]);

    expect(await spec.rows('articles', 'id')).toEqual([
      {
        id: 1,
        title: 'Reading sugar on a label',
        summary: 'Where sugar hides in an ingredient list.',
        image_url: 'https://cdn.example.com/articles/sugar.jpg',
        category: 'Nutrition',
        content: 'Sugar goes by many names: glucose syrup, dextrose, maltodextrin…',
        published_at: new Date('2026-03-01T10:00:00.000Z'),
        withdrawn: false,
      },
    ]);
  });

  it('applies only the fields a revision changes, the image included, and keeps the publication date', async () => {
    await spec.apply([
      spec.event('ArticlePublished', sugarGuide, { at: '2026-03-01T10:00:00.000Z' }),
      spec.event('ArticleRevised', { articleId: 1, changes: { title: 'Sugar, by any other name' } }),
    ]);
    await spec.apply([
      spec.event('ArticleRevised', {
        articleId: 1,
        changes: { imageUrl: 'https://cdn.example.com/articles/sugar-v2.jpg', category: 'Labels' },
      }),
    ]);

    expect(await spec.rows('articles', 'id')).toEqual([
      expect.objectContaining({
        title: 'Sugar, by any other name',
        summary: sugarGuide.summary,
        image_url: 'https://cdn.example.com/articles/sugar-v2.jpg',
        category: 'Labels',
        content: sugarGuide.content,
        published_at: new Date('2026-03-01T10:00:00.000Z'),
        withdrawn: false,
      }),
    ]);
  });

  it('keeps a withdrawn article as a row marked withdrawn', async () => {
    await spec.apply([
      spec.event('ArticlePublished', sugarGuide),
      spec.event('ArticlePublished', { ...sugarGuide, articleId: 2, title: 'Palm oil' }),
      spec.event('ArticleWithdrawn', { articleId: 1, reason: 'outdated' }),
    ]);

    expect((await spec.rows('articles', 'id')).map((row) => [row.id, row.withdrawn])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('ignores revisions and withdrawals of an article it never saw published', async () => {
    await spec.apply([
      spec.event('ArticleRevised', { articleId: 9, changes: { title: 'Ghost' } }),
      spec.event('ArticleWithdrawn', { articleId: 9, reason: 'never existed' }),
    ]);

    expect(await spec.rows('articles', 'id')).toEqual([]);
  });
});
