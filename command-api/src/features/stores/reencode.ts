import sharp from 'sharp';
import { STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, type StoreImageKind } from '@phonemarket/contracts';
import { badRequest } from '@phonemarket/platform/http/errors.ts';

/** What sharp may read: the usual photo and web formats (not SVG, TIFF, PDF or raw pixels). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** A decoded picture may have at most this many pixels (a 5 MB PNG can claim billions: a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** WebP quality of the stored pictures: photos and logos look the same as the upload at a fraction of its size. */
const WEBP_QUALITY = 82;

export interface ReencodedImage { width: number; height: number; data: Buffer }

/**
 * An uploaded logo or banner, decoded and drawn again as WebP at the store's size (a square logo, a
 * 4:1 banner; cropped to fill from the centre, turned upright by its EXIF orientation). Only pixels
 * survive: no metadata, no colour profile beyond sRGB, no second frame, nothing the upload carried
 * besides the picture. Anything sharp cannot read as one of the accepted formats is 400 with the
 * Korean message.
 */
export async function reencodeStoreImage(bytes: Buffer, kind: StoreImageKind): Promise<ReencodedImage> {
  if (bytes.length === 0) throw badRequest(STORE_IMAGE_MESSAGES.empty, { file: STORE_IMAGE_MESSAGES.empty });
  const notImage = () => badRequest(STORE_IMAGE_MESSAGES.notImage, { file: STORE_IMAGE_MESSAGES.notImage });
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notImage();
  const { width, height } = STORE_IMAGE_RULES.sizes[kind];
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize({ width, height, fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch {
    throw notImage();
  }
}
