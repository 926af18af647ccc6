import { emulator, expect, test } from '../fixtures';
import { idToken } from './scan-helpers';

const PAYLOAD = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">';

test('a review holding markup renders as text, and the app runs under its CSP without violations', async ({
  page,
  stack,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __cspViolations?: string[] };
      (w.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  // The hostile review goes in through the API, as any client could send it.
  const account = await emulator(stack).createAccount();
  const token = await idToken(stack, account);
  const posted = await fetch(`${stack.baseURL}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      productId: 2,
      rating: 1,
      title: '<b>bold?</b>',
      comment: PAYLOAD,
      isVerifiedPurchase: true,
    }),
  });
  expect([200, 201]).toContain(posted.status);

  await page.goto('/product/2');
  const review = page
    .getByRole('list', { name: 'Reviews' })
    .getByRole('listitem')
    .filter({ hasText: '<b>bold?</b>' });
  await expect(review).toContainText(PAYLOAD);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await review.locator('script, img[src="x"], b').count()).toBe(0);

  await page.goto('/');
  await page.goto('/articles');
  const fromPage = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  expect([...violations, ...fromPage]).toEqual([]);
});
