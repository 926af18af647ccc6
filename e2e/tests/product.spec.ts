import { expect, test } from '../fixtures';
import { signInWithEmail } from './app-helpers';
import { verifiedUser } from './scan-helpers';

test('a product page shows the rating and analysis, and a signed-in user posts a review', async ({
  page,
  stack,
}) => {
  // With a username: otherwise the username prompt covers the page 1.5 s after each load.
  const { account } = await verifiedUser(stack);
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);

  await page.goto('/product/1');
  await expect(page.getByRole('heading', { name: 'Jumbo Rolled Oats', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rating-banner')).toContainText(/Green|Risk|Warning/);
  await expect(page.getByRole('heading', { name: 'Ingredient Analysis' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('product-analysis-1'))).toContain('"rating"');

  await page.getByRole('button', { name: 'Write a Review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  // Without a rating nothing happens.
  await form.getByLabel('Your review').fill('Creamy porridge every morning.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form).toBeVisible();

  await form.getByRole('radio').nth(3).click();
  // Unique per run: the stack outlives a test (repeats and reruns post to the same product).
  const title = `Breakfast staple ${account.uid.slice(0, 6)}`;
  await form.getByLabel('Title (optional)').fill(title);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form).toBeHidden();
  const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: title });
  await expect(review).toContainText('Creamy porridge every morning.');
  await expect(review).toContainText('Today');
  await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();

  await page.goto('/product/987654');
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page).toHaveTitle('Product not found · Labelwise');
  // It offers a way on: search, or scan the label.
  await expect(
    page.getByRole('main').getByRole('searchbox', { name: 'Search products by name or brand' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Scan a Product' })).toHaveAttribute(
    'href',
    '/scan',
  );
});

test('a product link previews: the server puts its title and Open Graph tags into the page', async ({
  page,
  baseURL,
}) => {
  const html = await (await fetch(`${baseURL}/product/1`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<meta property="og:title" content="Jumbo Rolled Oats');
  expect(html).toContain('<meta property="og:type" content="product" />');
  expect(html).toMatch(/<title>Jumbo Rolled Oats[^<]* · Labelwise<\/title>/);
  await page.goto('/product/1');
  await expect(page).toHaveTitle(/^Jumbo Rolled Oats · Labelwise$/);
});
