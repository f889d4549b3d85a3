import { FONT, escapeXml, hashString, svgDocument } from './draw.ts';

/** Ad banners: 1200×400 gradients coloured by the ad id, with an optional title. */
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

/** A 1200×400 gradient banner; colours come from the ad id, the title is optional. */
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
    `<text x="${phoneX - 50}" y="122" text-anchor="middle" font-size="32" font-weight="800" ${FONT} fill="${from}">특가</text>` +
    `<text x="80" y="120" font-size="24" font-weight="600" ${FONT} fill="#ffffff" fill-opacity="0.8">폰마켓</text>` +
    `<text x="80" y="200" font-size="54" font-weight="800" ${FONT} fill="#ffffff">${escapeXml(heading)}</text>` +
    `<text x="80" y="250" font-size="24" ${FONT} fill="#ffffff" fill-opacity="0.85">지금 확인하고 최저가로 개통하세요</text>` +
    `<rect x="80" y="286" width="180" height="52" rx="26" fill="#ffffff"/>` +
    `<text x="170" y="320" text-anchor="middle" font-size="22" font-weight="700" ${FONT} fill="${from}">자세히 보기</text>`;
  return svgDocument(AD_W, AD_H, undefined, body, heading);
}
