import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS, REQUIRED_KEYS, meets, resultProblems, verdict } from './keys.ts';
import { LOADED, hostVerdict, othersCores } from './host.ts';
import { alternate, medianPair, ratio } from './ratios.ts';
import { chunkFileOf, gzipSize, htmlModuleScripts, manifestStaticFiles, resolveUrl, staticGraph, staticImportSpecifiers, type Manifest } from './jsGraph.ts';
import { percentile, perSecond, prng, summarize } from './stats.ts';

const RESULTS = path.resolve(import.meta.dirname, '../results.json');

describe('bench/results.json', () => {
  it.skipIf(!existsSync(RESULTS))('is one flat object with every required key numeric', () => {
    const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
    expect(resultProblems(results)).toEqual([]);
    for (const key of REQUIRED_KEYS) expect(typeof results[key], key).toBe('number');
    for (const value of Object.values(results)) expect(typeof value === 'object' && value !== null).toBe(false);
    expect(results.node_version).toMatch(/^v\d+\.\d+\.\d+/);
  });

  it('names the keys the issue asks for', () => {
    for (const key of [
      'append_per_s_1_writer', 'append_per_s_8_writers', 'lag_p50_ms', 'lag_p99_ms', 'lag_rw_p99_ms', 'rebuild_per_s',
      'read_req_per_s', 'read_p99_ms', 'bare_req_per_s', 'bare_p99_ms', 'read_vs_bare_ratio',
      'products_filtered_req_per_s', 'products_filtered_p99_ms', 'search_req_per_s', 'search_p99_ms',
      'models_req_per_s', 'models_p99_ms', 'offers_req_per_s', 'offers_p99_ms',
      'home_js_gzip_kb', 'recommend_ms_p50', 'recommend_ms_p99',
      'lh_home_perf', 'lh_product_perf', 'lh_home_lcp_ms', 'lh_product_lcp_ms', 'lh_home_tbt_ms', 'lh_home_a11y', 'home_js_transfer_kb',
      'cold_start_3m_ms', 'restart_3m_ms', 'crash_restart_3m_ms',
    ]) expect(REQUIRED_KEYS).toContain(key);
    // Issue 44: each headline figure beside its bare baseline, and the peers (required once a full run has written them).
    for (const key of [
      'checkout_vs_append_ratio', 'push_1k_vs_bare_ratio', 'chat_rtt_vs_bare_ratio', 'kb_search_vs_scan_ratio', 'rebuild_vs_read_ratio',
      'read_vs_fastify_ratio', 'append_emmett_per_s_1_writer', 'append_emmett_per_s_8_writers', 'append_emmett_failed_1_writer', 'append_emmett_failed_8_writers',
      'append_vs_emmett_ratio_1_writer', 'append_vs_emmett_ratio_8_writers',
    ]) expect(METRICS.map((m) => m.key)).toContain(key);
    expect(new Set(METRICS.map((m) => m.key)).size).toBe(METRICS.length);
  });

  it('finds what is wrong with a bad results object', () => {
    const good = Object.fromEntries([...REQUIRED_KEYS.map((k) => [k, 1]), ['node_version', 'v24.0.0'], ['measured_at', new Date().toISOString()]]);
    expect(resultProblems(good)).toEqual([]);
    expect(resultProblems([])).toEqual(['results is not an object']);
    expect(resultProblems({ ...good, lag_p99_ms: null })).toEqual(['lag_p99_ms must be a finite number (got null)']);
    expect(resultProblems({ ...good, nested: { a: 1 } })).toHaveLength(1);
    const { rebuild_per_s: _dropped, ...missing } = good;
    expect(resultProblems(missing)).toEqual(['missing rebuild_per_s']);
  });

  it('moves the targets of the headline figures to their ratios (issue 44)', () => {
    const target = (key: string) => METRICS.find((m) => m.key === key)?.target;
    for (const key of ['checkout_p99_ms', 'push_1k_p99_ms', 'chat_rtt_p99_ms', 'kb_search_p99_ms', 'rebuild_per_s']) {
      expect(METRICS.some((m) => m.key === key), key).toBe(true);
      expect(target(key), key).toBeUndefined();
    }
    expect(target('push_1k_vs_bare_ratio')).toEqual({ op: '<=', value: 1.5 });
    expect(target('chat_rtt_vs_bare_ratio')).toEqual({ op: '<=', value: 2 });
    expect(target('rebuild_vs_read_ratio')).toEqual({ op: '>=', value: 0.25 });
    expect(target('read_vs_fastify_ratio')).toEqual({ op: '>=', value: 0.8 });
    expect(target('append_vs_emmett_ratio_1_writer')).toEqual({ op: '>=', value: 10 });
    expect(target('append_vs_emmett_ratio_8_writers')).toEqual({ op: '>=', value: 10 });
    // Set from two runs (ADR 009): a cost ratio, so a ceiling above 1.
    for (const key of ['checkout_vs_append_ratio', 'kb_search_vs_scan_ratio']) {
      expect(target(key)?.op, key).toBe('<=');
      expect(target(key)!.value, key).toBeGreaterThan(1);
    }
  });

  it('judges targets', () => {
    expect(meets(10_000, { op: '>=', value: 10_000 })).toBe(true);
    expect(meets(50.1, { op: '<=', value: 50 })).toBe(false);
    expect(meets(5, { op: '<', value: 5 })).toBe(false);
  });

  it('reads a miss on a loaded host as LOADED, never a met target or a missing figure', () => {
    const atMost = { op: '<=', value: 2 } as const;
    expect(verdict(1.5, atMost, false)).toBe('ok');
    expect(verdict(1.5, atMost, true)).toBe('ok');
    expect(verdict(2.5, atMost, false)).toBe('FAIL');
    expect(verdict(2.5, atMost, true)).toBe('LOADED');
    expect(verdict(undefined, atMost, true)).toBe('MISSING');
    expect(verdict(7, undefined, true)).toBe('—');
  });
});

describe('ratios (issue 44)', () => {
  it('ratio is ours over the baseline, NaN (refused by results.json) without a baseline', () => {
    expect(ratio(30, 20)).toBe(1.5);
    expect(ratio(5_000, 100_000)).toBe(0.05);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
    expect(ratio(1, Number.POSITIVE_INFINITY)).toBeNaN();
    expect(resultProblems({ x_ratio: ratio(1, 0) }).some((p) => p.startsWith('x_ratio must be a finite number'))).toBe(true);
  });

  it('alternate runs ours then the baseline in every trial and pairs them', async () => {
    const order: string[] = [];
    const pairs = await alternate(3,
      async (i) => { order.push(`ours${i}`); return 10 * (i + 1); },
      async (i) => { order.push(`base${i}`); return 5; },
      (a, b) => ratio(a, b));
    expect(order).toEqual(['ours0', 'base0', 'ours1', 'base1', 'ours2', 'base2']);
    expect(pairs.map((p) => p.ratio)).toEqual([2, 4, 6]);
    expect(pairs[1]).toEqual({ ours: 20, baseline: 5, ratio: 4 });
  });

  it('medianPair picks the middle ratio, so one disturbed pair does not move it', () => {
    const pairs = [{ ratio: 0.41, n: 1 }, { ratio: 0.05, n: 2 }, { ratio: 0.43, n: 3 }];
    expect(medianPair(pairs).n).toBe(1);
    expect(medianPair([{ ratio: 9 }]).ratio).toBe(9);
    expect(medianPair([{ ratio: 4 }, { ratio: 1 }]).ratio).toBe(1); // the lower middle of an even count
    expect(() => medianPair([])).toThrow(RangeError);
  });
});

describe('the loaded-host verdict (issue 44)', () => {
  const quietLoop = { ms: 1_300, cpuMs: 1_290 };

  it('othersCores: the machine\'s busy time less this process\'s, per wall ms', () => {
    expect(othersCores({ machineBusyMs: 1_000, ownMs: 200 }, { machineBusyMs: 4_000, ownMs: 1_200 }, 2_000)).toBe(1);
    expect(othersCores({ machineBusyMs: 0, ownMs: 0 }, { machineBusyMs: 900, ownMs: 1_000 }, 1_000)).toBe(0); // tick rounding never goes below 0
    expect(othersCores(null, { machineBusyMs: 1, ownMs: 0 }, 1_000)).toBeNull();
    expect(othersCores({ machineBusyMs: 0, ownMs: 0 }, { machineBusyMs: 1, ownMs: 0 }, 0)).toBeNull();
  });

  it('a quiet host is not loaded', () => {
    expect(hostVerdict({ othersCores: 0.1, loop: quietLoop })).toEqual({ loaded: false, reasons: [] });
    expect(hostVerdict({ othersCores: null, loop: quietLoop }).loaded).toBe(false);
  });

  it('other processes\' cores, a loop that waited for a core, or a loop slower than the limit make it loaded, each with its reason', () => {
    expect(hostVerdict({ othersCores: LOADED.othersCores, loop: quietLoop })).toEqual({ loaded: true, reasons: ['other processes used 0.50 cores'] });
    expect(hostVerdict({ othersCores: 0, loop: { ms: 2_000, cpuMs: 1_000 } })).toEqual({ loaded: true, reasons: ['the host loop got 0.50 of a core'] });
    expect(hostVerdict({ othersCores: 0, loop: { ms: 4_473, cpuMs: 4_400 } })).toEqual({ loaded: true, reasons: ['the host loop took 4,473 ms (> 3,000)'] });
    expect(hostVerdict({ othersCores: 1.8, loop: { ms: 5_170, cpuMs: 2_120 } }).reasons).toHaveLength(3);
    // Just inside every limit.
    expect(hostVerdict({ othersCores: 0.49, loop: { ms: LOADED.loopMs, cpuMs: LOADED.loopMs * 0.8 } }).loaded).toBe(false);
  });
});

describe('stats', () => {
  it('percentile is nearest-rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 1000], 99)).toBe(1000);
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(xs[0]).toBe(100); // the input is not sorted in place
  });

  it('summarize, perSecond and the PRNG', () => {
    const s = summarize([3, 1, 2]);
    expect(s).toMatchObject({ count: 3, min: 1, p50: 2, max: 3, mean: 2 });
    expect(perSecond(500, 250)).toBe(2000);
    expect(perSecond(5, 0)).toBe(0);
    const a = prng(1);
    const b = prng(1);
    const seq = Array.from({ length: 5 }, () => a());
    expect(seq).toEqual(Array.from({ length: 5 }, () => b()));
    for (const x of seq) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('first-load JS walker', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-jsgraph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><head><script>var inline = 1;</script>' +
      '<script type="module" crossorigin src="/assets/entry.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js"><link rel="stylesheet" href="/assets/app.css"></head></html>',
    'assets/entry.js': 'import{a as e,b as t}from"./vendor.js";import"./side.js";const h=()=>import(`./lazy.js`);' +
      'const msg="use import x from \'react-router/dom\' here";export{e};',
    'assets/vendor.js': 'export*from"./shared.js";export{x as a,y as b}from"./shared.js";var x=1,y=2;',
    'assets/shared.js': 'export const s = 1;\nimport * as ns from "../assets/deep.js";\n',
    'assets/deep.js': 'export const d = "import(\\"./never.js\\")";',
    'assets/side.js': 'console.log(1)',
    'assets/lazy.js': 'import{a}from"./lazy-dep.js";export default a;',
    'assets/lazy-dep.js': 'export const a=1;',
    'assets/home.js': 'import{e}from"./entry.js";import"./home-dep.js";',
    'assets/home-dep.js': 'export {}',
  };
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);

  it('parses static imports and re-exports, never dynamic import()', () => {
    expect(staticImportSpecifiers(files['assets/entry.js']!)).toEqual(['./vendor.js', './side.js', 'react-router/dom']);
    expect(staticImportSpecifiers(files['assets/vendor.js']!)).toEqual(['./shared.js']);
    expect(staticImportSpecifiers(files['assets/shared.js']!)).toEqual(['../assets/deep.js']);
    expect(staticImportSpecifiers('const m=import.meta.url;import(`./x.js`);import("./y.js")')).toEqual([]);
  });

  it('reads the entry scripts and modulepreloads of index.html', () => {
    expect(htmlModuleScripts(files['index.html']!)).toEqual(['/assets/entry.js', '/assets/vendor.js']);
    expect(resolveUrl('/assets/a.js', null)).toBe('assets/a.js');
    expect(resolveUrl('./b.js?v=1', 'assets/a.js')).toBe('assets/b.js');
    expect(resolveUrl('https://cdn.example/x.js', null)).toBeNull();
  });

  it('walks the static graph from index.html plus the home chunk and sums gzip sizes', () => {
    const roots = htmlModuleScripts(files['index.html']!).map((u) => resolveUrl(u, null)!);
    const graph = staticGraph(dir, [...roots, 'assets/home.js']);
    const names = graph.files.map((f) => f.file).sort();
    expect(names).toEqual(['assets/deep.js', 'assets/entry.js', 'assets/home-dep.js', 'assets/home.js', 'assets/shared.js', 'assets/side.js', 'assets/vendor.js']);
    expect(graph.unresolved).toEqual([]);
    expect(graph.ignored).toEqual(['react-router/dom (in assets/entry.js)']);
    const expected = names.reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
    expect(graph.totalGzipBytes).toBe(expected);
    expect(graph.totalBytes).toBe(names.reduce((n, f) => n + files[f]!.length, 0));
  });

  it('reports a missing chunk instead of skipping it', () => {
    const graph = staticGraph(dir, ['assets/missing.js']);
    expect(graph.unresolved).toEqual(['assets/missing.js']);
  });

  it('gzipSize is the level-9 gzip length', () => {
    const text = 'hello hello hello hello';
    expect(gunzipSync(gzipSync(text, { level: 9 })).toString()).toBe(text);
    expect(gzipSize(text)).toBe(gzipSync(text, { level: 9 }).length);
  });

  it('finds the home chunk in a Vite manifest and follows its static imports', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/entry.js', src: 'index.html', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/features/home/HomePage.tsx'] },
      '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/features/home/HomePage.tsx': { file: 'assets/home.js', src: 'src/features/home/HomePage.tsx', imports: ['index.html', '_home-dep.js'] },
      '_home-dep.js': { file: 'assets/home-dep.js' },
    };
    expect(chunkFileOf(manifest, 'src/features/home/HomePage.tsx')).toBe('assets/home.js');
    expect(chunkFileOf(manifest, 'src/nope.tsx')).toBeNull();
    expect(manifestStaticFiles(manifest, ['assets/entry.js', 'assets/home.js']).sort()).toEqual(
      ['assets/entry.js', 'assets/home-dep.js', 'assets/home.js', 'assets/shared.js', 'assets/vendor.js'],
    );
  });
});
