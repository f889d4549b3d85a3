import { Badge, Box, Heading, HStack, List, Text } from '@chakra-ui/react';
import { SAFE_TRADE_BADGE, SAFE_TRADE_EXPLAINED, type SafeTradeBadge as Badged } from '@phonemarket/contracts';

/** A buyback shop's verified KAIT 안심거래 certificate (issue 41 §3), on its buyback quotes. Nothing without one. */
export function SafeTradeBadge({ safeTrade, size = 'sm' }: { safeTrade: Badged | null | undefined; size?: 'sm' | 'md' }) {
  if (!safeTrade) return null;
  return <Mark size={size} testId="safe-trade-badge" title={`관리자가 확인한 KAIT 중고폰 안심거래 인증 ${safeTrade.number} · ${safeTrade.validUntil}까지`} />;
}

function Mark({ size, testId, title }: { size: 'sm' | 'md'; testId?: string; title?: string }) {
  return <Badge colorPalette="green" variant="subtle" size={size} data-testid={testId} title={title}>{SAFE_TRADE_BADGE}</Badge>;
}

/** What the badge means, briefly (the buyback pages): KAIT's requirements of a certified used-phone buyer. */
export function SafeTradeNote() {
  return (
    <Box as="section" aria-labelledby="safe-trade-note" borderWidth="1px" rounded="xl" p="4" bg="bg.subtle" data-testid="safe-trade-note">
      <HStack gap="2" mb="1" wrap="wrap">
        <Mark size="sm" />
        <Heading as="h2" id="safe-trade-note" size="sm">배지가 붙은 매입처란?</Heading>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="2">
        한국정보통신진흥협회(KAIT)에서 중고폰 안심거래 사업자 인증을 받고, 폰마켓 관리자가 그 인증서를 확인한 매입처입니다. 인증 사업자는
      </Text>
      <List.Root fontSize="sm" ps="5" gap="1">
        {SAFE_TRADE_EXPLAINED.map((line) => <List.Item key={line}>{line}</List.Item>)}
      </List.Root>
    </Box>
  );
}
