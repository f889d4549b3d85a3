/**
 * Drawing helpers shared by the app's pictures: XML escaping, deterministic colours (a hash of the
 * name, never randomness), the SVG document frame and small glyphs.
 */

/** Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return String(text)
    // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** 32-bit FNV-1a hash of a string (deterministic colour picking). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Swatch {
  readonly base: string;
  readonly light: string;
}

/** Pleasant phone finishes (base and highlight). */
const PALETTE: readonly Swatch[] = [
  { base: '#2b3a55', light: '#51658a' }, // navy
  { base: '#9fb3c8', light: '#d3dfeb' }, // silver blue
  { base: '#a9d5c0', light: '#dcefe5' }, // mint
  { base: '#b9bcc2', light: '#e6e8eb' }, // silver
  { base: '#e8742f', light: '#f4a873' }, // orange
  { base: '#c7bbdf', light: '#ebe5f4' }, // lavender
  { base: '#2e2f33', light: '#5a5c63' }, // black
  { base: '#9eb59f', light: '#cddbcd' }, // sage
  { base: '#e5624f', light: '#f29c8f' }, // coral
  { base: '#3e4a7a', light: '#6b78ad' }, // indigo
  { base: '#c4ad92', light: '#e4d6c5' }, // desert
  { base: '#eab3c6', light: '#f7dde6' }, // pink
];

export function swatchFor(name: string): Swatch {
  return PALETTE[hashString(name) % PALETTE.length] ?? PALETTE[0]!;
}

export function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 0xff;
  const g = (n >> 8) & 0xff;
  const b = n & 0xff;
  return 0.299 * r + 0.587 * g + 0.114 * b < 150;
}

export const FONT = `font-family="'Pretendard','Apple SD Gothic Neo','Noto Sans KR','Malgun Gothic',sans-serif"`;

export function svgDocument(viewW: number, viewH: number, width: number | undefined, body: string, label: string): string {
  const w = width ?? viewW;
  const h = Math.round((w * viewH) / viewW);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${viewW} ${viewH}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>` +
    body +
    `</svg>`
  );
}

export function clampWidth(width: number | undefined): number | undefined {
  if (width === undefined || !Number.isFinite(width)) return undefined;
  return Math.min(2000, Math.max(16, Math.round(width)));
}

/** Apple-like glyph centred on (cx, cy), drawn with circles and a masked bite (no trademark artwork). */
export function appleGlyph(cx: number, cy: number, scale: number, fill: string, id: string, opacity = 1): string {
  return (
    `<mask id="bite-${id}" maskUnits="userSpaceOnUse" x="-20" y="-20" width="40" height="40">` +
    `<rect x="-20" y="-20" width="40" height="40" fill="#ffffff"/><circle cx="13" cy="0" r="4.5" fill="#000000"/></mask>` +
    `<g transform="translate(${cx} ${cy}) scale(${scale})" fill="${fill}" opacity="${opacity}">` +
    `<g mask="url(#bite-${id})"><circle cx="-4" cy="2" r="9"/><circle cx="4" cy="2" r="9"/><circle cx="0" cy="7" r="8"/></g>` +
    `<ellipse cx="3" cy="-12" rx="2.6" ry="5" transform="rotate(35 3 -12)"/>` +
    `</g>`
  );
}

export function lens(cx: number, cy: number, r: number, ring: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ring}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.68).toFixed(1)}" fill="#15161a"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.32).toFixed(1)}" fill="#2d3a5a"/>` +
    `<circle cx="${(cx - r * 0.22).toFixed(1)}" cy="${(cy - r * 0.22).toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="#ffffff" fill-opacity="0.7"/>`
  );
}
