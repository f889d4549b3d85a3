/** The id of the `<script type="application/json">` holding the server render's query data (ADR 009). */
export const SSR_STATE_ID = 'pm-ssr-state';

/**
 * The id of the `<script type="application/json">` listing the matched route's page chunks
 * (server/src/ssr.ts writes it, main.tsx preloads them once the first frame has painted).
 */
export const ROUTE_CHUNKS_ID = 'pm-route-chunks';
