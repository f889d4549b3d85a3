import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config.ts';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms: this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const lastOf = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header.join(',') : header;
  return value?.split(',').at(-1)?.trim() || undefined;
};

/**
 * Scheme and host the client used, for a raw Node request (the Socket.IO handshake has no Express
 * `req`): forwarded headers count only when a proxy is trusted, and then only the hop nearest to us.
 */
export function siteOfRawRequest(req: IncomingMessage, trustProxy: TrustProxy): { protocol: string; host: string } {
  const trusted = trustProxy !== false;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const protocol = (trusted ? lastOf(req.headers['x-forwarded-proto']) : undefined) ?? (encrypted ? 'https' : 'http');
  const host = (trusted ? lastOf(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host ?? '';
  return { protocol, host };
}
