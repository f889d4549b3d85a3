import { z } from 'zod';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * An `Idempotency-Key` was used for the first time, by this actor, for a request with this
 * fingerprint (an HMAC of method, path and body — never the body itself, which may hold a password).
 * A later request with the same key must carry the same fingerprint (docs/decisions/007).
 */
export const idempotencyKeyClaimedSchema = z.object({
  fingerprint: z.string().min(16),
  method: z.string().min(1),
  path: z.string().min(1),
});

export const idempotencyStreams = {
  /** One stream per (actor, key), named by a hash of both. */
  idempotencyKey: (scopeHash: string) => streamName('idempotencyKey', scopeHash),
} as const;

export const idempotencyEvents = {
  IdempotencyKeyClaimed: defineEvent({ stream: 'idempotencyKey', schema: idempotencyKeyClaimedSchema }),
} as const;
