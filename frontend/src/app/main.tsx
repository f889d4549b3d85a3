import { ROUTE_CHUNKS_ID } from './ssr-state';

/** Lets the browser paint and handle input before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's entry: the server-rendered first screen paints from the HTML (ADR 009); the app's
 * code is requested only after that first frame, so neither its download nor its evaluation
 * competes with the hero and the text.
 *
 * The server lists every chunk the page needs (the app's, in the order of the stages below, then
 * the route's page): they are all requested at once, as modulepreloads (fetched and compiled,
 * not run). The app is then evaluated in stages, one task each, with the main thread free in
 * between: evaluating ~550 KB of modules at once was a single 150–200 ms task, the largest part
 * of the home page's Total Blocking Time on a throttled phone.
 */
function pageChunks(): string[] {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(ROUTE_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : [];
}

/** Links per task: starting a modulepreload costs ~0.5 ms of main thread, and a page has ~40. */
const PRELOADS_PER_TASK = 4;

/** The longest the stages wait for the preloads (a stalled request must not keep the page inert). */
const PRELOAD_WAIT_MS = 10_000;

/**
 * Starts the modulepreloads and resolves once each has loaded or failed: the browser compiles
 * preloaded modules on background threads, and on a phone with few cores the stages' tasks would
 * share the CPU with those compilations and take several times longer.
 */
async function preloadPageChunks(): Promise<void> {
  const files = pageChunks();
  const loaded: Promise<unknown>[] = [];
  for (let i = 0; i < files.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const href of files.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      loaded.push(new Promise((settle) => {
        link.addEventListener('load', settle, { once: true });
        link.addEventListener('error', settle, { once: true });
      }));
      document.head.append(link);
    }
  }
  await Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]);
}

/**
 * Each stage's new modules run in their own task, in this order (a later stage imports the
 * earlier ones, which are evaluated by then). Keep the largest groups apart: React, Chakra's
 * styling engine with the theme, then the theme's system (built in steps, a task each), the
 * router's library, the app's code, the page's chunks, then hydration. A stage loads its module on
 * every page, needed or not: stage only what every page imports (not the API contracts: their
 * schemas load with a first request, shared/api/client.ts `LazySchema`). A stage imports a whole module namespace: a library's
 * entry (react-router's, ~190 KB) would lose its tree-shaking, so stage small modules only.
 */
const STAGES: readonly (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('../shared/theme/system'),
  () => import('../shared/theme/system').then(async ({ appSystemInSteps }) => {
    // ~30 ms in one call: built in steps, one task each
    const steps = appSystemInSteps();
    while (!steps.next().done) await nextTask();
  }),
  // React Router's library (its chunk, build/… 'router' group), the app's code, then hydration.
  () => import('./router-lib'),
  () => import('./boot'),
  () => evaluateInTurn(pageChunks()),
  () => import('./boot').then(({ startApp }) => startApp()),
];

/** A task's work above which the next import waits for a task of its own (below, a task hop would only add delay). */
const EVALUATION_SLICE_MS = 4;

/**
 * Evaluates the page's chunks one after another, each in its own task when it took time: hydration
 * would evaluate the page's whole module graph in one task when it reaches the lazy route (on the
 * product page, its chunk with the contracts' schemas: ~110 ms at 4× CPU). The list is the app's
 * chunks (evaluated by the stages above: their imports cost nothing), then the page's chunk and what
 * it imports, so from its end dependencies tend to come first and each import runs little new code.
 * A chunk that fails is left to the page's own import, which shows the error.
 */
async function evaluateInTurn(files: readonly string[]): Promise<void> {
  for (const file of [...files].reverse()) {
    const started = performance.now();
    await import(/* @vite-ignore */ file).catch(() => undefined);
    if (performance.now() - started > EVALUATION_SLICE_MS) await nextTask();
  }
}

let started = false;
async function start(): Promise<void> {
  if (started) return;
  started = true;
  await preloadPageChunks();
  for (const stage of STAGES) {
    await nextTask();
    await stage();
  }
}
function startOrReport(): void {
  start().catch((err: unknown) => {
    console.error('폰마켓을 시작하지 못했습니다.', err);
  });
}
// After the next frame has painted; a hidden tab paints no frame, so a timer starts it there.
requestAnimationFrame(() => setTimeout(startOrReport, 0));
setTimeout(startOrReport, 500);
