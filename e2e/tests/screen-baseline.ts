import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Fonts for the comparison only: the app's system font stack resolves to whatever a machine
 * has installed, so baselines are drawn in DejaVu Sans, which `.ci/run` makes sure of. The
 * article illustrations are images that name Helvetica/Arial, which this style cannot reach: they
 * are drawn in Liberation Sans (Debian's chromium brings it; `.ci/run` makes sure of it too).
 */
const PINNED_STYLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screen-baseline.css');

/** A text that changes from run to run on an unchanged screen, and what stands in for it. */
export type StandIn = [pattern: string | RegExp, replacement: string];

/** Dates: a renewal a month from now, and the footer's year. */
const DATE_STAND_INS: StandIn[] = [
  [
    /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g,
    '1 January 2030',
  ],
  [/© \d{4}/g, '© 2030'],
];

/**
 * Compares the whole page with its committed baseline in `e2e/screens/` (`npm run test:e2e --
 * --update-snapshots` rewrites them). Texts that change between runs (dates, and the `standIns`
 * a test names, such as its account's email) are replaced in the page first, so they keep their
 * place in the layout. A difference fails the test softly and keeps the expected, actual and diff
 * images in the report.
 */
export async function expectScreenUnchanged(
  page: Page,
  name: string,
  standIns: StandIn[] = [],
  { soft = true } = {},
) {
  await replaceTexts(page, [...DATE_STAND_INS, ...standIns]);
  const check = soft ? expect.soft : expect;
  await check(page, `${name}: screen differs from its baseline`).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    stylePath: PINNED_STYLE,
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function replaceTexts(page: Page, standIns: StandIn[]) {
  const pairs = standIns.map(([pattern, replacement]) => {
    const regex = typeof pattern === 'string' ? new RegExp(escaped(pattern), 'g') : pattern;
    return { source: regex.source, flags: regex.flags, replacement };
  });
  await page.evaluate((serialised) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = serialised.reduce(
        (current, { source, flags, replacement }) => current.replace(new RegExp(source, flags), replacement),
        node.nodeValue ?? '',
      );
      if (text !== node.nodeValue) node.nodeValue = text;
    }
  }, pairs);
}
