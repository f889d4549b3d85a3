import { useState } from 'react';
import { Box, Button, chakra, Flex, HStack, Input, Link, NativeSelect, Text } from '@chakra-ui/react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { createPriceAlertSchema, PRICE_ALERT_UNIT_LABELS, type PriceAlertUnit, type PriceSeriesChoice } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useCreatePriceAlert, useRequestRestockAlert } from '../../shared/api/priceAlerts';
import { useWishlist } from '../../shared/api/wishlist';
import { useSession } from '../../shared/auth/session';
import { formatWon } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { BellIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';

interface AlertFormValues { kind: 'target' | 'drop'; unit: PriceAlertUnit; target: string; percent: string; scope: 'series' | 'model' }
const FIELDS = ['target', 'percent'] as const;

interface PriceAlertProps {
  modelId: string; series: PriceSeriesChoice | null; current: number | null;
  /** Where a guest's sign-in comes back to: the model page with the options chosen (default: the bare model page). */
  returnTo?: string;
}

/**
 * "가격 알림 받기" (issue 42 §2): a target 실부담 (24개월 or 월) or a drop below the 30-day average,
 * for the series the chart shows or any of the model's. Validated by the server's own schema before
 * it is sent; a guest is asked to sign in. The form mounts when opened: react-hook-form's `useForm`
 * sets its state in a layout effect, a synchronous update in the commit that mounts it, which made
 * React run that commit's passive effects and a re-render in its task (the model page's idle one, ADR 009).
 */
export function PriceAlertForm(props: PriceAlertProps) {
  const { isAuthenticated, user } = useSession();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) {
    return (
      <Text fontSize="sm" color="fg.muted">
        목표가에 도달하면 알려드려요. <Link asChild color="brand.fg" fontWeight="semibold"><RouterLink to={`/login?next=${encodeURIComponent(props.returnTo ?? `/product/${props.modelId}`)}`} data-testid="price-alert-login">로그인하고 가격 알림 받기</RouterLink></Link>
      </Text>
    );
  }
  if (user && user.role !== 'user') return null;
  if (!open) return <Box><Button size="sm" variant="outline" colorPalette="brand" onClick={() => setOpen(true)} data-testid="price-alert-open"><BellIcon /> 가격 알림 받기</Button></Box>;
  return <PriceAlertFields {...props} onClose={() => setOpen(false)} />;
}

function PriceAlertFields({ modelId, series, current, onClose }: PriceAlertProps & { onClose: () => void }) {
  const create = useCreatePriceAlert();
  const form = useForm<AlertFormValues>({
    defaultValues: { kind: 'target', unit: 'total', target: current ? String(Math.floor((current * 0.95) / 10_000) * 10_000) : '', percent: '10', scope: 'series' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const unit = useWatch({ control: form.control, name: 'unit' });

  const onSubmit = form.handleSubmit((v) => {
    const scoped = v.scope === 'series' && series ? series : { storage: null, carrier: null, joinType: null };
    const body = {
      modelId, ...scoped,
      rule: v.kind === 'target' ? { kind: 'target' as const, unit: v.unit, target: Number(v.target.replace(/[,\s원]/g, '')) } : { kind: 'drop' as const, percent: Number(v.percent) },
    };
    const parsed = createPriceAlertSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(issue.path.includes('percent') ? 'percent' : 'target', { type: 'schema', message: issue.message });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        onClose();
        toaster.create({ type: 'success', title: '가격 알림을 설정했습니다', description: '조건에 들어오면 알림과 메일로 한 번 알려드려요.' });
      },
      onError: (error) => {
        if (applyServerErrors(error, form.setError, FIELDS).length === 0) toaster.create({ type: 'error', title: '가격 알림을 설정하지 못했습니다', description: describeError(error) });
      },
    });
  });

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="3" p="3" borderWidth="1px" rounded="lg" bg="bg.subtle" data-testid="price-alert-form">
      <HStack gap="1" role="group" aria-label="알림 조건" wrap="wrap">
        <Button size="xs" variant={kind === 'target' ? 'solid' : 'outline'} aria-pressed={kind === 'target'} onClick={() => form.setValue('kind', 'target')}>목표가</Button>
        <Button size="xs" variant={kind === 'drop' ? 'solid' : 'outline'} aria-pressed={kind === 'drop'} onClick={() => form.setValue('kind', 'drop')}>30일 평균보다 내려가면</Button>
      </HStack>
      {kind === 'target' ? (
        <Flex gap="2" align="end" wrap="wrap">
          <NativeSelect.Root size="sm" width="36">
            <NativeSelect.Field aria-label="목표 기준" {...form.register('unit')}>
              {(['total', 'monthly'] as const).map((u) => <option key={u} value={u}>{PRICE_ALERT_UNIT_LABELS[u]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Box flex="1" minW="40">
            <FormField label={unit === 'monthly' ? '목표 월 실부담 (원 이하)' : '목표 24개월 실부담 (원 이하)'} error={form.formState.errors.target} required>
              <Input inputMode="numeric" size="sm" data-testid="price-alert-target" {...form.register('target')} />
            </FormField>
          </Box>
        </Flex>
      ) : (
        <FormField label="30일 평균보다 몇 % 이상 내려가면" error={form.formState.errors.percent} required>
          <Input inputMode="numeric" size="sm" width="24" data-testid="price-alert-percent" {...form.register('percent')} />
        </FormField>
      )}
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label="적용 범위" {...form.register('scope')}>
          {series ? <option value="series">이 조건만 ({series.storage >= 1024 ? `${series.storage / 1024}TB` : `${series.storage}GB`} · {series.carrier}{series.joinType ? ` ${series.joinType}` : ''})</option> : null}
          <option value="model">이 모델의 모든 조건</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {current !== null ? <Text fontSize="xs" color="fg.muted">지금 최저 24개월 실부담 {formatWon(current)}</Text> : null}
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand" loading={create.isPending} data-testid="price-alert-submit">알림 설정</Button>
        <Button size="sm" variant="ghost" onClick={onClose}>취소</Button>
        <Link asChild fontSize="sm" color="fg.muted" ms="auto"><RouterLink to="/me/alerts">내 가격 알림</RouterLink></Link>
      </HStack>
    </chakra.form>
  );
}

/** "재입고 알림 받기" on a 품절 offer (issue 42 §3): one notification when units come back, then it ends. Buyers only. */
export function RestockAlertButton({ offerId }: { offerId: string }) {
  const { isAuthenticated, user } = useSession();
  const request = useRequestRestockAlert();
  if (!isAuthenticated || user?.role !== 'user') return null;
  if (request.isSuccess) return <Text fontSize="xs" color="fg.muted" data-testid="restock-alert-done">재입고되면 알려드려요</Text>;
  return (
    <Button size="xs" variant="ghost" colorPalette="brand" loading={request.isPending} data-testid="restock-alert"
      onClick={() => request.mutate({ offerId }, { onError: (error) => toaster.create({ type: 'error', title: '재입고 알림을 신청하지 못했습니다', description: describeError(error) }) })}>
      <BellIcon /> 재입고 알림 받기
    </Button>
  );
}

/** "찜한 모델과 비교" (issue 42 §4): this model beside up to three of the buyer's 찜. */
export function CompareLink({ modelId }: { modelId: string }) {
  const { isAuthenticated } = useSession();
  const wishlist = useWishlist(isAuthenticated);
  const others = (wishlist.data?.items ?? []).map((i) => i.productId).filter((id) => id !== modelId).slice(0, 3);
  if (others.length === 0) return null;
  return (
    <Link asChild fontSize="sm" color="brand.fg" data-testid="compare-link">
      <RouterLink to={`/compare?models=${[modelId, ...others].map(encodeURIComponent).join(',')}`}>찜한 모델과 비교하기</RouterLink>
    </Link>
  );
}
