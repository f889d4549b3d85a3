import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A loaded CI host (other suites on both cores) can take over testing-library's default 1 s to render a
// lazy part or answer a stubbed query; findBy*/waitFor poll, so a longer bound only costs time when a test fails.
configure({ asyncUtilTimeout: 5_000 });

// Each test is a fresh tab: what one test's page kept for the tab (a live chat) is not the next one's.
afterEach(() => { if (typeof window !== 'undefined') window.sessionStorage.clear(); });
