import { CHANNEL_MESSAGES, CHANNEL_RULES } from '@phonemarket/contracts/channels.ts';
import { HttpError, badRequest } from '@phonemarket/platform/http/errors.ts';
import { reencodeImage, type UploadFormat } from '../../shared/imageUpload.ts';

/** What sharp reads as each accepted type (the declared type must be what the bytes are). */
const FORMAT_OF_TYPE: Record<string, UploadFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
/** Policy sheets are read by people: kept up to this width or height, never enlarged. */
const MAX_SIDE = 2400;
const WEBP_QUALITY = 85;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ReceivedImage { contentType: string; bytes: number; width: number; height: number; data: Buffer }

/**
 * One image of a delivery: of a type the channel allows (415), at most 5 MB decoded (413), really
 * that type (400 otherwise), decoded and drawn again as WebP by the uploads' one pipeline
 * (`reencodeImage`): only pixels are kept.
 */
export async function receiveChannelImage(image: { contentType: string; base64: string }, allowedTypes: readonly string[], index: number): Promise<ReceivedImage> {
  const field = `images.${index}`;
  const contentType = image.contentType.trim().toLowerCase();
  if (!allowedTypes.includes(contentType) || !Object.hasOwn(FORMAT_OF_TYPE, contentType)) {
    throw new HttpError(415, `${CHANNEL_MESSAGES.imageType} (${contentType || '형식 없음'})`, { [field]: CHANNEL_MESSAGES.imageType });
  }
  const base64 = image.base64.replace(/\s+/g, '');
  // The decoded size, before decoding: base64 is 4 characters per 3 bytes.
  if (Math.floor((base64.length * 3) / 4) > CHANNEL_RULES.maxImageBytes + 2) throw new HttpError(413, CHANNEL_MESSAGES.imageTooLarge, { [field]: CHANNEL_MESSAGES.imageTooLarge });
  if (!BASE64.test(base64)) throw badRequest(CHANNEL_MESSAGES.notImage, { [field]: CHANNEL_MESSAGES.notImage });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > CHANNEL_RULES.maxImageBytes) throw new HttpError(413, CHANNEL_MESSAGES.imageTooLarge, { [field]: CHANNEL_MESSAGES.imageTooLarge });
  const notImage = CHANNEL_MESSAGES.notImage;
  const { width, height, data } = await reencodeImage(bytes, {
    formats: [FORMAT_OF_TYPE[contentType]!],
    size: { width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' },
    quality: WEBP_QUALITY,
    messages: { tooLarge: CHANNEL_MESSAGES.imageTooLarge, notImage, empty: notImage },
    field,
  });
  return { contentType, bytes: bytes.length, width, height, data };
}
