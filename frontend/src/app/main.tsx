import { ROUTE_CHUNKS_ID } from './ssr-state';

/**
 * The page's entry: the server-rendered first screen paints from the HTML (ADR 009); the app's
 * code is requested, evaluated (a long main-thread task) and hydrates only after that first
 * frame, so neither its download nor its evaluation competes with the hero and the text. The
 * app's chunks (Vite's preloads of `./boot`) and the route's page chunks (listed by the server)
 * then download together.
 */
function preloadRouteChunks(): void {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(ROUTE_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  preloadRouteChunks();
  import('./boot').catch((err: unknown) => {
    console.error('폰마켓을 시작하지 못했습니다.', err);
  });
}
// After the next frame has painted; a hidden tab paints no frame, so a timer starts it there.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 500);
