/**
 * The process runner's cost per event on the market log (issue 37 §4): a log written by
 * `writeMarketLog`, then the product's runner alone on it from no checkpoint, timed by this process's
 * CPU (`process.cpuUsage`) until its checkpoint reaches the head. Not part of `npm run bench` (the
 * market section times the whole start); run it to see the runner's share:
 *
 *   node bench/src/runnerBacklog.ts [dir] [sellers bigOffers days changesPerDay [onboarded]]
 *
 * A log already in `dir` (`events.sqlite`) is copied and reused, so runs compare on the same events.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeMarketLog, type MarketSize } from './market.ts';
import { catchUpProcessRunner } from './runnerCatchUp.ts';

const [dirArg, ...sizeArgs] = process.argv.slice(2);
const dir = dirArg ?? '/tmp/runnerBacklog';
const size: MarketSize | undefined = sizeArgs.length >= 4
  ? { sellers: Number(sizeArgs[0]), bigOffers: Number(sizeArgs[1]), days: Number(sizeArgs[2]), changesPerDay: Number(sizeArgs[3]), sellersOnboarded: sizeArgs[4] === 'onboarded' }
  : undefined;
mkdirSync(dir, { recursive: true });
const source = path.join(dir, 'events.sqlite');
if (!existsSync(source)) {
  const t = performance.now();
  const log = await writeMarketLog(source, size);
  console.log(`market log: ${log.events} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const file = path.join(dir, 'run.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
copyFileSync(source, file);

const r = await catchUpProcessRunner(file);
console.log(JSON.stringify({ events: r.events, cpuMs: Math.round(r.cpuMs), wallMs: Math.round(r.wallMs), cpuUsPerEvent: Math.round((r.cpuMs * 1000) / r.events), appended: r.appended, errors: r.errors }));
