import { Box, Checkbox, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type Control, type FieldErrors, type FieldValues, type UseFormRegister } from 'react-hook-form';
import {
  ACTIVATION_METHODS, ACTIVATION_METHOD_LABELS, CURRENT_CARRIERS, SIM_TYPES, SIM_TYPE_LABELS, formatBusinessHours, publicStoreSchema, storeApiPath,
  type ActivationFieldsInput,
} from '@phonemarket/contracts';
import { apiFetch } from '../api/client';
import { FormField } from '../forms/FormField';
import { VISIT_HOURS, visitDays, type ActivationForm, type ActivationNeeds } from './activation';
import { PhoneInput } from '../forms/PhoneInput';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The store a 매장 방문 goes to: its name, address and hours (`GET /api/stores/store-{sellerId}`). */
function VisitStore({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const store = useQuery({
    queryKey: ['/api/stores', `store-${sellerId}`],
    queryFn: ({ signal }) => apiFetch(storeApiPath(`store-${sellerId}`), { schema: publicStoreSchema, signal }),
    staleTime: 60_000,
  });
  const s = store.data;
  return (
    <Box data-testid="visit-store" p="3" rounded="md" bg="bg.muted" fontSize="sm">
      <Text fontWeight="semibold">{s?.name ?? sellerName}</Text>
      <Text>{s ? s.business.address ?? '매장 주소는 판매자가 주문 확인 후 안내합니다.' : store.isError ? '매장 정보를 불러오지 못했습니다. 판매자가 주문 확인 후 안내합니다.' : '매장 정보를 불러오는 중…'}</Text>
      {s?.businessHours ? <Text color="fg.muted">영업시간 {formatBusinessHours(s.businessHours)}</Text> : null}
    </Box>
  );
}

/** The method's field: the checkout's `activation`, a quote accept's `fulfilment`. */
type MethodField = 'activation' | 'fulfilment';
/** What the fields read and write, whichever form holds them. */
type Inner = ActivationForm<MethodField>;

/**
 * 개통 (issue 30): the 명의자 (the account's name, or a family member confirmed), the carrier and number a
 * 번호이동 line leaves, 유심 or eSIM, and 택배 개통 or 매장 방문 (the store, a day and an hour). For any form
 * that holds the contract's 개통 fields (`activationFields`): the checkout, a quote's accept; the method
 * (택배 개통 / 매장 방문) is the form's own field, `methodField`.
 */
export function ActivationFields<T extends FieldValues & ActivationFieldsInput>(props: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  methodField: Extract<keyof T, MethodField>;
  needs: ActivationNeeds;
  stores: readonly { id: string; name: string }[];
}) {
  // The form's own type narrowed to the fields this component reads and writes (T holds them: the constraint).
  const control = props.control as unknown as Control<Inner>;
  const register = props.register as unknown as UseFormRegister<Inner>;
  const errors = props.errors as FieldErrors<Inner>;
  const { methodField, needs, stores } = props;
  const method = useWatch({ control, name: methodField });
  const days = visitDays();
  return (
    <Stack gap="4" data-testid="activation-fields">
      <Text fontSize="sm" color="fg.muted">
        통신사 개통에 필요한 정보입니다. 명의자는 회원 본인이어야 하며, 가족 명의라면 아래에 확인해주세요. 개인정보는 판매자와 관리자만 볼 수 있고 목록에서는 가려집니다.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="명의자 이름" required error={errors.holderName} helper={needs.accountName ? `회원 이름: ${needs.accountName}` : undefined}>
          <Input data-testid="holder-name" autoComplete="name" {...register('holderName', { setValueAs: emptyToUndefined })} />
        </FormField>
        <FormField label="명의자 생년월일" required error={errors.holderBirthDate}>
          <Input data-testid="holder-birth-date" type="date" max={new Date().toISOString().slice(0, 10)} placeholder="YYYY-MM-DD" {...register('holderBirthDate', { setValueAs: emptyToUndefined })} />
        </FormField>
      </SimpleGrid>
      <Controller control={control} name="holderIsFamily" render={({ field }) => (
        <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} data-testid="holder-is-family">
          <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
          <Checkbox.Control />
          <Checkbox.Label>가족 명의입니다 (명의자가 회원 본인과 다름)</Checkbox.Label>
        </Checkbox.Root>
      )} />
      {needs.portsIn ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="현재 통신사 (번호이동 전)" required error={errors.currentCarrier}>
            <NativeSelect.Root>
              <NativeSelect.Field data-testid="current-carrier" {...register('currentCarrier', { setValueAs: emptyToUndefined })}>
                <option value="">선택해주세요</option>
                {CURRENT_CARRIERS.map((c) => <option key={c} value={c}>{c}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="번호이동할 휴대폰 번호" required error={errors.currentNumber}>
            <PhoneInput data-testid="current-number" autoComplete="off" {...register('currentNumber', { setValueAs: emptyToUndefined })} />
          </FormField>
        </SimpleGrid>
      ) : null}
      <FormField label="유심 / eSIM" required error={errors.sim}>
        <Controller control={control} name="sim" render={({ field }) => (
          <RadioGroup.Root value={field.value ?? null} onValueChange={(d) => field.onChange(d.value)} name={field.name} data-testid="sim">
            <HStack gap="4" wrap="wrap">
              {SIM_TYPES.map((s) => (
                <RadioGroup.Item key={s} value={s}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  {/* 매장 방문 gets its 유심 at the store, not in a parcel (issue 39: no "동봉" beside 매장 방문). */}
                  <RadioGroup.ItemText>{s === 'usim' ? (method === 'visit' ? '유심 (매장에서 새 유심 장착)' : '유심 (새 유심 동봉)') : 'eSIM (기기에 내장)'}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )} />
      </FormField>
      <FormField label="개통 방법" required error={errors[methodField]}>
        <Controller control={control} name={methodField} render={({ field }) => (
          <RadioGroup.Root value={field.value ?? null} onValueChange={(d) => field.onChange(d.value)} name={field.name} data-testid="activation-method">
            <HStack gap="4" wrap="wrap">
              {ACTIVATION_METHODS.map((m) => (
                <RadioGroup.Item key={m} value={m}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{m === 'delivery' ? `${ACTIVATION_METHOD_LABELS.delivery} (개통 후 발송)` : `${ACTIVATION_METHOD_LABELS.visit} (매장에서 개통·수령)`}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )} />
      </FormField>
      {method === 'visit' ? (
        <Stack gap="3">
          {stores.map((s) => <VisitStore key={s.id} sellerId={s.id} sellerName={s.name} />)}
          <FormField label="방문 일시" required error={errors.visitSlot} helper="방문 시간은 10시부터 19시까지 한 시간 단위입니다.">
            <Controller control={control} name="visitSlot" render={({ field }) => {
              const [day = '', time = ''] = (field.value ?? '').split(' ');
              const set = (d: string, t: string) => field.onChange(d && t ? `${d} ${t}` : undefined);
              return (
                <HStack gap="2" wrap="wrap">
                  <NativeSelect.Root w="44">
                    <NativeSelect.Field data-testid="visit-day" aria-label="방문 날짜" value={day} onChange={(e) => set(e.currentTarget.value, time || `${VISIT_HOURS[0]}:00`)} onBlur={field.onBlur}>
                      <option value="">날짜 선택</option>
                      {days.map((d) => <option key={d} value={d}>{d}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <NativeSelect.Root w="32">
                    <NativeSelect.Field data-testid="visit-hour" aria-label="방문 시간" value={time} onChange={(e) => set(day, e.currentTarget.value)} onBlur={field.onBlur}>
                      <option value="">시간 선택</option>
                      {VISIT_HOURS.map((h) => <option key={h} value={`${h}:00`}>{`${h}:00`}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </HStack>
              );
            }} />
          </FormField>
        </Stack>
      ) : null}
      <Text fontSize="xs" color="fg.muted" data-testid="sim-note">{method === 'visit'
        ? `${SIM_TYPE_LABELS.usim}은 매장에서 바로 장착해 드리고, ${SIM_TYPE_LABELS.esim}은 매장에서 개통과 함께 설치합니다.`
        : `${SIM_TYPE_LABELS.usim}은 택배로 함께 보내드리고, ${SIM_TYPE_LABELS.esim}은 개통 후 안내 문자로 설치합니다.`}</Text>
    </Stack>
  );
}
