import type { Preferences, PremiumAlerts } from '@labelwise/domain/contracts';

export type DietaryKey = Exclude<keyof Preferences, 'premiumAlerts'>;
export type PremiumAlertKey = keyof PremiumAlerts;

export type PreferenceKey =
  { group: 'dietary'; key: DietaryKey } | { group: 'premium'; key: PremiumAlertKey };

export interface PreferenceField<K> {
  key: K;
  label: string;
  description: string;
  /** What a product the preference alerts on is said to contain, on tiles and under the verdict. */
  alert: string;
}

/** 'Dietary Preferences', in the order the page lists them. */
export const DIETARY_FIELDS: ReadonlyArray<PreferenceField<DietaryKey>> = [
  {
    key: 'noArtificialSweeteners',
    label: 'No Artificial Sweeteners',
    description: 'Flag aspartame, sucralose, acesulfame K and other sweeteners',
    alert: 'Contains artificial sweeteners',
  },
  {
    key: 'noPalmOil',
    label: 'No Palm Oil',
    description: 'Flag palm oil and palm-derived fats',
    alert: 'Contains palm oil',
  },
  {
    key: 'organic',
    label: 'Organic Only',
    description: 'Flag products not labelled organic',
    alert: 'Not organic',
  },
  {
    key: 'noGluten',
    label: 'Gluten Free',
    description: 'Flag wheat, barley, rye and other gluten sources',
    alert: 'Contains gluten',
  },
  {
    key: 'noDairy',
    label: 'Dairy Free',
    description: 'Flag milk, cream, butter, cheese and whey',
    alert: 'Contains dairy',
  },
];

/** 'Premium Dietary Alerts'. */
export const PREMIUM_ALERT_FIELDS: ReadonlyArray<PreferenceField<PremiumAlertKey>> = [
  {
    key: 'noNuts',
    label: 'Nut Allergy Alert',
    description: 'Warn about nuts and peanuts, including traces',
    alert: 'Contains nuts',
  },
  {
    key: 'noSoy',
    label: 'Soy Free',
    description: 'Warn about soya, soy lecithin and soy protein',
    alert: 'Contains soy',
  },
  {
    key: 'noMSG',
    label: 'No MSG',
    description: 'Warn about monosodium glutamate (E621) and other glutamates',
    alert: 'Contains MSG',
  },
  {
    key: 'noENumbers',
    label: 'No E-Numbers',
    description: 'Warn about any additive with an E-number',
    alert: 'Contains E-numbers',
  },
];

/** What a product is said to contain when a preference alerts on it ("Contains dairy"), by preference. */
export const ALERT_NAMES: Readonly<Record<DietaryKey | PremiumAlertKey, string>> = Object.fromEntries(
  [...DIETARY_FIELDS, ...PREMIUM_ALERT_FIELDS].map((field) => [field.key, field.alert]),
) as Record<DietaryKey | PremiumAlertKey, string>;

export function preferenceValue(preferences: Preferences, key: PreferenceKey): boolean {
  return key.group === 'dietary' ? preferences[key.key] : preferences.premiumAlerts[key.key];
}

/** A copy of the preferences with one toggle set. */
export function withPreference(preferences: Preferences, key: PreferenceKey, value: boolean): Preferences {
  return key.group === 'dietary'
    ? { ...preferences, [key.key]: value }
    : { ...preferences, premiumAlerts: { ...preferences.premiumAlerts, [key.key]: value } };
}

interface ToggleAndSave {
  key: PreferenceKey;
  /** The preferences as shown right now (read again after the save, so other toggles survive a revert). */
  current(): Preferences;
  /** Shows (and mirrors) new preferences. */
  apply(next: Preferences): void;
  /** Persists the full object; rejects on failure. */
  save(next: Preferences): Promise<unknown>;
}

/**
 * Preferences toggling: the toggle flips at once and is saved; if saving fails it reverts
 * to its previous value, which is only logged. Resolves whether the save succeeded.
 */
export async function toggleAndSave({ key, current, apply, save }: ToggleAndSave): Promise<boolean> {
  const previous = preferenceValue(current(), key);
  const next = withPreference(current(), key, !previous);
  apply(next);
  try {
    await save(next);
    return true;
  } catch (error) {
    console.error(`Saving preference ${key.key} failed; reverting`, error);
    apply(withPreference(current(), key, previous));
    return false;
  }
}
