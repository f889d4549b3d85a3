import { josa } from 'es-hangul';
import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Image, Input, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import {
  PRICE_POLICY_STATUS_LABELS, pricePolicyRequestSchema, type PricePolicy, type PricePolicyStatus,
} from '@phonemarket/contracts/sellingPolicies.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatWon } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toaster } from '../../shared/ui/toaster';
import { useApprovePricePolicy, useCreatePricePolicy, useImageBatch, usePricePolicies, useRevertPricePolicy } from './api/pricePolicies';

const STATUS_COLORS: Record<PricePolicyStatus, string> = { draft: 'orange', scheduled: 'blue', approved: 'green', reverted: 'gray', expired: 'purple', failed: 'red' };
const onError = (error: unknown) => toaster.error({ title: '처리 실패', description: describeError(error) });

/** Rows typed or pasted beside the image: `모델ID,용량,통신사,가입유형,요금제ID,공시지원금` per line (a header line is skipped). */
export function parseRows(text: string) {
  return linesOf(text, /^모델/i).map((line) => {
    const [modelId = '', storage = '', carrier = '', joinType = '', planId = '', subsidy = ''] = fieldsOf(line);
    return { modelId, storage: Number(storage.replace(/gb$/i, '')), carrier, joinType, planId, subsidy: amount(subsidy) };
  });
}

/** The fields of one pasted line (tab or comma separated; a quoted field may hold commas). */
const fieldsOf = (line: string) => line.split(/\t|,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((f) => f.trim().replace(/^"|"$/g, ''));
const amount = (text: string) => Number(text.replace(/[,원\s]/g, ''));
const linesOf = (text: string, header: RegExp) => text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !header.test(l));

/** Shop rows: `상품 아이디,추가지원금` per line. */
export function parseShopRows(text: string) {
  return linesOf(text, /^상품/).map((line) => {
    const [offerId = '', extra = ''] = fieldsOf(line);
    return { offerId, extraSubsidy: amount(extra) };
  });
}

/** Final-price rows: `상품 아이디,요금제 아이디,할부원금` per line (the plan empty for a 자급제 unit). */
export function parseFinalPriceRows(text: string) {
  return linesOf(text, /^상품/).map((line) => {
    const [offerId = '', planId = '', finalPrice = ''] = fieldsOf(line);
    return { offerId, planId, finalPrice: amount(finalPrice) };
  });
}

const LIST_LABELS: Record<string, string> = { rows: '', shopRows: '판매점 ', finalPriceRows: '최종가 ' };
/** `rows.2` → `3행: `, `finalPriceRows.0` → `최종가 1행: ` (an error's place in the form). */
const rowPrefix = (list: string | number | symbol | undefined, index: string | number | symbol | undefined) =>
  index !== undefined && !Number.isNaN(Number(index)) ? `${LIST_LABELS[String(list)] ?? ''}${Number(index) + 1}행: ` : '';

function PolicyForm({ batchId, onDone }: { batchId: string; onDone: () => void }) {
  const batch = useImageBatch(batchId);
  const create = useCreatePricePolicy();
  const [today] = useState(() => koreanDayOf(Date.now()));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [validFrom, setValidFrom] = useState(today);
  const [validUntil, setValidUntil] = useState(today);
  const [rows, setRows] = useState('');
  const [shopRows, setShopRows] = useState('');
  const [finalPriceRows, setFinalPriceRows] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const submit = () => {
    const parsed = pricePolicyRequestSchema.safeParse({
      sourceImageBatchId: batchId, policyName: name, description, validFrom, validUntil, rows: parseRows(rows), shopRows: parseShopRows(shopRows), finalPriceRows: parseFinalPriceRows(finalPriceRows),
    });
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => `${rowPrefix(i.path[0], i.path[1])}${i.message}`));
    setErrors([]);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toaster.success({ title: '판매 정책 초안을 저장했습니다', description: validFrom > today ? `승인하면 ${validFrom}부터 적용됩니다.` : '승인하면 통신사 조건에 적용됩니다.' });
        onDone();
      },
      onError: (e) => {
        setErrors(isApiError(e) && e.errors ? Object.entries(e.errors).map(([k, m]) => {
          const [list, index] = k.split('.');
          return `${rowPrefix(list, index)}${m}`;
        }) : [describeError(e)]);
        onError(e);
      },
    });
  };
  return (
    <Card.Root data-testid="policy-form">
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="semibold">원본 이미지</Text>
            {batch.isPending ? <Skeleton h="40" /> : batch.isError ? <Text color="fg.error" fontSize="sm">{describeError(batch.error)}</Text> : (
              <>
                {batch.data.message ? <Text fontSize="sm">{batch.data.message}</Text> : null}
                {batch.data.images.map((img) => img.url
                  ? <Image key={img.imageId} src={img.url} alt="정책 이미지" w="full" rounded="md" borderWidth="1px" />
                  : <Text key={img.imageId} fontSize="xs" wordBreak="break-all">링크: {img.sourceUrl}</Text>)}
              </>
            )}
          </Stack>
          <Stack gap="2">
            <Input aria-label="정책 이름" placeholder="정책 이름" value={name} onChange={(e) => setName(e.target.value)} data-testid="policy-name" />
            <Textarea aria-label="설명" placeholder="설명" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
            <HStack gap="2">
              <Input type="date" aria-label="적용 시작" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />
              <Text>~</Text>
              <Input type="date" aria-label="적용 종료" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
            </HStack>
            <Text fontSize="xs" color="fg.muted">한 줄에 한 행: 모델 아이디, 용량, 통신사, 가입유형, 요금제 아이디, 공시지원금을 쉼표로 구분 (이미지를 보며 입력하거나 표에서 붙여 넣기)</Text>
            <Textarea aria-label="정책 행" rows={6} fontFamily="mono" fontSize="xs" value={rows} onChange={(e) => setRows(e.target.value)} data-testid="policy-rows" />
            <Text fontSize="xs" color="fg.muted">판매점 정책: 한 줄에 한 행, 판매점 상품 아이디와 추가지원금을 쉼표로 구분</Text>
            <Textarea aria-label="판매점 행" rows={3} fontFamily="mono" fontSize="xs" value={shopRows} onChange={(e) => setShopRows(e.target.value)} data-testid="policy-shop-rows" />
            <Text fontSize="xs" color="fg.muted">최종가(할부원금): 한 줄에 한 행, 판매점 상품 아이디, 요금제 아이디(자급제는 비움), 할부원금을 쉼표로 구분. 추가지원금은 출고가 − 공시지원금 − 할부원금으로 정해집니다.</Text>
            <Textarea aria-label="최종가 행" rows={3} fontFamily="mono" fontSize="xs" value={finalPriceRows} onChange={(e) => setFinalPriceRows(e.target.value)} data-testid="policy-final-rows" />
            {errors.length ? <Stack gap="0.5" data-testid="policy-errors">{errors.map((m, i) => <Text key={i} fontSize="sm" color="fg.error">{m}</Text>)}</Stack> : null}
            <HStack>
              <Button colorPalette="brand" loading={create.isPending} onClick={submit} data-testid="policy-submit">초안 저장</Button>
              <Button variant="ghost" onClick={onDone}>취소</Button>
            </HStack>
          </Stack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function PolicyCard({ policy }: { policy: PricePolicy }) {
  const approve = useApprovePricePolicy();
  const revert = useRevertPricePolicy();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const [reverting, setReverting] = useState(false);
  const [today] = useState(() => koreanDayOf(Date.now()));
  const startsLater = policy.validFrom > today;
  const lastApplication = policy.applications.at(-1);
  const appliedShop = (offerId: string, final: boolean) => lastApplication?.shopRows.find((r) => r.offerId === offerId && (r.finalPrice !== null) === final);
  const rowCount = policy.rows.length + policy.shopRows.length + policy.finalPriceRows.length;
  const cancelling = policy.status === 'scheduled';
  return (
    <Card.Root size="sm" data-testid="price-policy" data-status={policy.status}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette={STATUS_COLORS[policy.status]} data-testid="policy-status">{PRICE_POLICY_STATUS_LABELS[policy.status]}</Badge>
            <Text fontWeight="semibold">{policy.policyName}</Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted">{policy.validFrom} ~ {policy.validUntil} · {rowCount}행</Text>
        </HStack>
        {policy.description ? <Text fontSize="sm" color="fg.muted">{policy.description}</Text> : null}
        {policy.status === 'scheduled' ? <Text fontSize="sm" color="blue.fg">{policy.validFrom} 0시(한국 시간)에 자동으로 적용됩니다.</Text> : null}
        {policy.failureReasons.length ? (
          <Stack gap="0.5" data-testid="policy-failure">
            <Text fontSize="sm" color="fg.error">시작일에 적용하지 못했습니다 (아무것도 바뀌지 않았습니다):</Text>
            {policy.failureReasons.map((m, i) => <Text key={i} fontSize="xs" color="fg.error">{m}</Text>)}
          </Stack>
        ) : null}
        <Stack as="ul" gap="0.5" fontSize="xs">
          {policy.rows.slice(0, open ? undefined : 3).map((r, i) => {
            const applied = lastApplication?.rows[i];
            return <Text as="li" key={i} listStyleType="none">{r.modelId} {r.storage}GB {r.carrier} {r.joinType} {r.planId} · 공시지원금 {applied ? `${formatWon(applied.previous)} → ` : ''}{formatWon(r.subsidy)}</Text>;
          })}
          {policy.shopRows.map((r, i) => {
            const applied = appliedShop(r.offerId, false);
            return <Text as="li" key={`s${i}`} listStyleType="none">판매점 상품 {r.offerId} · 추가지원금 {applied ? `${formatWon(applied.previous)} → ` : ''}{formatWon(r.extraSubsidy)}</Text>;
          })}
          {policy.finalPriceRows.map((r, i) => {
            const applied = appliedShop(r.offerId, true);
            return (
              <Text as="li" key={`f${i}`} listStyleType="none" data-testid="policy-final-row">
                판매점 상품 {r.offerId}{r.planId ? ` · ${r.planId}` : ' · 자급제'} · 최종가(할부원금) {formatWon(r.finalPrice)}
                {applied ? ` · 추가지원금 ${formatWon(applied.previous)} → ${formatWon(applied.extraSubsidy)}` : ''}
              </Text>
            );
          })}
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {policy.status === 'draft' ? <Button size="xs" colorPalette="green" loading={approve.isPending} data-testid="policy-approve"
            onClick={() => approve.mutate(policy.id, {
              onSuccess: (answer) => toaster.success(answer.scheduled
                ? { title: '승인하여 적용을 예약했습니다', description: `${policy.validFrom} 0시(한국 시간)에 자동으로 적용됩니다.` }
                : { title: '승인하여 적용했습니다', description: '해당 조건의 상품 가격이 바뀌었습니다.' }),
              onError,
            })}>{startsLater ? `승인 (${policy.validFrom}부터 적용)` : '승인 및 적용'}</Button> : null}
          {policy.status === 'approved' || cancelling ? (
            <Button size="xs" colorPalette="red" variant="outline" data-testid="policy-revert" onClick={() => setReverting(true)}>{cancelling ? '예약 취소' : '되돌리기'}</Button>
          ) : null}
          <Button size="xs" variant="plain" px="0" onClick={() => setOpen((v) => !v)} aria-expanded={open}>{open ? '접기' : '전체 행과 이력'}</Button>
        </HStack>
        {open ? (
          <Stack as="ol" gap="0.5" fontSize="xs" data-testid="policy-history">
            {policy.history.map((h, i) => <Text as="li" key={i} listStyleType="none">{formatDateTime(h.at)} · {PRICE_POLICY_STATUS_LABELS[h.status]}{h.note ? ` · ${h.note}` : ''}</Text>)}
          </Stack>
        ) : null}
        <ConfirmDialog open={reverting} onClose={() => setReverting(false)} title={cancelling ? '정책 적용 예약 취소' : '정책 되돌리기'} confirmLabel={cancelling ? '예약 취소' : '되돌리기'}
          confirming={revert.isPending}
          onConfirm={() => revert.mutate({ id: policy.id, reason: reason.trim() || undefined }, {
            onSuccess: () => {
              toaster.success(cancelling ? { title: '적용 예약을 취소했습니다', description: '아무것도 바뀌지 않습니다.' } : { title: '적용을 되돌렸습니다', description: '이전 금액으로 돌아갔습니다.' });
              setReverting(false);
            },
            onError,
          })}>
          <Stack gap="2">
            <Text>{cancelling ? `${policy.validFrom}부터 적용될 '${policy.policyName}'${josa.pick(policy.policyName, '을/를')} 적용하지 않습니다.` : `'${policy.policyName}'의 모든 행을 적용 전 금액으로 되돌립니다. 해당 상품 가격이 바로 바뀝니다.`}</Text>
            <Input size="sm" placeholder="이유 (선택)" aria-label="되돌리는 이유" value={reason} onChange={(e) => setReason(e.target.value)} />
          </Stack>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

/** 판매 정책: policies written from image batches, their validity, applications, revert and history. */
export function PricePoliciesTab({ batchId }: { batchId: string }) {
  const policies = usePricePolicies();
  const [writing, setWriting] = useState(batchId !== '');
  return (
    <Stack gap="4">
      {writing && batchId ? <PolicyForm batchId={batchId} onDone={() => setWriting(false)} /> : (
        <Text fontSize="sm" color="fg.muted">새 정책은 이미지 수집 관리에서 이미지 묶음의 &lsquo;이 이미지로 정책 작성&rsquo;으로 시작합니다.</Text>
      )}
      <Heading as="h3" size="sm">정책 목록</Heading>
      {policies.isPending ? <Skeleton h="24" /> : policies.isError ? <Text color="fg.error">{describeError(policies.error)}</Text>
        : policies.data.policies.length === 0 ? <Text color="fg.muted" fontSize="sm" data-testid="policies-empty">판매 정책이 없습니다.</Text>
        : <Stack gap="3">{policies.data.policies.map((p) => <PolicyCard key={p.id} policy={p} />)}</Stack>}
      <Box />
    </Stack>
  );
}
