import * as z from 'zod/mini';
import { hasUnsafeName, hasUnsafeText, UNSAFE_TEXT_MESSAGE, type PlainTextOptions } from './textRules.ts';

export { groupThousands, hasEmoji, hasUnsafeName, hasUnsafeText, UNSAFE_TEXT_MESSAGE, withoutInvisible, type PlainTextOptions } from './textRules.ts';

/**
 * A zod check for names and free text: `z.string().check(z.trim(), plainText())`. Refuses the
 * characters of textRules.ts `hasUnsafeText` with a Korean field error.
 */
export function plainText({ multiline = false, message = UNSAFE_TEXT_MESSAGE }: PlainTextOptions = {}) {
  return z.refine<string>((text) => !hasUnsafeText(text, { multiline }), { error: message });
}

/**
 * The one check for every name people read (sign-up first/last name, seller applicant and store names):
 * plainText's refusals plus invisible and direction-mark characters, with the field's Korean message.
 */
export function plainName(message = UNSAFE_TEXT_MESSAGE) {
  return z.refine<string>((text) => !hasUnsafeName(text), { error: message });
}
