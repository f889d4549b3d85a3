import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS, REQUIRED_KEYS, meets, resultProblems } from './keys.ts';
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

  it('judges targets', () => {
    expect(meets(10_000, { op: '>=', value: 10_000 })).toBe(true);
    expect(meets(50.1, { op: '<=', value: 50 })).toBe(false);
    expect(meets(5, { op: '<', value: 5 })).toBe(false);
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
