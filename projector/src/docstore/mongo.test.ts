/**
 * Runs the DocStore contract against a real MongoDB 7 in a throwaway container.
 * Without a reachable Docker engine the suite is skipped, and says why.
 */
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { docStoreContract } from './contract.ts';
import { connectMongoDocStore } from './mongo.ts';

type DockerProbe = { ok: true } | { ok: false; reason: string };

/** Where the Docker API listens: DOCKER_HOST (unix:// or tcp://), else the default socket. */
function dockerEndpoint(): { path: string } | { host: string; port: number } | { error: string } {
  const host = process.env['DOCKER_HOST'];
  if (!host) return { path: '/var/run/docker.sock' };
  if (host.startsWith('unix://')) return { path: host.slice('unix://'.length) };
  const tcp = /^(?:tcp|https?):\/\/([^:/]+):(\d+)/.exec(host);
  if (tcp) return { host: tcp[1] as string, port: Number(tcp[2]) };
  return { error: `unsupported DOCKER_HOST '${host}'` };
}

/**
 * Asks the Docker API for `/_ping` with a short timeout, so the run never hangs. A bare TCP
 * connect is not enough: sandboxes with transparent proxies accept connections to any address.
 * TLS endpoints (DOCKER_TLS_VERIFY) cannot be pinged in plain HTTP; for them a connect suffices.
 */
function probeDocker(timeoutMs = 1500): Promise<DockerProbe> {
  const endpoint = dockerEndpoint();
  if ('error' in endpoint) return Promise.resolve({ ok: false, reason: endpoint.error });
  const where = 'path' in endpoint ? endpoint.path : `${endpoint.host}:${endpoint.port}`;
  const tls = Boolean(process.env['DOCKER_TLS_VERIFY']);
  return new Promise((resolve) => {
    const socket = connect(endpoint);
    let answer = '';
    const finish = (result: DockerProbe): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => finish({ ok: false, reason: `${where}: no answer within ${timeoutMs} ms` }));
    socket.once('connect', () => {
      if (tls) finish({ ok: true });
      else socket.write('GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n');
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (/^HTTP\/1\.[01] 200/.test(answer)) finish({ ok: true });
    });
    socket.once('end', () => finish({ ok: false, reason: `${where}: not a Docker API (${answer.split('\r\n')[0] || 'no answer'})` }));
    socket.once('error', (err: NodeJS.ErrnoException) => finish({ ok: false, reason: `${where}: ${err.code ?? err.message}` }));
  });
}

const docker = await probeDocker();
if (!docker.ok) console.warn(`[mongo contract] skipped: no Docker engine reachable (${docker.reason})`);

describe.skipIf(!docker.ok)('MongoDB adapter (testcontainers mongo:7)', () => {
  let container: StartedTestContainer | undefined;
  let url = '';

  beforeAll(async () => {
    container = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forAll([Wait.forListeningPorts(), Wait.forLogMessage(/Waiting for connections/)]))
      .start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  });
  afterAll(async () => {
    await container?.stop();
  });

  // A fresh database per test keeps tests independent without restarting the container.
  docStoreContract('mongo', async () => {
    const store = await connectMongoDocStore(url, `contract_${randomUUID().replaceAll('-', '')}`);
    return {
      store,
      cleanup: async () => {
        await store.dropAll();
        await store.close();
      },
    };
  });
});
