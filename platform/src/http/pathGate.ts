import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** What Express's router keeps per layer (router 2.x): a route's path and methods, or a middleware's (no `route`). */
interface StackLayer { route?: { path?: unknown } }

/**
 * A feature's router behind a gate that lets in only the requests whose path could match one of its
 * routes (the static start of each route's path, up to its first parameter or pattern character).
 * Features are mounted side by side at the root, so without it every request walked the layers of
 * every feature (~220 routes, a path-to-regexp match and a `next()` each: ~7 % of a chat round trip's
 * CPU, ADR 009). A router with a middleware of its own (a `use` layer), or a route path that is not a
 * string, is always entered: the gate only skips what could not have answered. Express matches paths
 * case-insensitively, so does the gate. The prefixes are read on the first request, when every route
 * is registered. The gate carries the router's `stack`, so a route table read from the stack sees through it.
 */
export function gateByPath(router: Router): RequestHandler & Pick<Router, 'stack'> {
  let prefixes: string[] | null | undefined;
  const gate = (req: Request, res: Response, next: NextFunction) => {
    if (prefixes === undefined) prefixes = staticPrefixes((router as unknown as { stack: StackLayer[] }).stack);
    if (prefixes === null) return router(req, res, next);
    const path = req.path.toLowerCase();
    for (const prefix of prefixes) if (path.startsWith(prefix)) return router(req, res, next);
    next();
  };
  // The router's own layers, for whatever lists the routes from the stack (the route tables of the tests).
  return Object.assign(gate, { stack: router.stack });
}

/** The lower-cased static starts of the routes' paths, or null when some layer could answer any path. */
function staticPrefixes(stack: readonly StackLayer[]): string[] | null {
  const prefixes: string[] = [];
  for (const layer of stack) {
    const path = layer.route?.path;
    if (typeof path !== 'string') return null;
    const end = path.search(/[:*?(){}[\]+\\]/);
    prefixes.push((end === -1 ? path : path.slice(0, end)).toLowerCase());
  }
  return prefixes;
}
