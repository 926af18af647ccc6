// Renders the app icons in frontend/public/icons from one SVG. Run after changing the artwork:
//   node frontend/scripts/generate-icons.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const GREEN = '#16a34a';
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/**
 * The favicon's "L" and dot. `inset` shrinks the mark (maskable icons keep it inside the central
 * safe zone); `corner` rounds the background (0 for maskable: the platform applies its own mask).
 */
const artwork = ({ inset, corner }) => {
  const scale = 1 - 2 * inset;
  const offset = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${corner}" fill="${GREEN}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M18 14h8v28h20v8H18z" fill="#fff"/><circle cx="44" cy="22" r="6" fill="#bbf7d0"/>
  </g>
</svg>`;
};

const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, corner: 14 },
  { file: 'icon-512.png', size: 512, inset: 0, corner: 14 },
  { file: 'maskable-512.png', size: 512, inset: 0.15, corner: 0 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, inset: 0.08, corner: 0 },
];

for (const { file, size, ...shape } of icons) {
  await sharp(Buffer.from(artwork(shape)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
}
