/**
 * Pictures drawn by the app itself (no internet, no image files): phones per model line,
 * brand logos, category tiles, ad banners and brand placeholders, all as SVG strings.
 *
 * Every function is pure and total: the same input always gives the same picture (colours
 * come from a hash of the name, never from randomness) and an unknown name gets a generic
 * drawing instead of an error. Any text put into a picture is XML-escaped.
 */

// ---------------------------------------------------------------------------------------
// helpers

/** Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return String(text)
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

interface Swatch {
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

function swatchFor(name: string): Swatch {
  return PALETTE[hashString(name) % PALETTE.length] ?? PALETTE[0]!;
}

function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 0xff;
  const g = (n >> 8) & 0xff;
  const b = n & 0xff;
  return 0.299 * r + 0.587 * g + 0.114 * b < 150;
}

const FONT = `font-family="'Pretendard','Apple SD Gothic Neo','Noto Sans KR','Malgun Gothic',sans-serif"`;

function svgDocument(viewW: number, viewH: number, width: number | undefined, body: string, label: string): string {
  const w = width ?? viewW;
  const h = Math.round((w * viewH) / viewW);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${viewW} ${viewH}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>` +
    body +
    `</svg>`
  );
}

function clampWidth(width: number | undefined): number | undefined {
  if (width === undefined || !Number.isFinite(width)) return undefined;
  return Math.min(2000, Math.max(16, Math.round(width)));
}

/** Apple-like glyph centred on (cx, cy), drawn with circles and a masked bite (no trademark artwork). */
function appleGlyph(cx: number, cy: number, scale: number, fill: string, id: string, opacity = 1): string {
  return (
    `<mask id="bite-${id}" maskUnits="userSpaceOnUse" x="-20" y="-20" width="40" height="40">` +
    `<rect x="-20" y="-20" width="40" height="40" fill="#ffffff"/><circle cx="13" cy="0" r="4.5" fill="#000000"/></mask>` +
    `<g transform="translate(${cx} ${cy}) scale(${scale})" fill="${fill}" opacity="${opacity}">` +
    `<g mask="url(#bite-${id})"><circle cx="-4" cy="2" r="9"/><circle cx="4" cy="2" r="9"/><circle cx="0" cy="7" r="8"/></g>` +
    `<ellipse cx="3" cy="-12" rx="2.6" ry="5" transform="rotate(35 3 -12)"/>` +
    `</g>`
  );
}

function lens(cx: number, cy: number, r: number, ring: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ring}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.68).toFixed(1)}" fill="#15161a"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.32).toFixed(1)}" fill="#2d3a5a"/>` +
    `<circle cx="${(cx - r * 0.22).toFixed(1)}" cy="${(cy - r * 0.22).toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="#ffffff" fill-opacity="0.7"/>`
  );
}

// ---------------------------------------------------------------------------------------
// phones

export const PHONE_LINES = [
  'galaxy-s',
  'galaxy-s-ultra',
  'galaxy-z-flip',
  'galaxy-z-fold',
  'galaxy-a',
  'iphone',
  'iphone-pro',
  'iphone-air',
  'iphone-e',
  'pixel',
  'pixel-a',
  'generic',
] as const;
export type PhoneLine = (typeof PHONE_LINES)[number];

function normalizeModel(model: string): string {
  return String(model)
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-');
}

/** Which drawing a model name gets ('generic' when the line is not recognised). */
export function phoneLine(model: string): PhoneLine {
  const m = normalizeModel(model);
  if (/fold|폴드/.test(m)) return 'galaxy-z-fold';
  if (/flip|플립/.test(m)) return 'galaxy-z-flip';
  if (/iphone|아이폰/.test(m)) {
    if (/air|에어/.test(m)) return 'iphone-air';
    if (/pro|프로/.test(m)) return 'iphone-pro';
    if (/\d+e(?![a-z])/.test(m)) return 'iphone-e';
    return 'iphone';
  }
  if (/pixel|픽셀/.test(m)) return /\d+a(?![a-z])/.test(m) ? 'pixel-a' : 'pixel';
  if (/(galaxy|갤럭시)-?s\d/.test(m)) return /ultra|울트라/.test(m) ? 'galaxy-s-ultra' : 'galaxy-s';
  if (/(galaxy|갤럭시)-?[am]\d|quantum|퀀텀/.test(m)) return 'galaxy-a';
  return 'generic';
}

/** 'galaxy-s25-ultra' → 'Galaxy S25 Ultra', 'iphone-17-pro-max' → 'iPhone 17 Pro Max'. */
export function displayModelName(model: string): string {
  const words = normalizeModel(model).split('-').filter(Boolean);
  const out: string[] = [];
  for (const word of words) {
    if (word === 'plus' && out.length > 0) {
      out[out.length - 1] += '+';
      continue;
    }
    if (word === 'iphone') out.push('iPhone');
    else if (/^(fe|xl|lg|5g)$/.test(word) || /^[a-z]\d+[a-z]?$/.test(word) || word.length === 1) out.push(word.toUpperCase());
    else out.push(word.charAt(0).toUpperCase() + word.slice(1));
  }
  const name = out.join(' ');
  return name.length > 28 ? `${name.slice(0, 27)}…` : name;
}

interface PhoneDraw {
  readonly swatch: Swatch;
  readonly uid: string;
  readonly ink: string;
  readonly inkOpacity: number;
}

/** Canvas shared by all phone drawings so cards line up. */
const PHONE_W = 240;
const PHONE_H = 400;

function gradientDef(d: PhoneDraw): string {
  return (
    `<defs><linearGradient id="body-${d.uid}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${d.swatch.light}"/><stop offset="1" stop-color="${d.swatch.base}"/>` +
    `</linearGradient></defs>`
  );
}

function slab(d: PhoneDraw, x: number, y: number, w: number, h: number, rx: number): string {
  return (
    `<rect x="${x + 3}" y="${y + 6}" width="${w}" height="${h}" rx="${rx}" fill="#000000" fill-opacity="0.12"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="url(#body-${d.uid})" stroke="${d.swatch.base}" stroke-width="2"/>`
  );
}

function wordmark(d: PhoneDraw, text: string, cx: number, y: number, size: number): string {
  return `<text x="${cx}" y="${y}" text-anchor="middle" font-size="${size}" letter-spacing="2" font-weight="600" ${FONT} fill="${d.ink}" fill-opacity="${d.inkOpacity}">${escapeXml(text)}</text>`;
}

const RING = '#d8dbe0';

function drawPhoneBody(line: PhoneLine, d: PhoneDraw): string {
  switch (line) {
    case 'galaxy-s':
    case 'galaxy-s-ultra': {
      const ultra = line === 'galaxy-s-ultra';
      let s = slab(d, 45, 40, 150, 310, ultra ? 10 : 22);
      const ys = ultra ? [78, 114, 150] : [80, 118, 156];
      for (const y of ys) s += lens(76, y, ultra ? 15 : 14, RING);
      if (ultra) s += lens(108, 96, 10, RING) + `<rect x="100" y="122" width="16" height="16" rx="3" fill="#15161a"/>`;
      s += `<circle cx="${ultra ? 108 : 106}" cy="${ultra ? 150 : 80}" r="4" fill="#fff7d6"/>`;
      s += wordmark(d, 'SAMSUNG', 120, 318, 10);
      return s;
    }
    case 'galaxy-a': {
      let s = slab(d, 45, 40, 150, 310, 26);
      for (const y of [74, 104, 134]) s += lens(74, y, 11, d.swatch.light);
      s += `<circle cx="100" cy="74" r="3.5" fill="#fff7d6"/>`;
      s += wordmark(d, 'SAMSUNG', 120, 318, 10);
      return s;
    }
    case 'galaxy-z-flip': {
      // folded: square-ish body, cover screen on top with two big cameras
      let s = slab(d, 35, 95, 170, 196, 28);
      s += `<rect x="46" y="106" width="148" height="118" rx="20" fill="#111216"/>`;
      s += lens(78, 140, 20, '#3a3d45') + lens(128, 140, 20, '#3a3d45');
      s += `<circle cx="160" cy="126" r="4" fill="#fff7d6"/>`;
      s += `<text x="176" y="210" text-anchor="end" font-size="16" font-weight="600" ${FONT} fill="#ffffff" fill-opacity="0.85">12:45</text>`;
      s += `<rect x="35" y="276" width="170" height="15" rx="7" fill="#000000" fill-opacity="0.18"/>`;
      s += wordmark(d, 'SAMSUNG', 120, 256, 9);
      return s;
    }
    case 'galaxy-z-fold': {
      // unfolded back: wide body, hinge in the middle, camera island on the left panel
      let s = slab(d, 20, 40, 200, 310, 14);
      s += `<rect x="117" y="40" width="6" height="310" fill="#000000" fill-opacity="0.2"/>`;
      s += `<rect x="132" y="56" width="74" height="278" rx="10" fill="#0e0f12" fill-opacity="0.88"/>`;
      s += `<rect x="36" y="58" width="36" height="118" rx="18" fill="#000000" fill-opacity="0.2"/>`;
      for (const y of [78, 117, 156]) s += lens(54, y, 13, RING);
      s += `<circle cx="86" cy="78" r="4" fill="#fff7d6"/>`;
      s += wordmark(d, 'SAMSUNG', 70, 318, 9);
      return s;
    }
    case 'iphone':
    case 'iphone-pro':
    case 'iphone-e': {
      let s = slab(d, 45, 40, 150, 310, 32);
      const pro = line === 'iphone-pro';
      const bump = pro ? 78 : line === 'iphone-e' ? 46 : 62;
      s += `<rect x="55" y="50" width="${bump}" height="${pro ? bump : line === 'iphone-e' ? bump : 84}" rx="${pro ? 20 : 16}" fill="#ffffff" fill-opacity="0.25" stroke="${d.swatch.base}" stroke-opacity="0.5"/>`;
      if (pro) {
        s += lens(76, 72, 14, '#3a3d45') + lens(76, 108, 14, '#3a3d45') + lens(109, 90, 14, '#3a3d45');
        s += `<circle cx="112" cy="64" r="4.5" fill="#fff7d6"/><circle cx="112" cy="117" r="4" fill="#15161a"/>`;
      } else if (line === 'iphone-e') {
        s += lens(78, 73, 13, '#3a3d45') + `<circle cx="92" cy="89" r="3" fill="#fff7d6"/>`;
      } else {
        s += lens(80, 74, 13, '#3a3d45') + lens(80, 110, 13, '#3a3d45');
        s += `<circle cx="105" cy="92" r="4" fill="#fff7d6"/>`;
      }
      s += appleGlyph(120, 200, 1.3, d.ink, d.uid, d.inkOpacity);
      return s;
    }
    case 'iphone-air': {
      let s = slab(d, 45, 40, 150, 310, 32);
      s += `<rect x="53" y="52" width="134" height="52" rx="26" fill="#ffffff" fill-opacity="0.28" stroke="${d.swatch.base}" stroke-opacity="0.5"/>`;
      s += lens(82, 78, 16, '#3a3d45');
      s += `<circle cx="152" cy="78" r="4.5" fill="#fff7d6"/><circle cx="168" cy="78" r="2.5" fill="#15161a"/>`;
      s += appleGlyph(120, 210, 1.3, d.ink, d.uid, d.inkOpacity);
      return s;
    }
    case 'pixel':
    case 'pixel-a': {
      let s = slab(d, 45, 40, 150, 310, 30);
      if (line === 'pixel') {
        // the horizontal camera bar running edge to edge
        s += `<rect x="45" y="92" width="150" height="48" rx="24" fill="#1b1c20"/>`;
        for (const x of [80, 110, 140]) s += lens(x, 116, 13, '#2f3238');
        s += `<circle cx="166" cy="116" r="4" fill="#fff7d6"/>`;
      } else {
        s += `<rect x="60" y="96" width="84" height="40" rx="20" fill="#1b1c20" fill-opacity="0.85"/>`;
        for (const x of [82, 114]) s += lens(x, 116, 12, '#2f3238');
        s += `<circle cx="160" cy="116" r="3.5" fill="#fff7d6"/>`;
      }
      s += `<text x="120" y="300" text-anchor="middle" font-size="24" font-weight="700" font-family="Arial,sans-serif" fill="${d.ink}" fill-opacity="${d.inkOpacity}">G</text>`;
      return s;
    }
    case 'generic':
    default: {
      let s = slab(d, 45, 40, 150, 310, 24);
      s += lens(80, 80, 14, d.swatch.light);
      s += `<circle cx="108" cy="80" r="4" fill="#fff7d6"/>`;
      return s;
    }
  }
}

function drawPhone(line: PhoneLine, swatch: Swatch, label: string, caption: string, width: number | undefined, uidSeed: string): string {
  const dark = isDark(swatch.base);
  const d: PhoneDraw = {
    swatch,
    uid: hashString(uidSeed).toString(36),
    ink: dark ? '#ffffff' : '#1f2329',
    inkOpacity: dark ? 0.75 : 0.55,
  };
  const body =
    gradientDef(d) +
    `<rect width="${PHONE_W}" height="${PHONE_H}" fill="#f4f5f7"/>` +
    drawPhoneBody(line, d) +
    `<text x="${PHONE_W / 2}" y="386" text-anchor="middle" font-size="13" ${FONT} fill="#4b5563">${escapeXml(caption)}</text>`;
  return svgDocument(PHONE_W, PHONE_H, clampWidth(width), body, label);
}

/** A phone picture for a model line, e.g. 'galaxy-s25-ultra', 'iphone-17-pro', 'pixel-10'. */
export function renderPhoneSvg(model: string, opts?: { width?: number }): string {
  const name = String(model ?? '');
  const line = phoneLine(name);
  const caption = line === 'generic' ? name.slice(0, 28) || 'Phone' : displayModelName(name);
  return drawPhone(line, swatchFor(normalizeModel(name)), caption, caption, opts?.width, `phone:${name}`);
}

// ---------------------------------------------------------------------------------------
// placeholders

export const PLACEHOLDER_BRANDS = ['samsung', 'apple', 'pixel', 'generic'] as const;
export type PlaceholderBrand = (typeof PLACEHOLDER_BRANDS)[number];

const PLACEHOLDER_LINE: Record<PlaceholderBrand, PhoneLine> = {
  samsung: 'galaxy-s',
  apple: 'iphone',
  pixel: 'pixel',
  generic: 'generic',
};

/** A neutral grey phone in the brand's shape with '이미지 준비중' (used when a picture fails). */
export function renderPlaceholder(brand: PlaceholderBrand, opts?: { width?: number }): string {
  const key: PlaceholderBrand = (PLACEHOLDER_BRANDS as readonly string[]).includes(brand) ? brand : 'generic';
  return drawPhone(PLACEHOLDER_LINE[key], { base: '#c3c8d0', light: '#e7eaee' }, `${key} 이미지 준비중`, '이미지 준비중', opts?.width, `placeholder:${key}`);
}

// ---------------------------------------------------------------------------------------
// brand logos

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

// ---------------------------------------------------------------------------------------
// category tiles

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

// ---------------------------------------------------------------------------------------
// ad banners

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

// ---------------------------------------------------------------------------------------
// paths (shared by the router and by the seed tests)

export const IMAGE_SECTIONS = ['phones', 'brands', 'categories', 'ads', 'placeholders'] as const;
export type ImageSection = (typeof IMAGE_SECTIONS)[number];

const FILE_RE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,119})\.svg$/;

/** The name inside '<name>.svg', or null for anything else (wrong extension, odd characters). */
export function svgFileName(file: string): string | null {
  return FILE_RE.exec(String(file))?.[1] ?? null;
}

export interface RenderFileOptions {
  width?: number;
  title?: string;
}

/** Renders '/images/<section>/<file>'; null when the section or the file name is not served. */
export function renderImageFile(section: string, file: string, opts: RenderFileOptions = {}): string | null {
  const name = svgFileName(file);
  if (name === null) return null;
  switch (section) {
    case 'phones':
      return renderPhoneSvg(name, opts.width === undefined ? undefined : { width: opts.width });
    case 'brands':
      return renderBrandLogo(name);
    case 'categories':
      return renderCategoryImage(name);
    case 'ads':
      return renderAdImage(name, opts.title);
    case 'placeholders':
      return renderPlaceholder(name as PlaceholderBrand, opts.width === undefined ? undefined : { width: opts.width });
    default:
      return null;
  }
}

function splitImagePath(path: string): { section: string; file: string } | null {
  const m = /^\/images\/([a-z]+)\/([^/?#]+)$/.exec(String(path));
  return m ? { section: m[1]!, file: m[2]! } : null;
}

/** Renders an app image path such as '/images/phones/galaxy-s25-ultra.svg'; null when not served. */
export function renderImagePath(path: string, opts: RenderFileOptions = {}): string | null {
  const parts = splitImagePath(path);
  return parts ? renderImageFile(parts.section, parts.file, opts) : null;
}

/**
 * Whether a path gets a specific drawing (a known phone line, brand, category or
 * placeholder) rather than the generic fallback. Ads are specific for any id.
 */
export function isSpecificImagePath(path: string): boolean {
  const parts = splitImagePath(path);
  if (!parts) return false;
  const name = svgFileName(parts.file);
  if (name === null) return false;
  switch (parts.section) {
    case 'phones':
      return phoneLine(name) !== 'generic';
    case 'brands':
      return (BRAND_LOGO_IDS as readonly string[]).includes(name.toLowerCase());
    case 'categories':
      return CATEGORY_IMAGE_KEYS.some((k) => k.toLowerCase() === name.toLowerCase());
    case 'placeholders':
      return (PLACEHOLDER_BRANDS as readonly string[]).includes(name);
    case 'ads':
      return true;
    default:
      return false;
  }
}
