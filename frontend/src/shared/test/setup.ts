import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { mountedLiveHooks, renewLiveConnection } from '../live';
import { toaster } from '../ui/toaster';

// A loaded CI host (other suites on both cores) can take over testing-library's default 1 s to render a
// lazy part or answer a stubbed query; findBy*/waitFor poll, so a longer bound only costs time when a test fails.
configure({ asyncUtilTimeout: 5_000 });

// Each test is a fresh tab: what one test's page kept for the tab (a live chat) is not the next one's.
afterEach(() => { if (typeof window !== 'undefined') window.sessionStorage.clear(); });

// The frontend files share (unless FRONTEND_ISOLATE=1) one happy-dom window and one module graph (`isolate: false`,
// vitest.config.ts, ADR 030). This file runs before every test file, but the modules it and the files import
// are evaluated once: so each test unmounts what it rendered here (render.tsx's own hook is registered for the
// first file only), and each file leaves the window as it found it (timers, globals, spies, storage, cookies,
// the document and its attributes, the URL, the app's live connection and its toasts).
const startURL = window.location.href;
afterEach(() => cleanup());
afterAll(() => {
  cleanup();
  // A root the file made itself (hydrateRoot, createRoot) and left mounted would keep following the app's connection,
  // and open one to every later file's server on each renew (s63: the support console's, failing LiveRankingSync).
  const leftMounted = mountedLiveHooks();
  if (leftMounted > 0) throw new Error(`${leftMounted} live hook(s) still mounted after the file's tests: unmount every root the file made (root.unmount()).`);
  renewLiveConnection();
  toaster.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.querySelectorAll('meta, title, link').forEach((node) => node.remove());
  document.body.innerHTML = '';
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(startURL);
});
