import type { DocStore } from '@phonemarket/projector';
import type { Auth } from '@phonemarket/platform/auth/session.ts';
import type { Clock } from '@phonemarket/platform/clock.ts';
import type { ProjectionProgress } from './progress.ts';

export interface QueryDeps {
  docs: DocStore;
  auth: Auth;
  progress: ProjectionProgress;
  clock: Clock;
}
