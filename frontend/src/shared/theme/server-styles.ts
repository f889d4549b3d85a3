import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The attribute of the server render's one `<style>` of class styles (app/entry-server.tsx):
 * `data-pm-styles="css ID ID …"`. Not emotion's own `data-emotion="css …"`, on purpose: emotion's
 * browser cache "hydrates" a tag of its own by moving it to the end of `<head>` (it does so as
 * soon as @emotion/react is imported), and moving a `<style>` makes the browser re-parse its
 * ~130 KB and recompute the style of every element: a 30–50 ms task in the middle of hydration
 * (ADR 009). This tag stays where the server put it; `adoptServerStyles` tells the cache which
 * class names it holds, so they are not inserted again.
 */
export const SERVER_STYLES_ATTRIBUTE = 'data-pm-styles';

/** The emotion cache of a browser that hydrates a server-rendered page. */
export function adoptServerStyles(doc: Document): EmotionCache {
  const cache = createCache({ key: 'css' });
  const tag = doc.querySelector(`style[${SERVER_STYLES_ATTRIBUTE}]`);
  const [key, ...ids] = tag?.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? [];
  if (key === cache.key) for (const id of ids) cache.inserted[id] = true;
  return cache;
}
