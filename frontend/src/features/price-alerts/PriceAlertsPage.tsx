import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRICE_ALERT_STATUS_LABELS, PRICE_ALERT_UNIT_LABELS, PRICE_ALERT_DAILY_MESSAGES, priceAlertRuleSchema, type PriceAlertRule } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useDeletePriceAlert, usePriceAlerts, useUpdatePriceAlert, type PriceAlert } from '../../shared/api/priceAlerts';
import { useSession } from '../../shared/auth/session';
import { formatDate, formatStorage, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';

const STATUS_PALETTE: Record<PriceAlert['status'], string> = { watching: 'green', fired: 'orange', paused: 'gray', expired: 'red' };

function ruleText(rule: PriceAlertRule): string {
  return rule.kind === 'target' ? `${PRICE_ALERT_UNIT_LABELS[rule.unit]} ${formatWon(rule.target)} 이하` : `30일 평균보다 ${rule.percent}% 이상 내려가면`;
}
function scopeText(a: PriceAlert): string {
  const parts = [a.storage === null ? null : formatStorage(a.storage), a.carrier, a.joinType].filter(Boolean);
  return parts.length ? parts.join(' · ') : '모든 조건';
}

/** One alert: its rule (editable), status, expiry, suggestion and firing history. */
function AlertCard({ alert }: { alert: PriceAlert }) {
  const update = useUpdatePriceAlert();
  const remove = useDeletePriceAlert();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(alert.rule.kind === 'target' ? String(alert.rule.target) : String(alert.rule.percent));
  const [error, setError] = useState<string | null>(null);
  const failed = (title: string) => (e: unknown) => toaster.create({ type: 'error', title, description: describeError(e) });
  const save = (rule: PriceAlertRule) => {
    const parsed = priceAlertRuleSchema.safeParse(rule);
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? '값을 확인해주세요.'); return; }
    setError(null);
    update.mutate({ id: alert.id, rule: parsed.data }, { onSuccess: () => setEditing(false), onError: failed('알림을 바꾸지 못했습니다') });
  };
  const edited = (): PriceAlertRule => (alert.rule.kind === 'target'
    ? { kind: 'target', unit: alert.rule.unit, target: Number(value.replace(/[,\s원]/g, '')) }
    : { kind: 'drop', percent: Number(value) });
  const expired = alert.status === 'expired';
  return (
    <Stack as="li" data-testid="price-alert" data-status={alert.status} p="4" borderWidth="1px" rounded="xl" bg="bg.panel" gap="3">
      <Flex gap="2" align="start" justify="space-between" wrap="wrap">
        <Stack gap="0.5" minW="0">
          <Link asChild fontWeight="semibold"><RouterLink to={`/product/${encodeURIComponent(alert.modelId)}`}>{alert.modelName}</RouterLink></Link>
          <Text fontSize="sm" color="fg.muted">{scopeText(alert)}</Text>
        </Stack>
        <Badge colorPalette={STATUS_PALETTE[alert.status]}>{PRICE_ALERT_STATUS_LABELS[alert.status]}</Badge>
      </Flex>
      {editing ? (
        <Stack gap="1">
          <HStack gap="2">
            <Input size="sm" inputMode="numeric" value={value} onChange={(e) => setValue(e.currentTarget.value)} aria-label={alert.rule.kind === 'target' ? '목표 금액' : '하락 비율(%)'} data-testid="price-alert-edit" />
            <Button size="sm" colorPalette="brand" loading={update.isPending} onClick={() => save(edited())}>저장</Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>취소</Button>
          </HStack>
          {error ? <Text role="alert" color="fg.error" fontSize="sm">{error}</Text> : null}
        </Stack>
      ) : <Text fontWeight="medium" data-testid="price-alert-rule">{ruleText(alert.rule)}</Text>}
      {alert.suggestion ? (
        <Flex gap="2" align="center" wrap="wrap" p="2" rounded="md" bg="orange.subtle" data-testid="price-alert-suggestion">
          <Text fontSize="sm" flex="1" minW="48">
            최근 1년 최저({formatWon(alert.suggestion.low365)})보다 한참 낮은 목표입니다. 최근 90일 최저 {formatWon(alert.suggestion.low90)} 근처인 {formatWon(alert.suggestion.total)}은 어떠세요?
          </Text>
          {alert.rule.kind === 'target' ? (
            <Button size="xs" variant="outline" onClick={() => save({ kind: 'target', unit: 'total', target: alert.suggestion!.total })}>이 금액으로 바꾸기</Button>
          ) : null}
        </Flex>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {expired ? `${formatDate(alert.expiresAt)}에 만료되었습니다.` : `${formatDate(alert.expiresAt)}까지 · 재알림 간격 ${alert.cooldownHours}시간`}
      </Text>
      <HStack gap="2" wrap="wrap">
        {!expired && !editing ? <Button size="xs" variant="outline" onClick={() => setEditing(true)}>수정</Button> : null}
        {!expired ? (
          <Button size="xs" variant="outline" loading={update.isPending} onClick={() => update.mutate({ id: alert.id, paused: alert.status !== 'paused' }, { onError: failed('알림을 바꾸지 못했습니다') })}>
            {alert.status === 'paused' ? '다시 받기' : '일시정지'}
          </Button>
        ) : null}
        <Button size="xs" variant="outline" onClick={() => update.mutate({ id: alert.id, renew: true }, { onError: failed('알림을 연장하지 못했습니다') })}>90일 연장</Button>
        <Button size="xs" variant="ghost" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate(alert.id, { onError: failed('알림을 지우지 못했습니다') })}>삭제</Button>
      </HStack>
      {alert.firings.length ? (
        <Box as="details">
          <Box as="summary" fontSize="sm" cursor="pointer">알림 기록 {alert.firings.length}건</Box>
          <Stack as="ul" gap="1" mt="2" fontSize="sm" data-testid="price-alert-firings">
            {alert.firings.map((f) => (
              <Flex as="li" key={f.at} gap="2" justify="space-between" wrap="wrap">
                <Text>{formatDate(f.at)} · 24개월 실부담 {formatWon(f.total)}</Text>
                <HStack gap="2">
                  {f.delivered ? null : <Badge size="sm">하루 {PRICE_ALERT_DAILY_MESSAGES}건 초과로 미발송</Badge>}
                  {f.offerId ? <Link asChild color="brand.fg"><RouterLink to={`/product/${encodeURIComponent(alert.modelId)}?offer=${encodeURIComponent(f.offerId)}`}>판매 조건 보기</RouterLink></Link> : null}
                </HStack>
              </Flex>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** `/me/alerts` (issue 42 §2): the buyer's price alerts. */
export default function PriceAlertsPage() {
  useDocumentTitle('가격 알림');
  const { isAuthenticated, isLoading, user } = useSession();
  const alerts = usePriceAlerts(isAuthenticated && user?.role === 'user');
  if (!isAuthenticated && !isLoading) {
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">가격 알림</Heading>
        <Text color="fg.muted">로그인하면 목표가에 도달한 휴대폰을 알려드려요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent('/me/alerts')}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="lg" mb="1">가격 알림</Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">조건에 들어오면 한 번 알려드리고, 가격이 벗어났다가 재알림 간격이 지나야 다시 알려드려요. 하루 최대 {PRICE_ALERT_DAILY_MESSAGES}건.</Text>
      {user && user.role !== 'user' ? <Text color="fg.muted">가격 알림은 구매자 계정에서 쓸 수 있습니다.</Text>
        : alerts.isError ? <InlineLoadError error={alerts.error} onRetry={() => void alerts.refetch()} />
        : !alerts.data ? <Stack gap="3"><Skeleton h="32" rounded="xl" /><Skeleton h="32" rounded="xl" /></Stack>
        : alerts.data.alerts.length === 0 ? <Text color="fg.muted" p="6" textAlign="center" data-testid="price-alerts-empty">설정한 가격 알림이 없습니다. 상품 페이지의 ‘가격 알림 받기’로 시작해보세요.</Text>
        : <Stack as="ul" gap="3">{alerts.data.alerts.map((a) => <AlertCard key={a.id} alert={a} />)}</Stack>}
    </Box>
  );
}
