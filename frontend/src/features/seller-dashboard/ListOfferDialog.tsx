import { useMemo, useState } from 'react';
import { Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { listOfferSchema, MAX_OFFER_STOCK, type ListOfferInput, type ModelOffer } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useModelOffers, useModels } from '../../shared/api/models';
import { formatStorage, formatWon } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useListOffer } from './api/sellerOffers';
import { ConditionsFields, EMPTY_CONDITIONS, conditionErrorsOf, conditionsOf, type ConditionsDraft } from './ConditionsFields';

const FIELDS = ['sameTermsAs', 'extraSubsidy', 'stock'] as const;
const EMPTY: ListOfferInput = { sameTermsAs: '', extraSubsidy: 0, stock: 1 };

/** The terms a seller may sell on: one per storage, carrier and 가입유형 among the model's new units on the market. */
export function sellableTerms(offers: readonly ModelOffer[]): ModelOffer[] {
  const byTerms = new Map<string, ModelOffer>();
  for (const o of offers) {
    if (o.condition !== 'new') continue;
    const key = `${o.storage}|${o.carrier}|${o.joinType ?? ''}`;
    if (!byTerms.has(key)) byTerms.set(key, o);
  }
  return [...byTerms.values()].sort((a, b) => a.storage - b.storage || a.carrier.localeCompare(b.carrier, 'ko') || (a.joinType ?? '').localeCompare(b.joinType ?? '', 'ko'));
}

const termsLabel = (o: ModelOffer) => [
  formatStorage(o.storage),
  o.joinType ? `${o.carrier} ${o.joinType}` : o.carrier,
  `출고가 ${formatWon(o.quote.devicePrice)}`,
  o.plan ? `공시지원금 ${formatWon(o.quote.subsidy)} (${o.plan.name})` : '요금제 없음',
].join(' · ');

/**
 * 상품 등록: the seller picks a model and one of the terms it is sold on (the carrier's plans and
 * 공시지원금, 출고가: the same for every seller), then their own 추가지원금 and stock.
 */
export function ListOfferDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [modelId, setModelId] = useState('');
  const models = useModels({ limit: 100, sort: 'popular' }, { enabled: open });
  // priced with 공시지원금, so each term shows the carrier's subsidy for its plan
  const offers = useModelOffers(modelId || undefined, { discount: 'subsidy', limit: 100 }, { enabled: open });
  const terms = useMemo(() => (modelId && offers.data?.modelId === modelId ? sellableTerms(offers.data.offers) : []), [modelId, offers.data]);
  const list = useListOffer();
  const form = useForm<ListOfferInput>({ resolver: zodResolver(listOfferSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // The select cuts a long line on a phone: the chosen terms are repeated in full under it.
  const chosenId = useWatch({ control: form.control, name: 'sameTermsAs' });
  const chosen = terms.find((o) => o.offerId === chosenId);
  // Emptied once closed (emptying it on close would show the blank form while it fades out).
  const [conditions, setConditions] = useState<ConditionsDraft>(EMPTY_CONDITIONS);
  // The server's refusals of the conditions (요금제 유지, 부가서비스, 유심 비용…), shown at their fields until the next try.
  const [conditionErrors, setConditionErrors] = useState<Record<string, string>>({});
  const clear = () => {
    form.reset(EMPTY);
    setConditions(EMPTY_CONDITIONS);
    setConditionErrors({});
    setModelId('');
  };
  const onSubmit = form.handleSubmit((values) => {
    setConditionErrors({});
    list.mutate({ ...values, conditions: conditionsOf(conditions) }, {
      onSuccess: () => {
        const model = models.data?.models.find((m) => m.id === modelId);
        toaster.success({ title: '상품 등록 완료', description: `${model?.name ?? '새 상품'} 판매를 시작했습니다.` });
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        setConditionErrors(conditionErrorsOf(error));
        toaster.error({ title: '상품 등록 실패', description: describeError(error) });
      },
    });
  });
  return (
    <FormDialog open={open} onClose={onClose} onExitComplete={clear} title="상품 등록" label="상품 등록" onSubmit={onSubmit} submitLabel="등록" submitting={list.isPending} size="lg" testId="list-offer-dialog">
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          새 휴대폰을 시장에 나와 있는 판매 조건(통신사 요금제와 공시지원금, 출고가)으로 판매합니다. 추가지원금과 재고는 직접 정합니다.
        </Text>
        <FormField label="모델" required>
          <NativeSelect.Root disabled={models.isPending}>
            <NativeSelect.Field data-testid="list-offer-model" value={modelId} onChange={(e) => { setModelId(e.currentTarget.value); form.setValue('sameTermsAs', ''); }}>
              <option value="">{models.isPending ? '불러오는 중…' : '모델을 선택해주세요'}</option>
              {models.data?.models.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="판매 조건" required error={errors.sameTermsAs} helper={chosen ? termsLabel(chosen) : undefined}>
          <NativeSelect.Root disabled={!modelId || offers.isFetching}>
            <NativeSelect.Field data-testid="list-offer-terms" {...form.register('sameTermsAs')}>
              <option value="">{!modelId ? '먼저 모델을 선택해주세요' : offers.isFetching ? '불러오는 중…' : terms.length === 0 ? '판매할 수 있는 조건이 없습니다' : '판매 조건을 선택해주세요'}</option>
              {terms.map((o) => <option key={o.offerId} value={o.offerId}>{termsLabel(o)}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {offers.isError ? <Text color="fg.error" fontSize="sm">{describeError(offers.error)}</Text> : null}
        <FormField label="추가지원금 (원)" required error={errors.extraSubsidy} helper="판매점이 주는 할인으로, 출고가를 넘을 수 없습니다.">
          <Input data-testid="list-offer-subsidy" type="number" inputMode="numeric" min={0} step={1000} {...form.register('extraSubsidy', { valueAsNumber: true })} />
        </FormField>
        <FormField label="재고 (대)" required error={errors.stock}>
          <Input data-testid="list-offer-stock" type="number" inputMode="numeric" min={1} max={MAX_OFFER_STOCK} step={1} {...form.register('stock', { valueAsNumber: true })} />
        </FormField>
        <ConditionsFields value={conditions} onChange={setConditions} errors={conditionErrors} />
      </Stack>
    </FormDialog>
  );
}
