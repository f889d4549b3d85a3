import express, { type Request, type RequestHandler } from 'express';
import { HttpError, badRequest } from '@phonemarket/platform/http/errors.ts';
import { afterBody } from './bodyGate.ts';

/**
 * One upload piece for every feature that takes a picture (store logos and banners, buyback
 * inspection photos, seller products): the body as sent (≤ `maxBytes`, else 413 with the Korean
 * message, answered once the body has arrived), decoded by sharp only if it is one of the accepted
 * formats, and drawn again as WebP at a known size. Only pixels survive: no metadata, no colour
 * profile beyond sRGB, no second frame, nothing appended after the picture (a polyglot's script or
 * archive). The caller records the WebP as an event on a stream of its own (as stores do) and its
 * query route decides who may see it.
 */

/** Formats sharp may read for an upload; the default is the JPEG/PNG/WebP. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';
export const PHOTO_FORMATS: readonly UploadFormat[] = ['jpeg', 'png', 'webp'];
/** The most an upload may be, as sent. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** A decoded picture may have at most this many pixels (a 5 MB PNG can claim billions: a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** WebP quality of stored pictures: photos and logos look the same as the upload at a fraction of its size. */
const WEBP_QUALITY = 82;

export interface UploadMessages {
  tooLarge: string;
  notImage: string;
  empty: string;
}

export interface ImageUploadRules {
  maxBytes: number;
  formats: readonly UploadFormat[];
  /**
   * The stored size: `cover` crops to fill exactly width × height from the centre (a logo, a
   * banner); `inside` keeps the picture's shape within width × height, never enlarging (a photo).
   */
  size: { width: number; height: number; fit: 'cover' | 'inside' };
  /** WebP quality, 82 unless given (a policy sheet read for its small print keeps more). */
  quality?: number;
  messages: UploadMessages;
  /** The field a refusal names (`file` unless given; a delivery's `images.3`). */
  field?: string;
}

export interface ReencodedImage { width: number; height: number; data: Buffer }

/**
 * The picture as sent (any content type but JSON, which the app's JSON parser reads first), at most
 * `maxBytes`: a larger one is refused with 413 and the Korean message, once the upload has gone by. Put it
 * after the route's `beforeBody` checks (role, target): a refused upload is never read into memory.
 */
export function imageBody(rules: Pick<ImageUploadRules, 'maxBytes' | 'messages'>): RequestHandler {
  const raw = express.raw({ type: () => true, limit: rules.maxBytes });
  return (req, res, next) => {
    raw(req, res, (err?: unknown) => {
      if (err && typeof err === 'object' && (err as { type?: string }).type === 'entity.too.large') {
        afterBody(req, () => next(new HttpError(413, rules.messages.tooLarge, { file: rules.messages.tooLarge })));
        return;
      }
      next(err);
    });
  };
}

/** The request's body as bytes (empty when there was none). */
export function uploadedBytes(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

/**
 * An upload decoded and drawn again as WebP at the rules' size (turned upright by its EXIF
 * orientation). Anything sharp cannot read as one of the accepted formats is 400 with the Korean
 * message; an empty body is 400 with its own.
 */
export async function reencodeImage(bytes: Buffer, rules: Omit<ImageUploadRules, 'maxBytes'>): Promise<ReencodedImage> {
  const { messages, field = 'file' } = rules;
  if (bytes.length === 0) throw badRequest(messages.empty, { [field]: messages.empty });
  const notImage = () => badRequest(messages.notImage, { [field]: messages.notImage });
  // Loaded at the first upload, not at every start (ADR 025, s57).
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notImage();
  }
  if (!format || !(rules.formats as readonly string[]).includes(format)) throw notImage();
  const { width, height, fit } = rules.size;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(fit === 'cover' ? { width, height, fit: 'cover', position: 'centre' } : { width, height, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: rules.quality ?? WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch {
    throw notImage();
  }
}
