import { z } from 'zod';

/**
 * An `Idempotency-Key` was used for the first time, by this actor, for a request with this
 * fingerprint (an HMAC of method, path and body — never the body itself, which may hold a password).
 * Lives in `idempotencyKey-<hash of actor and key>`; a later request with the same key must match it.
 */
export const idempotencyKeyClaimedSchema = z.object({
  fingerprint: z.string().min(16),
  method: z.string().min(1),
  path: z.string().min(1),
});
