import { useEffect } from 'react';
import {
  Alert, Badge, Box, Button, Card, Checkbox, chakra, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  BUSINESS_DAYS, BUSINESS_DAY_LABELS, BUSINESS_FIELD_LABELS, DEFAULT_BUSINESS_HOURS, SELLER_STATUS_LABELS, STORE_THEMES, STORE_THEME_LABELS,
  formatResponseTime, storePagePath, storeRequestSchema,
  type BusinessDay, type DayHours, type SellerStore, type StoreChange, type StoreFormInput, type StoreRequest,
} from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { SellerGate } from '../../shared/auth/SellerGate';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime, formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { StatGrid } from '../../shared/ui/StatGrid';
import { STORE_THEME_PALETTE } from '../../shared/ui/storeTheme';
import { toaster } from '../../shared/ui/toaster';
import { useSaveStore, useSellerStore } from './api/sellerStore';
import { PreApprovalCard } from './PreApprovalCard';
import { SafeTradeCard } from './SafeTradeCard';
import { StoreImageField } from './StoreImageField';

type Field = FieldPath<StoreFormInput>;
const BUSINESS_INPUTS: { field: 'companyName' | 'representative' | 'businessNumber' | 'mailOrderNumber' | 'address' | 'phone' | 'email'; placeholder?: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email' }[] = [
  { field: 'companyName' },
  { field: 'representative' },
  { field: 'businessNumber', placeholder: '000-00-00000', inputMode: 'numeric' },
  { field: 'mailOrderNumber', placeholder: '제2024-서울강남-01234호' },
  { field: 'address', placeholder: '서울특별시 강남구 테헤란로 123, 4층' },
  { field: 'phone', placeholder: '02-1234-5678', type: 'tel', inputMode: 'tel' },
  { field: 'email', placeholder: 'store@example.kr', type: 'email', inputMode: 'email' },
];
const ALL_FIELDS: Field[] = [
  'name', 'description', 'logoImageId', 'bannerImageId', 'theme', 'businessHours.note',
  ...BUSINESS_DAYS.flatMap((d) => [`businessHours.${d}.open`, `businessHours.${d}.close`] as Field[]),
  ...BUSINESS_INPUTS.map((b) => b.field),
];

const dayInput = (day: DayHours) => (day ? { closed: false, open: day.open, close: day.close } : { closed: true, open: '', close: '' });

/** The form's values from the store as the server answered it (business hours not entered yet: a usual week to start from). */
export function formValuesOf(store: SellerStore): StoreFormInput {
  const hours = store.profile.businessHours ?? DEFAULT_BUSINESS_HOURS;
  const b = store.business;
  return {
    name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId,
    theme: store.profile.theme,
    businessHours: { weekdays: dayInput(hours.weekdays), saturday: dayInput(hours.saturday), sunday: dayInput(hours.sunday), note: hours.note ?? '' },
    companyName: b.companyName ?? '', representative: b.representative ?? '', businessNumber: b.businessNumber ?? '', mailOrderNumber: b.mailOrderNumber ?? '',
    address: b.address ?? '', phone: b.phone ?? '', email: b.email ?? '',
  };
}

function DayRow({ day, form, disabled }: { day: BusinessDay; form: ReturnType<typeof useForm<StoreFormInput, unknown, StoreRequest>>; disabled: boolean }) {
  const errors = form.formState.errors.businessHours?.[day] as { open?: FieldError; close?: FieldError } | undefined;
  const closed = useWatch({ control: form.control, name: `businessHours.${day}.closed` });
  const label = BUSINESS_DAY_LABELS[day];
  const message = errors?.open?.message ?? errors?.close?.message;
  return (
    <Stack gap="1" data-testid={`hours-${day}`}>
      <Flex gap={{ base: '2', md: '4' }} align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Text fontWeight="medium" fontSize="sm" w={{ sm: '28' }} flexShrink={0}>{label}</Text>
        <HStack gap="2" flex="1" wrap="wrap">
          <Input
            type="time" size="sm" w="32" aria-label={`${label} 시작 시간`} disabled={disabled || closed} aria-invalid={errors?.open ? true : undefined}
            {...form.register(`businessHours.${day}.open`)}
          />
          <Text aria-hidden="true">~</Text>
          <Input
            type="time" size="sm" w="32" aria-label={`${label} 마감 시간`} disabled={disabled || closed} aria-invalid={errors?.close ? true : undefined}
            {...form.register(`businessHours.${day}.close`)}
          />
          <Controller
            control={form.control} name={`businessHours.${day}.closed`}
            render={({ field }) => (
              <Checkbox.Root size="sm" checked={field.value} disabled={disabled} onCheckedChange={(d) => field.onChange(d.checked === true)}>
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>휴무</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </HStack>
      </Flex>
      {message ? <Text fontSize="xs" color="fg.error" role="alert">{label}: {message}</Text> : null}
    </Stack>
  );
}

function HistoryList({ history }: { history: StoreChange[] }) {
  if (history.length === 0) return <Text fontSize="sm" color="fg.muted">아직 변경한 내용이 없습니다.</Text>;
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" data-testid="store-history">
      {history.map((h) => (
        <Box as="li" key={h.id} borderLeftWidth="3px" borderColor="border.emphasized" ps="3">
          <Text fontSize="xs" color="fg.muted"><chakra.time dateTime={h.at}>{formatDateTime(h.at)}</chakra.time> · {h.by}</Text>
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0" fontSize="sm">
            {h.changes.map((c, i) => (
              <li key={`${c.field}-${i}`}>
                <chakra.span fontWeight="medium">{c.label}</chakra.span>{': '}
                <chakra.span color="fg.muted">{c.from ?? '없음'}</chakra.span>{' → '}{c.to ?? '없음'}
              </li>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function Figures({ store }: { store: SellerStore }) {
  const f = store.figures;
  return (
    <StatGrid testId="my-store-figures" figures={[
      ['판매 중 상품', `${formatNumber(f.offersOnSale)}개 / ${formatNumber(f.offers)}개`],
      ['거래 (구매확정)', `${formatNumber(store.trust.deals)}건`],
      ['평점 (리뷰)', f.reviewCount ? `${f.rating.toFixed(1)} (${formatNumber(f.reviewCount)}개)` : '리뷰 없음'],
      ['평균 응답 시간', formatResponseTime(f.responseMinutes)],
    ]} />
  );
}

function StoreForm({ store }: { store: SellerStore }) {
  const save = useSaveStore();
  const form = useForm<StoreFormInput, unknown, StoreRequest>({ resolver: zodResolver(storeRequestSchema), defaultValues: formValuesOf(store), mode: 'onTouched' });
  const { errors, isDirty } = form.formState;
  const locked = store.status !== 'approved';
  // A save read back (normalised numbers, the new history): the form starts again from the server's values.
  useEffect(() => { form.reset(formValuesOf(store)); }, [store, form]);
  const theme = useWatch({ control: form.control, name: 'theme' }) ?? 'default';

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (answer) => ('held' in answer
        ? toaster.warning({ title: '관리자 검토 후 반영됩니다', description: answer.message, duration: 10_000 })
        : toaster.success({ title: answer.changed ? '스토어 정보를 저장했습니다' : '바뀐 내용이 없습니다', description: values.name })),
      onError: (error) => {
        applyServerErrors(error, form.setError, ALL_FIELDS);
        toaster.error({ title: '저장하지 못했습니다', description: describeError(error) });
      },
    });
  });

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="내 스토어 정보" display="flex" flexDirection="column" gap="5">
      <Card.Root>
        <Card.Header><Heading as="h2" size="md">스토어 정보</Heading></Card.Header>
        <Card.Body gap="4">
          <FormField label="스토어 이름" required error={errors.name}><Input disabled={locked} {...form.register('name')} /></FormField>
          <FormField label="스토어 소개" error={errors.description} helper="스토어 페이지 위쪽에 보입니다 (1,000자 이내).">
            <Textarea rows={4} disabled={locked} {...form.register('description')} />
          </FormField>
          <FormField label="테마" error={errors.theme}>
            <HStack gap="3">
              <NativeSelect.Root maxW="48" disabled={locked}>
                <NativeSelect.Field {...form.register('theme')}>
                  {STORE_THEMES.map((t) => <option key={t} value={t}>{STORE_THEME_LABELS[t]}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Box colorPalette={STORE_THEME_PALETTE[theme]} w="10" h="6" rounded="md" bgGradient="to-r" gradientFrom="colorPalette.solid" gradientTo="colorPalette.emphasized" aria-hidden="true" data-testid="theme-swatch" />
            </HStack>
          </FormField>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header><Heading as="h2" size="md">로고·배너</Heading></Card.Header>
        <Card.Body gap="5">
          <Controller control={form.control} name="logoImageId" render={({ field }) => (
            <StoreImageField kind="logo" value={field.value ?? null} disabled={locked} error={errors.logoImageId?.message} onChange={(id) => field.onChange(id)} />
          )} />
          <Controller control={form.control} name="bannerImageId" render={({ field }) => (
            <StoreImageField kind="banner" value={field.value ?? null} disabled={locked} error={errors.bannerImageId?.message} onChange={(id) => field.onChange(id)} />
          )} />
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header><Heading as="h2" size="md">영업시간</Heading></Card.Header>
        <Card.Body gap="3">
          {BUSINESS_DAYS.map((d) => <DayRow key={d} day={d} form={form} disabled={locked} />)}
          <FormField label="안내 문구" error={errors.businessHours?.note}>
            <Input placeholder="점심시간 12:00~13:00" disabled={locked} {...form.register('businessHours.note')} />
          </FormField>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header gap="1">
          <Heading as="h2" size="md">사업자 정보</Heading>
          <Text fontSize="sm" color="fg.muted">
            전자상거래법에 따라 스토어 페이지에 표시됩니다. 처음에는 입점 신청서의 정보가 들어 있으며, 바꾸면 변경 이력에 남습니다.
          </Text>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {BUSINESS_INPUTS.map(({ field, placeholder, type, inputMode }) => (
              <FormField key={field} label={BUSINESS_FIELD_LABELS[field]} error={errors[field]}>
                <Input type={type ?? 'text'} inputMode={inputMode} placeholder={placeholder} disabled={locked} {...form.register(field)} />
              </FormField>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      {/* on a phone the bar leaves room for the chat button in the corner */}
      <Flex justify="end" gap="2" position="sticky" bottom="0" py="3" pe={{ base: '16', md: '0' }} bg="bg" borderTopWidth="1px" zIndex="1">
        <Button type="button" variant="outline" disabled={!isDirty || save.isPending} onClick={() => form.reset(formValuesOf(store))}>되돌리기</Button>
        <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="저장 중" disabled={locked} data-testid="store-save">저장</Button>
      </Flex>
    </chakra.form>
  );
}

function MyStore() {
  const { role } = useSession();
  const query = useSellerStore(role === 'seller');
  if (query.isPending) return <Stack gap="3" role="status" aria-busy="true"><Box as="span" srOnly>스토어 정보를 불러오는 중</Box>{[0, 1, 2].map((i) => <Skeleton key={i} h="32" />)}</Stack>;
  if (query.isError) return <InlineLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const store = query.data;
  const suspended = store.status !== 'approved';
  return (
    <Stack gap="6" maxW="4xl" mx="auto" data-testid="my-store">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h1" size="xl">내 스토어</Heading>
          <HStack gap="2">
            <Text color="fg.muted" truncate>{store.profile.name}</Text>
            <Badge colorPalette={suspended ? 'red' : 'green'}>{SELLER_STATUS_LABELS[store.status]}</Badge>
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button asChild variant="outline"><RouterLink to="/seller-dashboard">셀러 대시보드</RouterLink></Button>
          <Button asChild colorPalette="brand" variant="subtle"><RouterLink to={storePagePath(store.storeId)} data-testid="view-store">내 스토어 보기</RouterLink></Button>
        </HStack>
      </Flex>
      {suspended ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>정지된 판매자는 스토어 정보를 수정할 수 없습니다. 고객센터에 문의해주세요.</Alert.Title>
        </Alert.Root>
      ) : null}
      <Figures store={store} />
      <StoreForm store={store} />
      <PreApprovalCard disabled={suspended} />
      <SafeTradeCard disabled={suspended} />
      <Card.Root>
        <Card.Header><Heading as="h2" size="md">변경 이력</Heading></Card.Header>
        <Card.Body><HistoryList history={store.history} /></Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** /my-store — an approved seller's store: its page's content, business hours and business information, its figures and change history (issue 29). */
export default function MyStorePage() {
  useDocumentTitle('내 스토어');
  return (
    <PageFrame>
      <SellerGate><MyStore /></SellerGate>
    </PageFrame>
  );
}
