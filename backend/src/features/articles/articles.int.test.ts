import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@labelwise/domain';
import { articles } from '@labelwise/reference-data';
import { seedStarterData } from '../../seed/seed-starter-data';
import { caughtUp, countEvents, expectRefused } from '../../../testing/catalogue-fixtures';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // Seeding at boot does not wait for the read models.
  await caughtUp(server, ['articles']);
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/articles', () => {
  it('lists every reference article with id, title, summary and imageUrl', async () => {
    const res = await server.api('/api/articles');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      articles.map(({ id, title, summary, imageUrl }) => ({ id, title, summary, imageUrl })),
    );
  });

  it('records the articles as ArticlePublished events, once however often the seed runs', async () => {
    const [published] = await server.ctx.store.readStream(streams.article(1));
    expect(published).toMatchObject({
      type: 'ArticlePublished',
      data: { articleId: 1, title: articles[0]!.title },
    });
    const before = await countEvents(server);
    await seedStarterData(server.ctx);
    expect(await countEvents(server)).toBe(before);
  });
});

describe('GET /api/articles/{id}', () => {
  it('answers the article’s title, image, category and content', async () => {
    const article = articles[1]!;
    const res = await server.api(`/api/articles/${article.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: article.id,
      title: article.title,
      imageUrl: article.imageUrl,
      category: article.category,
      content: article.content,
    });
  });

  it('serves every article image', async () => {
    for (const { imageUrl } of (await server.api('/api/articles')).body as Array<{ imageUrl: string }>) {
      const image = await fetch(new URL(imageUrl, server.baseUrl));
      expect([imageUrl, image.status, image.headers.get('content-type')]).toEqual([
        imageUrl,
        200,
        expect.stringMatching(/^image\//),
      ]);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('answers 404 “Article not found” for an unknown id and 400 for a malformed one', async () => {
    await expectRefused(server, () => server.api('/api/articles/9999'), {
      status: 404,
      error: 'ARTICLE_NOT_FOUND',
      message: 'Article not found',
    });
    for (const id of ['abc', '0', '-2', '1.5']) {
      await expectRefused(server, () => server.api(`/api/articles/${id}`), {
        status: 400,
        error: 'INVALID_ARTICLE_ID',
      });
    }
  });
});
