import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { PasswordStrength } from '@phonemarket/contracts/password.ts';

const PALETTE = ['red', 'red', 'orange', 'green', 'green'] as const;
const SEGMENTS = 4;

/**
 * The strength of the password being typed on /register: zxcvbn's score from the same
 * `passwordStrength` the server refuses weak passwords with, so '사용할 수 있음' here means the
 * server accepts it too. Read with the password field (it is the field's helper text).
 */
export function PasswordStrengthMeter({ strength, showProblem = true }: { strength: PasswordStrength | null; showProblem?: boolean }) {
  if (!strength) {
    return <Text fontSize="xs" color="fg.muted">8자 이상, 흔하지 않은 단어를 섞어 만들어 주세요.</Text>;
  }
  const palette = PALETTE[strength.score];
  const filled = Math.max(1, strength.score);
  return (
    <Stack data-testid="password-strength" data-score={strength.score} gap="1" width="full">
      <HStack gap="1" aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <Box key={i} flex="1" h="1.5" rounded="full" bg={i < filled ? `${palette}.solid` : 'bg.muted'} />
        ))}
      </HStack>
      <Text fontSize="xs" color={`${palette}.fg`} fontWeight="medium" aria-live="polite">
        보안 강도: {strength.label}
        {strength.problem ? null : ' · 사용할 수 있음'}
      </Text>
      {strength.problem && showProblem ? (
        <Text fontSize="xs" color="fg.muted">
          {strength.problem}
        </Text>
      ) : null}
    </Stack>
  );
}
