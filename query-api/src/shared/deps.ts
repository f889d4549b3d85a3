import type { DocStore } from '@phonemarket/projector';
import type { Auth } from '@phonemarket/platform/auth/session.ts';
import type { Clock } from '@phonemarket/platform/clock.ts';
import type { DemoMode } from '@phonemarket/platform/config.ts';
import type { ProjectionProgress } from './progress.ts';

export interface QueryDeps {
  docs: DocStore;
  auth: Auth;
  progress: ProjectionProgress;
  clock: Clock;
  /** The server secret (`SESSION_SECRET`): opens values the command side sealed with it (platform secretBox). */
  secret: string;
  /** Whether demo sign-in exists and for whom (see `DemoMode`); reported by GET /api/site. */
  demo: DemoMode;
}
