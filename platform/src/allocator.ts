/**
 * glibc malloc settings for a server process (ADR 009, issue 43): read by glibc when the process
 * starts, so they are set where it is started (scripts/start.ts re-executes itself with them, the
 * bench's soak server is forked with them, the Dockerfile sets them). Without them, memory that
 * 10,000 sockets took and gave back stayed in the process: its heap and buffers came back to within
 * 2 % of their start, its RSS stayed 34–43 % above it (freed chunks kept by malloc's per-thread arenas).
 * A variable already in the environment wins (an operator's choice, or a measurement of another one).
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  // Two arenas instead of 8 per core: V8's and libuv's worker threads each got an arena whose freed pages were never trimmed.
  MALLOC_ARENA_MAX: '2',
};

/** `env` with each allocator setting it does not already name. */
export function withAllocatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...ALLOCATOR_ENV, ...env };
}

/** The allocator settings in `env`, as `NAME=value` (for a report). */
export function allocatorSettings(env: NodeJS.ProcessEnv): string {
  return Object.entries(env).filter(([k]) => k.startsWith('MALLOC_') || k === 'GLIBC_TUNABLES' || k === 'LD_PRELOAD').map(([k, v]) => `${k}=${v}`).join(' ');
}
