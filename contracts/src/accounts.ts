import * as z from 'zod/mini';
import { plainName } from './text.ts';

/**
 * Sign-in and sign-up requests: the schemas `POST /api/auth/login` and `/api/auth/register`
 * validate with, and the forms on /login and /register resolve with. Korean messages per field.
 */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;

export const emailSchema = z.email({ error: '유효한 이메일을 입력해주세요.' })
  .check(z.maxLength(EMAIL_MAX_LENGTH, { error: '이메일이 너무 깁니다.' }));

/** A first or last name: trimmed, 1–50 characters, nothing invisible (plainName). */
export function nameSchema(label: '이름' | '성') {
  const required = `${label}을 입력해주세요.`;
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(NAME_MAX_LENGTH, { error: `${label}은 ${NAME_MAX_LENGTH}자 이하로 입력해주세요.` }),
    plainName(),
  );
}

export const loginSchema = z.object({
  email: z.string({ error: '이메일을 입력해주세요.' })
    .check(z.minLength(1, { error: '이메일을 입력해주세요.' }), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string({ error: '비밀번호를 입력해주세요.' })
    .check(z.minLength(1, { error: '비밀번호를 입력해주세요.' }), z.maxLength(128)),
});
export type Credentials = z.infer<typeof loginSchema>;
