import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** How far the page is wider than the viewport (0 when nothing overflows sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Tabs through the first `count` focus stops and returns those without a visible focus indicator:
 * an outline or a box shadow on the element, or for a visually hidden input (Chakra switches,
 * radio cards) on the part Chakra marks with data-focus-visible.
 */
export async function focusStopsWithoutIndicator(page: Page, count: number): Promise<string[]> {
  const missing: string[] = [];
  for (let stop = 0; stop < count; stop++) {
    await page.keyboard.press('Tab');
    const result = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'none';
      const shows = (target: Element) => {
        const style = getComputedStyle(target);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== 'none';
      };
      const box = element.getBoundingClientRect();
      const visuallyHidden = box.width <= 1 || box.height <= 1;
      // A visually hidden input shows its focus on a part Chakra marks: its wrapper or a sibling.
      const marked = (root: Element) =>
        [root, ...Array.from(root.querySelectorAll('[data-focus-visible]'))].filter((part) =>
          part.matches('[data-focus-visible]'),
        );
      const parent = element.parentElement;
      const candidates = visuallyHidden ? (parent ? marked(parent) : []) : [element];
      if (candidates.some(shows)) return 'ok';
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
      return `${element.tagName.toLowerCase()} "${label}"`;
    });
    if (result === 'none') break;
    if (result !== 'ok') missing.push(result);
  }
  return missing;
}

/**
 * Full-page screenshots do not scroll, so lazy images would stay blank: from the page's first
 * script on, every image loads eagerly, and the one wait for the network to settle covers them.
 */
export async function loadImagesEagerly(pages: Page | BrowserContext) {
  await pages.addInitScript(() => {
    const eager = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const image of [node, ...Array.from(node.querySelectorAll('img'))])
        if (image instanceof HTMLImageElement && image.loading === 'lazy') image.loading = 'eager';
    };
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(eager))).observe(
      document,
      { childList: true, subtree: true },
    );
  });
}

/** Stops every transition and animation at its end while it applies. */
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * Runs `check` on the page at rest: the pointer leaves the page (nothing stays hovered, no tooltip
 * opens under it), animations under way jump to their end and none plays while the check runs. A
 * tooltip fading in under the pointer, caught half transparent, is not what anyone reads.
 */
export async function onSettledPage<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await page.mouse.move(-1, -1);
  const still = await page.addStyleTag({ content: STILL });
  await page.evaluate(async () => {
    for (const animation of document.getAnimations())
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  try {
    return await check();
  } finally {
    await still.evaluate((style) => (style as Element).remove()).catch(() => {});
  }
}

/**
 * WCAG 2.2 A and AA and axe's best practices, plus its label-in-name rule (WCAG 2.5.3, off by
 * default). Run with axe.run in the page (legacy mode): by default each check also opens a blank
 * page to merge the frames' results, a second of its 1.4 s per screen here; the app has no
 * cross-origin frames to merge.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });

/**
 * axe's violations on the page once it is at rest (or only within the `within` selector, leaving
 * out the `exclude` one), one line per rule with the elements that break it.
 */
export async function axeViolations(page: Page, within?: string, exclude?: string): Promise<string[]> {
  let builder = within ? axe(page).include(within) : axe(page);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await onSettledPage(page, () => builder.analyze());
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.help}): ${violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').at(-1)?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * Starts watching the page for a status message with `text`; the function it returns says whether
 * one has been visible since. A status that lasts a moment (an analysis on a fast machine) is caught
 * however late the test gets to look, where polling for it could miss it on a busy one.
 */
export async function watchForStatus(page: Page, text: string): Promise<() => Promise<boolean>> {
  const watch = await page.evaluateHandle((wanted) => {
    const state = { shown: false };
    const look = () => {
      state.shown ||= Array.from(document.querySelectorAll('[role="status"], output')).some(
        (element) => element.textContent?.includes(wanted) && element.checkVisibility(),
      );
    };
    look();
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    return state;
  }, text);
  return () => watch.evaluate((state) => state.shown);
}
