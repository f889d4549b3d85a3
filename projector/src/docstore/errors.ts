/** MongoDB's error code for a unique index violation; the embedded store reuses it so callers handle both alike. */
export const DUPLICATE_KEY_CODE = 11000;

export class DuplicateKeyError extends Error {
  readonly code = DUPLICATE_KEY_CODE;
  override readonly name = 'DuplicateKeyError';
}

/** True for a unique index violation from either adapter (MongoDB's `MongoServerError` carries the same code). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY_CODE;
}
