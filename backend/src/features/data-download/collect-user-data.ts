import {
  streams,
  type DataDownloadResponse,
  type ProductEvent,
  type UserEvent,
  productDecider,
  foldProduct,
  noProduct,
  type ProductDocument,
  reviewDecider,
  countVotes,
  foldUser,
  newUser,
} from '@labelwise/domain';
import type { ReviewDocument } from '@labelwise/domain';
import { loadState, type RecordedEvent } from '@labelwise/event-store';
import { productsCreatedBy, productsNamed, reviewsTouchedBy } from '@labelwise/projections/queries';
import type { AppContext } from '../../http/context';
import { PLANS, customerIdOf, paymentDb } from '../payments';

type Ctx = Pick<AppContext, 'db' | 'reads' | 'store' | 'streamStates' | 'clock'>;
type UserRecord = RecordedEvent<UserEvent>;
type UserDocument = ReturnType<typeof foldUser>;
type Section<K extends keyof DataDownloadResponse> = DataDownloadResponse[K];
type ProductNames = Awaited<ReturnType<typeof productsNamed>>;

/**
 * Everything Labelwise holds about a user, read from the events: their own stream (account,
 * preferences, scans, membership, payments) and the review and product streams they wrote in.
 * Review and product streams are named by their own ids, not the user's, so the read tables say
 * which ones (`reviews.author_uid`, `review_votes.voter_uid`, `product_cards.created_by`); what the
 * download shows of them is their events, folded.
 */
export async function collectUserData(
  ctx: Ctx,
  { uid, emailVerified }: SignedIn,
): Promise<DataDownloadResponse> {
  const [events, touched, created, customerId] = await Promise.all([
    ctx.store.readStream(streams.user(uid)) as Promise<UserRecord[]>,
    reviewsTouchedBy(ctx.reads, uid),
    productsCreatedBy(ctx.reads, uid),
    customerIdOf(paymentDb(ctx.db), uid),
  ]);
  const [written, votedOn] = await Promise.all([
    loadReviews(ctx, touched.written),
    loadReviews(ctx, touched.votedOn),
  ]);
  const scanned = events.flatMap((event) =>
    event.type === 'ScanRecorded' || event.type === 'ProductLookedUp' ? [event.data.productId] : [],
  );
  const named = await productsNamed(ctx.reads, [
    ...new Set([...scanned, ...[...written, ...votedOn].map((review) => review.productId)]),
  ]);
  const user = events.reduce(foldUser, newUser);
  return {
    exportedAt: ctx.clock().toISOString(),
    account: account({ uid, emailVerified }, user, events),
    preferences: {
      current: user.preferences,
      changes: events.flatMap((event) =>
        event.type === 'PreferencesChanged'
          ? [{ at: event.metadata.at, preferences: event.data.preferences }]
          : [],
      ),
    },
    scans: scans(events, named),
    reviews: written.map((review) => reviewEntry(review, named)),
    votesGiven: votedOn.map((review) => ({
      reviewId: review.reviewId,
      ...mention(review.productId, named),
      helpful: review.votes[uid]!,
    })),
    subscription: {
      current: user.subscription.current,
      customerId: customerId ?? null,
      history: membershipHistory(events),
    },
    payments: payments(events),
    products: await contributions(ctx, uid, created, scanned, named),
  };
}

const mention = (productId: number, named: ProductNames) => ({
  productId,
  productName: named.get(productId)?.name ?? null,
});

async function loadReviews(ctx: Ctx, reviewIds: readonly string[]): Promise<ReviewDocument[]> {
  const states = await Promise.all(
    reviewIds.map((id) => loadState(ctx.store, reviewDecider, streams.review(id), ctx.streamStates)),
  );
  return states.filter((state): state is ReviewDocument => state.status !== 'absent');
}

/**
 * Who asks for the download, as their sign-in says now: an address verified after the account
 * was registered (as it was) shows as verified.
 */
interface SignedIn {
  uid: string;
  emailVerified: boolean;
}

function account(
  { uid, emailVerified }: SignedIn,
  user: UserDocument,
  events: readonly UserRecord[],
): Section<'account'> {
  const registered = events.find((event) => event.type === 'UserRegistered');
  return {
    uid,
    email: user.email,
    emailVerified,
    signInProvider: registered?.data.provider ?? null,
    displayName: user.displayName,
    username: user.username,
    created: user.since,
    usernames: events.flatMap((event) =>
      event.type === 'UsernameSet' ? [{ username: event.data.username, at: event.metadata.at }] : [],
    ),
    suspended: user.suspended,
    suspensionReason: user.suspensionReason,
  };
}

function scans(events: readonly UserRecord[], named: ProductNames): Section<'scans'> {
  return events.flatMap((event): Section<'scans'> => {
    switch (event.type) {
      case 'ScanRecorded': {
        const { productId, scannedAt, month } = event.data;
        return [{ kind: 'analysis', at: scannedAt, ...mention(productId, named), barcode: null, month }];
      }
      case 'ProductLookedUp': {
        const { productId, lookedUpAt, barcode } = event.data;
        return [{ kind: 'lookup', at: lookedUpAt, ...mention(productId, named), barcode, month: null }];
      }
      default:
        return [];
    }
  });
}

function reviewEntry(review: ReviewDocument, named: ProductNames): Section<'reviews'>[number] {
  const { helpfulVotes, unhelpfulVotes } = countVotes(review.votes);
  return {
    reviewId: review.reviewId,
    ...mention(review.productId, named),
    username: review.username,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    postedAt: review.postedAt,
    revisedAt: review.revisedAt,
    hidden: review.status === 'hidden',
    hiddenReason: review.hiddenReason,
    votesReceived: { helpful: helpfulVotes, notHelpful: unhelpfulVotes },
  };
}

type MembershipEntry = Section<'subscription'>['history'][number];

function membershipHistory(events: readonly UserRecord[]): MembershipEntry[] {
  const entry = (
    event: UserRecord,
    fields: Pick<MembershipEntry, 'event'> & Partial<MembershipEntry>,
  ): MembershipEntry => ({
    at: event.metadata.at,
    plan: null,
    provider: null,
    subscriptionId: null,
    paymentId: null,
    until: null,
    ...fields,
  });
  return events.flatMap((event) => {
    switch (event.type) {
      case 'SubscriptionRequested':
        return [entry(event, { event: 'requested', plan: event.data.plan })];
      case 'SubscriptionActivated': {
        const { plan, provider, subscriptionId, paymentId, periodEnd } = event.data;
        return [
          entry(event, { event: 'activated', plan, provider, subscriptionId, paymentId, until: periodEnd }),
        ];
      }
      case 'SubscriptionCancelled': {
        const { subscriptionId, effectiveAt } = event.data;
        return [entry(event, { event: 'cancelled', subscriptionId, until: effectiveAt })];
      }
      case 'SubscriptionExpired':
        return [entry(event, { event: 'expired', subscriptionId: event.data.subscriptionId })];
      case 'SubscriptionPaymentRefunded': {
        const { provider, subscriptionId, paymentId } = event.data;
        return [entry(event, { event: 'refunded', provider, subscriptionId, paymentId })];
      }
      default:
        return [];
    }
  });
}

/** Each payment an activation recorded, at its plan's price, marked refunded when a refund followed. */
function payments(events: readonly UserRecord[]): Section<'payments'> {
  const refunded = new Set(
    events.flatMap((event) => (event.type === 'SubscriptionPaymentRefunded' ? [event.data.paymentId] : [])),
  );
  return events.flatMap((event) => {
    if (event.type !== 'SubscriptionActivated' || event.data.paymentId === null) return [];
    const { paymentId, provider, subscriptionId, plan } = event.data;
    const { amount, currency } = PLANS[plan];
    const status = refunded.has(paymentId) ? ('refunded' as const) : ('paid' as const);
    return [{ paymentId, provider, subscriptionId, plan, amount, currency, status, at: event.metadata.at }];
  });
}

/**
 * The products the user created, and those among the ones they scanned that carry a user's label
 * and whose stream says it was theirs.
 */
async function contributions(
  ctx: Ctx,
  uid: string,
  created: readonly number[],
  scanned: readonly number[],
  named: ProductNames,
): Promise<Section<'products'>> {
  const labelCandidates = [...new Set(scanned)].filter(
    (id) => named.get(id)?.userLabel && !created.includes(id),
  );
  const [createdProducts, labels] = await Promise.all([
    Promise.all(
      created.map((id) => loadState(ctx.store, productDecider, streams.product(id), ctx.streamStates)),
    ),
    Promise.all(labelCandidates.map((id) => labelGivenBy(ctx, uid, id))),
  ]);
  const product = (document: ProductDocument, contribution: 'created' | 'labelled', at: string) => ({
    productId: document.productId,
    productName: document.fields.name,
    contribution,
    at,
    brand: document.fields.brand,
    barcode: document.fields.barcode,
    ingredients: document.fields.ingredients,
  });
  return [
    ...createdProducts.flatMap((state) =>
      state.status === 'absent' ? [] : [product(state, 'created', state.createdAt)],
    ),
    ...labels.flatMap((label) => (label ? [product(label.document, 'labelled', label.at)] : [])),
  ];
}

/** The product and when the user gave its label, if they did. */
async function labelGivenBy(ctx: Ctx, uid: string, productId: number) {
  const events = (await ctx.store.readStream(streams.product(productId))) as RecordedEvent<ProductEvent>[];
  const label = events.find(
    (event) => event.type === 'ProductLabelContributed' && event.data.contributedBy === uid,
  );
  const document = events.reduce(foldProduct, noProduct);
  return label && document.status !== 'absent' ? { document, at: label.metadata.at } : undefined;
}
