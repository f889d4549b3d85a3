import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { ACTIVATION_METHOD_LABELS, SIM_TYPE_LABELS, type Order } from '@phonemarket/contracts';
import { visitSlotText } from './PickupStore';

/**
 * An order's 개통 as the server answers it (the whole to the buyer, the seller handling it and admins;
 * masked in lists): 명의자, 생년월일, 번호이동's carrier and number, 유심/eSIM, 택배 개통 or 매장 방문 and
 * its slot; once 개통 완료, the day and the new number's last 4 digits.
 */
export function ActivationView({ activation, activated, compact = false }: { activation: Order['activation']; activated: Order['activated']; compact?: boolean }) {
  if (!activation) return null;
  const rows: [string, string][] = [
    ['명의자', `${activation.holderName}${activation.holderIsFamily ? ' (가족 명의)' : ''}`],
    ['생년월일', activation.holderBirthDate],
    ...(activation.currentCarrier ? [['번호이동', `${activation.currentCarrier} ${activation.currentNumber ?? ''}`.trim()] as [string, string]] : []),
    ['유심/eSIM', SIM_TYPE_LABELS[activation.sim]],
    ['개통 방법', activation.method === 'visit' ? `${ACTIVATION_METHOD_LABELS.visit} · ${visitSlotText(activation.visitSlot)}` : ACTIVATION_METHOD_LABELS.delivery],
    ...(activated ? [['개통 완료', `${activated.on} · 번호 끝자리 ${activated.numberLast4}`] as [string, string]] : []),
  ];
  if (compact) {
    return (
      <Box data-testid="activation" p="3" rounded="md" bg="bg.muted" fontSize="sm">
        {rows.map(([label, value]) => <Text key={label}><Text as="span" color="fg.muted">{label}</Text> {value}</Text>)}
      </Box>
    );
  }
  return (
    <Stack data-testid="activation" gap="2">
      {rows.map(([label, value]) => (
        <Flex key={label} justify="space-between" gap="3"><Text color="fg.muted" flexShrink={0}>{label}</Text><Text textAlign="end" data-testid={label === '개통 완료' ? 'activated' : undefined}>{value}</Text></Flex>
      ))}
    </Stack>
  );
}
