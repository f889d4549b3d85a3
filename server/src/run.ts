import { loadConfig } from '@phonemarket/platform/config.ts';
import { startEmbedded } from './embedded.ts';

const config = loadConfig();
// FRONTEND_DIST serves another build of the frontend (used by parallel test runs).
const running = await startEmbedded(config, { frontendDist: process.env.FRONTEND_DIST });
console.log(`폰마켓 running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (listening on ${config.host}, data: ${config.dataDir}, demo: ${config.demo}, node ${process.version})`);
if (config.demo === 'public') {
  console.warn('WARNING: DEMO=1 — anyone who can reach this server can sign in as the demo admin and read every account. Never use it on a public network. / 경고: 데모 모드가 공개되어 있습니다.');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().finally(() => process.exit(0));
  });
}
