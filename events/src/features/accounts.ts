import { z } from 'zod';
import { ROLES } from '@phonemarket/contracts';
import { defineEvent, streamName } from '../defineEvent.ts';

/** Account events. Streams: `user-<userId>`; `userEmail-<sha256(email)>` reserves an email (uniqueness through `no_stream`). */
/** The one role list (contracts' `ROLES`): the API and the browser use it too. */
export const ACCOUNT_ROLES = ROLES;
export const accountRoleSchema = z.enum(ACCOUNT_ROLES);
export type AccountRole = z.infer<typeof accountRoleSchema>;

export const userRegisteredSchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string().min(1),
  lastName: z.string(),
  role: accountRoleSchema,
  /** argon2id PHC string; never a plain password. */
  passwordHash: z.string().startsWith('$argon2id$'),
  demo: z.boolean().default(false),
});

export const userEmailReservedSchema = z.object({
  userId: z.string().min(1),
});

export const accountStreams = {
  user: (userId: string) => streamName('user', userId),
  userEmail: (emailHash: string) => streamName('userEmail', emailHash),
} as const;

export const accountEvents = {
  UserRegistered: defineEvent({ stream: 'user', schema: userRegisteredSchema }),
  UserEmailReserved: defineEvent({ stream: 'userEmail', schema: userEmailReservedSchema }),
} as const;
