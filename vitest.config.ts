import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['{contracts,events,platform,projector,command-api,query-api,server,bench,scripts}/src/**/*.test.ts', 'tests/**/*.test.ts'],
          // One first start for the run; startTestServer begins on copies of its folder (ADR 030).
          globalSetup: ['tests/support/seededServer.globalSetup.ts'],
          // The server files share one worker's module graph (ADR 030, s52): 230 files each paid ~1.2 s of
          // imports (284 s of the run); none mocks modules or stubs globals, and all pass in one shared graph.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { LOG_LEVEL: 'error' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'frontend',
          environment: 'happy-dom',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          setupFiles: ['frontend/src/shared/test/setup.ts'],
          // One happy-dom window and module graph for all frontend files (103 files each paid ~1.9 s of a fresh window
          // and imports: 303–314 s → 86–94 s quiet, ADR 030 s63); setup.ts puts the window back after each file and
          // fails a file that leaves a live hook mounted. FRONTEND_ISOLATE=1 gives each file its own, to tell a leak.
          isolate: process.env.FRONTEND_ISOLATE === '1',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/seededStore.globalSetup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // A loaded CI machine can take more than vitest's default 1 s for a projection + refetch.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
