// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let systemDark = false;
const changeListeners: Array<() => void> = [];

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.documentElement.className = '';
  systemDark = false;
  changeListeners.length = 0;
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      get matches() {
        return systemDark;
      },
      addEventListener: (_: string, listener: () => void) => changeListeners.push(listener),
    })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const html = () => document.documentElement;

describe('colour mode', () => {
  it('follows the system by default, including later changes', async () => {
    systemDark = true;
    const { startColorMode } = await import('./color-mode');
    startColorMode();
    expect(html().classList.contains('dark')).toBe(true);
    expect(html().style.colorScheme).toBe('dark');
    systemDark = false;
    changeListeners.forEach((listener) => listener());
    expect(html().classList.contains('dark')).toBe(false);
    expect(html().classList.contains('light')).toBe(true);
  });

  it('a choice overrides the system, is remembered, and can go back to the system', async () => {
    systemDark = true;
    const mode = await import('./color-mode');
    mode.startColorMode();
    mode.setColorMode('light');
    expect(html().classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(mode.COLOR_MODE_KEY)).toBe('light');
    changeListeners.forEach((listener) => listener());
    expect(html().classList.contains('dark')).toBe(false);

    // Next visit: the stored choice wins over the (dark) system.
    vi.resetModules();
    const again = await import('./color-mode');
    again.startColorMode();
    expect(again.currentColorMode()).toBe('light');
    again.setColorMode(null);
    expect(localStorage.getItem(again.COLOR_MODE_KEY)).toBeNull();
    expect(html().classList.contains('dark')).toBe(true);
  });
});
