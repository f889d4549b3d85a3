import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from './embedded.ts';

const config = loadConfig();
// FRONTEND_DIST serves another build of the frontend (used by parallel test runs).
const running = await startEmbedded(config, { frontendDist: process.env.FRONTEND_DIST });
console.log(`폰마켓 running at http://localhost:${config.port} (data: ${config.dataDir}, demo: ${config.demo ? 'on' : 'off'}, node ${process.version})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().finally(() => process.exit(0));
  });
}
