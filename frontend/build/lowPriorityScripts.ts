import type { Plugin } from 'vite';

/**
 * The page is server-rendered (ADR 009): its first paint needs the HTML, not the scripts, which
 * only hydrate it. Module scripts and their modulepreloads default to high priority, so they would
 * compete with the document and the hero image on a slow link; `fetchpriority="low"` lets the
 * first screen's own requests go first (the scripts are deferred either way).
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'phonemarket:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html
        .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
        .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}
