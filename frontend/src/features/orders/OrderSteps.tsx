import { Box, Circle, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { orderStatusLabel, type OrderStatus } from '@phonemarket/contracts';

const WITH_ACTIVATION: readonly OrderStatus[] = ['paid', 'activating', 'activated', 'shipped', 'delivered', 'confirmed'];
const PLAIN: readonly OrderStatus[] = ['paid', 'preparing', 'shipped', 'delivered', 'confirmed'];
/** 매장 방문 (issue 39): no 배송중; its 배송완료 reads 매장 수령 완료. */
const AT_STORE: readonly OrderStatus[] = ['paid', 'activating', 'activated', 'delivered', 'confirmed'];
/** After 배송완료, off the straight path: shown as the step after 배송완료 (a 반품: 반품 진행 then 반품 완료). */
const AFTER_DELIVERY: readonly OrderStatus[] = ['return_requested', 'returning', 'returned', 'exchanging'];

/** The steps an order goes through (with 개통: 결제완료 → 개통 준비 → 개통 완료 → 배송중 → 배송완료 → 구매확정). */
export function orderSteps(status: OrderStatus, withActivation: boolean, atStore = false): OrderStatus[] | null {
  if (status === 'cancelled' || status === 'payment_failed') return null;
  const path = atStore ? AT_STORE : withActivation ? WITH_ACTIVATION : PLAIN;
  if (status === 'returning' || status === 'returned') return [...path.slice(0, path.indexOf('delivered') + 1), 'returning', 'returned'];
  if (AFTER_DELIVERY.includes(status)) return [...path.slice(0, path.indexOf('delivered') + 1), status];
  return [...path];
}

/** Where the order is on its path, each step done, current or to come (the current one is announced). */
export function OrderSteps({ status, withActivation, atStore = false }: { status: OrderStatus; withActivation: boolean; atStore?: boolean }) {
  const steps = orderSteps(status, withActivation, atStore);
  if (!steps) return null;
  const at = steps.indexOf(status);
  return (
    <SimpleGrid as="ol" data-testid="order-steps" columns={{ base: 3, sm: steps.length }} gap="0" rowGap="3" aria-label="주문 진행 단계" listStyleType="none">
      {steps.map((s, i) => {
        const done = i < at;
        const current = i === at;
        const reached = done || current;
        return (
          <Stack as="li" key={s} gap="1" align="center" position="relative" data-step={s} data-current={current || undefined} aria-current={current ? 'step' : undefined}>
            {/* The line to the next step (within a row). */}
            {i < steps.length - 1 ? <Box position="absolute" top="2.5" left="50%" w="full" h="0.5" bg={done ? 'brand.solid' : 'border'} aria-hidden="true" hideBelow={(i + 1) % 3 === 0 ? 'sm' : undefined} /> : null}
            <Circle size="5" fontSize="2xs" fontWeight="bold" zIndex="1" bg={reached ? 'brand.solid' : 'bg.muted'} color={reached ? 'brand.contrast' : 'fg.muted'} aria-hidden="true">
              {done ? '✓' : i + 1}
            </Circle>
            <Text fontSize="xs" fontWeight={current ? 'bold' : 'normal'} color={current ? 'fg' : 'fg.muted'} whiteSpace="nowrap">{orderStatusLabel(s, atStore ? 'visit' : null)}</Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
