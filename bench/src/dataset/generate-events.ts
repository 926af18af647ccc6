import type { DomainEvent, EventMetadata } from '@labelwise/domain';
import { assessIngredients, type ProductAssessment } from '@labelwise/domain';
import { seededRandom } from '../support';
import { sampleProducts } from './sample-products';

/** One append: events for one stream, as a command would write them. */
export interface StreamAppend {
  stream: string;
  events: DomainEvent[];
  metadata: EventMetadata;
}

/** How many of each thing a generated history of `events` events holds. */
export interface DatasetPlan {
  events: number;
  products: number;
  users: number;
  reviews: number;
  scans: number;
  /** Generated product ids are `firstProductId .. firstProductId + products - 1` (clear of starter ids). */
  firstProductId: number;
}

const BLOCKS = 100;
const START_MS = Date.parse('2026-01-01T00:00:00.000Z');
const SPAN_MS = 300 * 24 * 3600 * 1000;
const FLAVOURS = [
  'Original',
  'Classic',
  'Organic',
  'Lite',
  'Family Pack',
  'Extra',
  'Mini',
  'Vanilla',
  'Spicy',
  'Honey',
];
const COMMENTS = [
  'Tastes great, but the additive list put me off.',
  'My kids love it. Glad the rating is green.',
  'Too sweet for me.',
  'Good value, clean ingredients.',
  'Would buy again.',
];

/**
 * The realistic mix: 10% products, 5% registrations, 5% preference changes, ~5% reviews and
 * votes, the rest scans (scanning is what people do most).
 */
export function planDataset(events: number): DatasetPlan {
  const products = Math.round(events / 10);
  const users = Math.round(events / 20);
  const reviews = Math.round(events / 40);
  // Each review carries on average 1 vote.
  const scans = events - products - 2 * users - 2 * reviews;
  return { events, products, users, reviews, scans, firstProductId: 100_001 };
}

export const benchUid = (i: number) => `bench-user-${i}`;

/** Every sample product's assessment, computed once (the server computes it when a product is created). */
function assessments(): ProductAssessment[] {
  return sampleProducts().map((p) => assessIngredients(p.ingredients, p.categories));
}

/**
 * A deterministic history, in the order it is appended: a hundred blocks, each creating its
 * share of products and users, then posting its share of reviews, votes and scans (each part
 * shuffled). Activity only refers to users and products created in this block or earlier.
 * The event counts add up to `plan.events` exactly.
 */
export function* generateAppends(plan: DatasetPlan, seed: number): Generator<StreamAppend> {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const samples = sampleProducts();
  const assessed = assessments();
  let sequence = 0;
  const at = (block: number) => new Date(START_MS + ((block + random()) / BLOCKS) * SPAN_MS).toISOString();
  const metadata = (actor: string | null, block: number): EventMetadata => ({
    actor,
    correlationId: `bench-${++sequence}`,
    causationId: null,
    at: at(block),
  });
  const share = (total: number, block: number): [number, number] => [
    Math.floor((total * block) / BLOCKS),
    Math.floor((total * (block + 1)) / BLOCKS),
  ];

  // Deterministic shuffle so the kinds of events interleave.
  const shuffled = (appends: StreamAppend[]) => {
    for (let i = appends.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [appends[i], appends[j]] = [appends[j]!, appends[i]!];
    }
    return appends;
  };

  for (let block = 0; block < BLOCKS; block++) {
    let appends: StreamAppend[] = [];
    const [p0, p1] = share(plan.products, block);
    const [u0, u1] = share(plan.users, block);
    const [r0, r1] = share(plan.reviews, block);
    const [s0, s1] = share(plan.scans, block);
    const productsSoFar = Math.max(1, p1);
    const usersSoFar = Math.max(1, u1);
    const productId = () => plan.firstProductId + pick(productsSoFar);

    for (let i = p0; i < p1; i++) {
      const sample = i % samples.length;
      const { name, brand, ingredients, categories } = samples[sample]!;
      const { rating, analysis } = assessed[sample]!;
      const id = plan.firstProductId + i;
      const creator = benchUid(pick(usersSoFar));
      appends.push({
        stream: `product-${id}`,
        metadata: metadata(creator, block),
        events: [
          {
            type: 'ProductCreated',
            data: {
              productId: id,
              name: `${name} ${FLAVOURS[Math.floor(i / samples.length) % FLAVOURS.length]}`,
              brand,
              barcode: String(2_000_000_000_000 + i),
              ingredients,
              description: '',
              weight: `${100 + (i % 9) * 50} g`,
              categories,
              rating,
              analysis,
              createdBy: creator,
              source: 'user',
            },
          },
        ],
      });
    }

    for (let i = u0; i < u1; i++) {
      const uid = benchUid(i);
      const flag = () => random() < 0.2;
      appends.push({
        stream: `user-${uid}`,
        metadata: metadata(uid, block),
        events: [
          {
            type: 'UserRegistered',
            data: {
              uid,
              email: `${uid}@bench.local`,
              emailVerified: true,
              displayName: `User ${i}`,
              provider: 'password',
            },
          },
          {
            type: 'PreferencesChanged',
            data: {
              uid,
              preferences: {
                noArtificialSweeteners: flag(),
                noPalmOil: flag(),
                organic: flag(),
                noGluten: flag(),
                noDairy: flag(),
                premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
              },
            },
          },
        ],
      });
    }

    // Creations first, then the activity that refers to them.
    yield* shuffled(appends);
    appends = [];

    // Reviews with on average one vote each; the last review of the block evens the count out.
    let votes = 0;
    for (let i = r0; i < r1; i++) {
      const author = pick(usersSoFar);
      const reviewId = i.toString(16).padStart(20, '0');
      const meta = metadata(benchUid(author), block);
      const count = i === r1 - 1 ? Math.max(0, r1 - r0 - votes) : Math.min(r1 - r0 - votes, pick(3));
      votes += count;
      appends.push({
        stream: `review-${reviewId}`,
        metadata: meta,
        events: [
          {
            type: 'ReviewPosted',
            data: {
              reviewId,
              productId: productId(),
              authorUid: benchUid(author),
              username: `user${author}`,
              isVerifiedPurchase: random() < 0.3,
              postedAt: meta.at,
              rating: 1 + pick(5),
              title: random() < 0.5 ? null : 'My verdict',
              comment: COMMENTS[pick(COMMENTS.length)]!,
            },
          },
          ...Array.from({ length: count }, (_, v) => ({
            type: 'ReviewVoted' as const,
            data: { reviewId, voterUid: benchUid((author + 1 + v) % usersSoFar), helpful: random() < 0.8 },
          })),
        ],
      });
    }

    // Scans in commands of 1..15 (a scan session), for one user each.
    for (let left = s1 - s0; left > 0;) {
      const count = Math.min(left, 1 + pick(15));
      left -= count;
      const uid = benchUid(pick(usersSoFar));
      const meta = metadata(uid, block);
      appends.push({
        stream: `user-${uid}`,
        metadata: meta,
        events: Array.from({ length: count }, () => ({
          type: 'ScanRecorded' as const,
          data: { uid, productId: productId(), scannedAt: meta.at, month: meta.at.slice(0, 7) },
        })),
      });
    }

    yield* shuffled(appends);
  }
}
