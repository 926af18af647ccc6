import { dietaryLists, type DietaryKey, type DietaryList } from '@labelwise/reference-data';
import type { Preferences } from '../events/preferences';
import { DIETARY_KEYS, dietaryBit } from './phrase-index';
import { scanLabel, type LabelScan } from './scan';
import type { DietaryAlert } from './types';

const listByKey = new Map<DietaryKey, DietaryList>(dietaryLists.map((l) => [l.key, l]));

/** Dietary keys the preferences switch on, as a bit set. */
export function wantedDietary(preferences: Preferences | undefined): number {
  if (!preferences) return 0;
  const { premiumAlerts } = preferences;
  let bits = 0;
  if (preferences.noArtificialSweeteners) bits |= dietaryBit('noArtificialSweeteners');
  if (preferences.noPalmOil) bits |= dietaryBit('noPalmOil');
  if (preferences.organic) bits |= dietaryBit('organic');
  if (preferences.noGluten) bits |= dietaryBit('noGluten');
  if (preferences.noDairy) bits |= dietaryBit('noDairy');
  if (premiumAlerts.noNuts) bits |= dietaryBit('noNuts');
  if (premiumAlerts.noSoy) bits |= dietaryBit('noSoy');
  if (premiumAlerts.noMSG) bits |= dietaryBit('noMSG');
  if (premiumAlerts.noENumbers) bits |= dietaryBit('noENumbers');
  return bits;
}

/**
 * Dietary check: `organic` alerts when the word organic is absent; every other
 * preference alerts when its keywords (or additive codes) appear.
 */
export function dietaryAlerts(scan: LabelScan, wanted: number): DietaryAlert[] {
  const alerts: DietaryAlert[] = [];
  if (wanted === 0) return alerts;
  for (let k = 0; k < DIETARY_KEYS.length; k++) {
    if (!(wanted & (1 << k))) continue;
    const key = DIETARY_KEYS[k]!;
    const list = listByKey.get(key)!;
    const matches = scan.dietaryMatches[k] ?? [];
    if (key === 'organic') {
      if (matches.length === 0) {
        alerts.push({
          preference: key,
          label: list.label,
          message: 'No organic ingredients are listed.',
          matches: [],
        });
      }
    } else if (matches.length > 0) {
      alerts.push({
        preference: key,
        label: list.label,
        message: `Contains ${list.noun}: ${matches.join(', ')}.`,
        matches,
      });
    }
  }
  return alerts;
}

const everyKey = (1 << DIETARY_KEYS.length) - 1;

/**
 * Every preference this label alerts (as dietaryAlerts would for someone who has it on): what the
 * product read model keeps, so tiles mark a user's alerts without reading the label again.
 */
export function dietaryFlags(text: string): DietaryKey[] {
  return dietaryAlerts(scanLabel(text, everyKey), everyKey).map((alert) => alert.preference);
}

const inlineKeys = dietaryBit('noDairy') | dietaryBit('noGluten');

/** The scan page's dairy and gluten alerts, shown while typing whatever the preferences. */
export function inlineDietaryAlerts(text: string): DietaryAlert[] {
  return dietaryAlerts(scanLabel(text, inlineKeys), inlineKeys);
}
