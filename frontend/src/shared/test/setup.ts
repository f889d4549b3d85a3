import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { renewLiveConnection } from '../live';
import { toaster } from '../ui/toaster';

// A loaded CI host (other suites on both cores) can take over testing-library's default 1 s to render a
// lazy part or answer a stubbed query; findBy*/waitFor poll, so a longer bound only costs time when a test fails.
configure({ asyncUtilTimeout: 5_000 });

// The frontend project runs its files in one shared happy-dom window (`isolate: false`, vitest.config.ts):
// a setup file's hooks are registered for every file, so each test unmounts what it rendered and each file
// leaves the window as it found it (globals, timers, spies, storage, cookies, URL, the app's live connection
// and its toasts).
const startURL = window.location.href;
afterEach(() => cleanup());
afterAll(() => {
  cleanup();
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
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-page-ready');
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(startURL);
});
