import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import type { TrustProxy } from '../config.ts';
import { HttpError } from './errors.ts';

/*
 * DNS rebinding: a page on attacker.example re-points its own name at 127.0.0.1 and then talks to
 * this server as a same-origin page (its Origin and Host both say attacker.example). Only the Host
 * header gives it away, so every request must name this server: by a loopback name or address, or
 * by a host the operator configured (ALLOWED_HOSTS, PUBLIC_ORIGIN). Anything else is 421.
 */

export const FOREIGN_HOST_MESSAGE = '허용되지 않은 주소로 들어온 요청입니다. 이 서버에 등록된 주소로 접속해주세요.';

export interface HostRule {
  /** Configured public hosts (`host` matches any port, `host:port` only that port); loopback is always allowed. */
  allowedHosts: readonly string[];
  /** X-Forwarded-Host is read (and checked too) only behind a trusted proxy. */
  trustProxy: TrustProxy;
}

/** `host[:port]` (IPv6 in brackets) in lower case; null when it is not one. */
export function parseHost(value: string): { hostname: string; port: string | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  if (!match) return null;
  return { hostname: match[1]!.replace(/^\[(.*)\]$/, '$1'), port: match[2] ?? null };
}

/** This machine by name or address (localhost, 127.0.0.0/8, ::1): no other site's page can be served under it. */
export function isLoopbackHost(value: string | undefined): boolean {
  const host = value === undefined ? null : parseHost(value);
  if (!host) return false;
  return host.hostname === 'localhost' || host.hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(host.hostname);
}

/** A Host value that names this server: loopback, or one of the configured hosts. */
export function isAllowedHost(value: string | undefined, allowedHosts: readonly string[]): boolean {
  if (isLoopbackHost(value)) return true;
  const host = value === undefined ? null : parseHost(value);
  if (!host) return false;
  return allowedHosts.some((entry) => {
    const allowed = parseHost(entry);
    return allowed !== null && allowed.hostname === host.hostname && (allowed.port === null || allowed.port === host.port);
  });
}

const forwardedHosts = (req: IncomingMessage): string[] => {
  const header = req.headers['x-forwarded-host'];
  const value = Array.isArray(header) ? header.join(',') : header;
  return value === undefined ? [] : value.split(',').map((h) => h.trim());
};

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

/**
 * The server calling itself at the address a request reached it on (the page render's API calls,
 * server/src/ssr.ts, when it listens on every interface): an address, not a name, so no rebinding.
 */
function isOwnAddressCall(req: IncomingMessage): boolean {
  const local = plainAddress(req.socket.localAddress);
  const host = parseHost(req.headers.host ?? '');
  return local !== '' && host !== null && host.hostname === local && plainAddress(req.socket.remoteAddress) === local;
}

/** Whether the Host header (and, behind a trusted proxy, every X-Forwarded-Host) names this server. */
export function isRequestHostAllowed(req: IncomingMessage, rule: HostRule): boolean {
  const forwarded = rule.trustProxy === false ? [] : forwardedHosts(req);
  if (!forwarded.every((h) => isAllowedHost(h, rule.allowedHosts))) return false;
  return isAllowedHost(req.headers.host, rule.allowedHosts) || isOwnAddressCall(req);
}

/**
 * Whether the client named this server by a loopback name: the Host header and the host Express takes
 * (X-Forwarded-Host behind a trusted proxy). The demo sign-in of embedded mode needs it, even when the
 * host is an allowed public one.
 */
export function hasLoopbackHost(req: Request): boolean {
  return isLoopbackHost(req.headers.host) && isLoopbackHost(req.host);
}

const foreignHost = () => new HttpError(421, FOREIGN_HOST_MESSAGE);

/** Every route of an Express app: a request for another host is 421 before anything reads it. */
export function allowedHostsOnly(rule: HostRule): RequestHandler {
  return (req, _res, next) => next(isRequestHostAllowed(req, rule) ? undefined : foreignHost());
}

const errorBody = JSON.stringify({ message: FOREIGN_HOST_MESSAGE });

/**
 * The same rule for what reaches the HTTP server before Express does: Socket.IO takes over the
 * server's `request` and `upgrade` events for its path. Call after it is attached; the listeners
 * found are kept and called only for requests that name this server.
 */
export function guardServerHosts(server: Server, rule: HostRule): void {
  const onRequest = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isRequestHostAllowed(req, rule)) {
      for (const listener of onRequest) Reflect.apply(listener, server, [req, res]);
      return;
    }
    res.writeHead(421, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(errorBody), 'cache-control': 'no-store' });
    res.end(errorBody);
  });
  const onUpgrade = server.listeners('upgrade');
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isRequestHostAllowed(req, rule)) {
      // Nobody to take the upgrade: what Node does without listeners.
      if (onUpgrade.length === 0) socket.destroy();
      for (const listener of onUpgrade) Reflect.apply(listener, server, [req, socket, head]);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end(`HTTP/1.1 421 Misdirected Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(errorBody)}\r\nConnection: close\r\n\r\n${errorBody}`);
  });
}
