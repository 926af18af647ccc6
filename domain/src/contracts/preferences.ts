import type { Preferences } from '../events/preferences';

export {
  preferencesSchema,
  premiumAlertsSchema,
  type Preferences,
  type PremiumAlerts,
} from '../events/preferences';

export const defaultPreferences: Preferences = {
  noArtificialSweeteners: false,
  noPalmOil: false,
  organic: false,
  noGluten: false,
  noDairy: false,
  premiumAlerts: { noNuts: false, noSoy: false, noMSG: false, noENumbers: false },
};
