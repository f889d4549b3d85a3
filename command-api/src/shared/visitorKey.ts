import { createHmac } from 'node:crypto';
import type { Request } from 'express';

/**
 * Who is viewing or searching: the account when signed in, else the network address. A guest's
 * cookie is not used: anyone can mint fresh cookies, so counting by cookie would let a script pump
 * a phone up.
 */
export function visitorKey(req: Request, secret: string): string {
  const who = req.auth ? `user:${req.auth.user.id}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  return createHmac('sha256', secret).update(who).digest('base64url').slice(0, 22);
}
