import type { Preferences } from '../events/preferences';

/** The preferences of a user who has set none: nothing avoided, no alert. */
export const defaultPreferences: Preferences = {
  noArtificialSweeteners: false,
  noPalmOil: false,
  organic: false,
  noGluten: false,
  noDairy: false,
  premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
};
