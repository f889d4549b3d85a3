import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Is a Docker engine reachable? The store contract suites run against real KurrentDB and MongoDB
 * through testcontainers only then, and print why they skip otherwise. Never hangs.
 */
const PROBE_TIMEOUT_MS = 1_000;

export type Probe = { ok: true } | { ok: false; reason: string };

/** Where the engine would listen: DOCKER_HOST if set, else the usual socket paths. */
function dockerEndpoints(): ({ socketPath: string } | { host: string; port: number })[] {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) return [{ socketPath: dockerHost.slice('unix://'.length) }];
  if (dockerHost?.startsWith('tcp://')) {
    const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    return [{ host: url.hostname, port: Number(url.port || 2375) }];
  }
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  return [
    '/var/run/docker.sock',
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock')] : []),
    join(homedir(), '.docker/run/docker.sock'),
    join(homedir(), '.docker/desktop/docker.sock'),
  ]
    .filter((socketPath) => existsSync(socketPath))
    .map((socketPath) => ({ socketPath }));
}

/** GET /_ping with a short timeout: a socket file alone does not prove a live engine. */
function ping(endpoint: { socketPath: string } | { host: string; port: number }): Promise<Probe> {
  return new Promise((resolve) => {
    const req = request({ ...endpoint, path: '/_ping', timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? { ok: true } : { ok: false, reason: `/_ping answered ${res.statusCode}` });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ ok: false, reason: error.message }));
    req.end();
  });
}

export async function probeDocker(): Promise<Probe> {
  const endpoints = dockerEndpoints();
  if (endpoints.length === 0) return { ok: false, reason: 'DOCKER_HOST is unset and no docker.sock exists' };
  const reasons: string[] = [];
  for (const endpoint of endpoints) {
    const probe = await ping(endpoint);
    if (probe.ok) return probe;
    reasons.push(`${'socketPath' in endpoint ? endpoint.socketPath : `${endpoint.host}:${endpoint.port}`}: ${probe.reason}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}

