/** Main-thread handle on the client worker. */
import { Worker } from 'node:worker_threads';
import type { ChatPhase, ChatRoundsArgs, ChatRoundsResult } from './chatClients.ts';
import type { LagArgs, LagResult } from './lagClient.ts';
import type { LoadArgs, LoadResult } from './load.ts';
import type { PairsArgs, PairsResult, ReadsArgs } from './sequentialReads.ts';

export interface Client {
  lag(args: LagArgs): Promise<LagResult>;
  load(args: LoadArgs): Promise<LoadResult>;
  /** GETs of one url one after another: each one's ms. */
  reads(args: ReadsArgs): Promise<number[]>;
  /** Pairs of requests in turn: each side's ms and hits. */
  pairs(args: PairsArgs): Promise<PairsResult>;
  /** The chat section's sockets and timed rounds (chatClients.ts); `onPhase` hears, on this thread, as each arm's round begins. */
  chatRounds(args: ChatRoundsArgs, onPhase?: (phase: ChatPhase) => void): Promise<ChatRoundsResult>;
  close(): Promise<void>;
}

export function startClient(): Client {
  const worker = new Worker(new URL('./clientWorker.ts', import.meta.url));
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; onPhase?: (phase: ChatPhase) => void }>();
  let next = 0;
  worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: string; phase?: ChatPhase }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    if (msg.phase) {
      p.onPhase?.(msg.phase);
      return;
    }
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(`client worker: ${msg.error}`));
  });
  worker.on('error', (err) => { for (const p of pending.values()) p.reject(err); pending.clear(); });
  const call = <T>(task: string, args: unknown, onPhase?: (phase: ChatPhase) => void) => new Promise<T>((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...(onPhase ? { onPhase } : {}) });
    worker.postMessage({ id, task, args });
  });
  return {
    lag: (args) => call<LagResult>('lag', args),
    load: (args) => call<LoadResult>('load', args),
    reads: (args) => call<number[]>('reads', args),
    pairs: (args) => call<PairsResult>('pairs', args),
    chatRounds: (args, onPhase) => call<ChatRoundsResult>('chatRounds', args, onPhase),
    close: async () => { await worker.terminate(); },
  };
}
