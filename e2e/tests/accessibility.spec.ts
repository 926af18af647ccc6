import { expect, test } from '../fixtures';
import { axeViolations } from './page-checks';

/**
 * Checks axe and the eye need beyond the screen sweep (screens.spec.ts runs axe on every screen):
 * product pages of each rating, the focus ring's contrast, and that axe finds what it should.
 */
const COLOR_SCHEMES = ['light', 'dark'] as const;

test('product pages rated green, amber and red (ultra-processed): axe finds no violations, light and dark', async ({
  page,
  stack,
}) => {
  const getJson = async <T>(path: string) => {
    const res = await fetch(`${stack.baseURL}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const ultra = await getJson<{ id: number; analysis: { isUltraProcessed: boolean } }>(
    '/api/products/barcode/0000159479269', // Magic Stars Chocolates, in the starter set
  );
  expect(ultra.analysis.isUltraProcessed).toBe(true);
  const cards = await getJson<Array<{ id: number; rating: string | null }>>('/api/products?limit=100');
  const pages = [ultra.id];
  // The starter set rates every product (each has English ingredients): Unrated pages need an import.
  for (const rating of ['green', 'amber']) {
    const card = cards.find((candidate) => candidate.rating === rating);
    expect(card, `a product rated ${rating} in the starter set`).toBeDefined();
    pages.push(card!.id);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    for (const id of pages) {
      await page.goto(`/product/${id}`);
      await expect(page.getByTestId('rating-banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await axeViolations(page), `/product/${id}, ${colorScheme}: axe`).toEqual([]);
    }
  }
});

test('a focused field has a ring of 2 px or more at 3:1 or more against the page, light and dark', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search products by name or brand' });
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await search.focus();
    const ring = await search.evaluate((field) => {
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let behind: Element | null = field.parentElement;
      while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] ?? 1) === 0)
        behind = behind.parentElement;
      const [a, b] = [
        getComputedStyle(field).outlineColor,
        getComputedStyle(behind ?? document.body).backgroundColor,
      ]
        .map(rgb)
        .map(luminance);
      return {
        width: parseFloat(getComputedStyle(field).outlineWidth),
        contrast: (Math.max(a!, b!) + 0.05) / (Math.min(a!, b!) + 0.05),
      };
    });
    expect.soft(ring.width, `${colorScheme}: ring width`).toBeGreaterThanOrEqual(2);
    expect.soft(ring.contrast, `${colorScheme}: ring contrast`).toBeGreaterThanOrEqual(3);
  }
});

test('axe reports low contrast, an invalid <dl> and a label without its visible text', async ({ page }) => {
  await page.setContent(`<html lang="en"><title>t</title><body style="background:#fff"><main>
    <h1>Check</h1>
    <p style="color:#999">Too faint</p>
    <dl><p>Not a term</p></dl>
    <button aria-label="Account menu">JD</button>
  </main></body></html>`);
  const rules = (await axeViolations(page)).map((line) => line.split(' ')[0]);
  expect(rules.sort()).toEqual(['color-contrast', 'definition-list', 'label-content-name-mismatch']);
});

test('axe reads the page at rest: not a tooltip fading in under the pointer, nor a text mid-fade', async ({
  page,
}) => {
  // Both fades stop halfway for a long while (half opacity: too faint to read) unless the check settles them.
  await page.setContent(`<html lang="en"><title>t</title><style>
    @keyframes fade-in { from { opacity: 0; } }
    .fading { animation: fade-in 1000s steps(2, jump-start); }
    [role='tooltip'] { opacity: 0; transition: opacity 1000s steps(2, jump-start); background: #222; color: #fff; }
    button:hover + [role='tooltip'] { opacity: 1; }
  </style><body style="background:#fff"><main>
    <h1>Check</h1>
    <p class="fading">Fading in</p>
    <button aria-describedby="tip">Toggle</button><span id="tip" role="tooltip">Toggle light/dark mode</span>
  </main></body></html>`);
  await page.getByRole('button', { name: 'Toggle' }).hover();
  await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '0.5');
  await expect(page.getByText('Fading in')).toHaveCSS('opacity', '0.5');
  expect(await axeViolations(page)).toEqual([]);
});
