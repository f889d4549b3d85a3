import { describe, expect, it } from 'vitest';
import { loginSchema, NAME_CHARACTER_MESSAGES } from './accounts.ts';
import { PASSWORD_MESSAGES, passwordStrength } from './password.ts';
import { registerSchema } from './register.ts';

const base = { email: 'kim.minsu@example.kr', password: 'Blue-Harbor-Kite-92', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true, agreeMarketing: false };
const passwordError = (input: Record<string, unknown>) =>
  registerSchema.safeParse(input).error?.issues.find((i) => i.path.join('.') === 'password')?.message;

describe('register schema (shared by POST /api/auth/register and /register)', () => {
  it('accepts a good registration and trims the names', () => {
    expect(registerSchema.parse({ ...base, firstName: ' 민수 ' })).toEqual(base);
  });

  it.each([
    ['password1', PASSWORD_MESSAGES.common],
    ['12345678', PASSWORD_MESSAGES.common],
    ['qwerty123', PASSWORD_MESSAGES.common],
    ['kim.minsu@example.kr', PASSWORD_MESSAGES.personal],
    ['kim.minsu1', PASSWORD_MESSAGES.personal],
    ['          ', PASSWORD_MESSAGES.blank],
    ['phonemarket1', PASSWORD_MESSAGES.personal],
    ['short', PASSWORD_MESSAGES.tooShort],
    ['x'.repeat(129), PASSWORD_MESSAGES.tooLong],
  ])('refuses %j with errors.password', (password, message) => {
    expect(passwordError({ ...base, password })).toBe(message);
  });

  it('checks the password even when another field is wrong', () => {
    const issues = registerSchema.safeParse({ ...base, email: 'nope', password: 'password1', firstName: '' }).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      email: '유효한 이메일을 입력해주세요.',
      firstName: '이름을 입력해주세요.',
      password: PASSWORD_MESSAGES.common,
    });
  });

  it('refuses control characters and bidi overrides in names', () => {
    const issues = registerSchema.safeParse({ ...base, firstName: '민\u202E수', lastName: '김\u0000' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', '이름에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.'],
      ['lastName', '성에는 제어 문자나 보이지 않는 문자를 쓸 수 없습니다.'],
    ]);
  });

  it.each([['민수😀'], ['👩\u200D💻'], ['민수❤️'], ['김🇰🇷'], ['민수1️⃣'], ['민👍🏽수']])('refuses the emoji in %j, in Korean on its field', (name) => {
    const issues = registerSchema.safeParse({ ...base, firstName: name, lastName: name }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', '이름에는 이모지를 쓸 수 없습니다.'],
      ['lastName', '성에는 이모지를 쓸 수 없습니다.'],
    ]);
    expect(NAME_CHARACTER_MESSAGES.emoji('이름')).toBe('이름에는 이모지를 쓸 수 없습니다.');
  });

  it.each([['홍길동'], ['Zoë'], ["O'Brien-Smith"], ['남궁 민수'], ['李明'], ['Dũng']])('still accepts %j', (name) => {
    expect(registerSchema.safeParse({ ...base, firstName: name }).success).toBe(true);
  });
});

describe('passwordStrength (the meter on /register uses the same function)', () => {
  it('scores 0–4 with a Korean label, and says why a weak one is refused', () => {
    expect(passwordStrength('password1')).toMatchObject({ score: 0, label: '매우 약함', problem: PASSWORD_MESSAGES.common });
    const strong = passwordStrength('Blue-Harbor-Kite-92');
    expect(strong.score).toBeGreaterThanOrEqual(3);
    expect(strong.problem).toBeNull();
    expect(passwordStrength('').problem).toBe(PASSWORD_MESSAGES.required);
  });

  it('counts the email and the name as guessable', () => {
    expect(passwordStrength('minsu.kim.2024', {}).problem).toBeNull();
    expect(passwordStrength('minsu.kim.2024', { email: 'minsu.kim.2024@example.kr' }).problem).toBe(PASSWORD_MESSAGES.personal);
  });
});

describe('login schema', () => {
  it('asks for both fields in Korean', () => {
    expect(loginSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['이메일을 입력해주세요.', '비밀번호를 입력해주세요.']);
  });

  it('says a field is too long, not that it is missing (the type\'s message named every check without its own)', () => {
    const messages = (input: Record<string, string>) => loginSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ email: 'kim@example.kr', password: 'x'.repeat(129) })).toEqual([`password: ${PASSWORD_MESSAGES.tooLong}`]);
    expect(messages({ email: `${'k'.repeat(250)}@example.kr`, password: 'x' })).toEqual(['email: 이메일이 너무 깁니다.']);
    expect(loginSchema.safeParse({ email: 'kim@example.kr', password: 'x'.repeat(128) }).success).toBe(true);
  });
});
