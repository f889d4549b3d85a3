/**
 * The app's own pictures (query-api draws them: /images/<section>/<name>.svg) as raster WebP.
 *
 * Why: an SVG in an <img> is a document of its own that Chromium parses, styles and lays out on
 * the page's main thread (its text asks the browser process for fonts synchronously); a WebP is
 * decoded off the main thread. On a phone that was most of the first screen's blocking time
 * (ADR 009, eighth pass). The server renders each picture at the widths of one ladder; the
 * browser picks one through `srcset`, so every picture exists in a bounded number of sizes.
 */

/** Device-pixel widths the server renders pictures at (ascending). */
export const IMAGE_WIDTHS = [48, 96, 160, 256, 400, 640, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The smallest ladder width at least `width` wide (the largest for anything beyond it; the smallest for nonsense). */
export function snapImageWidth(width: number): ImageWidth {
  if (!Number.isFinite(width)) return IMAGE_WIDTHS[0];
  return IMAGE_WIDTHS.find((w) => w >= width) ?? LARGEST;
}

/** A picture's name as the server accepts it in '/images/<section>/<name>.<svg|webp>' (a regular expression's source). */
export const IMAGE_NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9._-]{0,119}';

/** '/images/<section>/<name>.svg' with an optional query (the query only shapes the SVG's label). */
const APP_SVG = new RegExp(`^/images/([a-z]+)/(${IMAGE_NAME_PATTERN})\\.svg(?:\\?[^#]*)?$`);

/** The WebP address of an app picture at a ladder width; null for any other address (data:, https:, uploads). */
export function webpImageUrl(src: string, width: number): string | null {
  const m = APP_SVG.exec(src);
  if (!m) return null;
  return `/images/${m[1]}/${m[2]}.webp?w=${snapImageWidth(width)}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`/`srcSet`/`sizes` for an <img> of an app picture: every ladder width up to `maxWidth`
 * device pixels, chosen by the browser from `sizes` (the CSS width the picture is shown at) and
 * the screen's density. Other addresses are returned as they are.
 */
export function responsiveImage(src: string, { sizes, maxWidth }: { sizes: string; maxWidth: number }): ResponsiveImage {
  if (!APP_SVG.test(src)) return { src };
  const top = snapImageWidth(maxWidth);
  const widths = IMAGE_WIDTHS.filter((w) => w <= top);
  return {
    // the fallback for browsers without srcset: the middle of the range
    src: webpImageUrl(src, widths[Math.floor((widths.length - 1) / 2)]!)!,
    srcSet: widths.map((w) => `${webpImageUrl(src, w)} ${w}w`).join(', '),
    sizes,
  };
}
