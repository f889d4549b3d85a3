import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: unknown; command?: string[]; environment?: Record<string, string>; ports?: string[] }>;
  };

  it('names every service of the distributed mode', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['kurrentdb', 'mongodb', 'command-api', 'projector', 'query-api', 'web']));
  });

  it('runs KurrentDB insecure and MongoDB as a one-node replica set', () => {
    expect(compose.services.kurrentdb?.image).toMatch(/kurrentdb/);
    expect(compose.services.kurrentdb?.environment?.KURRENTDB_INSECURE).toBe('true');
    expect(compose.services.mongodb?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
  });

  it('points each service at its own entry point and at the real engines', () => {
    for (const [name, entry] of [['command-api', 'command-api/src/main.ts'], ['projector', 'projector/src/main.ts'], ['query-api', 'query-api/src/main.ts']] as const) {
      const service = compose.services[name]!;
      expect(service.command).toEqual(['node', entry]);
      expect(service.environment?.EVENT_STORE_URL).toMatch(/^kurrentdb:\/\//);
      expect(service.environment?.MONGODB_URL).toMatch(/replicaSet=rs0/);
    }
  });

  it('routes reads to query-api, writes to command-api and /socket.io to query-api in the web front', () => {
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/GET\s+http:\/\/query-api:3000/);
    expect(nginx).toMatch(/default\s+http:\/\/command-api:3000/);
    expect(nginx).toMatch(/location \/socket\.io\/ \{\s*proxy_pass http:\/\/query-api:3000/);
  });
});
