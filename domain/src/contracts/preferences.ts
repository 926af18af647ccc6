export {
  preferencesSchema,
  premiumAlertsSchema,
  type Preferences,
  type PremiumAlerts,
} from '../events/preferences';
export { defaultPreferences } from '../users/preferences';
