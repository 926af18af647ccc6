import { defaultPreferences, type Preferences, PREMIUM_REQUIRED_MESSAGE } from '@labelwise/domain/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { toggleAndSave, withPreference } from './preference-fields';

/** The screen's state: what apply() last showed. */
function screenState(initial: Preferences = defaultPreferences) {
  let shown = initial;
  const history: Preferences[] = [];
  return {
    current: () => shown,
    apply: (next: Preferences) => {
      shown = next;
      history.push(next);
    },
    history,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('withPreference', () => {
  it('sets a dietary toggle or a premium alert without touching the rest', () => {
    const gluten = withPreference(defaultPreferences, { group: 'dietary', key: 'noGluten' }, true);
    expect(gluten).toEqual({ ...defaultPreferences, noGluten: true });
    const msg = withPreference(gluten, { group: 'premium', key: 'noMSG' }, true);
    expect(msg.premiumAlerts).toEqual({ noNuts: false, noSoy: false, noMSG: true, noENumbers: false });
    expect(msg.noGluten).toBe(true);
    expect(defaultPreferences.premiumAlerts.noMSG).toBe(false);
  });
});

describe('toggleAndSave', () => {
  it('flips at once and saves the full object', async () => {
    const state = screenState();
    const save = vi.fn(async () => undefined);
    const saving = toggleAndSave({ key: { group: 'dietary', key: 'noDairy' }, save, ...state });
    expect(state.current().noDairy).toBe(true);
    await expect(saving).resolves.toBe(true);
    expect(save).toHaveBeenCalledWith({ ...defaultPreferences, noDairy: true });
    expect(state.current().noDairy).toBe(true);
  });

  it('reverts to the previous value when saving fails, only logging the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = screenState({
      ...defaultPreferences,
      premiumAlerts: { ...defaultPreferences.premiumAlerts, noNuts: true },
    });
    const save = vi.fn(async () => {
      throw new ApiError(403, 'PREMIUM_REQUIRED', PREMIUM_REQUIRED_MESSAGE);
    });
    await expect(toggleAndSave({ key: { group: 'premium', key: 'noNuts' }, save, ...state })).resolves.toBe(
      false,
    );
    expect(state.history.map((p) => p.premiumAlerts.noNuts)).toEqual([false, true]);
    expect(state.current().premiumAlerts.noNuts).toBe(true);
    expect(logged).toHaveBeenCalledOnce();
  });

  it('a failed save reverts only its own toggle, keeping one flipped meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = screenState();
    let fail: (error: Error) => void = () => {};
    const first = toggleAndSave({
      key: { group: 'dietary', key: 'noPalmOil' },
      save: () => new Promise((_, reject) => (fail = reject)),
      ...state,
    });
    await toggleAndSave({ key: { group: 'dietary', key: 'organic' }, save: async () => undefined, ...state });
    fail(new Error('network'));
    await first;
    expect(state.current()).toEqual({ ...defaultPreferences, organic: true });
  });
});
