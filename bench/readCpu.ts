/**
 * `node bench/readCpu.ts`: the read route of the embedded section (issue 44) alone, for profiling and
 * before/after comparisons: one embedded server in this process beside the bare node:http server and
 * the fastify peer answering the same bytes (and headers), each loaded in turn by autocannon in a
 * child process, so this process's CPU is the servers' only. `ROUNDS` alternating rounds (default 3)
 * of `SECONDS` (default 5) at 10 connections. Prints req/s and CPU per request (µs) of each, and the
 * ratios by throughput and by CPU (a loaded host moves the first, much less the second).
 * `READ_PROFILE=<file.cpuprofile>`: a CPU profile of our route's rounds only (node:inspector).
 * `READ_LOG_LEVEL=info`: the product's default log level (the bench runs at error, where no request line can be written).
 * `READ_HEADER='name: value'`: a header every request sends (e.g. `x-correlation-id: bench`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from '@phonemarket/server';
import { startFastifyPeer } from './src/fastifyPeer.ts';
import { startBareServer } from './src/load.ts';
import { round } from './src/stats.ts';

const READ_PATH = '/api/products/ranking';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const AUTOCANNON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/autocannon');

/** autocannon in its own process: `requests` answered (2xx only counted) over `seconds`. */
function cannon(url: string, seconds: number): Promise<{ requests: number; non2xx: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const headers = process.env.READ_HEADER ? ['-H', process.env.READ_HEADER] : [];
    const child = spawn(AUTOCANNON, ['-c', '10', '-d', String(seconds), ...headers, '-j', url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', reject);
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as { requests: { total: number }; non2xx: number; duration: number };
        resolve({ requests: r.requests.total, non2xx: r.non2xx, seconds: r.duration });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

async function measure(url: string) {
  const cpu = process.cpuUsage();
  const r = await cannon(url, SECONDS);
  const used = process.cpuUsage(cpu);
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return { reqPerSec: r.requests / r.seconds, cpuUsPerRequest: (used.user + used.system) / r.requests };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-read-cpu-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: process.env.READ_LOG_LEVEL ?? 'error', SIGNUP_LIMIT_PER_HOUR: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
const server = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true });
const profileTo = process.env.READ_PROFILE;
const inspector = profileTo ? new Session() : null;
try {
  const answer = await fetch(`${server.url}${READ_PATH}`);
  const body = Buffer.from(await answer.arrayBuffer());
  const bare = await startBareServer(body);
  const fastify = await startFastifyPeer(READ_PATH, body, answer.headers);
  await cannon(`${server.url}${READ_PATH}`, 1);
  await cannon(`${fastify.url}${READ_PATH}`, 1);
  // What this process spends with no request at all (the product's timers, the runner): part of every figure below.
  const idleCpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = process.cpuUsage(idleCpu);
  console.log(JSON.stringify({ idle_cpu_ms_per_s: round((idle.user + idle.system) / 2000, 1) }));
  if (inspector) { inspector.connect(); await inspector.post('Profiler.enable'); }
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (inspector) await inspector.post('Profiler.start');
    const read = await measure(`${server.url}${READ_PATH}`);
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      if (i === ROUNDS - 1 && profileTo) writeFileSync(profileTo, JSON.stringify(profile));
    }
    rounds.push({ read, bare: await measure(`${bare.url}${READ_PATH}`), fastify: await measure(`${fastify.url}${READ_PATH}`) });
  }
  inspector?.disconnect();
  for (const r of rounds) {
    console.log(JSON.stringify({
      read_req_per_s: round(r.read.reqPerSec, 0), bare_req_per_s: round(r.bare.reqPerSec, 0), fastify_req_per_s: round(r.fastify.reqPerSec, 0),
      read_cpu_us: round(r.read.cpuUsPerRequest, 1), bare_cpu_us: round(r.bare.cpuUsPerRequest, 1), fastify_cpu_us: round(r.fastify.cpuUsPerRequest, 1),
      read_vs_bare: round(r.read.reqPerSec / r.bare.reqPerSec, 3), read_vs_fastify: round(r.read.reqPerSec / r.fastify.reqPerSec, 3),
      by_cpu_vs_bare: round(r.bare.cpuUsPerRequest / r.read.cpuUsPerRequest, 3), by_cpu_vs_fastify: round(r.fastify.cpuUsPerRequest / r.read.cpuUsPerRequest, 3),
    }));
  }
  await bare.close();
  await fastify.close();
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
