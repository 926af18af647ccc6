import type { Page } from '@playwright/test';

/** Roles a user operates: each needs an accessible name. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'switch',
  'radio',
  'combobox',
  'tab',
  'menuitem',
  'progressbar',
]);

interface AXNode {
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
}

/** Controls in Chromium's accessibility tree without a name, as `role` strings. */
export async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes
      .filter((node) => !node.ignored && CONTROL_ROLES.has(node.role?.value ?? ''))
      .filter((node) => !node.name?.value.trim())
      .map((node) => node.role!.value);
  } finally {
    await cdp.detach();
  }
}

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

/** Full-page screenshots do not scroll, so lazy images would stay blank: load them now. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => {
      img.loading = 'eager';
    }),
  );
  await page.waitForLoadState('networkidle');
}

/** A text that fails WCAG 1.4.3 (4.5:1, or 3:1 for large text), as 'ratio "text" (colour on background)'. */
export function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const rgb = /^rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+))?\)$/.exec(value);
      if (rgb) return [+rgb[1]!, +rgb[2]!, +rgb[3]!, rgb[4] === undefined ? 1 : +rgb[4]];
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/.exec(value);
      if (srgb)
        return [+srgb[1]! * 255, +srgb[2]! * 255, +srgb[3]! * 255, srgb[4] === undefined ? 1 : +srgb[4]];
      return null;
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + below[i]! * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    /** The colour behind `element`, or null when an image or gradient is behind it. */
    const background = (element: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const colour = parse(style.backgroundColor);
        if (colour === null) return null;
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const opacity = (element: Element) => {
      let value = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        value *= +getComputedStyle(node).opacity;
      return value;
    };

    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const checked = new Set<Element>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const element = text.parentElement;
      if (!element || checked.has(element) || !text.textContent?.trim()) continue;
      checked.add(element);
      // Disabled controls are exempt (WCAG 1.4.3), as is what assistive technology never reads.
      if (
        element.closest(
          '[aria-hidden="true"], [disabled], [aria-disabled="true"], [data-disabled], svg, option',
        )
      )
        continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || style.visibility !== 'visible') continue;
      if (style.clip !== 'auto' || style.clipPath.startsWith('inset(50%')) continue;
      const behind = background(element);
      const colour = parse(style.color);
      if (!behind || !colour) continue;
      const fade = opacity(element);
      if (fade === 0) continue;
      const shown = over([colour[0], colour[1], colour[2], colour[3] * fade], behind);
      const [light, dark] = [luminance(shown), luminance(behind)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && +style.fontWeight >= 700);
      if (ratio < (large ? 3 : 4.5) - 0.005)
        failures.push(
          `${ratio.toFixed(2)} "${text.textContent.trim().slice(0, 40)}" (${style.color} on ${behind.map(Math.round).join(',')})`,
        );
    }
    return failures;
  });
}

/** Description lists holding anything but dt, dd, div, script or template directly (WCAG 1.3.1). */
export const invalidDescriptionLists = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('dl')).flatMap((list) =>
      Array.from(list.children)
        .filter((child) => !['DT', 'DD', 'DIV', 'SCRIPT', 'TEMPLATE'].includes(child.tagName))
        .map((child) => `<${child.tagName.toLowerCase()}> in <dl>`),
    ),
  );

/** Controls whose aria-label leaves out the text they show (WCAG 2.5.3, label in name). */
export const labelsMissingTheirText = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label]'))
      .filter((control) => control.checkVisibility())
      .map((control) => [control.getAttribute('aria-label')!, control.innerText] as const)
      .filter(([label, shown]) => {
        // Words only: arrows and other symbols are not read as part of the name.
        const words = (text: string) =>
          text
            .toLowerCase()
            .replace(/[^\p{L}\p{N}]+/gu, ' ')
            .trim();
        return words(shown) !== '' && !words(label).includes(words(shown));
      })
      .map(([label, shown]) => `"${label}" shows "${shown}"`),
  );
