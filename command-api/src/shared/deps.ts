import type { Request } from 'express';
import type { EventStore } from '@phonemarket/events';
import type { Auth } from '@phonemarket/platform/auth/session.ts';
import { roleOf } from '@phonemarket/platform/auth/session.ts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import type { DemoMode } from '@phonemarket/platform/config.ts';
import type { RateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import type { CommandContext } from './commandHandler.ts';

export interface CommandDeps {
  store: EventStore;
  auth: Auth;
  clock: Clock;
  newId: IdGenerator;
  /** Demo accounts and `POST /api/auth/demo`: off, this machine only, or anyone (see `DemoMode`). */
  demo: DemoMode;
  /** Server secret: HMACs of visitors and request fingerprints. */
  secret: string;
  rateLimits: RateLimits;
  signUpsPerAddressPerHour: number;
}

export function commandContext(req: Request, deps: CommandDeps): CommandContext {
  if (req.header('idempotency-key') !== undefined && !req.idempotency) {
    // A route that takes commands must claim the key (after validating its input) before deciding.
    throw new Error(`${req.method} ${req.path}: Idempotency-Key not claimed before commandContext()`);
  }
  return {
    actor: { userId: req.auth?.user.id ?? null, role: roleOf(req) },
    correlationId: req.correlationId,
    clock: deps.clock,
    newId: deps.newId,
    // The key alone is not enough: two different requests under one key must never share event ids.
    ...(req.idempotency ? { idempotencyKey: `${req.idempotency.key}|${req.idempotency.fingerprint}`, claimIdempotencyKey: req.idempotency.claim } : {}),
  };
}

/** Commands answer `{ id, position }`, position as a decimal string (JSON has no bigint). */
export const commandAnswer = <Extra extends Record<string, unknown> = Record<never, never>>(id: string, position: bigint, extra?: Extra): { id: string; position: string } & Extra => ({
  id,
  position: position.toString(),
  ...(extra as Extra),
});
