/**
 * The rule every server secret passes before a service uses it: `SESSION_SECRET` today, and the same
 * call for any secret a later feature adds (channel API keys, webhook secrets). A secret that anyone
 * can read in this repository signs nothing: with it, anyone could mint a session cookie, an admin's
 * included. `tests/secrets.test.ts` scans the tracked files for secret-like values and proves each
 * one is refused here, so a new example value cannot slip in unnoticed.
 */

export const MIN_SECRET_LENGTH = 32;

/** Fewer different characters than this (e.g. 64 × 'x') is a placeholder, not a secret. */
const MIN_DISTINCT_CHARACTERS = 8;

/** Values that are, or were, published in this repository (examples, old defaults). Never usable. */
export const PUBLISHED_SECRETS: readonly string[] = [
  // docker-compose.yml's default before compose required SESSION_SECRET
  'change-me-to-a-long-random-secret-of-64-chars-000000000000',
];

/** Words that mark a value as an example to be replaced. */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|example|placeholder|your[-_ ]?secret|not[-_ ]?a[-_ ]?secret|do[-_ ]?not[-_ ]?use/i;

const HOW_TO = 'Generate one with `openssl rand -hex 32`. / `openssl rand -hex 32`로 새로 만드세요.';

/** Why the value is not usable as a secret, or null when it is. The message never repeats the value. */
export function secretProblem(name: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') {
    return `${name} is not set. ${HOW_TO} (${name}이(가) 설정되지 않았습니다.)`;
  }
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH) {
    return `${name} is too short (${v.length} characters; at least ${MIN_SECRET_LENGTH} are needed). ${HOW_TO} ` +
      `(${name}이(가) 너무 짧습니다: ${v.length}자, 최소 ${MIN_SECRET_LENGTH}자.)`;
  }
  if (PUBLISHED_SECRETS.includes(v) || PLACEHOLDER.test(v) || new Set(v).size < MIN_DISTINCT_CHARACTERS) {
    return `${name} is a value published in the phonemarket repository or a placeholder, so anyone could forge what it signs. ${HOW_TO} ` +
      `(${name}이(가) 저장소에 공개된 값이거나 예시 값이라 누구나 서명을 위조할 수 있습니다.)`;
  }
  return null;
}

/** Returns the secret unchanged when usable; otherwise throws with a clear English and Korean message. */
export function assertUsableSecret(name: string, value: string | undefined): string {
  const problem = secretProblem(name, value);
  if (problem) throw new Error(problem);
  return value!;
}
