import type {
  ArticleEvent,
  DomainEvent,
  EventData,
  ProductEvent,
  ReviewEvent,
  UserEvent,
} from '../src/events/catalogue';
import { importedProduct } from './imported-product';
import { flourVerdictBeforeFortification } from './stale-verdict';

/**
 * One event of every type of a stream, in the catalogue's order, each changing the document the
 * ones before it built: a new event type does not compile here until it has a sample, and a
 * document fold that does nothing with it fails the tests that fold these.
 */
type StreamSamples<Event extends DomainEvent> = { [T in Event['type']]: EventData<T> };

const verdict = flourVerdictBeforeFortification;

export const productSamples: StreamSamples<ProductEvent> = {
  ProductCreated: {
    productId: 7,
    name: 'Oat bar',
    brand: 'Acme',
    barcode: '5000000000001',
    ingredients: 'oats, honey',
    description: '',
    weight: '40 g',
    rating: 'green',
    analysis: { ...verdict.analysis, rating: 'green', concerns: [] },
    createdBy: 'alice',
    source: 'user',
  },
  ProductCorrected: {
    productId: 7,
    changes: { ingredients: 'oats, honey, E170' },
    ...verdict,
  },
  ProductQuantityCorrected: { productId: 7, quantity: '45 g' },
  ProductBrandCorrected: { productId: 7, brand: 'ACME Foods' },
  ProductLabelContributed: {
    productId: 7,
    ingredients: 'oats, honey, salt',
    rating: 'green',
    analysis: { ...verdict.analysis, rating: 'green', concerns: [] },
    contributedBy: 'bob',
    offConsent: true,
  },
  ProductRemoved: { productId: 7, reason: 'duplicate' },
  ProductReassessed: { productId: 7, rating: 'amber', analysis: { ...verdict.analysis, rating: 'amber' } },
  ProductImported: importedProduct(7),
  ProductUpdatedFromSource: importedProduct(7, { lastModifiedT: 1_800_000_000, quantity: '750 g' }),
};

export const reviewSamples: StreamSamples<ReviewEvent> = {
  ReviewPosted: {
    reviewId: 'r1',
    productId: 7,
    authorUid: 'alice',
    username: 'alice',
    isVerifiedPurchase: true,
    postedAt: '2026-03-02T10:00:00.000Z',
    rating: 4,
    title: null,
    comment: 'Crunchy.',
  },
  ReviewRevised: {
    reviewId: 'r1',
    revisedAt: '2026-03-03T10:00:00.000Z',
    rating: 2,
    title: 'Changed',
    comment: 'Now too sweet.',
  },
  ReviewVoted: { reviewId: 'r1', voterUid: 'bob', helpful: true },
  ReviewHidden: { reviewId: 'r1', reason: 'off-topic' },
  ReviewRestored: { reviewId: 'r1' },
  ReviewAuthorErased: { reviewId: 'r1', keep: false },
};

export const articleSamples: StreamSamples<ArticleEvent> = {
  ArticlePublished: {
    articleId: 3,
    title: 'Reading a label',
    summary: 'Where to look first.',
    imageUrl: '/articles/label.svg',
    category: 'Basics',
    content: 'Start with the ingredient list.',
  },
  ArticleRevised: { articleId: 3, changes: { title: 'Reading any label' } },
  ArticleWithdrawn: { articleId: 3, reason: 'outdated' },
};

const uid = 'alice';
const subscription = { uid, plan: 'monthly', provider: 'stripe', subscriptionId: 'sub_1' } as const;

export const userSamples: StreamSamples<UserEvent> = {
  UserRegistered: {
    uid,
    email: 'alice@example.com',
    emailVerified: true,
    displayName: 'Alice',
    provider: 'password',
  },
  UsernameSet: { uid, username: 'AliceInLabels', previous: null },
  PreferencesChanged: {
    uid,
    preferences: {
      noArtificialSweeteners: true,
      noPalmOil: false,
      organic: false,
      noGluten: false,
      noDairy: false,
      premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
    },
  },
  ScanRecorded: { uid, productId: 7, scannedAt: '2026-03-02T08:00:00.000Z', month: '2026-03' },
  ProductLookedUp: { uid, productId: 7, barcode: '5000000000001', lookedUpAt: '2026-03-02T09:00:00.000Z' },
  SubscriptionActivated: { ...subscription, paymentId: 'in_1', periodEnd: '2026-04-02T08:00:00.000Z' },
  SubscriptionRequested: { uid, plan: 'yearly', requestId: 'request-2', at: '2026-03-03T08:00:00.000Z' },
  SubscriptionCancelled: { uid, subscriptionId: 'sub_1', effectiveAt: '2026-04-02T08:00:00.000Z' },
  SubscriptionExpired: { uid, subscriptionId: 'sub_1' },
  SubscriptionPaymentRefunded: { uid, provider: 'stripe', subscriptionId: 'sub_2', paymentId: 'in_2' },
  UserSuspended: { uid, reason: 'spam reviews' },
  UserReinstated: { uid },
  UserErased: { uid, keepReviews: false, reason: null },
};

/** A stream's samples as events, in the order of its event types. */
export function sampleHistory<Event extends DomainEvent>(
  types: readonly Event['type'][],
  samples: StreamSamples<Event>,
): Event[] {
  return types.map((type) => ({ type, data: samples[type as keyof typeof samples] }) as Event);
}
