/**
 * The long tasks of a page load under CPU throttling (issue 37 §5: "long tasks under 50 ms"), with
 * what each one is. Debian's Chromium through playwright-core, CDP CPU throttling (4×, as
 * Lighthouse's mobile preset), a Chromium trace of the load and of the seconds after it (the welcome
 * toast comes 1 s after load, the idle parts later). A task counts when its wall time is over 50 ms and
 * it started after the first contentful paint. Each is described by the trace events inside it
 * (script evaluation, timers, microtasks, layouts, style) and by the functions its CPU samples spent
 * the most time in, named through the build's source maps when the build has them (`--sourcemap`).
 * By hand:
 *   node bench/src/longTasks.ts http://127.0.0.1:4371/ [runs] [throttle] [distDir for source maps]
 * With throttle 1 the load runs at full speed and a task's length is its thread time × 4.
 * A loaded host makes every task longer: read the figures beside the host loop printed after them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { chromium } from 'playwright-core';
import { hostLoop } from './host.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; parent?: number }

export interface LongTask {
  startMs: number;
  /** Wall time, or thread time × `cpuTimes` (see longTasksOf). */
  durationMs: number;
  /** The task's thread time: its wall time less what it waited for a core (a loaded host). */
  cpuMs: number;
  /** Trace events inside the task, by kind, with their summed wall time (ms). */
  parts: Record<string, number>;
  /** Functions with the most CPU samples inside the task, inclusive (ms of samples). */
  hot: string[];
  /** Source files (through the source maps) with the most CPU samples inside the task, self time (ms). */
  files: string[];
}

const CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading',
  'disabled-by-default-v8.cpu_profiler', 'v8',
].join(',');

const mapCache = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(distDir: string | undefined, url: string): SourceMapConsumer | null {
  if (!distDir) return null;
  const file = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  if (mapCache.has(file)) return mapCache.get(file)!;
  const mapFile = path.join(distDir, `${file}.map`);
  const consumer = existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap) : null;
  mapCache.set(file, consumer);
  return consumer;
}

function frameName(frame: CallFrame, distDir: string | undefined): string {
  const file = frame.url.split('/').pop() ?? '';
  const map = sourceMapOf(distDir, frame.url);
  if (map) {
    const position = { line: frame.lineNumber + 1, column: frame.columnNumber };
    let at = map.originalPositionFor(position);
    if (!at.source) at = map.originalPositionFor({ ...position, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
    if (at.source) {
      const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${at.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** Kind of a trace event inside a task, for the summary ("EvaluateScript home-….js"). */
function partName(event: TraceEvent): string | null {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const file = (u: unknown) => (typeof u === 'string' ? u.split('/').pop() : '');
  switch (event.name) {
    case 'EvaluateScript': case 'v8.evaluateModule': return `evaluate ${file(data.url) || file((event.args as Record<string, unknown> | undefined)?.url) || ''}`.trim();
    case 'v8.compile': case 'v8.compileModule': return 'compile';
    case 'FunctionCall': return `call ${String(data.functionName ?? '') || '(anonymous)'} ${file(data.url)}`;
    case 'TimerFire': case 'FireAnimationFrame': case 'FireIdleCallback': case 'RunMicrotasks': case 'ParseHTML':
    case 'Layout': case 'UpdateLayoutTree': case 'MajorGC': case 'MinorGC': case 'V8.GC_SCAVENGER': case 'PrePaint': case 'Paint':
      return event.name;
    case 'EventDispatch': return `event ${String(data.type ?? '')}`;
    default: return null;
  }
}

function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (fcp) return { pid: fcp.pid, tid: fcp.tid };
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  return { pid: main.pid, tid: main.tid };
}

/** CPU samples of the main thread: [time µs, leaf node id] with the node table. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  // The profile starts on the profiled thread; its chunks come from the sampler's thread under the same id.
  for (const e of events) if (e.name === 'Profile' && e.pid === pid && e.tid === tid) starts.set(e.id ?? '', Number((e.args?.data as { startTime?: number })?.startTime ?? e.ts));
  const clocks = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !starts.has(e.id ?? '')) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const key = e.id ?? '';
    let clock = clocks.get(key) ?? starts.get(key) ?? e.ts;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: id });
    });
    clocks.set(key, clock);
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { nodes, samples };
}

const BORING = /^\((root|program|idle|garbage collector)\)/;

/**
 * `cpuTimes`: how a task's length is read. 1 = its wall time (a throttled run on a quiet host);
 * 4 = its thread time × 4 (an unthrottled run: what a 4× slower CPU would take, without the time the
 * task waited for one of a loaded host's cores — ADR 009's measure since its second session).
 */
export function longTasksOf(events: TraceEvent[], distDir?: string, thresholdMs = 50, cpuTimes = 1): { fcpMs: number; tasks: LongTask[] } {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const navStart = onMain.find((e) => e.name === 'navigationStart')?.ts ?? Math.min(...onMain.filter((e) => e.ts > 0).map((e) => e.ts));
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts ?? navStart;
  const { nodes, samples } = samplesOf(events, pid, tid);
  const completes = onMain.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const length = (e: TraceEvent) => (cpuTimes === 1 ? e.dur! : (e.tdur ?? e.dur!) * cpuTimes) / 1000;
  const tasks = completes.filter((e) => e.name === 'RunTask' && e.ts >= fcp && length(e) > thresholdMs);
  return {
    fcpMs: (fcp - navStart) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur!;
      const parts: Record<string, number> = {};
      for (const e of completes) {
        if (e === task || e.ts < task.ts || e.ts + e.dur! > end) continue;
        const name = partName(e);
        if (name) parts[name] = (parts[name] ?? 0) + e.dur! / 1000;
      }
      const inclusive = new Map<string, number>();
      const self = new Map<string, number>();
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
      for (let i = 0; i < inTask.length; i++) {
        const weight = ((inTask[i + 1]?.ts ?? end) - inTask[i]!.ts) / 1000;
        const leaf = nodes.get(inTask[i]!.node);
        if (leaf) {
          const file = leaf.callFrame.url ? frameName(leaf.callFrame, distDir).split(' ').pop()!.replace(/:\d+$/, '') : leaf.callFrame.functionName;
          self.set(file, (self.get(file) ?? 0) + weight);
        }
        const seen = new Set<string>();
        for (let node = nodes.get(inTask[i]!.node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
          if (!node.callFrame.url || BORING.test(node.callFrame.functionName)) continue;
          const name = frameName(node.callFrame, distDir);
          if (seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
        }
      }
      const hot = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([n, ms]) => `${ms.toFixed(0)} ${n}`);
      const files = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([n, ms]) => `${ms.toFixed(0)} ${n}`);
      const rounded = Object.fromEntries(Object.entries(parts).filter(([, ms]) => ms >= 2).sort((a, b) => b[1] - a[1]).map(([k, ms]) => [k, Math.round(ms)]));
      return { startMs: (task.ts - navStart) / 1000, durationMs: length(task), cpuMs: (task.tdur ?? task.dur!) / 1000, parts: rounded, hot, files };
    }),
  };
}

export async function traceLoad(url: string, throttle = 4, afterLoadMs = 6000): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ locale: 'ko-KR', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
    // INIT_SCRIPT: run before the page's scripts (e.g. to set what localStorage holds on a return visit).
    if (process.env.INIT_SCRIPT) await page.addInitScript(process.env.INIT_SCRIPT);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(afterLoadMs);
    const buffer = await browser.stopTracing();
    const json = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return Array.isArray(json) ? json : json.traceEvents;
  } finally {
    await browser.close();
  }
}

if (import.meta.filename === process.argv[1]) {
  const [url, runsArg, throttleArg, distDir] = process.argv.slice(2);
  if (!url) throw new Error('usage: node bench/src/longTasks.ts <url> [runs] [throttle] [distDir]');
  for (let run = 0; run < Number(runsArg ?? 1); run++) {
    const throttle = Number(throttleArg ?? 4);
    const events = await traceLoad(url, throttle);
    // Unthrottled: thread time × 4 (see longTasksOf).
    const { fcpMs, tasks } = longTasksOf(events, distDir, Number(process.env.THRESHOLD_MS ?? 50), throttle === 1 ? 4 : 1);
    const loop = hostLoop();
    console.log(`${url} run ${run + 1}: FCP ${fcpMs.toFixed(0)} ms, ${tasks.length} long task(s) after FCP, longest ${Math.max(0, ...tasks.map((t) => t.durationMs)).toFixed(0)} ms, blocking ${tasks.reduce((s, t) => s + Math.max(0, t.durationMs - 50), 0).toFixed(0)} ms; host loop ${loop.ms.toFixed(0)} ms (cpu ${loop.cpuMs.toFixed(0)})`);
    for (const task of tasks) {
      console.log(`  at ${task.startMs.toFixed(0)} ms: ${task.durationMs.toFixed(0)} ms (thread ${task.cpuMs.toFixed(0)})  ${JSON.stringify(task.parts)}`);
      if (process.env.HOT !== '0') for (const line of task.hot) console.log(`      ${line}`);
      if (process.env.FILES !== '0') console.log(`      self by file: ${task.files.join(' | ')}`);
    }
  }
}
