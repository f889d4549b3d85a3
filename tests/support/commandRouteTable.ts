import type { Router } from 'express';
import { commandRoutes } from '@phonemarket/command-api';
import { openSqliteEventStore } from '@phonemarket/events';
import { createAuth } from '@phonemarket/platform/auth/session.ts';
import { randomIds, systemClock } from '@phonemarket/platform/clock.ts';
import { openRateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import { openSqliteSessionStore } from '@phonemarket/platform/sessions/sqlite.ts';

export interface CommandRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, with `:params`. */
  path: string;
}

type Layer = Router['stack'][number];

/** The routes of an express router and of the routers it mounts, in registration order. */
function routesOf(stack: Layer[]): CommandRoute[] {
  const out: CommandRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const methods = new Set(layer.route.stack.map((l) => l.method?.toUpperCase()));
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) if (methods.has(method)) out.push({ method, path: layer.route.path });
      continue;
    }
    const inner = (layer.handle as Partial<Pick<Router, 'stack'>>).stack;
    if (inner) out.push(...routesOf(inner));
  }
  return out;
}

/**
 * Every command route (`commandRoutes` of command-api, the table both modes mount), listed from the
 * router's own stack so a route added later is walked by the tests that use this without editing them.
 */
export async function commandRouteTable(): Promise<CommandRoute[]> {
  const store = openSqliteEventStore(':memory:');
  const sessions = openSqliteSessionStore(':memory:');
  const rateLimits = await openRateLimits({});
  try {
    const auth = createAuth({ sessions, secret: 'route-table-placeholder-'.repeat(2), idleMs: 60_000, absoluteMs: 60_000, secureCookies: false, clock: systemClock });
    const router = commandRoutes({
      store, auth, clock: systemClock, newId: randomIds, demo: 'loopback', secret: 'route-table-placeholder-'.repeat(2), rateLimits, signUpsPerAddressPerHour: 1,
    });
    return routesOf(router.stack);
  } finally {
    await rateLimits.close();
    await sessions.close();
    await store.close();
  }
}

/** A concrete path for a route: each `:param` becomes `value`. */
export const concretePath = (route: CommandRoute, value = 'x1') => route.path.replace(/:[A-Za-z]+/g, value);
