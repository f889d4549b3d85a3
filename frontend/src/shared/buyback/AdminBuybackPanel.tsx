import { useState } from 'react';
import { Box, Button, Card, Checkbox, Collapsible, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BUYBACK_ORDER_STATUSES, BUYBACK_ORDER_STATUS_LABELS } from '@phonemarket/contracts/buyback.ts';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { formatDateTime, formatStorage } from '../format';
import { InlineLoadError } from '../ui/PageParts';
import { useAdminBuybackOrders } from './api';
import { BuybackStatusBadge, BuybackTimeline, ImeiMismatchBadge, InspectionPhotos, OverdueBadges, won } from './parts';

/** The admin's buyback list (issue 26): every order, filtered by status, late ones only or a search; overdue inspections and payouts first; each with its history. */
export function AdminBuybackPanel() {
  const [status, setStatus] = useState('');
  const [overdue, setOverdue] = useState(false);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const orders = useAdminBuybackOrders({ status, overdue, q });
  return (
    <Stack gap="4" data-testid="admin-buyback">
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" w="auto">
          <NativeSelect.Field value={status} onChange={(e) => setStatus(e.currentTarget.value)} aria-label="상태">
            <option value="">모든 상태</option>
            {BUYBACK_ORDER_STATUSES.map((s) => <option key={s} value={s}>{BUYBACK_ORDER_STATUS_LABELS[s]}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Checkbox.Root checked={overdue} onCheckedChange={(d) => setOverdue(d.checked === true)} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>지연·식별번호 불일치만</Checkbox.Label>
        </Checkbox.Root>
        <Input size="sm" maxW="xs" placeholder="모델, 매입처, 판매하시는 분, 주문번호" value={text} onChange={(e) => setText(e.currentTarget.value)} aria-label="매입 주문 검색" />
      </HStack>
      {orders.isError ? <InlineLoadError error={orders.error} onRetry={() => void orders.refetch()} />
        : !orders.data ? <Skeleton h="32" />
        : orders.data.items.length === 0 ? <Text color="fg.muted" fontSize="sm">조건에 맞는 매입 주문이 없습니다.</Text>
        : (
          <Stack gap="2">
            {orders.data.items.map((o) => (
              <Card.Root key={o.id} size="sm" data-testid="admin-buyback-order">
                <Card.Body gap="2">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <HStack gap="2" wrap="wrap"><BuybackStatusBadge order={o} /><OverdueBadges overdue={o.overdue} /><ImeiMismatchBadge order={o} /></HStack>
                    <Text fontSize="xs" color="fg.muted">{formatDateTime(o.acceptedAt)} · {o.id.slice(0, 8)}</Text>
                  </HStack>
                  <Text fontWeight="semibold" fontSize="sm">{o.modelName} · {formatStorage(o.storage)} · {o.grade}급 · {won(o.quotedPrice)}{o.finalPrice !== null && o.finalPrice !== o.quotedPrice ? ` → ${won(o.finalPrice)}` : ''}</Text>
                  {o.imei.mismatch ? <Text fontSize="sm" color="red.fg">단말기 식별번호 뒤 4자리: 알린 번호 {o.imei.declared} · 검수 {o.imei.inspected}</Text> : null}
                  <Text fontSize="sm" color="fg.muted">{o.sellerName} → {o.storeName}{o.bank ? ` · ${o.bank.bankName} ${o.bank.accountNumber}` : ''}</Text>
                  <Collapsible.Root>
                    <Collapsible.Trigger asChild><Button size="xs" variant="ghost" alignSelf="flex-start">진행 내역</Button></Collapsible.Trigger>
                    <Collapsible.Content>
                      <Stack gap="3" pt="2">
                        {o.inspection ? <InspectionPhotos inspection={o.inspection} /> : null}
                        <Box><BuybackTimeline timeline={o.timeline} /></Box>
                      </Stack>
                    </Collapsible.Content>
                  </Collapsible.Root>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
    </Stack>
  );
}
