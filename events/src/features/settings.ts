import { z } from 'zod';
import { NOTIFICATION_TYPES, PAYMENT_METHODS } from '@phonemarket/contracts';
import { EMAIL_NOTIFICATIONS, SMTP_SECURITY } from '@phonemarket/contracts/settings.ts';
import { defineEvent, streamName } from '../defineEvent.ts';

/**
 * Site settings (issue 29): one stream, `siteSettings-site`; each save of a section is one
 * `SiteSettingsChanged` with the section's values after it and what changed (from → to), so the
 * stream is its own history. The SMTP password is in it only sealed (AES-GCM under a key derived from
 * the server secret, command-api shared/secretBox.ts), and its change shows no value.
 */

const flags = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);

export const siteSectionSchema = z.object({
  companyName: z.string(), representative: z.string(), businessNumber: z.string(), mailOrderNumber: z.string(), mailOrderAuthority: z.string(),
  address: z.string(), phone: z.string(), email: z.string(), privacyOfficer: z.string(), hostingProvider: z.string(),
});
export const securitySectionSchema = z.object({
  sessionIdleMinutes: z.number().int().positive(),
  sessionAbsoluteHours: z.number().int().positive(),
  maxSignInFailures: z.number().int().positive(),
  maxSignInFailuresPerAddress: z.number().int().positive(),
  signInLockMinutes: z.number().int().positive(),
});
export const emailSectionSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
  fromName: z.string(),
  fromAddress: z.string(),
});
/** `quote` (issue 25) came later: settings saved before it send it (true). */
export const notificationsSectionSchema = z.object({ inApp: flags(NOTIFICATION_TYPES).extend({ quote: z.boolean().default(true) }), email: flags(EMAIL_NOTIFICATIONS).extend({ priceAlert: z.boolean().default(true) }) });
export const paymentSectionSchema = z.object({ methods: flags(PAYMENT_METHODS), cardLimit: z.number().int().positive() });
/** The chatbot's settings (saved from /admin/chatbot): the matcher's threshold, the reply delay, the agent handoff wait. */
export const chatbotSectionSchema = z.object({
  matchThreshold: z.number().positive(),
  replyDelayMinMs: z.number().int().nonnegative(),
  replyDelayMaxMs: z.number().int().nonnegative(),
  handoffWaitSeconds: z.number().int().positive(),
});

const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const settingsChangeEventSchema = z.object({ field: z.string().min(1), from: changeValue, to: changeValue, secret: z.boolean().optional() });
const changes = z.array(settingsChangeEventSchema).min(1);

export const siteSettingsChangedSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('site'), values: siteSectionSchema, changes }),
  z.object({ section: z.literal('security'), values: securitySectionSchema, changes }),
  z.object({
    section: z.literal('email'),
    values: emailSectionSchema,
    /** The SMTP password sealed for the command side (`v1.<iv>.<tag>.<data>`, base64url); absent: unchanged; null: removed. */
    sealedPassword: z.string().min(1).nullable().optional(),
    changes,
  }),
  z.object({ section: z.literal('notifications'), values: notificationsSectionSchema, changes }),
  z.object({ section: z.literal('payment'), values: paymentSectionSchema, changes }),
  z.object({ section: z.literal('chatbot'), values: chatbotSectionSchema, changes }),
]);

/**
 * A notification also sent by e-mail (the e-mail settings on, its kind on in 알림 설정): one stream per
 * (cause event, account), `notificationEmail-<causeEventId>.<userId>`, appended with no_stream before the
 * mail goes out, so one command-api instance of several sends it, once. A failed send says why.
 */
export const notificationEmailDispatchedSchema = z.object({
  userId: z.string().min(1),
  kind: z.enum(EMAIL_NOTIFICATIONS),
  causeStream: z.string().min(1),
  causeEventId: z.string().min(1),
  subject: z.string().min(1),
});
export const notificationEmailFailedSchema = z.object({ reason: z.string().min(1) });

export const SITE_SETTINGS_ID = 'site';
export const settingsStreams = {
  siteSettings: () => streamName('siteSettings', SITE_SETTINGS_ID),
  notificationEmail: (causeEventId: string, userId: string) => streamName('notificationEmail', `${causeEventId}.${userId}`),
} as const;

export const settingsEvents = {
  SiteSettingsChanged: defineEvent({ stream: 'siteSettings', schema: siteSettingsChangedSchema }),
  NotificationEmailDispatched: defineEvent({ stream: 'notificationEmail', schema: notificationEmailDispatchedSchema }),
  NotificationEmailFailed: defineEvent({ stream: 'notificationEmail', schema: notificationEmailFailedSchema }),
} as const;
