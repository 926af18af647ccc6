import type { AdminProductResponse } from '../contracts/admin';
import type { OffBlockResponse, ProductResponse } from '../contracts/products';
import { OFF_ATTRIBUTION } from '../events/import-events';
import { nutritionVerdict } from '../products/front-of-pack';
import type { OffSnapshot, ProductDocument } from '../products/product-document';

/** What OFF says about the product, with the attribution the ODbL asks for. */
export function offBlock(off: OffSnapshot): OffBlockResponse {
  const { code, nutriScoreGrade, novaGroup, nutrition, quantity, categories, imageUrl, offUrl } = off;
  return {
    code,
    nutriScoreGrade,
    novaGroup,
    nutrition,
    quantity,
    categories,
    imageUrl,
    offUrl,
    lastModifiedT: off.lastModifiedT,
    attribution: { ...OFF_ATTRIBUTION },
    frontOfPack: nutritionVerdict(off),
  };
}

/** The product as the product page shows it (`GET /api/products/:id` and the answers of its commands). */
export function productView(product: ProductDocument): ProductResponse {
  return {
    id: product.productId,
    ...product.fields,
    rating: product.verdict?.rating ?? null,
    analysis: product.verdict?.analysis ?? null,
    unratedReason: product.verdict === null ? product.unratedReason : null,
    off: product.off && offBlock(product.off),
    createdAt: product.createdAt,
  };
}

/** The community's numbers on a product, counted by the read models. */
export type CommunityNumbers = Pick<AdminProductResponse, 'reviewCount' | 'averageStars' | 'scans'>;

/** The product as the moderation console shows it: its page, its origin and the community's numbers. */
export function adminProductView(product: ProductDocument, numbers: CommunityNumbers): AdminProductResponse {
  const { reviewCount, averageStars, scans } = numbers;
  return {
    ...productView(product),
    categories: product.categories.join(', '),
    source: product.source,
    correctedFields: product.corrected,
    createdBy: product.createdBy,
    removed: product.status === 'removed',
    reviewCount,
    averageStars,
    scans,
  };
}
