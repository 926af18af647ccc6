import { useState } from 'react';

const OFF_CONSENT_KEY = 'shareLabelsWithOpenFoodFacts';

const storage = (): Pick<Storage, 'getItem' | 'setItem'> | null =>
  typeof localStorage === 'undefined' ? null : localStorage;

/**
 * The user's answer to 'Share this label with Open Food Facts': off until they turn it on, and
 * remembered on this device for the next label they give.
 */
export function useOffConsent(): [boolean, (consent: boolean) => void] {
  const [consent, setConsent] = useState(() => storage()?.getItem(OFF_CONSENT_KEY) === 'true');
  const remember = (next: boolean) => {
    setConsent(next);
    try {
      storage()?.setItem(OFF_CONSENT_KEY, String(next));
    } catch {
      // Private browsing may refuse storage: the answer still holds for this page.
    }
  };
  return [consent, remember];
}
