import { Alert, Checkbox, Stack, Text } from '@chakra-ui/react';
import { NAEGUJE_CONFIRM_LABEL, NAEGUJE_WARNING, NAEGUJE_WARNING_TITLE } from '@phonemarket/contracts';
import { isApiError } from '../api/client';

/** The server asked for the 내구제 warning's confirmation (issue 41: past 2 lines in 30 days). */
export const asksNaegujeConfirmation = (error: unknown): boolean => isApiError(error, 400) && typeof error.errors?.naegujeConfirmed === 'string';
/** What the page says when the buyer submits again without ticking the box. */
export const NAEGUJE_UNCHECKED = '위 안내를 읽고 확인란에 체크해주세요.';

/**
 * The plain-Korean 내구제 warning a checkout or a quote accept shows once the server asked for it, with the
 * box the buyer ticks to go on (the server refuses the order without it).
 */
export function NaegujeWarning({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Alert.Root status="warning" data-testid="naeguje-warning" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{NAEGUJE_WARNING_TITLE}</Alert.Title>
        <Text fontSize="sm">{NAEGUJE_WARNING}</Text>
        <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} data-testid="naeguje-confirm" alignItems="flex-start">
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontSize="sm" fontWeight="semibold">{NAEGUJE_CONFIRM_LABEL}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </Alert.Root>
  );
}
