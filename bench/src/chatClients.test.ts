import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { startClient, type Client } from './client.ts';
import { chatFigures } from './support.ts';

// The chat section's clients in the client worker (ADR 031, s59): every round trip of each arm comes
// back, timed, with the CPU of the clients' own thread apart from the process's.
describe('chat section clients', () => {
  let server: TestServer;
  let client: Client;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  beforeAll(async () => {
    server = await startTestServer({ DEMO: '1', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
    client = startClient();
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every arm from the worker: ours over the socket, the bare relay, the appending relay and ours over HTTP', async () => {
    const trips: { path: string; start: number; end: number }[] = [];
    const chat = await chatFigures(server.url, {
      chats: 3, rounds: 2, windowMs: 60, httpRounds: 1, appendLog: path.join(dir, 'bare.sqlite'), client,
      onTrip: (p, start, end) => trips.push({ path: p, start, end }),
    });
    expect(chat.refused).toEqual([]);
    expect([chat.lost, chat.bareLost, chat.overHttpLost]).toEqual([0, 0, 0]);
    expect([chat.rtt.count, chat.bare.count, chat.appendingBare?.count, chat.overHttp?.count]).toEqual([6, 6, 6, 3]);
    // The worker's trips, on this thread's clock: they began after the test did and each ended after it began.
    expect(trips.filter((t) => t.path === 'ours')).toHaveLength(6);
    expect(trips.filter((t) => t.path === 'bare')).toHaveLength(6);
    for (const t of trips) {
      expect(t.start).toBeGreaterThan(0);
      expect(t.end).toBeGreaterThanOrEqual(t.start);
      expect(t.end).toBeLessThanOrEqual(performance.now());
    }
    // The clients' thread is not the process: its CPU is a part of the process's.
    expect(chat.clientCpuPerRoundTripMs).toBeGreaterThan(0);
    expect(chat.clientCpuPerRoundTripMs).toBeLessThan(chat.cpuPerRoundTripMs);
    // Page faults are counted per arm: whole numbers over the arm's trips, and a socket's frames grow some buffer.
    for (const f of [chat.faultsPerRoundTrip, chat.bareFaultsPerRoundTrip]) {
      expect(f * 6).toBeCloseTo(Math.round(f * 6), 9);
      expect(f).toBeGreaterThanOrEqual(0);
    }
    expect(chat.faultsPerRoundTrip + chat.bareFaultsPerRoundTrip).toBeGreaterThan(0);
    // The server's thread's allocations are counted per arm, as the worker tells each round's start: ours
    // (the command, the append, the projector, the acks) allocates more per round trip than the bare relay,
    // and neither is nothing (a frame relayed is at least its packet and buffers).
    expect(chat.bareAllocKbPerRoundTrip).toBeGreaterThan(1);
    expect(chat.allocKbPerRoundTrip).toBeGreaterThan(chat.bareAllocKbPerRoundTrip);
  });
});
