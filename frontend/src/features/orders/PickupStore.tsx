import { Box, Text } from '@chakra-ui/react';
import type { Order } from '@phonemarket/contracts';

/** '2026-11-25 14:00' → '2026-11-25 14:00 방문'. */
export const visitSlotText = (slot: string | null) => (slot ? `${slot} 방문` : '방문 일시 미정');

/**
 * Where a 매장 방문 order is taken (issue 39): the store's name, address and phone (its business information) and
 * the slot the buyer chose — no courier, no 송장. `who`: the buyer's name and phone, for the seller (who is told
 * where to give the address when the store has none).
 */
export function PickupStore({ pickup, visitSlot, who }: { pickup: Order['pickup']; visitSlot: string | null; who?: string }) {
  const noAddress = who ? '매장 주소가 없습니다. 내 스토어의 사업장 주소에 적으면 구매자에게 안내됩니다.' : '매장 주소는 판매자에게 문의해주세요.';
  return (
    <Box data-testid="pickup-store" p="3" rounded="md" bg="bg.muted" fontSize="sm">
      <Text fontWeight="semibold">매장 수령 · {pickup?.storeName ?? '판매 매장'}</Text>
      <Text data-testid="pickup-address" color={pickup?.address ? undefined : 'fg.muted'}>{pickup?.address ?? noAddress}</Text>
      {pickup?.phone ? <Text>매장 연락처 {pickup.phone}</Text> : null}
      <Text color="fg.muted">{visitSlotText(visitSlot)} · 신분증을 지참해주세요</Text>
      {who ? <Text color="fg.muted">방문하실 분 {who}</Text> : null}
    </Box>
  );
}
