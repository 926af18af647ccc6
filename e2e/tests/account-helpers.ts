import type { Page } from '@playwright/test';
import { saveScreenshot } from '../fixtures';

/** Waits until the app's service worker has installed its cache and controls the page. */
export async function waitForOfflineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/** The product cards' links on the page, in display order (each is named after its product). */
export const productLinks = (page: Page) => page.getByRole('main').locator('a[href^="/product/"]');

const WIDTHS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

/** Screenshots of the current screen at desktop and mobile widths (artifacts `{label}-{name}.png`). */
export async function screenshotBothWidths(page: Page, name: string) {
  const original = page.viewportSize();
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await saveScreenshot(page, `${label}-${name}`);
  }
  if (original) await page.setViewportSize(original);
}
