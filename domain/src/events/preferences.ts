import { z } from 'zod';

/**
 * A user's dietary preferences as `PreferencesChanged` stores them. The API takes and answers the
 * same shape (`contracts/preferences.ts` re-exports it); kept apart from `user-events.ts` so the apps
 * do not load the user events to parse preferences.
 */
export const premiumAlertsSchema = z.strictObject({
  noNuts: z.boolean(),
  noSoy: z.boolean(),
  noMSG: z.boolean(),
  noENumbers: z.boolean(),
});

export const preferencesSchema = z.strictObject({
  noArtificialSweeteners: z.boolean(),
  noPalmOil: z.boolean(),
  organic: z.boolean(),
  noGluten: z.boolean(),
  noDairy: z.boolean(),
  premiumAlerts: premiumAlertsSchema,
});

export type PremiumAlerts = z.infer<typeof premiumAlertsSchema>;
export type Preferences = z.infer<typeof preferencesSchema>;
