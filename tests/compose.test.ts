import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: unknown; command?: string[]; environment?: Record<string, string>; ports?: string[]; healthcheck?: { test: string[] } }>;
  };
  const withSecret = Object.entries(compose.services).filter(([, s]) => s.environment && 'SESSION_SECRET' in s.environment);

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

  it('refuses to start without SESSION_SECRET: no default, a hint in Korean and English', () => {
    expect(withSecret.map(([name]) => name)).toEqual(expect.arrayContaining(['command-api', 'projector', 'query-api']));
    for (const [, service] of withSecret) {
      const value = service.environment!.SESSION_SECRET!;
      expect(value).toMatch(/^\$\{SESSION_SECRET:\?[^}$]+\}$/);
      expect(value).toMatch(/[가-힣]/);
      expect(value).toMatch(/set SESSION_SECRET/);
      expect(value).toContain('openssl rand -hex 32');
    }
  });

  it('gives no secret a default value (any *_SECRET, *_API_KEY, *WEBHOOK*)', () => {
    const raw = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(raw).not.toMatch(/\$\{[A-Z0-9_]*(SECRET|API_KEY|WEBHOOK)[A-Z0-9_]*:?[-=]/);
    for (const [, service] of Object.entries(compose.services)) {
      for (const [name, value] of Object.entries(service.environment ?? {})) {
        if (/SECRET|API_KEY|WEBHOOK/.test(name)) expect(String(value)).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
      }
    }
  });

  it('trusts exactly one proxy hop (the web front) for the client address', () => {
    for (const name of ['command-api', 'query-api']) expect(compose.services[name]!.environment?.TRUST_PROXY).toBe('1');
  });

  it('lets the services answer their own names and the configured public ones; the web front passes the browser\'s Host everywhere', () => {
    for (const name of ['command-api', 'query-api']) {
      const hosts = compose.services[name]!.environment?.ALLOWED_HOSTS ?? '';
      expect(hosts.split(',').slice(0, 2)).toEqual(['command-api', 'query-api']);
      expect(hosts).toContain('${ALLOWED_HOSTS:-}');
      expect(compose.services[name]!.environment?.PUBLIC_ORIGIN).toBe('${PUBLIC_ORIGIN:-}');
    }
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const proxied = [...nginx.matchAll(/location [^{]+\{([^}]*)\}/g)].map((m) => m[1]!).filter((body) => body.includes('proxy_pass'));
    expect(proxied.length).toBeGreaterThanOrEqual(4);
    for (const body of proxied) expect(body).toMatch(/proxy_set_header Host \$http_host;/);
  });

  it('checks health with a command each image has (README, Distributed mode)', () => {
    // The KurrentDB image installs curl (its own HEALTHCHECK curls /health/live); mongo:7 ships mongosh.
    expect(compose.services.kurrentdb?.healthcheck?.test.join(' ')).toMatch(/^CMD-SHELL curl -fs http:\/\/localhost:2113\/health\/live/);
    expect(compose.services.mongodb?.image).toBe('mongo:7');
    expect(compose.services.mongodb?.healthcheck?.test.slice(0, 2)).toEqual(['CMD', 'mongosh']);
  });

  it('routes reads to query-api, writes to command-api and /socket.io to query-api in the web front', () => {
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/GET\s+http:\/\/query-api:3000/);
    expect(nginx).toMatch(/default\s+http:\/\/command-api:3000/);
    expect(nginx).toMatch(/location \/socket\.io\/ \{\s*proxy_pass http:\/\/query-api:3000/);
  });
});
