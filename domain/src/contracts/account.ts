import { z } from 'zod/mini';

/** `GET /api/user/profile` (and the answer to `POST /api/users/register`). */
export const userProfileResponse = z.object({
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  isPremium: z.catch(z.boolean(), false),
  scansThisMonth: z.catch(z.number(), 0),
});
export type UserProfileResponse = z.infer<typeof userProfileResponse>;

/** `GET /api/user-stats`: monthly scan usage. */
export const userStatsResponse = z.object({
  scansThisMonth: z.number(),
  scanLimit: z.number(),
  isPremium: z.boolean(),
  canScan: z.boolean(),
});
export type UserStatsResponse = z.infer<typeof userStatsResponse>;

/** `GET /api/user/activity`: the user's visible reviews, and those recommending their product (4-5 stars). */
export const userActivityResponse = z.object({
  reviews: z.number(),
  favorites: z.number(),
});
export type UserActivityResponse = z.infer<typeof userActivityResponse>;
