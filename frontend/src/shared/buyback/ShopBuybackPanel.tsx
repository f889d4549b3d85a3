import { useRef, useState } from 'react';
import {
  Alert, Badge, Box, Button, Card, chakra, Checkbox, Collapsible, DataList, Heading, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  BUYBACK_DEDUCTION_CODES, BUYBACK_DEDUCTION_LABELS, BUYBACK_ERASURE_LABELS, BUYBACK_ERASURE_METHODS, BUYBACK_GRADES, BUYBACK_HANDOVER_LABELS, BUYBACK_PAYOUT_LABELS,
  buybackErasureSchema, buybackInspectionSchema, buybackReturnSchema, parseBuybackCsv, worseGrade,
  type BuybackDeductionCode, type BuybackErasureInput, type BuybackGrade, type BuybackInspectionInput, type BuybackOrder, type BuybackPrices,
} from '@phonemarket/contracts/buyback.ts';
import { COURIERS } from '@phonemarket/contracts';
import { isApiError } from '../api/client';
import { describeError } from '../api/errors';
import { formatDateTime, formatNumber, formatStorage } from '../format';
import { FormField } from '../forms/FormField';
import { applyServerErrors } from '../forms/serverErrors';
import { InlineLoadError } from '../ui/PageParts';
import { useSaveBuybackPrices, useShopBuybackOrders, useShopBuybackPrices, useShopStep, useUploadBuybackPhoto } from './api';
import { BuybackStatusBadge, BuybackTimeline, ImeiMismatchBadge, OverdueBadges, won } from './parts';

const toCsv = (grid: BuybackPrices) => ['모델코드,용량,등급,매입가', ...grid.items.map((r) => `${r.modelId},${r.storage},${r.grade},${r.price}`)].join('\n');

/**
 * The server's row errors (`items.<n>.<field>`: "n+1번째 줄: …", counting rows sent) told by the pasted text's
 * own lines, as the checks before sending tell them: a header or a blank line makes row n another line.
 */
function pastedLineErrors(errors: Record<string, string>, lines: readonly number[]): string[] {
  return Object.entries(errors).map(([key, message]) => {
    const row = /^items\.(\d+)\./.exec(key);
    const line = row ? lines[Number(row[1])] : undefined;
    return line === undefined ? message : `${line}번째 줄: ${message.replace(/^\d+번째 줄: /, '')}`;
  });
}

/** The grid editor: a CSV paste (`모델코드,용량,등급,매입가`) checked line by line, the deduction amounts, saved whole; the history of saves. */
function GridEditor({ locked }: { locked: boolean }) {
  const grid = useShopBuybackPrices();
  const save = useSaveBuybackPrices();
  const [csv, setCsv] = useState<string | null>(null);
  const [amounts, setAmounts] = useState<Partial<Record<BuybackDeductionCode, string>> | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  if (grid.isError) return <InlineLoadError error={grid.error} onRetry={() => void grid.refetch()} />;
  if (!grid.data) return <Skeleton h="40" />;
  const text = csv ?? toCsv(grid.data);
  const amountOf = (code: BuybackDeductionCode) => amounts?.[code] ?? String(grid.data.deductions.find((d) => d.code === code)?.amount ?? 0);
  const parsed = parseBuybackCsv(text);
  const submit = () => {
    setSaved(null);
    const wrong = BUYBACK_DEDUCTION_CODES.filter((c) => !/^\d+$/.test(amountOf(c)));
    if (parsed.errors.length || wrong.length) {
      setProblems([...parsed.errors.map((e) => e.message), ...wrong.map((c) => `${BUYBACK_DEDUCTION_LABELS[c]}: 차감액은 0원 이상의 정수로 입력해주세요.`)]);
      return;
    }
    setProblems([]);
    save.mutate({ items: parsed.items, deductions: BUYBACK_DEDUCTION_CODES.map((code) => ({ code, amount: Number(amountOf(code)) })) }, {
      onSuccess: (a) => { setSaved(`${formatNumber(a.rows)}줄을 저장했습니다.`); setCsv(null); setAmounts(null); },
      onError: (e) => setProblems(isApiError(e) && e.errors ? pastedLineErrors(e.errors, parsed.lines) : [describeError(e)]),
    });
  };
  return (
    <Stack gap="4" data-testid="buyback-grid">
      <Stack gap="1">
        <Heading as="h3" size="sm">매입 가격표</Heading>
        <Text fontSize="sm" color="fg.muted">한 줄에 모델 코드(예: galaxy-s25), 용량(GB), 등급(S~D), 매입가를 쉼표나 탭으로 구분해 붙여넣으세요. 저장하면 가격표 전체가 바뀌고 기록이 남습니다.</Text>
      </Stack>
      <Textarea value={text} onChange={(e) => setCsv(e.currentTarget.value)} rows={8} fontFamily="mono" fontSize="xs" disabled={locked} aria-label="매입 가격표 CSV" data-testid="buyback-grid-csv" />
      <Text fontSize="xs" color="fg.muted">읽은 줄 {formatNumber(parsed.items.length)}개{parsed.errors.length ? ` · 확인할 줄 ${parsed.errors.length}개` : ''}</Text>
      <Box>
        <Text fontWeight="medium" fontSize="sm" mb="2">차감액 (알린 흠마다 빼는 금액)</Text>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
          {BUYBACK_DEDUCTION_CODES.map((code) => (
            <FormField key={code} label={BUYBACK_DEDUCTION_LABELS[code]}>
              <Input size="sm" inputMode="numeric" value={amountOf(code)} disabled={locked} onChange={(e) => setAmounts((a) => ({ ...a, [code]: e.currentTarget.value.replace(/[^\d]/g, '') }))} />
            </FormField>
          ))}
        </SimpleGrid>
      </Box>
      {problems.length ? (
        <Alert.Root status="error" data-testid="buyback-grid-errors">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>가격표에 확인할 줄이 있습니다</Alert.Title>
            <Alert.Description><Stack as="ul" gap="0.5" ps="4">{problems.slice(0, 20).map((p) => <li key={p}>{p}</li>)}</Stack></Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {saved ? <Alert.Root status="success"><Alert.Indicator /><Alert.Title>{saved}</Alert.Title></Alert.Root> : null}
      <Button colorPalette="brand" alignSelf="flex-start" onClick={submit} loading={save.isPending} disabled={locked} data-testid="buyback-grid-save">가격표 저장</Button>
      {grid.data.history.length ? (
        <Stack gap="1" fontSize="xs" color="fg.muted" data-testid="buyback-grid-history">
          <Text fontWeight="medium" color="fg">변경 기록</Text>
          {grid.data.history.slice(0, 5).map((h) => (
            <Text key={h.at}>{formatDateTime(h.at)} · {formatNumber(h.rows)}줄 (추가 {h.added}, 삭제 {h.removed}, 가격 변경 {h.changed}){h.deductionsChanged ? ' · 차감액 변경' : ''}</Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One photo: chosen, uploaded at once (re-encoded by the server), its id kept. */
function PhotoPick({ orderId, label, photoId, onChange, testId }: { orderId: string; label: string; photoId: string | null; onChange: (id: string | null) => void; testId: string }) {
  const upload = useUploadBuybackPhoto(orderId);
  const ref = useRef<HTMLInputElement | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > 5 * 1024 * 1024) { setProblem('사진은 5MB 이하만 올릴 수 있습니다.'); return; }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (a) => { setPreview(URL.createObjectURL(file)); onChange(a.id); },
      onError: (e) => setProblem(describeError(e)),
    });
  };
  return (
    <Stack gap="1">
      <HStack gap="2">
        {photoId && preview ? <chakra.img src={preview} alt={`${label} 사진`} boxSize="12" objectFit="cover" rounded="md" /> : null}
        <Button type="button" size="xs" variant="outline" onClick={() => ref.current?.click()} loading={upload.isPending} data-testid={`${testId}-pick`}>{photoId ? '사진 바꾸기' : '사진 올리기'}</Button>
      </HStack>
      <chakra.input ref={ref} type="file" accept="image/jpeg,image/png,image/webp" srOnly tabIndex={-1} aria-label={`${label} 사진 파일`} data-testid={`${testId}-file`}
        onChange={(e) => { pick(e.currentTarget.files?.[0]); e.currentTarget.value = ''; }} />
      {problem ? <Text fontSize="xs" color="red.fg" role="alert">{problem}</Text> : null}
    </Stack>
  );
}

/** The inspection: the grade seen, and each fault the seller did not declare with its photo; the server computes any counter-offer. */
function InspectionForm({ order }: { order: BuybackOrder }) {
  const step = useShopStep(order.id);
  const [findings, setFindings] = useState<Partial<Record<BuybackDeductionCode, string | null>>>({});
  const [gradePhoto, setGradePhoto] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BuybackInspectionInput>({ resolver: zodResolver(buybackInspectionSchema), defaultValues: { imeiLast4: '', grade: order.grade, findings: [], gradePhotos: [], note: '' } });
  const grade = useWatch({ control: form.control, name: 'grade' }) as BuybackGrade;
  const worse = worseGrade(grade, order.grade);
  const undeclared = BUYBACK_DEDUCTION_CODES.filter((c) => !order.declared.includes(c));
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const chosen = undeclared.filter((c) => c in findings);
    const missing = chosen.filter((c) => !findings[c]);
    if (missing.length) { setFailure(`${missing.map((c) => BUYBACK_DEDUCTION_LABELS[c]).join(', ')}: 사진을 올려주세요.`); return; }
    if (worse && !gradePhoto) { setFailure(`견적 등급(${order.grade})보다 낮은 등급은 사진으로 근거를 남겨야 합니다.`); return; }
    const body = { ...values, findings: chosen.map((code) => ({ code, photo: findings[code]! })), gradePhotos: worse && gradePhoto ? [gradePhoto] : [] };
    step.mutate({ step: 'inspection', body }, {
      onError: (e) => { if (applyServerErrors(e, form.setError, ['imeiLast4', 'grade', 'note']).length === 0) setFailure(isApiError(e) && e.errors ? Object.values(e.errors).join(' ') : describeError(e)); },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="검수 결과" data-testid="buyback-inspection-form">
      <Stack gap="3">
        <FormField label="단말기 식별번호 뒤 4자리" required error={form.formState.errors.imeiLast4}
          helper={order.imei.declared ? `판매하시는 분이 알린 번호와 맞춰 봅니다. 다르면 양쪽과 관리자에게 표시됩니다.` : '판매하시는 분이 번호를 알리지 않았습니다. 확인한 번호를 기록합니다.'}>
          <Input size="sm" maxW="32" inputMode="numeric" maxLength={4} {...form.register('imeiLast4')} data-testid="buyback-inspection-imei" />
        </FormField>
        <FormField label="검수 등급" required error={form.formState.errors.grade}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...form.register('grade')} defaultValue={order.grade} data-testid="buyback-inspection-grade">
              {BUYBACK_GRADES.map((g) => <option key={g} value={g}>{g}급{g === order.grade ? ' (견적 등급)' : ''}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {worse ? (
          <FormField label={`${grade}급 근거 사진`} required>
            <PhotoPick orderId={order.id} label="등급 근거" photoId={gradePhoto} onChange={setGradePhoto} testId="buyback-grade-photo" />
          </FormField>
        ) : null}
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">판매하시는 분이 알리지 않은 흠 (사진 필수)</Text>
          {undeclared.map((code) => (
            <HStack key={code} justify="space-between" gap="2" wrap="wrap">
              <Checkbox.Root checked={code in findings} onCheckedChange={(d) => setFindings((f) => { const next = { ...f }; if (d.checked) next[code] = null; else delete next[code]; return next; })} data-testid={`buyback-finding-${code}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{BUYBACK_DEDUCTION_LABELS[code]}</Checkbox.Label>
              </Checkbox.Root>
              {code in findings ? <PhotoPick orderId={order.id} label={BUYBACK_DEDUCTION_LABELS[code]} photoId={findings[code] ?? null} onChange={(id) => setFindings((f) => ({ ...f, [code]: id }))} testId={`buyback-finding-${code}-photo`} /> : null}
            </HStack>
          ))}
          {order.declared.length ? <Text fontSize="xs" color="fg.muted">판매하시는 분이 미리 알린 흠({order.declared.map((c) => BUYBACK_DEDUCTION_LABELS[c]).join(', ')})은 견적에 이미 반영되어 다시 차감할 수 없습니다.</Text> : null}
        </Stack>
        <FormField label="메모" error={form.formState.errors.note}><Textarea {...form.register('note')} rows={2} /></FormField>
        {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
        <Button type="submit" colorPalette="brand" size="sm" alignSelf="flex-start" loading={step.isPending} data-testid="buyback-inspection-submit">검수 결과 보내기</Button>
      </Stack>
    </form>
  );
}

function ReturnForm({ order }: { order: BuybackOrder }) {
  const step = useShopStep(order.id);
  const form = useForm<{ courier: string; trackingNumber: string }>({ resolver: zodResolver(buybackReturnSchema), defaultValues: { courier: COURIERS[0], trackingNumber: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((body) => step.mutate({ step: 'return', body }, {
    onError: (e) => { if (applyServerErrors(e, form.setError, ['courier', 'trackingNumber']).length === 0) setFailure(describeError(e)); },
  }));
  return (
    <form onSubmit={submit} noValidate aria-label="무료 반송" data-testid="buyback-return-form">
      <Stack gap="2">
        <Text fontSize="sm">판매하시는 분이 재견적을 거절했습니다. 휴대폰을 무료로 돌려보내고 운송장을 입력해주세요.</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          <FormField label="택배사" required error={form.formState.errors.courier}>
            <NativeSelect.Root size="sm"><NativeSelect.Field {...form.register('courier')}>{COURIERS.map((c) => <option key={c} value={c}>{c}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
          </FormField>
          <FormField label="운송장 번호" required error={form.formState.errors.trackingNumber}><Input size="sm" inputMode="numeric" {...form.register('trackingNumber')} data-testid="buyback-return-tracking" /></FormField>
        </SimpleGrid>
        {failure ? <Text color="red.fg" fontSize="sm" role="alert">{failure}</Text> : null}
        <Button type="submit" size="sm" colorPalette="brand" alignSelf="flex-start" loading={step.isPending} data-testid="buyback-return-submit">반송 완료</Button>
      </Stack>
    </form>
  );
}

const localNow = () => {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** 개인정보 삭제 확인서, then the payout (points at once, or the bank payout record). */
function PayoutForms({ order, erased }: { order: BuybackOrder; erased: boolean }) {
  const step = useShopStep(order.id);
  const form = useForm<BuybackErasureInput>({ resolver: zodResolver(buybackErasureSchema), defaultValues: { method: 'factory_reset', at: localNow(), imeiLast4: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (e: unknown) => setFailure(describeError(e));
  // The field is the browser's local time (datetime-local): sent as the instant it names there. The schema checks it is a
  // real day and time, and reads a time without a zone as Korea time — so the instant is taken from the field itself.
  const submit = form.handleSubmit((values) => step.mutate({ step: 'erasure', body: { ...values, at: new Date(form.getValues('at')).toISOString() } }, {
    onError: (e) => { if (applyServerErrors(e, form.setError, ['method', 'at', 'imeiLast4']).length === 0) fail(e); },
  }));
  return (
    <Stack gap="3">
      {!erased ? (
        <form onSubmit={submit} noValidate aria-label="개인정보 삭제 확인서" data-testid="buyback-erasure-form">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium">1. 개인정보 삭제 확인서</Text>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
              <FormField label="삭제 방법" required error={form.formState.errors.method}>
                <NativeSelect.Root size="sm"><NativeSelect.Field {...form.register('method')}>{BUYBACK_ERASURE_METHODS.map((m) => <option key={m} value={m}>{BUYBACK_ERASURE_LABELS[m]}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
              </FormField>
              <FormField label="삭제 일시" required error={form.formState.errors.at}><Input size="sm" type="datetime-local" {...form.register('at')} /></FormField>
              <FormField label="단말기 식별번호 뒤 4자리" required error={form.formState.errors.imeiLast4}><Input size="sm" inputMode="numeric" maxLength={4} {...form.register('imeiLast4')} data-testid="buyback-erasure-imei" /></FormField>
            </SimpleGrid>
            <Button type="submit" size="sm" variant="outline" alignSelf="flex-start" loading={step.isPending && step.variables?.step === 'erasure'} data-testid="buyback-erasure-submit">확인서 등록</Button>
          </Stack>
        </form>
      ) : <Text fontSize="sm" color="green.fg">1. 개인정보 삭제 확인서 등록됨</Text>}
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">2. 대금 지급 {order.finalPrice !== null ? won(order.finalPrice) : ''}</Text>
        <Text fontSize="sm" color="fg.muted">{order.payout === 'points' ? '포인트로 즉시 적립됩니다.' : order.bank ? `${order.bank.bankName} ${order.bank.accountNumber} (${order.bank.holder})로 입금 후 기록합니다.` : ''}</Text>
        <Button size="sm" colorPalette="brand" alignSelf="flex-start" disabled={!erased} loading={step.isPending && step.variables?.step === 'payout'} onClick={() => step.mutate({ step: 'payout' }, { onError: fail })} data-testid="buyback-payout">
          {order.payout === 'points' ? '포인트 지급' : '입금 완료 기록'}
        </Button>
      </Stack>
      {failure ? <Text color="red.fg" fontSize="sm" role="alert">{failure}</Text> : null}
    </Stack>
  );
}

function ShopOrderCard({ order }: { order: BuybackOrder }) {
  const step = useShopStep(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const erased = order.erasure !== null;
  return (
    <Card.Root data-testid="buyback-shop-order" data-order-id={order.id}>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" wrap="wrap"><BuybackStatusBadge order={order} /><OverdueBadges overdue={order.overdue} /><ImeiMismatchBadge order={order} /></HStack>
          <Text fontSize="xs" color="fg.muted">{formatDateTime(order.acceptedAt)}</Text>
        </HStack>
        <Text fontWeight="semibold">{order.modelName} · {formatStorage(order.storage)} · {order.grade}급 · {won(order.quotedPrice)}</Text>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item><DataList.ItemLabel>판매하시는 분</DataList.ItemLabel><DataList.ItemValue>{order.sellerName}</DataList.ItemValue></DataList.Item>
          <DataList.Item><DataList.ItemLabel>알린 흠</DataList.ItemLabel><DataList.ItemValue>{order.declared.length ? order.declared.map((c) => BUYBACK_DEDUCTION_LABELS[c]).join(', ') : '없음'}</DataList.ItemValue></DataList.Item>
          <DataList.Item><DataList.ItemLabel>전달·지급</DataList.ItemLabel><DataList.ItemValue>{BUYBACK_HANDOVER_LABELS[order.handover]} · {BUYBACK_PAYOUT_LABELS[order.payout]}</DataList.ItemValue></DataList.Item>
          {order.shipment ? <DataList.Item><DataList.ItemLabel>보낸 송장</DataList.ItemLabel><DataList.ItemValue data-testid="buyback-shop-shipment">{order.shipment.courier} {order.shipment.trackingNumber}</DataList.ItemValue></DataList.Item> : null}
          {order.imei.declared || order.imei.inspected ? (
            <DataList.Item><DataList.ItemLabel>단말기 식별번호 뒤 4자리</DataList.ItemLabel><DataList.ItemValue>알린 번호 {order.imei.declared ?? '없음'}{order.imei.inspected ? ` · 검수 ${order.imei.inspected}` : ''}</DataList.ItemValue></DataList.Item>
          ) : null}
          {order.inspectionDueAt && order.status === 'received' ? <DataList.Item><DataList.ItemLabel>검수 기한</DataList.ItemLabel><DataList.ItemValue>{formatDateTime(order.inspectionDueAt)}</DataList.ItemValue></DataList.Item> : null}
          {order.counter ? <DataList.Item><DataList.ItemLabel>재견적</DataList.ItemLabel><DataList.ItemValue>{won(order.counter.price)} (−{won(order.counter.cut)})</DataList.ItemValue></DataList.Item> : null}
        </DataList.Root>
        {order.status === 'accepted' ? (
          <Button size="sm" colorPalette="brand" alignSelf="flex-start" loading={step.isPending} onClick={() => step.mutate({ step: 'received' }, { onError: (e) => setFailure(describeError(e)) })} data-testid="buyback-receive">입고 확인</Button>
        ) : null}
        {order.status === 'received' ? <InspectionForm order={order} /> : null}
        {order.status === 'counter_offered' ? <Badge colorPalette="orange" alignSelf="flex-start">판매하시는 분의 응답을 기다리는 중</Badge> : null}
        {order.status === 'returning' ? <ReturnForm order={order} /> : null}
        {order.status === 'payout_pending' ? <PayoutForms order={order} erased={erased} /> : null}
        {failure ? <Text color="red.fg" fontSize="sm" role="alert">{failure}</Text> : null}
        <Collapsible.Root>
          <Collapsible.Trigger asChild><Button size="xs" variant="ghost" alignSelf="flex-start">진행 내역</Button></Collapsible.Trigger>
          <Collapsible.Content><Box pt="2"><BuybackTimeline timeline={order.timeline} /></Box></Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The seller dashboard's 매입 tab (issue 26): the grid editor, incoming orders with each step, the inspection form with photos, payouts. */
export function ShopBuybackPanel({ locked }: { locked: boolean }) {
  const orders = useShopBuybackOrders(!locked);
  const open = orders.data?.items.filter((o) => !['paid', 'returned', 'expired', 'cancelled'].includes(o.status)) ?? [];
  const done = orders.data?.items.filter((o) => ['paid', 'returned', 'expired', 'cancelled'].includes(o.status)) ?? [];
  return (
    <Stack gap="6" pt="2">
      <Stack gap="3">
        <Heading as="h3" size="sm">매입 주문 {orders.data ? `(${open.length})` : ''}</Heading>
        {locked ? <Text color="fg.muted" fontSize="sm">정지된 매입처는 매입 업무를 할 수 없습니다.</Text>
          : orders.isError ? <InlineLoadError error={orders.error} onRetry={() => void orders.refetch()} />
          : !orders.data ? <Skeleton h="24" />
          : open.length === 0 ? <Text color="fg.muted" fontSize="sm" data-testid="buyback-shop-empty">처리할 매입 주문이 없습니다.</Text>
          : <Stack gap="3">{open.map((o) => <ShopOrderCard key={o.id} order={o} />)}</Stack>}
        {done.length ? (
          <Collapsible.Root>
            <Collapsible.Trigger asChild><Button size="sm" variant="ghost" alignSelf="flex-start">끝난 주문 {done.length}건</Button></Collapsible.Trigger>
            <Collapsible.Content><Stack gap="3" pt="2">{done.map((o) => <ShopOrderCard key={o.id} order={o} />)}</Stack></Collapsible.Content>
          </Collapsible.Root>
        ) : null}
      </Stack>
      <GridEditor locked={locked} />
    </Stack>
  );
}
