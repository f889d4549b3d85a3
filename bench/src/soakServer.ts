/**
 * The embedded product in a process of its own for the 10,000-socket soak (bench/src/sockets10k.ts), so
 * the RSS the soak reports is the server's alone (not the bench's, nor its HTTP clients'). Started with
 * `--expose-gc` by `startSoakServer`; over IPC it answers its memory, after a full GC when asked.
 * argv[2]: the data directory.
 */
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from '@phonemarket/server';

export type SoakServerMessage = { type: 'memory'; gc: boolean } | { type: 'close' };
/**
 * `heldMb`: JS heap used + external memory (which counts ArrayBuffers and Buffers, `arrayBuffersMb` among
 * it): what the process holds, unlike RSS, which also counts pages kept after they were freed — V8's
 * committed heap (`heapTotalMb`, which it gives back only gradually) and the C allocator's.
 */
export type SoakServerAnswer = { type: 'ready'; url: string } | { type: 'memory'; rssMb: number; heldMb: number; arrayBuffersMb: number; heapTotalMb: number } | { type: 'closed' };

const dataDir = process.argv[2];
if (!dataDir || !process.send) throw new Error('usage: forked by startSoakServer with a data directory');
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'error', SIGNUP_LIMIT_PER_HOUR: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '100000' });
const running = await startEmbedded(config, { frontendDist: path.join(dataDir, 'no-frontend'), quiet: true });
const send = (answer: SoakServerAnswer) => process.send!(answer);
send({ type: 'ready', url: running.url });

process.on('message', (msg: SoakServerMessage) => {
  if (msg.type === 'memory') {
    if (msg.gc) (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    send({ type: 'memory', rssMb: m.rss / 1e6, heldMb: (m.heapUsed + m.external) / 1e6, arrayBuffersMb: m.arrayBuffers / 1e6, heapTotalMb: m.heapTotal / 1e6 });
  } else if (msg.type === 'close') {
    void running.close().finally(() => { send({ type: 'closed' }); process.exit(0); });
  }
});
