import { parseEvent, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import type { CommandContext } from './commandHandler.ts';
import { runProcess, type RegisteredProcess } from './process.ts';

const PAGE = 5_000;

export interface SweepReport { from: bigint; to: bigint; triggers: number; failed: number }

async function lastCheckpoint(store: EventStore, stream: string, type: string): Promise<bigint | null> {
  let found: bigint | null = null;
  for (const raw of await store.readStream(stream)) {
    const e = parseEvent(raw);
    if (e && e.type === type && 'position' in e.data) found = BigInt(e.data.position);
  }
  return found;
}

export async function writeCheckpoint(store: EventStore, stream: string, type: 'ProcessSweepCheckpointed' | 'SchedulerCheckpointed', position: bigint, ctx: CommandContext): Promise<void> {
  const event = toNewEvent({ type, data: { position: position.toString() } }, ctx.newId(), {
    actor: ctx.actor, correlationId: ctx.correlationId, causationId: null, at: ctx.clock().toISOString(),
  });
  await store.append(stream, [event], { expectedRevision: 'any' });
}
export const readCheckpoint = lastCheckpoint;

/**
 * The start-up sweep: every event a process reacts to since the last sweep is run through its process
 * again, so work a stopped process left half-done is completed (what was sent is not sent twice). The
 * first sweep of a log only records where it starts: history from before processes is not re-run.
 * A trigger that fails is logged and the checkpoint stays before it, so the next start tries it again.
 */
export async function sweepProcesses(store: EventStore, processes: readonly RegisteredProcess[], ctx: CommandContext, onError: (err: unknown, trigger: { stream: string; id: string }) => void = () => {}): Promise<SweepReport> {
  const stream = streams.processSweep();
  const from = await lastCheckpoint(store, stream, 'ProcessSweepCheckpointed');
  if (from === null) {
    const head = await store.headPosition();
    await writeCheckpoint(store, stream, 'ProcessSweepCheckpointed', head, ctx);
    return { from: head, to: head, triggers: 0, failed: 0 };
  }
  const reactedTo = new Set(processes.flatMap((p) => [...p.reactsTo]));
  const byStream = new Map<string, { id: string; type: string; position: bigint }[]>();
  let to = from;
  for (;;) {
    const page = await store.readAll({ fromPosition: to, limit: PAGE });
    for (const raw of page) {
      to = raw.position;
      if (!reactedTo.has(raw.type)) continue;
      const list = byStream.get(raw.stream) ?? [];
      list.push({ id: raw.id, type: raw.type, position: raw.position });
      byStream.set(raw.stream, list);
    }
    if (page.length < PAGE) break;
  }
  let triggers = 0;
  let failed = 0;
  let checkpoint = to;
  for (const [instance, events] of byStream) {
    triggers += events.length;
    for (const process of processes) {
      try {
        await runProcess(store, process, instance, events, ctx);
      } catch (err) {
        failed++;
        onError(err, { stream: instance, id: events[0]!.id });
        const first = events[0]!.position - 1n;
        if (first < checkpoint) checkpoint = first;
      }
    }
  }
  if (checkpoint > from) await writeCheckpoint(store, stream, 'ProcessSweepCheckpointed', checkpoint, ctx);
  return { from, to, triggers, failed };
}
