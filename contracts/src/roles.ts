import * as z from 'zod/mini';

/** Account roles as the server knows them. 'user' is the buyer. The one list: events, servers and the browser use it. */
export const ROLES = ['user', 'seller', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = (typeof ROLES)[number];
