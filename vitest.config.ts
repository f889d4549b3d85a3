import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The server and frontend files two at a time (ADR 030, s64): one at a time left a core idle for most of their phase
// (625 → 407 s of a quiet run's wall). The journeys run after them (group 1), one file at a time: each already keeps
// both cores busy (its product and Chromium), and two at once took as long and failed four journeys.
// TEST_WORKERS=1 runs every file one at a time, as before.
const workers = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
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
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 1 },
          // A loaded CI machine can take more than vitest's default 1 s for a projection + refetch.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
