/**
 * Lighthouse (npm `lighthouse`, its default mobile preset: slow 4G, 4× CPU) against a running
 * product, in Debian's Chromium. Each run is a fresh Chrome (the CLI launches and kills it), the
 * figures of a page are the median of its runs. Also usable by hand:
 *   node bench/src/lighthouse.ts http://127.0.0.1:3000/ [runs]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { hostLoop, type HostLoop } from './host.ts';
import { percentile } from './stats.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of JavaScript the page transferred (compressed, as on the wire). */
  jsTransferBytes: number;
  lcpElement: string | null;
  /** Main-thread tasks of 50 ms or more in Lighthouse's trace (its `long-tasks` audit), and the longest. */
  longTasks: number;
  longestTaskMs: number;
}

/**
 * A run's figures with the host loop (host.ts) timed right after it: Lighthouse's CPU figures (TBT,
 * long tasks, Speed Index) grow with a slow or busy host, so none is read without it (issue 37).
 */
export interface LighthouseRunOnHost extends LighthouseRun {
  hostLoop: HostLoop;
}

interface LhAudit { numericValue?: number; details?: { items?: unknown[] } }
interface LhReport {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LhAudit | undefined>;
  runtimeError?: { message: string };
}

const require = createRequire(import.meta.url);

function lighthouseCli(): string {
  const pkg = require.resolve('lighthouse/package.json');
  return path.join(path.dirname(pkg), 'cli/index.js');
}

const score = (report: LhReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
const num = (report: LhReport, id: string) => report.audits[id]?.numericValue ?? Number.NaN;

function longTasks(report: LhReport): { count: number; longestMs: number } {
  const items = (report.audits['long-tasks']?.details?.items ?? []) as { duration?: number }[];
  const durations = items.map((i) => i.duration ?? 0).filter((d) => d >= 50);
  return { count: durations.length, longestMs: durations.length > 0 ? Math.max(...durations) : 0 };
}

function jsTransfer(report: LhReport): number {
  const items = (report.audits['network-requests']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  return items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

/** Lighthouse 13 names the LCP element in its LCP breakdown insight (12 had an audit of its own). */
function lcpElement(report: LhReport): string | null {
  const items = (report.audits['lcp-breakdown-insight'] ?? report.audits['largest-contentful-paint-element'])?.details?.items ?? [];
  const text = JSON.stringify(items).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return text?.[1] ? JSON.parse(`"${text[1]}"`) as string : null;
}

export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROME_PATH)`);
  const args = [
    lighthouseCli(), url,
    '--output=json', '--output-path=stdout', '--quiet',
    '--only-categories=performance,accessibility,best-practices',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('exit', (code) => code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`lighthouse exited with ${code}: ${Buffer.concat(err).toString('utf8').slice(-500)}`)));
  });
  const report = JSON.parse(stdout) as LhReport;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const tasks = longTasks(report);
  return {
    longTasks: tasks.count,
    longestTaskMs: tasks.longestMs,
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    lcpMs: num(report, 'largest-contentful-paint'),
    fcpMs: num(report, 'first-contentful-paint'),
    tbtMs: num(report, 'total-blocking-time'),
    cls: num(report, 'cumulative-layout-shift'),
    speedIndexMs: num(report, 'speed-index'),
    jsTransferBytes: jsTransfer(report),
    lcpElement: lcpElement(report),
  };
}

/** How long a warm-up load stays open after the network is idle (the view it records, the live socket). */
const WARM_UP_LINGER_MS = 2_000;

/**
 * One untimed browser load of each page on a server that has just started. A fresh server's
 * first load of a page compiles its code paths (the page's render, its API routes, its pictures,
 * the live socket): ~0.5 s of CPU that, on a 2-core machine, lands inside the first Lighthouse
 * run's trace and tripled its blocking time (product page: 916 ms, then 210 ms on the next run).
 * A server in use is warm; the runs measure the page, not the server's start. The load uses
 * Lighthouse's own phone (412 × 823 at 1.75×), so the pictures it warms are the ladder widths the
 * runs ask for (at 1×, the first run waited for the hero's and the phones' first renders).
 */
export async function warmUp(urls: readonly string[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  try {
    for (const url of urls) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
      await page.waitForTimeout(WARM_UP_LINGER_MS);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse 13 with Debian's Chromium fails now and then with NO_NAVSTART (its trace has no
 * navigation start: a recording problem, not the page's). Such a run is repeated, twice at most.
 */
const RECORDING_RETRIES = 2;

async function runLighthouseRecorded(url: string): Promise<LighthouseRunOnHost> {
  for (let attempt = 0; ; attempt++) {
    try {
      const run = await runLighthouse(url);
      return { ...run, hostLoop: hostLoop() };
    } catch (err) {
      if (attempt >= RECORDING_RETRIES || !/NO_NAVSTART/.test(String(err))) throw err;
    }
  }
}

/** Runs Lighthouse `runs` times on `url`, one after another, and takes the median of each figure. */
export async function lighthouseMedian(url: string, runs = 3): Promise<{ median: Omit<LighthouseRun, 'lcpElement'> & { hostLoopMs: number }; runs: LighthouseRunOnHost[] }> {
  const all: LighthouseRunOnHost[] = [];
  for (let i = 0; i < runs; i++) all.push(await runLighthouseRecorded(url));
  const m = (pick: (r: LighthouseRunOnHost) => number) => percentile(all.map(pick), 50);
  return {
    runs: all,
    median: {
      performance: m((r) => r.performance),
      accessibility: m((r) => r.accessibility),
      bestPractices: m((r) => r.bestPractices),
      lcpMs: m((r) => r.lcpMs),
      fcpMs: m((r) => r.fcpMs),
      tbtMs: m((r) => r.tbtMs),
      cls: m((r) => r.cls),
      speedIndexMs: m((r) => r.speedIndexMs),
      jsTransferBytes: m((r) => r.jsTransferBytes),
      longTasks: m((r) => r.longTasks),
      longestTaskMs: m((r) => r.longestTaskMs),
      hostLoopMs: m((r) => r.hostLoop.ms),
    },
  };
}

/** One line per run: every figure with the host loop beside it. */
export function describeRun(r: LighthouseRunOnHost): string {
  return `performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms, long tasks ${r.longTasks} (longest ${Math.round(r.longestTaskMs)} ms), ` +
    `LCP ${Math.round(r.lcpMs)} ms, FCP ${Math.round(r.fcpMs)} ms, Speed Index ${Math.round(r.speedIndexMs)} ms, CLS ${r.cls.toFixed(3)}, ` +
    `JS ${(r.jsTransferBytes / 1024).toFixed(1)} KB, a11y ${r.accessibility}, best practices ${r.bestPractices} — ` +
    `host loop ${Math.round(r.hostLoop.ms).toLocaleString('en')} ms (${(r.hostLoop.cpuMs / r.hostLoop.ms).toFixed(2)} of a core)`;
}

if (import.meta.main) {
  const [url, runs] = process.argv.slice(2);
  if (!url) throw new Error('usage: node bench/src/lighthouse.ts <url> [runs]');
  const result = await lighthouseMedian(url, Number(runs ?? 1));
  for (const r of result.runs) console.log(describeRun(r));
  console.log('median', JSON.stringify(result.median));
}
