/**
 * `node bench/chatCpu.ts`: the support section's chat phase alone (ADR 031), for profiling and
 * before/after comparisons of the socket path: one embedded server in this process, `CHATS` chats
 * (default 100) × `ROUNDS` rounds (default 4), ours over the socket alternating with the bare relay;
 * no HTTP rounds. Measures once the first start's processes have run (no backlog beside the chats).
 * Prints CPU per round trip (this process: server and clients) and the p50/p99s.
 * `CHAT_PROFILE=<file.cpuprofile>`: a CPU profile of the alternating rounds only (node:inspector).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from '@phonemarket/server';
import { waitForProcessesCaughtUp } from '../tests/support/processesCaughtUp.ts';
import { chatFigures } from './src/support.ts';
import { round } from './src/stats.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-chat-cpu-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'error', SIGNUP_LIMIT_PER_HOUR: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
const server = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true });
const profileTo = process.env.CHAT_PROFILE;
const inspector = profileTo ? new Session() : null;
try {
  await waitForProcessesCaughtUp(dataDir, 300_000);
  const chat = await chatFigures(server.url, {
    chats: Number(process.env.CHATS ?? 100), rounds: Number(process.env.ROUNDS ?? 4), httpRounds: 0,
    ...(inspector && profileTo ? {
      aroundRounds: {
        async start() { inspector.connect(); await inspector.post('Profiler.enable'); await inspector.post('Profiler.start'); },
        async stop() { const { profile } = await inspector.post('Profiler.stop'); writeFileSync(profileTo, JSON.stringify(profile)); inspector.disconnect(); },
      },
    } : {}),
  });
  console.log(JSON.stringify({
    cpu_per_rtt_ms: round(chat.cpuPerRoundTripMs, 3), bare_cpu_per_rtt_ms: round(chat.bareCpuPerRoundTripMs, 3),
    cpu_ratio: round(chat.cpuPerRoundTripMs / chat.bareCpuPerRoundTripMs, 2),
    p50_ms: round(chat.rtt.p50, 2), p99_ms: round(chat.rtt.p99, 2), bare_p50_ms: round(chat.bare.p50, 2), bare_p99_ms: round(chat.bare.p99, 2),
    p99_ratio: round(chat.rtt.p99 / chat.bare.p99, 2), lost: chat.lost, refused: chat.refused.slice(0, 3),
  }));
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
