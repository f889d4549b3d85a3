import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderStatus } from '@phonemarket/contracts';

/** 결제완료 blue, 배송준비 purple, 배송중 orange, 배송완료 green, 취소됨 gray, 결제실패 red. */
export const STATUS_PALETTE: Record<OrderStatus, string> = {
  paid: 'blue', preparing: 'purple', shipped: 'orange', delivered: 'green', cancelled: 'gray', payment_failed: 'red',
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <Badge data-testid="order-status" colorPalette={STATUS_PALETTE[status]} variant="solid">{label}</Badge>;
}

/** A guest on a signed-in page: sign in and come back here. */
export function SignInFirst({ title, line, back }: { title: string; line: string; back: string }) {
  return (
    <Stack p="10" gap="4" align="center" textAlign="center">
      <Heading size="lg">{title}</Heading>
      <Text color="fg.muted">{line}</Text>
      <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(back)}`}>로그인</RouterLink></Button>
    </Stack>
  );
}
