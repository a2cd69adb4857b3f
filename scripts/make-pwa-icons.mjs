// Draws the installable app's icons (public/icons) from the same mark as public/favicon.svg, with
// the system Chromium. Run again only when the mark changes: `node scripts/make-pwa-icons.mjs`.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const ORANGE = '#c2410c';
const letter = (size, scale) =>
  `<text x="50%" y="50%" dy="0.35em" font-size="${size * scale}" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, sans-serif" font-weight="bold">S</text>`;
// "any": the round mark; "maskable": full-bleed square, the letter inside the 80% safe zone
const round = (s) => `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}"><circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.47}" fill="${ORANGE}"/>${letter(s, 0.5)}</svg>`;
const square = (s) => `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}"><rect width="${s}" height="${s}" fill="${ORANGE}"/>${letter(s, 0.42)}</svg>`;

const icons = [
  ['sofra-192.png', 192, round],
  ['sofra-512.png', 512, round],
  ['sofra-maskable-512.png', 512, square],
  ['apple-touch-icon.png', 180, square],
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, size, draw] of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${draw(size)}</body></html>`);
  await page.locator('svg').screenshot({ path: `public/icons/${name}`, omitBackground: true });
}
await browser.close();
