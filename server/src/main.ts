import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from './embedded.ts';

const config = loadConfig();
const running = await startEmbedded(config);
console.log(`폰마켓 running at http://localhost:${config.port} (data: ${config.dataDir}, demo: ${config.demo ? 'on' : 'off'}, node ${process.version})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().finally(() => process.exit(0));
  });
}
