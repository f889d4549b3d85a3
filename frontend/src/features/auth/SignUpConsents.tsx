import { Box, Checkbox, Flex, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { RegistrationInput } from '@phonemarket/contracts/register.ts';

type ConsentName = 'agreeTerms' | 'agreePrivacy' | 'confirmAgeOver14' | 'agreeMarketing';

const CONSENTS: { name: ConsentName; label: string; required: boolean; link?: string }[] = [
  { name: 'agreeTerms', label: '이용약관 동의', required: true, link: '/terms' },
  { name: 'agreePrivacy', label: '개인정보 수집·이용 동의', required: true, link: '/privacy' },
  { name: 'confirmAgeOver14', label: '만 14세 이상입니다', required: true },
  { name: 'agreeMarketing', label: '마케팅 정보 수신 동의 (이벤트·할인 소식)', required: false },
];
const NAMES = CONSENTS.map((c) => c.name);

/**
 * Sign-up's agreements (issue 39): each one a checkbox of its own with (필수)/(선택), the required
 * ones checked by the same schema as the server (`consentFields`), and 전체 동의 to tick them all.
 */
export function SignUpConsents({ control, errors, setValue }: {
  control: Control<RegistrationInput>;
  errors: FieldErrors<RegistrationInput>;
  setValue: UseFormSetValue<RegistrationInput>;
}) {
  const values = useWatch({ control, name: NAMES });
  const all = values.every((v) => v === true);
  return (
    <Stack gap="2" p="3" borderWidth="1px" rounded="md" role="group" aria-label="약관 동의" data-testid="signup-consents">
      <Checkbox.Root checked={all} data-testid="consent-all"
        onCheckedChange={(d) => { for (const name of NAMES) setValue(name, d.checked === true, { shouldValidate: d.checked === true }); }}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="semibold">전체 동의 (선택 항목 포함)</Checkbox.Label>
      </Checkbox.Root>
      <Separator />
      {CONSENTS.map((c) => (
        <Box key={c.name}>
          <Flex justify="space-between" align="center" gap="2">
          <Controller control={control} name={c.name} render={({ field }) => (
            <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} data-testid={`consent-${c.name}`}
              invalid={Boolean(errors[c.name])}>
              <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
              <Checkbox.Control />
              <Checkbox.Label>
                <Text as="span" color={c.required ? 'brand.fg' : 'fg.muted'}>{c.required ? '(필수) ' : '(선택) '}</Text>
                {c.label}
              </Checkbox.Label>
            </Checkbox.Root>
          )} />
          {c.link ? (
            <Link asChild fontSize="xs" color="fg.muted" flexShrink={0} minH="6">
              <RouterLink to={c.link} target="_blank">전문 보기</RouterLink>
            </Link>
          ) : null}
          </Flex>
          {errors[c.name]?.message ? <Text role="alert" fontSize="xs" color="fg.error" ms="7">{errors[c.name]?.message}</Text> : null}
        </Box>
      ))}
    </Stack>
  );
}
