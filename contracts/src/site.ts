import * as z from 'zod/mini';

export const SITE_INFO_PATH = '/api/site';

/** `GET /api/site`: what this client may do here. `demo`: the demo sign-in answers this client (the UI shows '데모 모드'). */
export const siteInfoSchema = z.object({ demo: z.boolean() });
export type SiteInfo = z.infer<typeof siteInfoSchema>;
