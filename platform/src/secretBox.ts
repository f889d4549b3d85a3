import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use later in the clear (the SMTP password an admin enters, issue 29; a
 * buyback seller's bank account number, issue 26): never in an event as typed. Sealed with AES-256-GCM under a key derived (HKDF) from the server
 * secret (`SESSION_SECRET`, shared by the command-api instances), so the event log alone does not
 * give them away. A new server secret makes old sealed values unreadable: `openSecret` answers null
 * and the admin enters the value again.
 */
const VERSION = 'v1';

function keyOf(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'phonemarket-secret-box', `${purpose} ${VERSION}`, 32));
}

export function sealSecret(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The sealed value in the clear, or null when it was sealed under another server secret (or is damaged). */
export function openSecret(serverSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
