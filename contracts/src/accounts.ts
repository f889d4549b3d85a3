import * as z from 'zod/mini';
import { hasEmoji, plainName } from './text.ts';

/**
 * Sign-in and sign-up requests: the schemas `POST /api/auth/login` and `/api/auth/register`
 * validate with, and the forms on /login and /register resolve with. Korean messages per field.
 */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;
/** Here, not in password.ts (zxcvbn): the sign-in form's schema needs only the limit and its message. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_LONG_MESSAGE = `비밀번호는 ${PASSWORD_MAX_LENGTH}자 이하여야 합니다.`;
const EMAIL_TOO_LONG_MESSAGE = '이메일이 너무 깁니다.';

export const emailSchema = z.email({ error: '유효한 이메일을 입력해주세요.' })
  .check(z.maxLength(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG_MESSAGE }));

/** What /register and `POST /api/auth/register` say of a name's characters, per field. */
export const NAME_CHARACTER_MESSAGES = {
  emoji: (label: NameLabel) => `${label}에는 이모지를 쓸 수 없습니다.`,
  unsafe: (label: NameLabel) => `${label}에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.`,
} as const;
type NameLabel = '이름' | '성';

/** A person's first or last name: trimmed, 1–50 characters, no control or invisible character (plainName), no emoji. */
export function nameSchema(label: NameLabel) {
  const required = `${label}을 입력해주세요.`;
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(NAME_MAX_LENGTH, { error: `${label}은 ${NAME_MAX_LENGTH}자 이하로 입력해주세요.` }),
    plainName(NAME_CHARACTER_MESSAGES.unsafe(label)),
    z.refine((text) => !hasEmoji(text), { error: NAME_CHARACTER_MESSAGES.emoji(label) }),
  );
}

// Each check has its own message: one without would take the type's ('…을 입력해주세요.') for a field that is only too long.
export const loginSchema = z.object({
  email: z.string({ error: '이메일을 입력해주세요.' })
    .check(z.minLength(1, { error: '이메일을 입력해주세요.' }), z.maxLength(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG_MESSAGE })),
  password: z.string({ error: '비밀번호를 입력해주세요.' })
    .check(z.minLength(1, { error: '비밀번호를 입력해주세요.' }), z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE })),
});
export type Credentials = z.infer<typeof loginSchema>;
