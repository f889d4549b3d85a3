/**
 * The page's entry: the server-rendered first screen paints from the HTML (ADR 009); the app's
 * code is evaluated (a long main-thread task) and hydrates only after that first frame, so the
 * hero and the text are on screen before the scripts run. The app's chunks are already
 * downloaded by then (index.html modulepreloads them: frontend/build/routePreloads.ts).
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./boot').catch((err: unknown) => {
    console.error('폰마켓을 시작하지 못했습니다.', err);
  });
}
// After the next frame has painted; a hidden tab paints no frame, so a timer starts it there.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 500);
