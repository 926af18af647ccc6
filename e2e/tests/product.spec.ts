import { emulator, expect, test } from '../fixtures';
import { signInWithEmail } from './app-helpers';

test('a product page shows the rating and analysis, and a signed-in user posts a review', async ({
  page,
  stack,
}) => {
  const account = await emulator(stack).createAccount();
  await page.goto('/');
  await signInWithEmail(page, account.email, account.password);

  await page.goto('/product/1');
  await expect(page.getByRole('heading', { name: 'Jumbo Rolled Oats', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rating-banner')).toContainText(/Green|Risk|Warning/);
  await expect(page.getByRole('heading', { name: 'Ingredient Analysis' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('product-analysis-1'))).toContain('"rating"');

  await page.getByRole('button', { name: 'Write a Review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  // Without a rating nothing happens (spec §5).
  await form.getByLabel('Your review').fill('Creamy porridge every morning.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form).toBeVisible();

  await form.getByRole('radio').nth(3).click();
  await form.getByLabel('Title (optional)').fill('Breakfast staple');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form).toBeHidden();
  const review = page
    .getByRole('list', { name: 'Reviews' })
    .getByRole('listitem')
    .filter({ hasText: 'Breakfast staple' });
  await expect(review).toContainText('Creamy porridge every morning.');
  await expect(review).toContainText('Today');
  await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();

  await page.goto('/product/987654');
  await expect(page.getByText('Product not found')).toBeVisible();
});
