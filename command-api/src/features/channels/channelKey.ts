import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A channel's API key (issue 27). The key is never stored: it is derived from the server secret
 * (`SESSION_SECRET`, shared by the command-api instances) and the channel's random salt, and the
 * event keeps only its SHA-256. The webhook derives it again to check a signature; a new server
 * secret gives another key, which the hash refuses (the channel is registered again). The event log
 * alone does not give the key away, like `secretBox` for the secrets an admin types.
 */
const PURPOSE = 'phonemarket-channel-api-key v1';

export const newKeySalt = (): string => randomBytes(18).toString('base64url');

export function channelApiKey(serverSecret: string, channelId: string, keySalt: string): string {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'phonemarket-channel-keys', PURPOSE, 32));
  return `pmch_${createHmac('sha256', key).update(`${channelId}\n${keySalt}`).digest('base64url')}`;
}

export const apiKeyHash = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');

/** `sha256=<hex HMAC-SHA256(timestamp + raw body)>` with the key, as the sender computes it. */
export function webhookSignature(apiKey: string, timestamp: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', apiKey).update(timestamp).update(rawBody).digest('hex')}`;
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(received.trim().toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
