import * as z from 'zod/mini';
import { emailSchema, nameSchema, PASSWORD_MAX_LENGTH } from './accounts.ts';
import { consentFields } from './consents.ts';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordStrength } from './password.ts';

/**
 * `POST /api/auth/register`. Kept apart from accounts.ts because the password rule carries the
 * zxcvbn dictionary (~400 kB): only the server and the lazily loaded /register page import it.
 */
export const registerSchema = z.object({
  email: emailSchema,
  password: z.string({ error: PASSWORD_MESSAGES.required }).check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
  ),
  firstName: nameSchema('이름'),
  lastName: nameSchema('성'),
  ...consentFields,
}).check(
  // Needs the other fields (the email and name are guessable), so it is checked on the object.
  z.superRefine((value, ctx) => {
    const { password } = value;
    if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
    const { problem } = passwordStrength(password, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'], input: password });
  }),
);
export type Registration = z.output<typeof registerSchema>;
export type RegistrationInput = z.input<typeof registerSchema>;
