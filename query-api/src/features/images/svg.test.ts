import { describe, expect, it } from 'vitest';
import {
  BRAND_LOGO_IDS,
  CATEGORY_IMAGE_KEYS,
  PLACEHOLDER_BRANDS,
  displayModelName,
  escapeXml,
  isSpecificImagePath,
  phoneLine,
  renderAdImage,
  renderBrandLogo,
  renderCategoryImage,
  renderImagePath,
  renderPhoneSvg,
  renderPlaceholder,
  svgFileName,
} from './svg.ts';
import type { PlaceholderBrand } from './svg.ts';

/** Cheap well-formedness check: one <svg> root, balanced tags, no raw '&' or '<' in text. */
function expectWellFormed(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(svg)) !== null) {
    // text between tags must not contain '<' or '>'
    expect(svg.slice(last, m.index)).not.toMatch(/[<>]/);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(svg.slice(last)).toBe('');
  expect(stack).toEqual([]);
}

const MODELS = [
  'galaxy-s25',
  'galaxy-s25-plus',
  'galaxy-s25-ultra',
  'galaxy-s25-fe',
  'galaxy-s26-ultra',
  'galaxy-z-flip7',
  'galaxy-z-fold7',
  'galaxy-z-flip6',
  'galaxy-z-fold6',
  'galaxy-a56',
  'galaxy-a16',
  'galaxy-quantum5',
  'iphone-17',
  'iphone-17-pro',
  'iphone-17-pro-max',
  'iphone-air',
  'iphone-16e',
  'iphone-15',
  'pixel-10',
  'pixel-10-pro-xl',
  'pixel-9a',
];

describe('phone pictures', () => {
  it('recognises each model line', () => {
    expect(phoneLine('galaxy-s25')).toBe('galaxy-s');
    expect(phoneLine('galaxy-s26-plus')).toBe('galaxy-s');
    expect(phoneLine('galaxy-s25-ultra')).toBe('galaxy-s-ultra');
    expect(phoneLine('galaxy-z-flip7')).toBe('galaxy-z-flip');
    expect(phoneLine('galaxy-z-fold6')).toBe('galaxy-z-fold');
    expect(phoneLine('galaxy-a36')).toBe('galaxy-a');
    expect(phoneLine('galaxy-quantum5')).toBe('galaxy-a');
    expect(phoneLine('iphone-17')).toBe('iphone');
    expect(phoneLine('iphone-16-pro')).toBe('iphone-pro');
    expect(phoneLine('iphone-17-pro-max')).toBe('iphone-pro');
    expect(phoneLine('iphone-air')).toBe('iphone-air');
    expect(phoneLine('iphone-16e')).toBe('iphone-e');
    expect(phoneLine('pixel-10-pro')).toBe('pixel');
    expect(phoneLine('pixel-9a')).toBe('pixel-a');
    expect(phoneLine('Galaxy S25 Ultra')).toBe('galaxy-s-ultra');
    expect(phoneLine('nokia-3310')).toBe('generic');
    expect(phoneLine('')).toBe('generic');
  });

  it('draws well-formed SVG for every line with the model name in small type', () => {
    for (const model of MODELS) {
      const svg = renderPhoneSvg(model);
      expectWellFormed(svg);
      expect(svg).toContain(`>${displayModelName(model)}</text>`);
    }
    expect(displayModelName('galaxy-s25-ultra')).toBe('Galaxy S25 Ultra');
    expect(displayModelName('galaxy-s25-plus')).toBe('Galaxy S25+');
    expect(displayModelName('iphone-17-pro-max')).toBe('iPhone 17 Pro Max');
    expect(displayModelName('galaxy-z-flip7')).toBe('Galaxy Z Flip7');
    expect(displayModelName('pixel-10-pro-xl')).toBe('Pixel 10 Pro XL');
  });

  it('draws the lines differently (flip vs fold vs slab, pro has three lenses)', () => {
    const pictures = new Set(['galaxy-s25', 'galaxy-z-flip7', 'galaxy-z-fold7', 'iphone-17', 'pixel-10', 'galaxy-a56'].map((m) => renderPhoneSvg(m)));
    expect(pictures.size).toBe(6);
    const lenses = (svg: string) => (svg.match(/fill="#2d3a5a"/g) ?? []).length;
    expect(lenses(renderPhoneSvg('iphone-17-pro'))).toBe(3);
    expect(lenses(renderPhoneSvg('iphone-17'))).toBe(2);
    expect(lenses(renderPhoneSvg('galaxy-z-flip7'))).toBe(2);
  });

  it('is deterministic and colours by model name', () => {
    expect(renderPhoneSvg('galaxy-s25-ultra')).toBe(renderPhoneSvg('galaxy-s25-ultra'));
    const stops = (svg: string) => svg.match(/stop-color="#[0-9a-f]{6}"/g)?.join();
    const colours = new Set(MODELS.map((m) => stops(renderPhoneSvg(m))));
    expect(colours.size).toBeGreaterThan(3);
  });

  it('honours the width option keeping the aspect ratio', () => {
    expect(renderPhoneSvg('iphone-17', { width: 400 })).toContain('width="400" height="667"');
    expect(renderPhoneSvg('iphone-17')).toContain('width="240" height="400"');
    expect(renderPhoneSvg('iphone-17', { width: Number.NaN })).toContain('width="240"');
  });

  it('falls back to a generic phone for unknown or hostile names, escaping the text', () => {
    const svg = renderPhoneSvg('<script>alert("x")</script>&');
    expectWellFormed(svg);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(() => renderPhoneSvg(undefined as unknown as string)).not.toThrow();
    expectWellFormed(renderPhoneSvg('\u0001weird\u0000'));
  });
});

describe('logos, categories, ads and placeholders', () => {
  it('draws every brand logo and a generic tile for others', () => {
    for (const id of BRAND_LOGO_IDS) expectWellFormed(renderBrandLogo(id));
    expect(renderBrandLogo('samsung')).toContain('SAMSUNG');
    const other = renderBrandLogo('nothing<&>');
    expectWellFormed(other);
    expect(other).toContain('Nothing&lt;&amp;&gt;');
  });

  it('draws every category key and a generic tile for others', () => {
    const all = new Set(CATEGORY_IMAGE_KEYS.map((k) => renderCategoryImage(k)));
    expect(all.size).toBe(CATEGORY_IMAGE_KEYS.length);
    for (const svg of all) expectWellFormed(svg);
    expectWellFormed(renderCategoryImage('Unknown"key'));
    expect(renderCategoryImage('folding')).toBe(renderCategoryImage('Folding'));
  });

  it('draws a 1200×400 gradient banner named by the escaped title, with no copy but its 특가 sticker (the page writes the copy)', () => {
    const svg = renderAdImage('ad-foldable', '폴더블 <특가> & "사은품"');
    expectWellFormed(svg);
    expect(svg).toContain('viewBox="0 0 1200 400"');
    expect(svg).toContain('linearGradient');
    expect(svg).toContain('<title>폴더블 &lt;특가&gt; &amp; &quot;사은품&quot;</title>');
    expect(svg.match(/<text[ >]/g)).toEqual(['<text ']);
    expect(svg).toMatch(/>특가<\/text>/);
    expect(renderAdImage('ad-foldable')).toBe(renderAdImage('ad-foldable'));
    expectWellFormed(renderAdImage(''));
  });

  it('draws a placeholder per brand and generic for anything else', () => {
    const all = new Set(PLACEHOLDER_BRANDS.map((b) => renderPlaceholder(b)));
    expect(all.size).toBe(4);
    for (const svg of all) {
      expectWellFormed(svg);
      expect(svg).toContain('이미지 준비중');
    }
    expect(renderPlaceholder('nokia' as PlaceholderBrand)).toBe(renderPlaceholder('generic'));
  });

  it('maps app image paths to pictures', () => {
    expect(svgFileName('galaxy-s25.svg')).toBe('galaxy-s25');
    expect(svgFileName('galaxy-s25.png')).toBeNull();
    expect(svgFileName('../x.svg')).toBeNull();
    expect(renderImagePath('/images/phones/iphone-17-pro.svg')).toBe(renderPhoneSvg('iphone-17-pro'));
    expect(renderImagePath('/images/brands/apple.svg')).toBe(renderBrandLogo('apple'));
    expect(renderImagePath('/images/other/apple.svg')).toBeNull();
    expect(isSpecificImagePath('/images/phones/galaxy-z-fold7.svg')).toBe(true);
    expect(isSpecificImagePath('/images/phones/nokia.svg')).toBe(false);
    expect(isSpecificImagePath('/images/categories/Budget.svg')).toBe(true);
    expect(isSpecificImagePath('/images/brands/nokia.svg')).toBe(false);
  });

  it('escapes all five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
