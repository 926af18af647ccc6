import { expect, test } from '../fixtures';
import { expectScreenUnchanged } from './screen-baseline';

const card = (text: string) =>
  `<html lang="en"><title>t</title><body style="margin:16px;background:#fff"><main><p>${text}</p></main></body></html>`;

test('the screen comparison ignores a stand-in date and fails on a changed word', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 120 });
  for (const date of ['9 September 2031', '24 May 2027']) {
    await page.setContent(card(`Renews on ${date}. © ${date.slice(-4)} Labelwise.`));
    await expectScreenUnchanged(page, 'comparison-check', [], { soft: false });
  }

  // Rewriting the baselines (--update-snapshots) would take the changed word as the new baseline.
  if (['all', 'changed'].includes(test.info().config.updateSnapshots)) return;
  await page.setContent(card('Renews in 9 September 2031. © 2031 Labelwise.'));
  const failure = await expectScreenUnchanged(page, 'comparison-check', [], { soft: false }).then(
    () => 'matched',
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/pixels .* are different/);
});
