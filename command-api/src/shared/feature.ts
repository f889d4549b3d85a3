import type { Router } from 'express';
import type { CommandDeps } from './deps.ts';
import type { RegisteredProcess } from './process.ts';

/**
 * What the command API needs of one feature, exported by its `features/<name>/index.ts` and listed
 * once in `features/index.ts`: the app mounts the routes, the process runner runs the
 * processes, the first start runs the seeds (then, in demo mode, the demo data) — each in list order.
 */
export interface CommandFeature {
  name: string;
  /** Routers mounted in list order (a feature may have several, e.g. the admin routes of accounts). */
  routes?: (deps: CommandDeps) => Router[];
  /** Work across streams and over time (ADR 016). */
  processes?: readonly RegisteredProcess[];
  /** First-start data every deployment needs (the catalogue, the market's sellers); idempotent. */
  seed?: (deps: CommandDeps) => Promise<unknown>;
  /** First-start data of demo mode only (the demo accounts, the demo seller); idempotent; runs after every seed. */
  demo?: (deps: CommandDeps) => Promise<unknown>;
}

/** Types the feature object (a typo in a field fails typecheck). */
export const defineCommandFeature = (feature: CommandFeature): CommandFeature => feature;
