import { FONT, appleGlyph, hashString, svgDocument } from './draw.ts';

/** Category tiles: a 160×160 icon per category key. */
export const CATEGORY_IMAGE_KEYS = ['Samsung', 'Apple', 'SpecialOffer', 'Budget', 'Premium', 'Folding'] as const;

const TILE = 160;

/** A 160×160 category icon tile for a category key (Samsung, Apple, SpecialOffer, …). */
export function renderCategoryImage(key: string): string {
  const k = String(key ?? '');
  const normalized = CATEGORY_IMAGE_KEYS.find((c) => c.toLowerCase() === k.toLowerCase()) ?? null;
  const uid = hashString(`category:${normalized ?? k}`).toString(36);
  const tile = (from: string, to: string) =>
    `<defs><linearGradient id="tile-${uid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${TILE}" height="${TILE}" rx="28" fill="url(#tile-${uid})"/>`;
  const phone = (fill: string) => `<rect x="56" y="30" width="48" height="100" rx="10" fill="${fill}"/>`;
  let body: string;
  switch (normalized) {
    case 'Samsung':
      body =
        tile('#1428a0', '#4f6bed') +
        phone('#dfe6ff') +
        `<circle cx="68" cy="46" r="6" fill="#1428a0"/><circle cx="68" cy="62" r="6" fill="#1428a0"/><circle cx="68" cy="78" r="6" fill="#1428a0"/>`;
      break;
    case 'Apple':
      body =
        tile('#1f2937', '#4b5563') +
        phone('#f3f4f6') +
        `<rect x="60" y="34" width="22" height="22" rx="6" fill="#9ca3af"/>` +
        appleGlyph(80, 92, 1.1, '#1f2937', `tile-${uid}`);
      break;
    case 'SpecialOffer':
      body =
        tile('#dc2626', '#f97316') +
        `<path d="M40 44 h48 l34 36 -36 36 -46 -46 z" fill="#ffffff"/>` +
        `<circle cx="54" cy="58" r="6" fill="#dc2626"/>` +
        `<text x="84" y="96" text-anchor="middle" font-size="30" font-weight="800" font-family="Arial,sans-serif" fill="#dc2626">%</text>`;
      break;
    case 'Budget':
      body =
        tile('#059669', '#34d399') +
        `<circle cx="80" cy="80" r="42" fill="#fef3c7" stroke="#d97706" stroke-width="5"/>` +
        `<text x="80" y="96" text-anchor="middle" font-size="44" font-weight="800" ${FONT} fill="#b45309">₩</text>`;
      break;
    case 'Premium':
      body =
        tile('#4c1d95', '#a855f7') +
        `<path d="M46 66 l16 -22 h36 l16 22 -34 50 z" fill="#fde68a" stroke="#f59e0b" stroke-width="3"/>` +
        `<path d="M46 66 h68 M62 44 l18 72 M98 44 l-18 72" stroke="#f59e0b" stroke-width="2" fill="none"/>`;
      break;
    case 'Folding':
      body =
        tile('#0f766e', '#2dd4bf') +
        `<rect x="34" y="40" width="44" height="82" rx="8" fill="#ccfbf1"/>` +
        `<rect x="82" y="40" width="44" height="82" rx="8" fill="#99f6e4" transform="skewY(-8) translate(0 12)"/>` +
        `<rect x="77" y="40" width="6" height="84" rx="3" fill="#115e59"/>`;
      break;
    default:
      body =
        tile('#6b7280', '#9ca3af') +
        `<rect x="44" y="44" width="30" height="30" rx="6" fill="#f3f4f6"/><rect x="86" y="44" width="30" height="30" rx="6" fill="#e5e7eb"/>` +
        `<rect x="44" y="86" width="30" height="30" rx="6" fill="#e5e7eb"/><rect x="86" y="86" width="30" height="30" rx="6" fill="#f3f4f6"/>`;
  }
  return svgDocument(TILE, TILE, undefined, body, normalized ?? (k.slice(0, 40) || 'category'));
}
