import type { Request } from 'express';
import type { EventStore } from '@phonemarket/events';
import type { Auth } from '@phonemarket/platform/auth/session.ts';
import { roleOf } from '@phonemarket/platform/auth/session.ts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import type { CommandContext } from './commandHandler.ts';

export interface CommandDeps {
  store: EventStore;
  auth: Auth;
  clock: Clock;
  newId: IdGenerator;
  /** Demo mode: demo accounts and `POST /api/auth/demo`. */
  demo: boolean;
}

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

export function commandContext(req: Request, deps: CommandDeps): CommandContext {
  const key = req.header('idempotency-key');
  return {
    actor: { userId: req.auth?.user.id ?? null, role: roleOf(req) },
    correlationId: req.header('x-correlation-id') ?? deps.newId(),
    clock: deps.clock,
    newId: deps.newId,
    ...(key && KEY.test(key) ? { idempotencyKey: key } : {}),
  };
}

/** Commands answer `{ id, position }`, position as a decimal string (JSON has no bigint). */
export const commandAnswer = (id: string, position: bigint, extra: Record<string, unknown> = {}) => ({
  id,
  position: position.toString(),
  ...extra,
});
