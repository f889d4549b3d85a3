import { Badge, Box, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { BuybackOrder, BuybackOrderStatus, BuybackShopFigures } from '@phonemarket/contracts/buyback.ts';
import { formatDateTime, formatNumber } from '../format';

export const won = (n: number) => `${formatNumber(n)}원`;

const STATUS_COLORS: Record<BuybackOrderStatus, string> = {
  accepted: 'blue', received: 'purple', counter_offered: 'orange', payout_pending: 'teal', returning: 'gray', returned: 'gray', paid: 'green', expired: 'red', cancelled: 'gray',
};
export function BuybackStatusBadge({ order }: { order: Pick<BuybackOrder, 'status' | 'statusLabel'> }) {
  return <Badge colorPalette={STATUS_COLORS[order.status]} data-testid="buyback-status">{order.statusLabel}</Badge>;
}

const OVERDUE_LABELS: Record<BuybackOrder['overdue'][number], string> = { handover: '입고 지연', inspection: '검수 지연', payout: '지급 지연' };
export function OverdueBadges({ overdue }: { overdue: BuybackOrder['overdue'] }) {
  return <>{overdue.map((o) => <Badge key={o} colorPalette="red" variant="solid" data-testid="buyback-overdue">{OVERDUE_LABELS[o]}</Badge>)}</>;
}

/** Issue 39: the phone's IMEI at inspection differs from the one declared (shown to both sides and admins). */
export function ImeiMismatchBadge({ order }: { order: Pick<BuybackOrder, 'imei'> }) {
  if (!order.imei.mismatch) return null;
  return <Badge colorPalette="red" variant="solid" data-testid="buyback-imei-mismatch">단말기 식별번호 불일치</Badge>;
}

const ACTOR_LABELS: Record<BuybackOrder['timeline'][number]['actor'], string> = { customer: '판매하시는 분', shop: '매입처', admin: '관리자', system: '자동' };

/** Every step of the deal with who did it, oldest first. */
export function BuybackTimeline({ timeline }: { timeline: BuybackOrder['timeline'] }) {
  return (
    <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label="진행 내역" data-testid="buyback-timeline">
      {timeline.map((t, i) => (
        <Box as="li" key={`${t.type}-${i}`} position="relative" pl="6" pb="4" _last={{ pb: 0 }}>
          <Box position="absolute" left="1.5" top="1.5" boxSize="2.5" rounded="full" bg={i === timeline.length - 1 ? 'brand.solid' : 'border.emphasized'} />
          {i < timeline.length - 1 ? <Box position="absolute" left="2.5" top="5" bottom="0" w="1px" bg="border" /> : null}
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" fontSize="sm">{t.label}</Text>
            <Badge size="sm" variant="subtle">{ACTOR_LABELS[t.actor]} · {t.actorName}</Badge>
          </HStack>
          {t.detail ? <Text fontSize="sm" color="fg.muted">{t.detail}</Text> : null}
          <Text fontSize="xs" color="fg.subtle">{formatDateTime(t.at)}</Text>
        </Box>
      ))}
    </Stack>
  );
}

/** A shop's public figures: deals, median days to pay, share of orders counter-offered and the average cut. */
export function ShopFigures({ figures }: { figures: BuybackShopFigures | undefined }) {
  if (!figures || figures.inspected === 0) return <Text fontSize="xs" color="fg.muted">첫 매입 거래를 기다리는 매입처입니다.</Text>;
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="shop-figures">
      거래 {formatNumber(figures.deals)}건 · 지급까지 중간값 {figures.medianDaysToPay === null ? '-' : `${figures.medianDaysToPay}일`} · 재견적 비율 {figures.counterOfferShare}%
      {figures.averageCut !== null ? ` · 평균 감액 ${won(figures.averageCut)}` : ''}
    </Text>
  );
}

/** The inspection's findings with their photos (the server serves them to the order's parties and admins only). */
export function InspectionPhotos({ inspection }: { inspection: NonNullable<BuybackOrder['inspection']> }) {
  const photos = [
    ...inspection.findings.map((f) => ({ url: f.photoUrl, label: f.label })),
    ...inspection.gradePhotoUrls.map((url) => ({ url, label: `검수 등급 ${inspection.grade} 근거` })),
  ];
  if (photos.length === 0) return null;
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="2" data-testid="inspection-photos">
      {photos.map((p, i) => (
        <Stack key={`${p.url}-${i}`} gap="1">
          <Image src={p.url} alt={p.label} rounded="md" borderWidth="1px" aspectRatio={4 / 3} objectFit="cover" w="full" loading="lazy" />
          <Text fontSize="xs" color="fg.muted">{p.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
