/**
 * `node bench/chatCpu.ts`: the support section's chat phase alone (ADR 031), for profiling and
 * before/after comparisons of the socket path: one embedded server in this process, `CHATS` chats
 * (default 100) × `ROUNDS` rounds (default 4), ours over the socket alternating with the bare relay;
 * no HTTP rounds. Measures once the first start's processes have run (no backlog beside the chats).
 * Prints CPU per round trip (this process: server and clients), the p50/p99s, the kB the server's thread
 * allocated per round trip of each path (allocated.ts; inline, the clients' allocations are in it too) and
 * the process's page faults per round trip. The clients run in a
 * worker thread as in the bench (chatClients.ts); `CHAT_INLINE=1` runs them in the server's thread, as
 * the bench did before s59 (ADR 031).
 * `CHAT_PROFILE=<file.cpuprofile>`: a CPU profile of the alternating rounds only (node:inspector).
 * `CHAT_TAIL=1`: also what ran in the window of each of the slowest 1 % of round trips, ours and the
 * bare relay's: GC pauses (`PerformanceObserver`) and the event store's appends over 1 ms (ADR 031, s54).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type { EventStore } from '@phonemarket/events';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from '@phonemarket/server';
import { waitForProcessesCaughtUp } from '../tests/support/processesCaughtUp.ts';
import { startClient } from './src/client.ts';
import { chatFigures } from './src/support.ts';
import { round } from './src/stats.ts';

interface Span { start: number; ms: number }
const tail = process.env.CHAT_TAIL === '1';
const gcPauses: Span[] = [];
const appends: Span[] = [];
const trips: { path: 'ours' | 'bare'; start: number; end: number }[] = [];
const gcObserver = tail ? new PerformanceObserver((list) => { for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, ms: e.duration }); }) : null;
/** The store as the app sees it, each append timed (CHAT_TAIL). */
const timedAppends = (store: EventStore): EventStore => ({
  ...store,
  async append(stream, events, options) {
    const start = performance.now();
    try {
      return await store.append(stream, events, options);
    } finally {
      appends.push({ start, ms: performance.now() - start });
    }
  },
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-chat-cpu-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'error', SIGNUP_LIMIT_PER_HOUR: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
const server = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true, ...(tail ? { storeFor: timedAppends } : {}) });
const profileTo = process.env.CHAT_PROFILE;
const inspector = profileTo ? new Session() : null;
const client = process.env.CHAT_INLINE === '1' ? null : startClient();
try {
  await waitForProcessesCaughtUp(dataDir, 300_000);
  const chat = await chatFigures(server.url, {
    chats: Number(process.env.CHATS ?? 100), rounds: Number(process.env.ROUNDS ?? 4), httpRounds: 0, ...(client ? { client } : {}),
    ...(tail ? { onTrip: (path: 'ours' | 'bare', start: number, end: number) => void trips.push({ path, start, end }) } : {}),
    aroundRounds: {
      async start() {
        gcObserver?.observe({ entryTypes: ['gc'] });
        appends.length = 0;
        if (!inspector) return;
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      },
      async stop() {
        gcObserver?.disconnect();
        if (!inspector || !profileTo) return;
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(profileTo, JSON.stringify(profile));
        inspector.disconnect();
      },
    },
  });
  console.log(JSON.stringify({
    cpu_per_rtt_ms: round(chat.cpuPerRoundTripMs, 3), bare_cpu_per_rtt_ms: round(chat.bareCpuPerRoundTripMs, 3),
    cpu_ratio: round(chat.cpuPerRoundTripMs / chat.bareCpuPerRoundTripMs, 2),
    p50_ms: round(chat.rtt.p50, 2), p99_ms: round(chat.rtt.p99, 2), bare_p50_ms: round(chat.bare.p50, 2), bare_p99_ms: round(chat.bare.p99, 2),
    p99_ratio: round(chat.rtt.p99 / chat.bare.p99, 2),
    alloc_kb_per_rtt: round(chat.allocKbPerRoundTrip, 1), bare_alloc_kb_per_rtt: round(chat.bareAllocKbPerRoundTrip, 1),
    faults_per_rtt: round(chat.faultsPerRoundTrip, 2), bare_faults_per_rtt: round(chat.bareFaultsPerRoundTrip, 2), lost: chat.lost, refused: chat.refused.slice(0, 3),
    clients: client ? 'worker' : 'inline', client_cpu_per_rtt_ms: round(chat.clientCpuPerRoundTripMs, 3), bare_client_cpu_per_rtt_ms: round(chat.bareClientCpuPerRoundTripMs, 3),
  }));
  if (tail) printTail();
} finally {
  await client?.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Per path: GC pauses and slow appends in all, the trips with a GC pause in their window, and what the slowest 1 % had in theirs. */
function printTail() {
  const inWindow = (spans: readonly Span[], start: number, end: number) => spans.filter((s) => s.start < end && s.start + s.ms > start);
  const slowAppends = appends.filter((a) => a.ms > 1);
  console.log(`GC pauses ${gcPauses.length} (${round(gcPauses.reduce((n, g) => n + g.ms, 0), 1)} ms, slowest ${round(Math.max(0, ...gcPauses.map((g) => g.ms)), 2)} ms); appends ${appends.length}, ${slowAppends.length} over 1 ms (slowest ${round(Math.max(0, ...appends.map((a) => a.ms)), 2)} ms)`);
  for (const which of ['ours', 'bare'] as const) {
    const mine = trips.filter((t) => t.path === which).sort((a, b) => (b.end - b.start) - (a.end - a.start));
    const hit = mine.filter((t) => inWindow(gcPauses, t.start, t.end).length > 0).length;
    console.log(`${which}: ${mine.length} round trips, ${hit} with a GC pause in their window; the slowest 1 %:`);
    for (const t of mine.slice(0, Math.ceil(mine.length / 100))) {
      const gc = inWindow(gcPauses, t.start, t.end).map((g) => round(g.ms, 2));
      const slow = inWindow(slowAppends, t.start, t.end).map((a) => round(a.ms, 2));
      const others = mine.filter((o) => o !== t && o.start < t.end && o.end > t.start).length;
      console.log(`  ${round(t.end - t.start, 2)} ms: GC ${gc.join(', ') || '-'}; appends over 1 ms ${slow.join(', ') || '-'}; ${others} other trips in flight`);
    }
  }
}
