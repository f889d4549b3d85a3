import * as z from 'zod/mini';
import { ROLES } from './constants.ts';

export { ROLES, type Role } from './constants.ts';
export const roleSchema = z.enum(ROLES);
