import { FONT, appleGlyph, escapeXml, isDark, svgDocument, swatchFor } from './draw.ts';

/** Brand logos: a wordmark tile (240×120) per known brand, a grey name tile otherwise. */
export const BRAND_LOGO_IDS = ['samsung', 'apple', 'google', 'lg', 'xiaomi', 'oneplus'] as const;

const LOGO_W = 240;
const LOGO_H = 120;

/** A brand wordmark tile (240×120); an unknown brand gets its name on a grey tile. */
export function renderBrandLogo(brandId: string): string {
  const id = String(brandId ?? '').toLowerCase();
  const bg = `<rect width="${LOGO_W}" height="${LOGO_H}" rx="16" fill="#ffffff"/>`;
  let body: string;
  let label: string;
  switch (id) {
    case 'samsung':
      label = 'Samsung';
      body =
        bg +
        `<ellipse cx="120" cy="60" rx="104" ry="34" fill="#1428a0" transform="rotate(-6 120 60)"/>` +
        `<text x="120" y="68" text-anchor="middle" font-size="24" font-weight="800" letter-spacing="3" font-family="Arial,sans-serif" fill="#ffffff">SAMSUNG</text>`;
      break;
    case 'apple':
      label = 'Apple';
      body =
        bg +
        appleGlyph(70, 58, 2.2, '#111111', 'logo') +
        `<text x="108" y="72" font-size="34" font-weight="600" font-family="Helvetica,Arial,sans-serif" fill="#111111">Apple</text>`;
      break;
    case 'google': {
      label = 'Google';
      const colors = ['#4285f4', '#ea4335', '#fbbc05', '#4285f4', '#34a853', '#ea4335'];
      const letters = 'Google'
        .split('')
        .map((ch, i) => `<tspan fill="${colors[i]}">${ch}</tspan>`)
        .join('');
      body = bg + `<text x="120" y="74" text-anchor="middle" font-size="42" font-weight="600" font-family="Arial,sans-serif">${letters}</text>`;
      break;
    }
    case 'lg':
      label = 'LG';
      body =
        bg +
        `<circle cx="76" cy="60" r="32" fill="#a50034"/>` +
        `<circle cx="66" cy="50" r="4" fill="#ffffff"/>` +
        `<path d="M76 34 v30 h14" stroke="#ffffff" stroke-width="5" fill="none"/>` +
        `<text x="122" y="74" font-size="40" font-weight="700" font-family="Arial,sans-serif" fill="#6b6b6b">LG</text>`;
      break;
    case 'xiaomi':
      label = 'Xiaomi';
      body =
        bg +
        `<rect x="32" y="32" width="56" height="56" rx="16" fill="#ff6900"/>` +
        `<text x="60" y="70" text-anchor="middle" font-size="28" font-weight="700" font-family="Arial,sans-serif" fill="#ffffff">mi</text>` +
        `<text x="102" y="72" font-size="30" font-weight="600" font-family="Arial,sans-serif" fill="#333333">Xiaomi</text>`;
      break;
    case 'oneplus':
      label = 'OnePlus';
      body =
        bg +
        `<rect x="28" y="32" width="56" height="56" rx="4" fill="#eb0029"/>` +
        `<text x="56" y="70" text-anchor="middle" font-size="26" font-weight="700" font-family="Arial,sans-serif" fill="#ffffff">1+</text>` +
        `<text x="96" y="72" font-size="30" font-weight="600" font-family="Arial,sans-serif" fill="#222222">OnePlus</text>`;
      break;
    default: {
      const name = id ? id.charAt(0).toUpperCase() + id.slice(1, 24) : 'Brand';
      label = name;
      const swatch = swatchFor(id);
      body =
        `<rect width="${LOGO_W}" height="${LOGO_H}" rx="16" fill="#eef0f3"/>` +
        `<circle cx="48" cy="60" r="22" fill="${swatch.base}"/>` +
        `<text x="48" y="68" text-anchor="middle" font-size="22" font-weight="700" ${FONT} fill="${isDark(swatch.base) ? '#ffffff' : '#1f2329'}">${escapeXml(name.charAt(0))}</text>` +
        `<text x="82" y="70" font-size="26" font-weight="600" ${FONT} fill="#374151">${escapeXml(name)}</text>`;
    }
  }
  return svgDocument(LOGO_W, LOGO_H, undefined, body, label);
}
