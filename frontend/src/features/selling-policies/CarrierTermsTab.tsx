import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { CARRIERS } from '@phonemarket/contracts';
import { subsidyRequestSchema, type CarrierTerms, type ScheduledSubsidyTerm, type SubsidyTerm, type TermsHistory } from '@phonemarket/contracts/carrierTerms.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatWon } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { toaster } from '../../shared/ui/toaster';
import { useCancelScheduledSubsidy, useCarrierTerms, useImportSubsidies, useSetPlan, useSetReleasePrice, useSetSubsidy, useTermsHistory, type TermsFilter } from './api/carrierTerms';

const SOURCE_LABELS: Record<string, string> = { seed: '현재 카탈로그', admin: '관리자', csv: '표 가져오기', policy: '판매 정책', expiry: '기간 만료' };
const sourceLabel = (s: string) => SOURCE_LABELS[s.split(':')[0]!] ?? s;
const won = (text: string) => Number(text.replace(/[,\s원]/g, ''));
const onError = (error: unknown) => toaster.error({ title: '저장 실패', description: describeError(error) });

function SubsidyRow({ row }: { row: SubsidyTerm }) {
  const save = useSetSubsidy();
  const [subsidy, setSubsidy] = useState(String(row.subsidy));
  const [from, setFrom] = useState(row.validFrom ?? '');
  const [until, setUntil] = useState(row.validUntil ?? '');
  // Issue 40: the months the 공시지원금 requires the plan kept (empty: none), counted in every offer's 실부담.
  const keptBefore = row.conditions?.planKeep ? String(row.conditions.planKeep.months) : '';
  const [keep, setKeep] = useState(keptBefore);
  const [error, setError] = useState<string | null>(null);
  const dirty = won(subsidy) !== row.subsidy || from !== (row.validFrom ?? '') || until !== (row.validUntil ?? '') || keep.trim() !== keptBefore;
  const submit = () => {
    const parsed = subsidyRequestSchema.safeParse({
      modelId: row.modelId, storage: row.storage, carrier: row.carrier, joinType: row.joinType, planId: row.planId, subsidy: won(subsidy), validFrom: from || null, validUntil: until || null,
      conditions: { planKeep: keep.trim() ? { planId: null, months: Number(keep.trim()) } : null },
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '입력값을 확인해주세요.');
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (answer.scheduled) {
          toaster.success({ title: '공시지원금 변경을 예약했습니다', description: `${parsed.data.validFrom}부터 적용됩니다. 그때까지는 지금 금액으로 판매됩니다.` });
          // The row keeps the figure in force; the waiting one is listed under 적용 예정.
          setSubsidy(String(row.subsidy)); setFrom(row.validFrom ?? ''); setUntil(row.validUntil ?? '');
        } else {
          toaster.success({ title: '공시지원금을 저장했습니다', description: '이 조건의 모든 상품 가격이 다시 계산됩니다.' });
        }
      },
      onError: (e) => { setError(isApiError(e) ? e.detail : describeError(e)); onError(e); },
    });
  };
  return (
    <Table.Row data-testid="subsidy-row">
      <Table.Cell>{storageLabel(row.storage)}</Table.Cell>
      <Table.Cell>{row.carrier}</Table.Cell>
      <Table.Cell>{row.joinType}</Table.Cell>
      <Table.Cell minW="36">{row.planName}</Table.Cell>
      <Table.Cell minW="32">
        <Input size="xs" inputMode="numeric" aria-label={`${row.planName} 공시지원금`} value={subsidy} onChange={(e) => setSubsidy(e.target.value)} />
        {error ? <Text fontSize="xs" color="fg.error" mt="1">{error}</Text> : null}
      </Table.Cell>
      <Table.Cell minW="64">
        <HStack gap="1">
          <Input size="xs" type="date" aria-label="적용 시작" value={from} onChange={(e) => setFrom(e.target.value)} />
          <Text fontSize="xs">~</Text>
          <Input size="xs" type="date" aria-label="적용 종료" value={until} onChange={(e) => setUntil(e.target.value)} />
        </HStack>
      </Table.Cell>
      <Table.Cell minW="24">
        <Input size="xs" inputMode="numeric" aria-label={`${row.planName} 요금제 유지 개월`} placeholder="없음" value={keep} onChange={(e) => setKeep(e.target.value)} data-testid="subsidy-plan-keep" />
      </Table.Cell>
      <Table.Cell><Badge variant="subtle" size="sm">{sourceLabel(row.source)}</Badge></Table.Cell>
      <Table.Cell textAlign="end"><Button size="xs" colorPalette="brand" disabled={!dirty} loading={save.isPending} onClick={submit}>저장</Button></Table.Cell>
    </Table.Row>
  );
}

const storageLabel = (storage: number) => (storage >= 1024 ? `${storage / 1024}TB` : `${storage}GB`);

/** 적용 예정: 공시지원금 figures waiting for their 적용 시작 (the scheduler sets each at the start of that day); each can be cancelled before. */
function ScheduledSubsidies({ rows }: { rows: ScheduledSubsidyTerm[] }) {
  const cancel = useCancelScheduledSubsidy();
  const [target, setTarget] = useState<ScheduledSubsidyTerm | null>(null);
  if (rows.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">적용 예정 ({rows.length}건)</Heading>
      <Text fontSize="xs" color="fg.muted">적용 시작일 0시(한국 시간)에 자동으로 반영됩니다. 그 전까지 상품 가격은 지금 금액 그대로입니다.</Text>
      <Stack as="ul" gap="1" data-testid="scheduled-subsidies">
        {rows.map((r) => (
          <HStack as="li" key={`${r.storage}|${r.carrier}|${r.joinType}|${r.planId}|${r.validFrom}`} justify="space-between" gap="2" flexWrap="wrap" borderWidth="1px" rounded="md" px="3" py="2" fontSize="sm">
            <Text>
              <Badge colorPalette="purple" size="sm" mr="2">{r.validFrom}부터</Badge>
              {storageLabel(r.storage)} {r.carrier} {r.joinType} {r.planName} · 공시지원금 {formatWon(r.subsidy)}{r.validUntil ? ` (${r.validUntil}까지)` : ''}{r.conditions?.planKeep ? ` · 요금제 유지 ${r.conditions.planKeep.months}개월` : ''} · {sourceLabel(r.source)}
            </Text>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setTarget(r)}>예약 취소</Button>
          </HStack>
        ))}
      </Stack>
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} title="공시지원금 변경 예약 취소" confirmLabel="예약 취소" confirming={cancel.isPending}
        onConfirm={() => target && cancel.mutate(
          { modelId: target.modelId, storage: target.storage, carrier: target.carrier, joinType: target.joinType, planId: target.planId, validFrom: target.validFrom },
          { onSuccess: () => { toaster.success({ title: '예약을 취소했습니다', description: '지금 금액이 그대로 유지됩니다.' }); setTarget(null); }, onError },
        )}>
        <Text>{target ? `${target.validFrom}부터 적용될 ${storageLabel(target.storage)} ${target.carrier} ${target.joinType} ${target.planName} 공시지원금 ${formatWon(target.subsidy)} 변경을 취소할까요?` : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

const CHANGE_KIND_LABELS: Record<TermsHistory['changes'][number]['kind'], string> = {
  subsidy: '공시지원금', scheduledSubsidy: '공시지원금 예약', cancelledSubsidy: '공시지원금 예약 취소', plan: '요금제', releasePrice: '출고가',
};
/** One change as a line: what (model terms, plan or 출고가), from → to, from where. */
function changeLine(c: TermsHistory['changes'][number]): string {
  const [terms = '', day] = c.key.split('@');
  const [, storage, ...rest] = terms.split('|');
  const what = c.kind === 'plan' ? `${CHANGE_KIND_LABELS.plan} ${c.planId} 월 요금`
    : c.kind === 'releasePrice' ? `${CHANGE_KIND_LABELS.releasePrice} ${storageLabel(Number(storage))}`
    : `${CHANGE_KIND_LABELS[c.kind]} ${storageLabel(Number(storage))} ${rest.join(' ')} ${c.planId}${day ? ` (${day}부터)` : ''}`;
  // A waiting figure has no figure before it: only what it will be.
  const amount = c.kind === 'scheduledSubsidy' || c.kind === 'cancelledSubsidy' ? formatWon(c.to) : `${c.from === null ? '없음' : formatWon(c.from)} → ${formatWon(c.to)}`;
  return `${what} · ${amount} · ${sourceLabel(c.source)}`;
}

function ReleasePrice({ modelId, storage, releasePrice }: { modelId: string; storage: number; releasePrice: number }) {
  const save = useSetReleasePrice();
  const [value, setValue] = useState(String(releasePrice));
  return (
    <HStack gap="2" data-testid="release-price">
      <Text fontSize="sm" minW="14">{storageLabel(storage)}</Text>
      <Input size="xs" maxW="32" inputMode="numeric" aria-label={`${storage}GB 출고가`} value={value} onChange={(e) => setValue(e.target.value)} />
      <Button size="xs" variant="outline" disabled={won(value) === releasePrice || !Number.isFinite(won(value))} loading={save.isPending}
        onClick={() => save.mutate({ modelId, storage, releasePrice: won(value) }, { onSuccess: () => toaster.success({ title: '출고가를 저장했습니다' }), onError })}>저장</Button>
    </HStack>
  );
}

function PlanRow({ plan }: { plan: CarrierTerms['plans'][number] }) {
  const save = useSetPlan();
  const [fee, setFee] = useState(String(plan.monthlyFee));
  return (
    <Table.Row data-testid="plan-row">
      <Table.Cell>{plan.carrier}</Table.Cell>
      <Table.Cell minW="36">{plan.name}</Table.Cell>
      <Table.Cell>{plan.data} · {plan.voice} · {plan.sms}</Table.Cell>
      <Table.Cell minW="28"><Input size="xs" inputMode="numeric" aria-label={`${plan.name} 월 요금`} value={fee} onChange={(e) => setFee(e.target.value)} /></Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="xs" colorPalette="brand" disabled={won(fee) === plan.monthlyFee || !Number.isFinite(won(fee))} loading={save.isPending}
          onClick={() => save.mutate({ planId: plan.planId, body: { name: plan.name, monthlyFee: won(fee), data: plan.data, voice: plan.voice, sms: plan.sms, benefits: plan.benefits } }, {
            onSuccess: () => toaster.success({ title: '요금제를 저장했습니다', description: '이 요금제의 모든 상품 가격이 다시 계산됩니다.' }), onError,
          })}>저장</Button>
      </Table.Cell>
    </Table.Row>
  );
}

function CsvImport() {
  const importCsv = useImportSubsidies();
  const [csv, setCsv] = useState('');
  const [rowErrors, setRowErrors] = useState<[string, string][]>([]);
  const submit = () => importCsv.mutate(csv, {
    onSuccess: (r) => { setRowErrors([]); setCsv(''); toaster.success({ title: `${r.imported}행을 가져왔습니다`, description: `${r.changed}건이 바뀌었습니다.${r.scheduled ? ` 그중 ${r.scheduled}건은 적용 시작일에 반영됩니다.` : ''}` }); },
    onError: (e) => { setRowErrors(isApiError(e) && e.errors ? Object.entries(e.errors) : []); onError(e); },
  });
  return (
    <Card.Root size="sm">
      <Card.Body gap="2">
        <Heading as="h3" size="sm">표 가져오기</Heading>
        <Text fontSize="xs" color="fg.muted">쉼표로 구분한 표: 첫 줄은 머리글(모델 아이디, 용량, 통신사, 가입유형, 요금제 아이디, 공시지원금, 적용시작, 적용종료)입니다. 한 행이라도 틀리면 아무것도 반영하지 않습니다.</Text>
        <Box><FilePickButton accept=".csv,text/csv" label="표 파일" onFiles={async (files) => { const f = files?.[0]; if (f) setCsv(await f.text()); }}>파일 선택</FilePickButton></Box>
        <Textarea rows={4} fontFamily="mono" fontSize="xs" value={csv} onChange={(e) => setCsv(e.target.value)} aria-label="표 내용" data-testid="csv-text" />
        <Box><Button size="sm" colorPalette="brand" disabled={csv.trim() === ''} loading={importCsv.isPending} onClick={submit} data-testid="csv-submit">가져오기</Button></Box>
        {rowErrors.length ? (
          <Alert.Root status="error" data-testid="csv-errors">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>오류가 있는 행</Alert.Title>
              <Alert.Description><Stack as="ul" gap="0.5" mt="1">{rowErrors.map(([row, message]) => <Text as="li" key={row} fontSize="sm" listStyleType="none">{row}: {message}</Text>)}</Stack></Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** 통신사 조건: 출고가 per variant and 공시지원금 per table and plan of one model (with validity), CSV import, every change. */
export function CarrierTermsTab() {
  const all = useCarrierTerms({ modelId: '', carrier: '' });
  const models = useMemo(() => [...new Map((all.data?.releasePrices ?? []).map((r) => [r.modelId, r.modelName])).entries()], [all.data]);
  const [filter, setFilter] = useState<TermsFilter>({ modelId: '', carrier: '' });
  const modelId = filter.modelId || models[0]?.[0] || '';
  const terms = useCarrierTerms({ ...filter, modelId }, modelId !== '');
  const history = useTermsHistory(modelId, modelId !== '');
  if (all.isPending) return <Skeleton h="40" />;
  if (all.isError) return <Text color="fg.error">{describeError(all.error)}</Text>;
  return (
    <Stack gap="5">
      <HStack gap="2" flexWrap="wrap">
        <NativeSelect.Root size="sm" maxW="64">
          <NativeSelect.Field aria-label="모델" value={modelId} onChange={(e) => setFilter((f) => ({ ...f, modelId: e.target.value }))}>
            {models.map(([id, name]) => <option key={id} value={id}>{name}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" maxW="40">
          <NativeSelect.Field aria-label="통신사" value={filter.carrier} onChange={(e) => setFilter((f) => ({ ...f, carrier: e.target.value }))}>
            <option value="">전체 통신사</option>
            {CARRIERS.map((c) => <option key={c} value={c}>{c}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {terms.isPending ? <Skeleton h="40" /> : terms.isError ? <Text color="fg.error">{describeError(terms.error)}</Text> : (
        <>
          <Stack gap="2">
            <Heading as="h3" size="sm">출고가</Heading>
            {terms.data.releasePrices.map((r) => <ReleasePrice key={`${r.modelId}-${r.storage}-${r.releasePrice}`} modelId={r.modelId} storage={r.storage} releasePrice={r.releasePrice} />)}
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="sm">공시지원금 ({terms.data.subsidies.length}건)</Heading>
            {terms.data.subsidies.length === 0 ? <Text color="fg.muted" fontSize="sm">이 모델의 통신사 조건이 없습니다.</Text> : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm" data-testid="subsidy-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>용량</Table.ColumnHeader><Table.ColumnHeader>통신사</Table.ColumnHeader><Table.ColumnHeader>가입유형</Table.ColumnHeader>
                      <Table.ColumnHeader>요금제</Table.ColumnHeader><Table.ColumnHeader>공시지원금(원)</Table.ColumnHeader><Table.ColumnHeader>적용 기간</Table.ColumnHeader>
                      <Table.ColumnHeader>요금제 유지(개월)</Table.ColumnHeader><Table.ColumnHeader>출처</Table.ColumnHeader><Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {terms.data.subsidies.map((s) => <SubsidyRow key={`${s.storage}|${s.carrier}|${s.joinType}|${s.planId}|${s.subsidy}|${s.validFrom}|${s.validUntil}|${s.conditions?.planKeep?.months ?? ''}`} row={s} />)}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
          <ScheduledSubsidies rows={terms.data.scheduledSubsidies} />
        </>
      )}
      {terms.data && terms.data.plans.length ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">요금제</Heading>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="plan-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>통신사</Table.ColumnHeader><Table.ColumnHeader>요금제</Table.ColumnHeader><Table.ColumnHeader>데이터 · 음성 · 문자</Table.ColumnHeader>
                  <Table.ColumnHeader>월 요금(원)</Table.ColumnHeader><Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>{terms.data.plans.map((p) => <PlanRow key={`${p.planId}-${p.monthlyFee}`} plan={p} />)}</Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      ) : null}
      <CsvImport />
      <Stack gap="2">
        <Heading as="h3" size="sm">변경 이력</Heading>
        {history.data?.changes.length ? (
          <Stack as="ol" gap="1" fontSize="sm" data-testid="terms-history">
            {history.data.changes.map((c, i) => (
              <Text as="li" key={i} listStyleType="none">{formatDateTime(c.at)} · {changeLine(c)}</Text>
            ))}
          </Stack>
        ) : <Text color="fg.muted" fontSize="sm">변경 이력이 없습니다.</Text>}
      </Stack>
    </Stack>
  );
}
