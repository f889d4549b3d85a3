import { FONT, hashString, svgDocument } from './draw.ts';

/** Saturated gradient pairs for banners. */
const BANNER_PALETTE: readonly (readonly [string, string])[] = [
  ['#1428a0', '#4f6bed'],
  ['#6a1b9a', '#c2185b'],
  ['#0f766e', '#22c55e'],
  ['#b91c1c', '#f97316'],
  ['#1e293b', '#475569'],
  ['#0369a1', '#06b6d4'],
  ['#7c2d12', '#eab308'],
  ['#4338ca', '#a855f7'],
];

const AD_W = 1200;
const AD_H = 400;

function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * A 1200×400 gradient banner with a phone and a 특가 sticker on its right; colours come from the ad
 * id, the title names it (its `<title>` and label). The banner's copy is the page's own text over
 * the picture (home/AdHero shows only the picture's right part): text drawn in an SVG image is laid
 * out with its fonts on the page's main thread, ~10 ms of a phone's first screen (ADR 009).
 */
export function renderAdImage(adId: string, title?: string): string {
  const id = String(adId ?? '');
  const h = hashString(`ad:${id}`);
  const [from, to] = BANNER_PALETTE[h % BANNER_PALETTE.length] ?? BANNER_PALETTE[0]!;
  const heading = truncate((title ?? '').trim() || '폰마켓 특별 혜택', 26);
  const phoneX = 860 + (h % 5) * 10;
  const body =
    `<defs><linearGradient id="ad-${h.toString(36)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${AD_W}" height="${AD_H}" fill="url(#ad-${h.toString(36)})"/>` +
    `<circle cx="${1040 - (h % 7) * 12}" cy="70" r="170" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="760" cy="${360 + (h % 3) * 10}" r="120" fill="#ffffff" fill-opacity="0.06"/>` +
    `<rect x="${phoneX}" y="60" width="150" height="300" rx="26" fill="#ffffff" fill-opacity="0.92" transform="rotate(8 ${phoneX + 75} 210)"/>` +
    `<rect x="${phoneX + 12}" y="74" width="126" height="272" rx="18" fill="${from}" fill-opacity="0.85" transform="rotate(8 ${phoneX + 75} 210)"/>` +
    `<circle cx="${phoneX - 50}" cy="110" r="56" fill="#ffffff" fill-opacity="0.9"/>` +
    `<text x="${phoneX - 50}" y="122" text-anchor="middle" font-size="32" font-weight="800" ${FONT} fill="${from}">특가</text>`;
  return svgDocument(AD_W, AD_H, undefined, body, heading);
}
