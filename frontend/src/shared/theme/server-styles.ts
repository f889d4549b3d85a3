import createCache, { type EmotionCache } from '@emotion/cache';
import { DECLARATION, prefixer, type Middleware } from 'stylis';

/**
 * The declarations that browsers the app supports (Chrome, Samsung Internet, Safari on iOS 16+)
 * still need vendor-prefixed. Emotion's default prefixer writes every prefix of the last ten
 * years (`display:-webkit-box;display:-webkit-flex;display:-ms-flexbox;display:flex`…): 19% of a
 * server-rendered page's ~150 KB of CSS, which the browser parses and matches before the first
 * screen can paint (ADR 009). Stylis's own prefixer runs on these alone.
 */
const STILL_PREFIXED = new Set(['user-select', 'backdrop-filter', 'text-size-adjust', 'box-decoration-break', 'hyphens']);

const prefixWhereNeeded: Middleware = (element, index, children, callback) =>
  element.type === DECLARATION && typeof element.props === 'string' && STILL_PREFIXED.has(element.props)
    ? prefixer(element, index, children, callback)
    : undefined;

/** The app's emotion cache: the server render's and the hydrating browser's write the same CSS. */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [prefixWhereNeeded] });
}

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
  const cache = createStyleCache();
  const tag = doc.querySelector(`style[${SERVER_STYLES_ATTRIBUTE}]`);
  const [key, ...ids] = tag?.getAttribute(SERVER_STYLES_ATTRIBUTE)?.split(' ') ?? [];
  if (key === cache.key) for (const id of ids) cache.inserted[id] = true;
  return cache;
}
