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

/**
 * What the account agreed to at sign-up (issue 39): each required agreement with the version (시행일)
 * of its text, the 만 14세 이상 confirmation, and the optional 마케팅 수신 answer with its version.
 */
export const userConsentsRecordedSchema = z.object({
  userId: z.string().min(1),
  termsVersion: z.string().min(1),
  privacyVersion: z.string().min(1),
  ageOver14Confirmed: z.literal(true),
  marketing: z.boolean(),
  marketingVersion: z.string().min(1),
});

const reason = z.string().max(500).nullable();
/** A sign-in (the history shows it; never the address). */
export const userSignedInSchema = z.object({ userId: z.string().min(1), method: z.enum(['password', 'demo']) });
/** The account filed a seller application; it stays open until it is decided (at most one open at a time). */
export const userSellerApplicationFiledSchema = z.object({ userId: z.string().min(1), applicationId: z.string().min(1) });
export const userSellerApplicationRejectedSchema = z.object({ userId: z.string().min(1), applicationId: z.string().min(1) });
/** A role change: by an approved seller application (`applicationId`) or by an admin. */
export const userRoleChangedSchema = z.object({
  userId: z.string().min(1), from: accountRoleSchema, to: accountRoleSchema, applicationId: z.string().nullable(), sellerId: z.string().nullable(),
});
export const userSuspendedSchema = z.object({ userId: z.string().min(1), reason });
export const userReactivatedSchema = z.object({ userId: z.string().min(1), reason });
/** The active admins (one stream, `adminRoster-all`): the last one can be neither demoted nor suspended. */
export const adminRosterSchema = z.object({ userId: z.string().min(1) });
/**
 * An admin leaves the active admins; `then` is the change of their account that made them leave (a
 * demotion or a suspension), which the admin-roster process then sends to the account (issue 24).
 */
export const activeAdminRemovedSchema = adminRosterSchema.extend({
  then: z.discriminatedUnion('type', [
    z.object({ type: z.literal('ChangeRole'), role: accountRoleSchema }),
    z.object({ type: z.literal('Suspend'), reason }),
  ]).optional(),
});
export type ActiveAdminLeaving = NonNullable<z.infer<typeof activeAdminRemovedSchema>['then']>;

export const accountStreams = {
  user: (userId: string) => streamName('user', userId),
  userEmail: (emailHash: string) => streamName('userEmail', emailHash),
  adminRoster: () => streamName('adminRoster', 'all'),
} as const;

export const accountEvents = {
  UserRegistered: defineEvent({ stream: 'user', schema: userRegisteredSchema }),
  UserEmailReserved: defineEvent({ stream: 'userEmail', schema: userEmailReservedSchema }),
  UserSignedIn: defineEvent({ stream: 'user', schema: userSignedInSchema }),
  UserConsentsRecorded: defineEvent({ stream: 'user', schema: userConsentsRecordedSchema }),
  UserSellerApplicationFiled: defineEvent({ stream: 'user', schema: userSellerApplicationFiledSchema }),
  UserSellerApplicationRejected: defineEvent({ stream: 'user', schema: userSellerApplicationRejectedSchema }),
  UserRoleChanged: defineEvent({ stream: 'user', schema: userRoleChangedSchema }),
  UserSuspended: defineEvent({ stream: 'user', schema: userSuspendedSchema }),
  UserReactivated: defineEvent({ stream: 'user', schema: userReactivatedSchema }),
  ActiveAdminAdded: defineEvent({ stream: 'adminRoster', schema: adminRosterSchema }),
  ActiveAdminRemoved: defineEvent({ stream: 'adminRoster', schema: activeAdminRemovedSchema }),
} as const;
