/**
 * Pictures drawn by the app itself (no internet, no image files): phones per model line,
 * brand logos, category tiles, ad banners and brand placeholders, all as SVG strings — one file
 * per kind (phones.ts, logos.ts, categories.ts, ads.ts, helpers in draw.ts). This file maps the
 * served paths (/images/<section>/<name>.svg) to them; the router and the seed tests use it.
 *
 * Every function is pure and total: the same input always gives the same picture (colours
 * come from a hash of the name, never from randomness) and an unknown name gets a generic
 * drawing instead of an error. Any text put into a picture is XML-escaped.
 */
import { IMAGE_NAME_PATTERN } from '@phonemarket/contracts/images.ts';
import { renderAdImage } from './ads.ts';
import { CATEGORY_IMAGE_KEYS, renderCategoryImage } from './categories.ts';
import { BRAND_LOGO_IDS, renderBrandLogo } from './logos.ts';
import { PLACEHOLDER_BRANDS, phoneLine, renderPhoneSvg, renderPlaceholder, type PlaceholderBrand } from './phones.ts';

export { escapeXml, hashString } from './draw.ts';
export * from './phones.ts';
export * from './logos.ts';
export * from './categories.ts';
export * from './ads.ts';


export const IMAGE_SECTIONS = ['phones', 'brands', 'categories', 'ads', 'placeholders'] as const;
export type ImageSection = (typeof IMAGE_SECTIONS)[number];

const FILE_RE = new RegExp(`^(${IMAGE_NAME_PATTERN})\\.svg$`);

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
