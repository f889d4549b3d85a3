/**
 * The bench's client side in its own thread (the server under test keeps the main thread to itself):
 * autocannon runs, the lag client, timed reads of one route, timed pairs of requests and the chat section's sockets. Messages: { id, task, args } -> { id, ok, result | error };
 * the chat rounds also send { id, phase } as each arm's round begins.
 */
import { parentPort } from 'node:worker_threads';
import { runChatRounds, type ChatRoundsArgs } from './chatClients.ts';
import { runLag, type LagArgs } from './lagClient.ts';
import { runLoad, type LoadArgs } from './load.ts';
import { runPairs, runReads, type PairsArgs, type ReadsArgs } from './sequentialReads.ts';

type Message = { id: number; task: 'lag'; args: LagArgs } | { id: number; task: 'load'; args: LoadArgs } | { id: number; task: 'reads'; args: ReadsArgs }
  | { id: number; task: 'pairs'; args: PairsArgs } | { id: number; task: 'chatRounds'; args: ChatRoundsArgs };

const port = parentPort;
if (!port) throw new Error('clientWorker.ts must run as a worker thread');
port.on('message', (msg: Message) => {
  const run: Promise<unknown> = msg.task === 'lag' ? runLag(msg.args) : msg.task === 'load' ? runLoad(msg.args)
    : msg.task === 'reads' ? runReads(msg.args) : msg.task === 'pairs' ? runPairs(msg.args) : runChatRounds(msg.args, (phase) => port.postMessage({ id: msg.id, phase }));
  run.then(
    (result) => port.postMessage({ id: msg.id, ok: true, result }),
    (err: unknown) => port.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
