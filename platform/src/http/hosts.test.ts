import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isAllowedHost, isLoopbackHost, isRequestHostAllowed, parseHost } from './hosts.ts';

/** The parts of a request the Host rule reads. */
const request = (headers: Record<string, string>, socket: { localAddress?: string; remoteAddress?: string } = { localAddress: '127.0.0.1', remoteAddress: '127.0.0.1' }) =>
  ({ headers, socket }) as unknown as IncomingMessage;

describe('the Host rule (DNS rebinding)', () => {
  it('reads host[:port], IPv6 in brackets, case-insensitively; anything else is not a host', () => {
    expect(parseHost('Shop.Example:8080')).toEqual({ hostname: 'shop.example', port: '8080' });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '::1', port: '3000' });
    for (const bad of ['', 'https://shop.example', 'shop.example/x', 'user@shop.example', 'a b', 'shop.example:', 'shop.example:123456']) expect(parseHost(bad), bad).toBeNull();
  });

  it('loopback is localhost, 127/8 and ::1 on any port — not names that merely start with them', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:1', '127.8.9.10', '[::1]', '[::1]:3000']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [undefined, '', 'localhost.attacker.example', '127.0.0.1.nip.io', '[::2]', '0.0.0.0', '10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('a configured host allows any port; host:port that port only', () => {
    const allowed = ['shop.example', 'api.shop.example:8443'];
    expect(isAllowedHost('shop.example:1234', allowed)).toBe(true);
    expect(isAllowedHost('api.shop.example:8443', allowed)).toBe(true);
    expect(isAllowedHost('api.shop.example', allowed)).toBe(false);
    expect(isAllowedHost('evil.shop.example', allowed)).toBe(false);
  });

  it('the server calling itself at the address a request reached it on passes; that address from elsewhere does not', () => {
    const rule = { allowedHosts: [], trustProxy: false as const };
    const lan = { localAddress: '::ffff:192.168.1.5', remoteAddress: '::ffff:192.168.1.5' };
    expect(isRequestHostAllowed(request({ host: '192.168.1.5:3000' }, lan), rule)).toBe(true);
    expect(isRequestHostAllowed(request({ host: '192.168.1.5:3000' }, { ...lan, remoteAddress: '192.168.1.9' }), rule)).toBe(false);
    expect(isRequestHostAllowed(request({ host: 'mypc.lan:3000' }, lan), rule)).toBe(false);
  });

  it('X-Forwarded-Host is checked (every value) only behind a trusted proxy', () => {
    const forwarded = request({ host: 'localhost:3000', 'x-forwarded-host': 'shop.example, rebind.attacker.example' });
    expect(isRequestHostAllowed(forwarded, { allowedHosts: ['shop.example'], trustProxy: false })).toBe(true);
    expect(isRequestHostAllowed(forwarded, { allowedHosts: ['shop.example'], trustProxy: 1 })).toBe(false);
    expect(isRequestHostAllowed(forwarded, { allowedHosts: ['shop.example', 'rebind.attacker.example'], trustProxy: 1 })).toBe(true);
    expect(isRequestHostAllowed(request({}), { allowedHosts: [], trustProxy: false })).toBe(false);
  });
});
