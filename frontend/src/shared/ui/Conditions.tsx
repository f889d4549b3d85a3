import { useState, type ReactNode } from 'react';
import { Badge, Box, chakra, Checkbox, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { PAYER_LABELS, describeConditions, type OfferConditions, type Payer } from '@phonemarket/contracts';
import { formatWon } from '../format';

/*
 * Issue 40, no hidden conditions: how every page shows a line's conditions, its figure's lines and what a
 * later plan change costs, exactly as the server computed them (the page adds nothing up).
 */

const PAYER_COLORS: Record<Payer, string> = { buyer: 'gray', carrier: 'blue', shop: 'green', card: 'purple' };

/** Each condition on one line ('요금제 유지: 5G 심플 6개월', '부가서비스: V컬러링 월 9,900원 · 3개월'); nothing when there are none. */
export function ConditionList({ conditions, planName, testId = 'conditions' }: { conditions: OfferConditions; planName?: (id: string) => string | undefined; testId?: string }) {
  const lines = describeConditions(conditions, planName);
  if (lines.length === 0) return <Text data-testid={testId} fontSize="xs" color="fg.muted">추가 조건 없음</Text>;
  return (
    <chakra.ul data-testid={testId} fontSize="sm" listStyleType="disc" ps="5" display="grid" gap="0.5">
      {lines.map((line) => <li key={line}>{line}</li>)}
    </chakra.ul>
  );
}

/** '왜 이 금액인가요?': the figure opened into its lines, each with who pays it (a <details>: works before hydration). */
export function WhyThisPrice({ breakdown, total, totalLabel, testId = 'why-price' }: {
  breakdown: readonly { label: string; amount: number; payer: Payer; detail: string }[]; total: number; totalLabel: string; testId?: string;
}) {
  if (breakdown.length === 0) return null;
  return (
    <chakra.details data-testid={testId} fontSize="sm" borderWidth="1px" rounded="md" px="3" py="2">
      <chakra.summary cursor="pointer" fontWeight="medium" color="brand.fg">왜 이 금액인가요?</chakra.summary>
      <Stack as="ul" gap="1.5" mt="2" listStyleType="none">
        {breakdown.map((line) => (
          <Flex as="li" key={line.label} data-testid="why-line" justify="space-between" gap="2" align="start" wrap="wrap">
            <Box minW="0" flex="1">
              <Text>{line.label} <Badge size="xs" variant="subtle" colorPalette={PAYER_COLORS[line.payer]}>{PAYER_LABELS[line.payer]}</Badge></Text>
              <Text fontSize="xs" color="fg.muted">{line.detail}</Text>
            </Box>
            <Text fontVariantNumeric="tabular-nums" color={line.amount < 0 ? 'green.fg' : undefined}>{line.amount < 0 ? `-${formatWon(-line.amount)}` : formatWon(line.amount)}</Text>
          </Flex>
        ))}
        <Flex as="li" justify="space-between" borderTopWidth="1px" pt="1.5" fontWeight="semibold">
          <Text>{totalLabel}</Text>
          <Text data-testid={`${testId}-total`} fontVariantNumeric="tabular-nums">{formatWon(total)}</Text>
        </Flex>
      </Stack>
    </chakra.details>
  );
}

/** '요금제를 N개월 뒤 바꾸면': the buyer picks N, the server's 실부담 for it (and the 차액정산/반환 it includes) shows. */
export function PlanChangeCost({ rows, keepMonths, testId = 'plan-change' }: {
  rows: readonly { month: number; settlement: number; totalCost: number }[]; keepMonths: number; testId?: string;
}) {
  const [month, setMonth] = useState(() => rows.find((r) => r.month === keepMonths)?.month ?? rows[0]?.month ?? 0);
  const row = rows.find((r) => r.month === month);
  if (!row) return null;
  return (
    <Stack data-testid={testId} gap="1.5" fontSize="sm" borderWidth="1px" rounded="md" px="3" py="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontWeight="medium">요금제를</Text>
        <NativeSelect.Root size="xs" w="24">
          <NativeSelect.Field aria-label="요금제를 바꾸는 시점" data-testid={`${testId}-month`} value={String(month)} onChange={(e) => setMonth(Number(e.currentTarget.value))}>
            {rows.map((r) => <option key={r.month} value={r.month}>{r.month}개월</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontWeight="medium">뒤 바꾸면</Text>
      </Flex>
      <Text>
        실부담 <chakra.b data-testid={`${testId}-total`}>{formatWon(row.totalCost)}</chakra.b>
        {row.settlement > 0 ? <chakra.span color="red.fg"> (차액정산·반환 {formatWon(row.settlement)} 포함)</chakra.span> : null}
      </Text>
      {keepMonths > 0 ? <Text fontSize="xs" color="fg.muted">{`요금제 유지 ${keepMonths}개월 전에 바꾸면 판매점이 정한 차액정산·반환이 붙습니다.`}</Text> : null}
    </Stack>
  );
}

/**
 * One line's 계약 조건 at checkout and quote accept: its conditions, its 실부담 and one checkbox the buyer
 * ticks to confirm them (the server refuses the order without it); checkout puts the line's choices (later
 * plan, card tick) inside.
 */
export function ConditionConfirm({ id, title, conditions, planName, total, totalLabel, confirmed, onConfirm, children }: {
  id: string; title: string; conditions: OfferConditions; planName?: (id: string) => string | undefined; total: number; totalLabel: string;
  confirmed: boolean; onConfirm: (checked: boolean) => void;
  /** The buyer's choices about the line (`ConditionChoices`), where the page takes them. */
  children?: ReactNode;
}) {
  return (
    <Stack data-testid="condition-confirm" data-line={id} gap="2" p="3" borderWidth="1px" rounded="md" borderColor={confirmed ? 'border' : 'orange.emphasized'}>
      <Text fontWeight="semibold" fontSize="sm">{title}</Text>
      <ConditionList conditions={conditions} planName={planName} testId="condition-confirm-list" />
      {conditions.breach ? <Text fontSize="xs" color="fg.muted">{`조건을 지키지 않으면: ${conditions.breach}`}</Text> : null}
      <Text fontSize="sm">{totalLabel} <chakra.b>{formatWon(total)}</chakra.b> (조건 포함)</Text>
      {children}
      <Checkbox.Root checked={confirmed} onCheckedChange={(d) => onConfirm(d.checked === true)} data-testid="condition-confirm-check">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>위 조건(개월 수 포함)을 확인했고 동의합니다</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}

/**
 * The buyer's choices about a line's conditions (issue 40), the same on the product page, cart and checkout:
 * the plan after 요금제 유지 (the default is the carrier's cheapest of the network type) and the card tick
 * (its discount counted only when ticked). Nothing when the line has neither.
 */
export function ConditionChoices({ conditions, laterPlans, value, onChange, disabled, testId = 'condition-choices' }: {
  conditions: OfferConditions; laterPlans: readonly { id: string; name: string; monthlyFee: number; priced?: boolean }[];
  value: { laterPlanId: string | null; cardUsed: boolean }; onChange: (next: { laterPlanId: string | null; cardUsed: boolean }) => void;
  disabled?: boolean; testId?: string;
}) {
  const showPlans = conditions.planKeep !== null && laterPlans.length > 0;
  if (!showPlans && !conditions.card) return null;
  return (
    <Stack data-testid={testId} gap="2" fontSize="sm">
      {showPlans ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Text>{`요금제 유지 ${conditions.planKeep!.months}개월 뒤 요금제`}</Text>
          <NativeSelect.Root size="xs" w={{ base: 'full', sm: '64' }} disabled={disabled}>
            <NativeSelect.Field aria-label="요금제 유지 뒤 요금제" data-testid={`${testId}-later-plan`} value={value.laterPlanId ?? ''}
              onChange={(e) => onChange({ ...value, laterPlanId: e.currentTarget.value || null })}>
              <option value="">기본 (가장 저렴한 같은 망 요금제)</option>
              {laterPlans.map((p) => <option key={p.id} value={p.id}>{`${p.name} · 월 ${formatWon(p.monthlyFee)}`}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
      ) : null}
      {conditions.card ? (
        <Checkbox.Root size="sm" checked={value.cardUsed} disabled={disabled} onCheckedChange={(d) => onChange({ ...value, cardUsed: d.checked === true })} data-testid={`${testId}-card`}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{`${conditions.card.card} 카드를 쓰고 월 ${formatWon(conditions.card.monthlyDiscount)} 할인을 받겠습니다 (실부담에 반영)`}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
    </Stack>
  );
}
