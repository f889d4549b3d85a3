/** The id of the `<script type="application/json">` holding the server render's query data (ADR 009). */
export const SSR_STATE_ID = 'pm-ssr-state';
