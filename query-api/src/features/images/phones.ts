import { FONT, appleGlyph, clampWidth, escapeXml, hashString, isDark, lens, svgDocument, swatchFor, type Swatch } from './draw.ts';

/** Phones per model line, and the grey brand placeholder shown when a picture fails. */
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
    // No backdrop of its own (s62): the picture is drawn on the frame's colour, which follows the light or dark theme.
    gradientDef(d) +
    drawPhoneBody(line, d) +
    `<text x="${PHONE_W / 2}" y="386" text-anchor="middle" font-size="13" ${FONT} fill="#6b7280">${escapeXml(caption)}</text>`;
  return svgDocument(PHONE_W, PHONE_H, clampWidth(width), body, label);
}

/** A phone picture for a model line, e.g. 'galaxy-s25-ultra', 'iphone-17-pro', 'pixel-10'. */
export function renderPhoneSvg(model: string, opts?: { width?: number }): string {
  const name = String(model ?? '');
  const line = phoneLine(name);
  const caption = line === 'generic' ? name.slice(0, 28) || 'Phone' : displayModelName(name);
  return drawPhone(line, swatchFor(normalizeModel(name)), caption, caption, opts?.width, `phone:${name}`);
}

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
