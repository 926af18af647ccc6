// Every response contract the app parses with, in one chunk that zod goes with (see contracts.ts).
// Named one by one: this chunk is loaded whole, so it carries only the parsers the app uses.
export {
  articleResponse,
  communityFavouriteListResponse,
  paymentVerificationResponse,
  preferencesSchema,
  productCardListResponse,
  productResponse,
  reviewListResponse,
  runtimeConfigResponse,
  searchHitListResponse,
  scannedProductListResponse,
  subscriptionResponse,
  userActivityResponse,
  userProfileResponse,
  userStatsResponse,
} from '@labelwise/domain/contracts';
