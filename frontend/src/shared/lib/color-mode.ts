import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** The user's explicit choice on this device; absent means "follow the system". */
export const COLOR_MODE_KEY = 'labelwise-color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function readChoice(): ColorMode | null {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** Read once, then kept here (so a choice lasts for the page even where storage is refused). */
let choice: ColorMode | null | undefined;
const storedChoice = () => (choice === undefined ? (choice = readChoice()) : choice);

const systemMode = (): ColorMode =>
  typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

/** The mode in force: the stored choice, else the system's. */
export const currentColorMode = (): ColorMode => storedChoice() ?? systemMode();

/** Puts the mode on <html> (Chakra's `.dark` condition) and tells the browser (form controls, scrollbars). */
function apply() {
  const mode = currentColorMode();
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
  for (const listener of listeners) listener();
}

/** Sets the mode on <html> before the first render and follows system changes while no choice is stored. */
export function startColorMode() {
  apply();
  if (typeof matchMedia === 'function')
    matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (!storedChoice()) apply();
    });
  // Another tab changed the choice.
  window.addEventListener('storage', (event) => {
    if (event.key !== COLOR_MODE_KEY) return;
    choice = readChoice();
    apply();
  });
}

/** Remembers a choice (or, with null, goes back to following the system) and applies it. */
export function setColorMode(mode: ColorMode | null) {
  choice = mode;
  try {
    if (mode) localStorage.setItem(COLOR_MODE_KEY, mode);
    else localStorage.removeItem(COLOR_MODE_KEY);
  } catch {
    // Storage refused: the choice lasts for this page.
  }
  apply();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The mode in force and whether it is the user's own choice (rather than the system's). */
export function useColorMode(): { mode: ColorMode; chosen: boolean } {
  const mode = useSyncExternalStore(subscribe, currentColorMode);
  const chosen = useSyncExternalStore(subscribe, () => storedChoice() !== null);
  return { mode, chosen };
}
