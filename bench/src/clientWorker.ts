/**
 * The bench's client side in its own thread (the server under test keeps the main thread to itself):
 * autocannon runs, the lag client, timed reads of one route and timed pairs of requests. Messages: { id, task, args } -> { id, ok, result | error }.
 */
import { parentPort } from 'node:worker_threads';
import { runLag, type LagArgs } from './lagClient.ts';
import { runLoad, type LoadArgs } from './load.ts';
import { runPairs, runReads, type PairsArgs, type ReadsArgs } from './sequentialReads.ts';

type Message = { id: number; task: 'lag'; args: LagArgs } | { id: number; task: 'load'; args: LoadArgs } | { id: number; task: 'reads'; args: ReadsArgs }
  | { id: number; task: 'pairs'; args: PairsArgs };

const port = parentPort;
if (!port) throw new Error('clientWorker.ts must run as a worker thread');
port.on('message', (msg: Message) => {
  const run: Promise<unknown> = msg.task === 'lag' ? runLag(msg.args) : msg.task === 'load' ? runLoad(msg.args)
    : msg.task === 'reads' ? runReads(msg.args) : runPairs(msg.args);
  run.then(
    (result) => port.postMessage({ id: msg.id, ok: true, result }),
    (err: unknown) => port.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
