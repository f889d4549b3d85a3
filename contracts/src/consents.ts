import * as z from 'zod/mini';

/**
 * The versions (시행일) of what a sign-up agrees to (issue 39): recorded on the account with the
 * answers, so a later change of a policy can tell who agreed to which text.
 */
export const CONSENT_VERSIONS = { terms: '2026-11-23', privacy: '2026-11-23', marketing: '2026-11-23' } as const;
export const CONSENT_MESSAGES = {
  terms: '이용약관에 동의해주세요.',
  privacy: '개인정보 수집·이용에 동의해주세요.',
  ageOver14: '만 14세 이상만 가입할 수 있습니다. 만 14세 이상인지 확인해주세요.',
} as const;
const mustAgree = (message: string) => z.literal(true, { error: message });
/** Sign-up's agreements: 이용약관, 개인정보 수집·이용 and 만 14세 이상 are required; 마케팅 수신 is the person's choice. */
export const consentFields = {
  agreeTerms: mustAgree(CONSENT_MESSAGES.terms),
  agreePrivacy: mustAgree(CONSENT_MESSAGES.privacy),
  confirmAgeOver14: mustAgree(CONSENT_MESSAGES.ageOver14),
  agreeMarketing: z._default(z.boolean({ error: '마케팅 정보 수신 동의 여부를 확인해주세요.' }), false),
};
