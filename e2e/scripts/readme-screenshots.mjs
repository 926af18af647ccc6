// Copies a few of the screen sweep's screenshots into docs/screenshots for the README: the first
// screen only, reduced to a palette. The sweep keeps them when asked:
//   E2E_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts /screens.spec --no-deps
//   node e2e/scripts/readme-screenshots.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const from = path.join(root, 'e2e/artifacts/screenshots');
const to = path.join(root, 'docs/screenshots');

/** Artifact name, and the width it is shown at (desktop screens are halved). */
const CHOSEN = [
  ['light-390-home', 390],
  ['dark-390-home', 390],
  ['light-390-product', 390],
  ['dark-390-product', 390],
  ['light-390-free-scan', 390],
  ['light-1280-home', 640],
  ['dark-1280-search', 640],
];
const VIEWPORT_HEIGHT = { 390: 844, 1280: 800 };

fs.mkdirSync(to, { recursive: true });
for (const [name, shownWidth] of CHOSEN) {
  const source = path.join(from, `${name}.png`);
  const width = Number(name.split('-')[1]);
  const height = Math.min(VIEWPORT_HEIGHT[width], (await sharp(source).metadata()).height);
  await sharp(source)
    .extract({ left: 0, top: 0, width, height })
    .resize({ width: shownWidth })
    .png({ palette: true, colours: 96, compressionLevel: 9, effort: 10 })
    .toFile(path.join(to, `${name}.png`));
  console.log(`${name}.png ${fs.statSync(path.join(to, `${name}.png`)).size} bytes`);
}
