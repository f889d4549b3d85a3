import { STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, type StoreImageKind } from '@phonemarket/contracts';
import { reencodeImage, type ReencodedImage, type UploadFormat } from '../../shared/imageUpload.ts';

/** What a store picture may be: the usual photo and web formats (not SVG, TIFF, PDF or raw pixels). */
export const STORE_IMAGE_FORMATS: readonly UploadFormat[] = ['jpeg', 'png', 'webp', 'gif', 'heif'];

export type { ReencodedImage };

/**
 * An uploaded logo or banner, decoded and drawn again as WebP at the store's size (a square logo, a
 * 4:1 banner; cropped to fill from the centre, turned upright by its EXIF orientation), by the shared
 * upload piece (`shared/imageUpload.ts`). Anything else is 400 with the Korean message.
 */
export function reencodeStoreImage(bytes: Buffer, kind: StoreImageKind): Promise<ReencodedImage> {
  const { width, height } = STORE_IMAGE_RULES.sizes[kind];
  return reencodeImage(bytes, { formats: STORE_IMAGE_FORMATS, size: { width, height, fit: 'cover' }, messages: STORE_IMAGE_MESSAGES });
}
