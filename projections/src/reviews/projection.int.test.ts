import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchings, createProjectionSpec, type ProjectionSpec } from '../../testing/projection-spec';
import { reviewsProjection } from './projection';

describe.each(batchings)('reviews, %s', (batching) => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await createProjectionSpec(reviewsProjection, batching);
  });
  afterAll(async () => {
    await spec?.close();
  });
  beforeEach(async () => {
    await spec.reset();
  });
  const posted = (
    reviewId: string,
    authorUid: string,
    rating: number,
    postedAt = '2026-03-01T10:00:00.000Z',
  ) =>
    spec.event('ReviewPosted', {
      reviewId,
      productId: 42,
      authorUid,
      username: `${authorUid}_reads`,
      isVerifiedPurchase: authorUid === 'alice',
      postedAt,
      rating,
      title: 'Creamy, not too sweet',
      comment: 'Works well in coffee and the ingredient list is short.',
    });
  const voted = (reviewId: string, voterUid: string, helpful: boolean) =>
    spec.event('ReviewVoted', { reviewId, voterUid, helpful });
  const review = (id: string) =>
    spec.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists a posted review with no votes', async () => {
    await spec.apply([posted('r1', 'alice', 5)]);

    expect(await spec.rows('reviews', 'id')).toEqual([
      {
        id: 'r1',
        product_id: 42,
        author_uid: 'alice',
        username: 'alice_reads',
        rating: 5,
        title: 'Creamy, not too sweet',
        comment: 'Works well in coffee and the ingredient list is short.',
        is_verified_purchase: true,
        created_at: new Date('2026-03-01T10:00:00.000Z'),
        revised_at: null,
        hidden: false,
        hidden_reason: null,
        helpful_votes: 0,
        unhelpful_votes: 0,
        author_erased: false,
      },
    ]);
  });

  it("forgets the author of a kept review, and a removed review's text", async () => {
    await spec.apply([posted('r1', 'alice', 5), posted('r2', 'alice', 2)]);
    await spec.apply([
      spec.event('ReviewAuthorErased', { reviewId: 'r1', keep: true }),
      spec.event('ReviewAuthorErased', { reviewId: 'r2', keep: false }),
    ]);

    expect(await spec.rows('reviews', 'id')).toEqual([
      expect.objectContaining({ id: 'r1', username: 'Anonymous User', hidden: false, author_erased: true }),
      expect.objectContaining({
        id: 'r2',
        username: 'Anonymous User',
        title: null,
        comment: 'This review was removed.',
        hidden: true,
        author_erased: true,
      }),
    ]);
  });

  it('rewrites stars, title and comment on a revision and keeps the posting time', async () => {
    await spec.apply([posted('r1', 'alice', 5)]);
    await spec.apply([
      spec.event('ReviewRevised', {
        reviewId: 'r1',
        revisedAt: '2026-03-04T18:00:00.000Z',
        rating: 3,
        title: null,
        comment: 'The recipe changed: now with added sugar.',
      }),
    ]);

    expect(await review('r1')).toMatchObject({
      rating: 3,
      title: null,
      comment: 'The recipe changed: now with added sugar.',
      created_at: new Date('2026-03-01T10:00:00.000Z'),
      revised_at: new Date('2026-03-04T18:00:00.000Z'),
    });
  });

  it('hides and restores a review, keeping its votes', async () => {
    await spec.apply([
      posted('r1', 'alice', 2),
      voted('r1', 'bob', true),
      spec.event('ReviewHidden', { reviewId: 'r1', reason: 'off-topic' }),
    ]);
    expect(await review('r1')).toMatchObject({ hidden: true, helpful_votes: 1 });

    await spec.apply([spec.event('ReviewRestored', { reviewId: 'r1' })]);
    expect(await review('r1')).toMatchObject({ hidden: false, helpful_votes: 1, rating: 2 });
  });

  it('keeps the moderator’s reason while a review is hidden, and forgets it on restoring', async () => {
    await spec.apply([
      posted('r1', 'alice', 2),
      spec.event('ReviewHidden', { reviewId: 'r1', reason: 'off-topic' }),
    ]);
    expect(await review('r1')).toMatchObject({ hidden: true, hidden_reason: 'off-topic' });

    await spec.apply([spec.event('ReviewRestored', { reviewId: 'r1' })]);
    expect(await review('r1')).toMatchObject({ hidden: false, hidden_reason: null });
  });

  it("counts each voter's current vote: a new vote replaces the old one", async () => {
    await spec.apply([
      posted('r1', 'alice', 4),
      posted('r2', 'bob', 1),
      voted('r1', 'bob', true),
      voted('r1', 'carol', true),
      voted('r1', 'dave', false),
      voted('r2', 'alice', false),
    ]);
    await spec.apply([voted('r1', 'carol', false), voted('r1', 'erin', true), voted('r1', 'erin', true)]);

    expect(
      (await spec.rows('reviews', 'id')).map(({ id, helpful_votes, unhelpful_votes }) => ({
        id,
        helpful_votes,
        unhelpful_votes,
      })),
    ).toEqual([
      { id: 'r1', helpful_votes: 2, unhelpful_votes: 2 },
      { id: 'r2', helpful_votes: 0, unhelpful_votes: 1 },
    ]);
    const votes = await spec.db
      .selectFrom('review_votes')
      .selectAll()
      .where('review_id', '=', 'r1')
      .orderBy('voter_uid')
      .execute();
    expect(votes.map((vote) => [vote.voter_uid, vote.helpful])).toEqual([
      ['bob', true],
      ['carol', false],
      ['dave', false],
      ['erin', true],
    ]);
  });

  it('ignores revisions and moderation of a review it never saw posted', async () => {
    await spec.apply([
      spec.event('ReviewRevised', {
        reviewId: 'ghost',
        revisedAt: '2026-03-04T18:00:00.000Z',
        rating: 1,
        title: null,
        comment: 'Nothing here.',
      }),
      spec.event('ReviewHidden', { reviewId: 'ghost', reason: 'spam' }),
    ]);

    expect(await spec.rows('reviews', 'id')).toEqual([]);
  });
});
