import { startTransition, useEffect, useState } from 'react';

/** The server-rendered page's list of the chunks it hydrates with (server/src/ssr.ts `ROUTE_CHUNKS_ID`). */
const ROUTE_CHUNKS_ID = 'pm-route-chunks';

/** Longest wait for an idle moment (and for the page's own chunks) before mounting anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * False on the server and while the page hydrates, true once the browser has been idle after
 * that (or after IDLE_TIMEOUT_MS). For widgets that are not part of the first screen (toasts'
 * region, floating live ranking and its socket): they mount after hydration instead of adding to
 * its main-thread work (ADR 009), and the server does not render them.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // In a transition: React renders what mounts in slices, between which the page answers
    // input. A plain update from a callback is rendered in one piece (one long task).
    const mount = () => startTransition(() => setIdle(true));
    let cancelIdle = () => {};
    const cancelWait = whenPageReady(() => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(mount, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(mount, 1);
        cancelIdle = () => window.clearTimeout(id);
      }
    });
    return () => { cancelWait(); cancelIdle(); };
  }, []);
  return idle;
}

/**
 * Runs `then` once a server-rendered page has hydrated its own chunks (`<html data-page-ready>`, set by
 * the route table), or at once on any other page. The browser is idle while those chunks are still on
 * the network, so without this wait the idle work's chunks were requested beside them (e2e/firstScreen).
 * Never longer than IDLE_TIMEOUT_MS: a page that never marks itself ready still gets its idle work.
 */
function whenPageReady(then: () => void): () => void {
  const root = document.documentElement;
  if (root.dataset.pageReady !== undefined || !document.getElementById(ROUTE_CHUNKS_ID)) {
    then();
    return () => {};
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => { if (root.dataset.pageReady !== undefined) run(); });
  observer.observe(root, { attributes: true, attributeFilter: ['data-page-ready'] });
  const timer = window.setTimeout(run, IDLE_TIMEOUT_MS);
  return () => { done = true; observer.disconnect(); window.clearTimeout(timer); };
}
