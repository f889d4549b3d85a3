/**
 * The product's process runner alone on a log from its checkpoint (none on a fresh log) until its
 * checkpoint reaches the log's head (its own appends included), timed by this process's CPU (`process.cpuUsage`). The market
 * section runs it before its first start (a log the product wrote holds its runner's work), and
 * `bench/src/runnerBacklog.ts` times it alone.
 */
import { randomUUID } from 'node:crypto';

export interface RunnerCatchUp { events: number; cpuMs: number; wallMs: number; appended: number; errors: number }

export async function catchUpProcessRunner(file: string): Promise<RunnerCatchUp> {
  const { openSqliteEventStore } = await import('@phonemarket/events');
  const { startCommandProcessRunner } = await import('@phonemarket/command-api/processes.ts');
  const store = openSqliteEventStore(file);
  try {
    const head = await store.headPosition();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let errors = 0;
    const runner = await startCommandProcessRunner(store, { clock: () => new Date(), newId: randomUUID, timerPollMs: 0, onError: () => { errors++; } });
    try {
      // Its own appends (a price series' moves) are events it runs processes for too: to the head as it is then.
      while (((await store.leases.checkpoint('processRunner')) ?? 0n) < await store.headPosition()) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await runner.close();
    }
    const cpu = process.cpuUsage(cpu0);
    return {
      events: Number(head), cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - t0,
      appended: Number((await store.headPosition()) - head), errors,
    };
  } finally {
    await store.close();
  }
}
