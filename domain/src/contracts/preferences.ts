import { z } from 'zod';

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

export const defaultPreferences: Preferences = {
  noArtificialSweeteners: false,
  noPalmOil: false,
  organic: false,
  noGluten: false,
  noDairy: false,
  premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
};
