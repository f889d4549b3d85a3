import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from './accounts.ts';

/**
 * The password rule, one function for the server (it refuses) and the browser (it shows the
 * strength while typing). zxcvbn-ts with its common dictionary (≈30 000 breached and common
 * passwords, keyboard patterns, dates, repeats); the account's own email and name count as
 * guessable too. A password needs a score of at least 2 of 4.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 2;

export const PASSWORD_MESSAGES = {
  required: '비밀번호를 입력해주세요.',
  tooShort: `비밀번호는 ${PASSWORD_MIN_LENGTH}자 이상이어야 합니다.`,
  tooLong: PASSWORD_TOO_LONG_MESSAGE,
  blank: '비밀번호는 공백만으로 만들 수 없습니다.',
  personal: '이메일이나 이름이 들어간 비밀번호는 사용할 수 없습니다.',
  common: '너무 흔하거나 추측하기 쉬운 비밀번호입니다. 여러 단어를 섞어 더 길게 만들어 주세요.',
} as const;

/** Strength labels for scores 0–4. */
export const PASSWORD_STRENGTH_LABELS = ['매우 약함', '약함', '보통', '강함', '매우 강함'] as const;

/** Words of this site that make a password guessable for it. */
const SITE_WORDS = ['phonemarket', '폰마켓', 'phone', 'market'];

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** What the user typed elsewhere in the form: the email (and its local part) and the name. */
export interface PasswordContext {
  email?: string;
  firstName?: string;
  lastName?: string;
}

function userInputs({ email = '', firstName = '', lastName = '' }: PasswordContext): string[] {
  const local = email.split('@')[0] ?? '';
  const first = firstName.trim();
  const last = lastName.trim();
  const words = [email.trim(), local, first, last, `${last}${first}`, `${first}${last}`, ...SITE_WORDS];
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 2))];
}

export interface PasswordStrength {
  /** 0 (guessed at once) … 4 (very hard). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof PASSWORD_STRENGTH_LABELS)[number];
  /** The Korean reason it is refused, or null when it is accepted. */
  problem: string | null;
}

/** Scores a password and says why it would be refused (length, blank, personal, common), or `problem: null`. */
export function passwordStrength(password: string, context: PasswordContext = {}): PasswordStrength {
  const result = zxcvbn.check(password.slice(0, PASSWORD_MAX_LENGTH), userInputs(context));
  const score = result.score;
  const label = PASSWORD_STRENGTH_LABELS[score];
  const personal = result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs');
  let problem: string | null = null;
  if (password.length === 0) problem = PASSWORD_MESSAGES.required;
  else if (password.trim().length === 0) problem = PASSWORD_MESSAGES.blank;
  else if (password.length < PASSWORD_MIN_LENGTH) problem = PASSWORD_MESSAGES.tooShort;
  else if (password.length > PASSWORD_MAX_LENGTH) problem = PASSWORD_MESSAGES.tooLong;
  else if (score < PASSWORD_MIN_SCORE) problem = personal ? PASSWORD_MESSAGES.personal : PASSWORD_MESSAGES.common;
  return { score, label, problem };
}
