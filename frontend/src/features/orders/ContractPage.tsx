import { Badge, Box, Button, chakra, Flex, Heading, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  BUSINESS_FIELDS, BUSINESS_FIELD_LABELS, DISCOUNT_LABELS, LINE_PAYMENT_LABELS, PAYER_LABELS, devicePriceLabel, setupFeeNote, totalCostLabel, type DiscountType,
} from '@phonemarket/contracts';
import type { ContractLine } from '@phonemarket/contracts/contract.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { brandName, formatDateTime, formatStorage, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ConditionList, PlanChangeCost } from '../../shared/ui/Conditions';
import { PageNotFound } from '../../shared/ui/PageParts';
import { useOrderContract } from './api/contract';
import { carrierBillEnded, isCarrierOrderLine } from './figures';
import { SignInFirst } from './parts';

const Row = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Flex justify="space-between" gap="3" fontSize="sm" py="0.5" borderBottomWidth="1px" borderColor="border.muted">
    <Text color="fg.muted" flexShrink={0}>{label}</Text>
    <Text data-testid={testId} textAlign="end">{value}</Text>
  </Flex>
);

/** One line of the 계약 조건서: the 판매점, the device and plan, how it is paid, the support by payer, each condition. */
function ContractLineView({ line, n }: { line: ContractLine; n: number }) {
  const c = line.conditions;
  const business = line.seller.business;
  return (
    <Stack as="section" data-testid="contract-line" gap="3" p={{ base: '3', md: '5' }} borderWidth="1px" rounded="lg" css={{ breakInside: 'avoid' }}>
      <Heading as="h2" size="md">{`${n}. ${line.name} ${formatStorage(line.storage)}`}</Heading>
      <Box>
        <Heading as="h3" size="sm" mb="1">판매점</Heading>
        <Row label="판매점" value={line.seller.storeName} testId="contract-store" />
        {business
          ? BUSINESS_FIELDS.map((f) => <Row key={f} label={BUSINESS_FIELD_LABELS[f]} value={business[f] ?? '미등록'} />)
          : <Text fontSize="sm" color="fg.muted">사업자 정보가 등록되지 않은 판매점입니다.</Text>}
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="1">가입 내용</Heading>
        <Row label="단말기" value={`${brandName(line.brand)} ${line.name} ${formatStorage(line.storage)} · ${line.color} × ${line.quantity}`} />
        <Row label="통신사" value={line.carrier} testId="contract-carrier" />
        <Row label="가입유형" value={line.joinType ?? '자급제'} />
        <Row label="요금제" value={line.planName ?? '없음'} testId="contract-plan" />
        {c.planKeep ? <Row label="유지 후 요금제" value={line.laterPlanName ?? '같은 통신사·망의 가장 저렴한 요금제 (기본)'} /> : null}
        {/* 공시지원금 or 선택약정 is a choice of a carrier plan: a line without one (자급제, 중고) has none (s59). */}
        <Row label="할인 방식" value={line.planName === null ? '해당 없음' : DISCOUNT_LABELS[line.discount as DiscountType] ?? line.discount} testId="contract-discount" />
        <Row label="결제" value={line.payment === 'installment' ? `${LINE_PAYMENT_LABELS.installment} ${line.months}개월` : LINE_PAYMENT_LABELS.lump} testId="contract-payment" />
        {line.devicePrice !== null ? <Row label={devicePriceLabel(line.condition)} value={formatWon(line.devicePrice)} testId="contract-device-price" /> : null}
        {/* Paid today (일시불, 자급제, 중고·리퍼): no 월 납부금 a carrier bills for the device; without a plan no months' 총비용 either (s59). */}
        {line.payment === 'lump' ? <Row label="오늘 결제 금액" value={formatWon(line.principal)} testId="contract-pay-today" /> : (
          <>
            <Row label="할부원금" value={formatWon(line.principal)} />
            <Row label="월 납부금 (첫 달)" value={formatWon(line.monthlyTotal)} />
          </>
        )}
        {line.totalCost !== null && line.planName !== null ? <Row label={`${totalCostLabel(line.months)} (조건 포함)`} value={formatWon(line.totalCost)} testId="contract-total" /> : null}
        {/* s62: the plan's 개통비 as ordered, outside every figure above (unknown in older orders: nothing). */}
        {setupFeeNote(line) ? <Text fontSize="sm" color="fg.muted" pt="1" data-testid="contract-setup-fee">{setupFeeNote(line)}</Text> : null}
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="1">지원금 (누가 부담하나요)</Heading>
        {line.support.length === 0 ? <Text fontSize="sm" color="fg.muted">지원금 없음</Text> : line.support.map((s) => (
          <Flex key={s.label} data-testid="contract-support" justify="space-between" gap="3" fontSize="sm" py="0.5">
            <Text>{s.label} <Badge size="xs" variant="subtle" colorPalette={s.payer === 'shop' ? 'green' : 'blue'}>{PAYER_LABELS[s.payer]}</Badge></Text>
            <Text>{formatWon(s.amount)}</Text>
          </Flex>
        ))}
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="1">계약 조건</Heading>
        {/* A 요금제 유지 is of the line's own plan (an offer with one takes only that plan). */}
        <ConditionList conditions={c} planName={() => line.planName ?? undefined} testId="contract-conditions" />
        {c.card ? <Text fontSize="xs" color="fg.muted">{line.cardUsed ? '카드 할인을 받기로 하여 실부담에 반영했습니다.' : '카드 할인은 선택 사항이며 실부담에 포함하지 않았습니다.'}</Text> : null}
        <Text fontSize="sm" mt="1" data-testid="contract-breach">{`조건을 지키지 않으면 (판매점 안내): ${c.breach || '판매점이 따로 정한 내용 없음'}`}</Text>
        <Text fontSize="xs" mt="1" color={line.conditionsConfirmed ? 'green.fg' : 'fg.muted'}>
          {line.conditionsConfirmed ? '구매자가 주문할 때 위 조건을 확인하고 동의했습니다.' : '확인할 조건이 없는 주문입니다.'}
        </Text>
      </Box>
      {line.planChanges.length > 0 ? <PlanChangeCost rows={line.planChanges} keepMonths={c.planKeep?.months ?? 0} testId="contract-plan-change" /> : null}
    </Stack>
  );
}

/**
 * `/orders/{id}/contract`: the 계약 조건서 — what the buyer confirmed when ordering, printable. The buyer,
 * the order's seller (their lines) and admins read it; anyone else reads 'not found'.
 */
export default function ContractPage() {
  const { id = '' } = useParams();
  useDocumentTitle('계약 조건서');
  const { isAuthenticated, isLoading } = useSession();
  const contract = useOrderContract(id, isAuthenticated);
  if ((!isAuthenticated && !isLoading) || (contract.isError && isApiError(contract.error, 401))) {
    return <SignInFirst title="계약 조건서" line="로그인하면 계약 조건서를 볼 수 있어요." back={`/orders/${id}/contract`} />;
  }
  if (contract.data === null) return <PageNotFound title="계약 조건서를 찾을 수 없습니다" description="주문 내역에서 다시 확인해주세요." link={{ to: '/orders', label: '주문 내역' }} data-testid="contract-not-found" />;
  if (contract.isPending) return <Stack p="6" gap="3" maxW="3xl" mx="auto">{[0, 1].map((i) => <Skeleton key={i} h="40" rounded="lg" />)}</Stack>;
  if (contract.isError) return <Text p="10" textAlign="center">{describeError(contract.error)}</Text>;
  const k = contract.data;
  // Cancelled (before 개통) or returned: the terms stay as confirmed, but no carrier bills them (s60).
  const ended = k.lines.some((l) => isCarrierOrderLine({ planId: null, planName: l.planName, carrier: l.carrier })) ? carrierBillEnded(k.status) : null;
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }} data-testid="contract-page">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="2" className="no-print" css={{ '@media print': { display: 'none' } }}>
        <Button asChild variant="ghost" size="sm"><RouterLink to={k.viewer === 'buyer' ? `/orders/${encodeURIComponent(k.orderId)}` : '/orders'}>← 주문</RouterLink></Button>
        <Button size="sm" variant="outline" data-testid="contract-print" onClick={() => window.print()}>인쇄하기</Button>
      </Flex>
      <Heading as="h1" size="xl">계약 조건서</Heading>
      <Text fontSize="sm" color="fg.muted" mb="1">주문번호 <chakra.b color="fg" data-testid="contract-order-number">{k.orderNumber}</chakra.b> · {formatDateTime(k.createdAt)} · {k.statusLabel}</Text>
      <Text fontSize="sm" mb="4">주문할 때 구매자가 확인한 조건 그대로이며, 주문 뒤에는 바뀌지 않습니다. 조건 위반이나 분쟁은 이 조건서를 근거로 교환/반품 또는 문의로 접수할 수 있습니다.</Text>
      {ended ? <Text fontSize="sm" mb="4" p="3" rounded="md" bg="bg.muted" data-testid="contract-not-billed">{ended.contract}</Text> : null}
      <Stack gap="4">
        {k.lines.map((line, i) => <ContractLineView key={`${line.name}-${i}`} line={line} n={i + 1} />)}
      </Stack>
      <Separator my="4" />
      <Text fontSize="xs" color="fg.muted">폰마켓 · 공시지원금·선택약정은 통신사가, 추가지원금은 판매점이 부담합니다.</Text>
    </Box>
  );
}
