import { useState } from 'react';
import {
  Alert, Badge, Box, Button, Card, Code, Container, Heading, HStack, Image, Input, Link, NativeSelect, Separator, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  CHANNEL_IMAGE_TYPES, IMAGE_BATCH_STATUSES, IMAGE_BATCH_STATUS_LABELS, SYSTEM_PROCESSOR, channelRequestSchema, channelSettingsSchema,
  type Channel, type ChannelCreated, type ChannelFormInput, type ChannelHistoryEntry, type ChannelRequest, type ChannelSettingsRequest,
  type ImageBatch, type ImageBatchProcessingResult, type ImageBatchStatus,
} from '@phonemarket/contracts/channels.ts';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime, formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { StatGrid } from '../../shared/ui/StatGrid';
import { toaster } from '../../shared/ui/toaster';
import {
  useChangeChannelSettings, useChannels, useImageBatches, useRegisterChannel, useSetBatchStatus, useSetChannelActive, type BatchFilter,
} from './api/channels';

const STATUS_COLORS: Record<ImageBatchStatus, string> = { QUEUED: 'orange', REVIEWING: 'blue', APPROVED: 'green', REJECTED: 'red' };
const FIELDS = ['channelId', 'channelName', 'description', 'allowedImageTypes'] as const;
const EMPTY: ChannelFormInput = { channelId: '', channelName: '', description: '', isActive: true, autoProcessImages: true, allowedImageTypes: ['image/jpeg', 'image/png', 'image/webp'] };
/** How a picture format reads on a Korean page. */
const TYPE_LABELS: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' };
const typeLabel = (t: string) => TYPE_LABELS[t] ?? t;
const onError = (error: unknown) => toaster.error({ title: '처리 실패', description: describeError(error) });

/** 512 → '512B', 20480 → '20KB', 1572864 → '1.5MB'. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10}${unit}`;
}

/** What processing found, in Korean: 이미지 2장 · 링크 1개 · 용량 1.5MB · 최대 1080×1920 · PNG, JPEG. */
export function processingSummary(result: ImageBatchProcessingResult): string {
  return [
    `이미지 ${formatNumber(result.imageCount)}장`,
    `링크 ${formatNumber(result.linkCount)}개`,
    `용량 ${sizeLabel(result.totalBytes)}`,
    ...(result.maxWidth !== null && result.maxHeight !== null ? [`최대 ${result.maxWidth}×${result.maxHeight}`] : []),
    ...(result.contentTypes.length ? [result.contentTypes.map(typeLabel).join(', ')] : []),
  ].join(' · ');
}

const CHANGE_LABELS: Record<ChannelHistoryEntry['change'], string> = { registered: '등록', active: '활성 변경', settings: '설정 변경' };
const autoLabel = (on: boolean) => (on ? '자동 처리 켜짐' : '자동 처리 꺼짐');

function ChannelForm({ onCreated }: { onCreated: (created: ChannelCreated) => void }) {
  const register = useRegisterChannel();
  const form = useForm<ChannelFormInput, unknown, ChannelRequest>({ resolver: zodResolver(channelRequestSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => register.mutate(values, {
    onSuccess: (created) => {
      toaster.success({ title: '채널 등록 완료', description: '채널 키는 지금 한 번만 보여 드립니다.' });
      form.reset(EMPTY);
      onCreated(created);
    },
    onError: (error) => {
      applyServerErrors(error, form.setError, FIELDS);
      onError(error);
    },
  }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="채널 등록">
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label="채널 아이디" required error={errors.channelId}>
            <Input data-testid="channel-id" placeholder="kt-daeri-1" autoComplete="off" {...form.register('channelId')} />
          </FormField>
          <FormField label="채널 이름" required error={errors.channelName}>
            <Input data-testid="channel-name" placeholder="KT 대리점 정책방" {...form.register('channelName')} />
          </FormField>
        </SimpleGrid>
        <FormField label="설명" error={errors.description}><Textarea rows={2} {...form.register('description')} /></FormField>
        <FormField label="허용 이미지 형식" required error={(errors.allowedImageTypes as { message?: string } | undefined)?.message ? errors.allowedImageTypes as never : undefined}>
          <HStack gap="4" flexWrap="wrap">
            {CHANNEL_IMAGE_TYPES.map((t) => <label key={t}><input type="checkbox" value={t} {...form.register('allowedImageTypes')} /> {typeLabel(t)}</label>)}
          </HStack>
        </FormField>
        <HStack gap="4" flexWrap="wrap">
          <label><input type="checkbox" {...form.register('isActive')} /> 활성</label>
          <label><input type="checkbox" {...form.register('autoProcessImages')} /> 이미지 자동 처리</label>
        </HStack>
        <Box><Button type="submit" colorPalette="brand" loading={register.isPending} data-testid="channel-submit">채널 등록</Button></Box>
      </Stack>
    </form>
  );
}

/** The channel's allowed picture formats, changed later (`PUT …/settings`, the route's own schema). */
function ImageTypesForm({ channel, onDone }: { channel: Channel; onDone: () => void }) {
  const settings = useChangeChannelSettings();
  const form = useForm<ChannelSettingsRequest>({ resolver: zodResolver(channelSettingsSchema), defaultValues: { allowedImageTypes: channel.allowedImageTypes as ChannelSettingsRequest['allowedImageTypes'] } });
  const error = form.formState.errors.allowedImageTypes;
  const onSubmit = form.handleSubmit((values) => settings.mutate({ channelId: channel.channelId, ...values }, {
    onSuccess: () => { toaster.success({ title: '허용 형식을 바꿨습니다' }); onDone(); },
    onError: (e) => { applyServerErrors(e, form.setError, ['allowedImageTypes']); onError(e); },
  }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${channel.channelName} 허용 형식`}>
      <HStack gap="3" flexWrap="wrap" fontSize="sm">
        {CHANNEL_IMAGE_TYPES.map((t) => <label key={t}><input type="checkbox" value={t} {...form.register('allowedImageTypes')} /> {typeLabel(t)}</label>)}
        <Button type="submit" size="xs" variant="outline" loading={settings.isPending} data-testid="channel-types-save">저장</Button>
        <Button size="xs" variant="ghost" onClick={onDone}>취소</Button>
      </HStack>
      {error?.message ? <Text color="fg.error" fontSize="xs" mt="1">{error.message}</Text> : null}
    </form>
  );
}

function ChannelRow({ channel }: { channel: Channel }) {
  const active = useSetChannelActive();
  const settings = useChangeChannelSettings();
  const [editingTypes, setEditingTypes] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const setAuto = (on: boolean) => settings.mutate({ channelId: channel.channelId, autoProcessImages: on }, {
    onSuccess: () => toaster.success({ title: on ? '자동 처리를 켰습니다' : '자동 처리를 껐습니다', description: '다음에 받는 이미지부터 적용됩니다.' }),
    onError,
  });
  return (
    <Card.Root size="sm" data-testid="channel-row" opacity={channel.isActive ? 1 : 0.65}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">{channel.channelName}</Text>
            <Badge variant="outline">{channel.channelId}</Badge>
            <Badge colorPalette={channel.isActive ? 'green' : 'gray'}>{channel.isActive ? '활성' : '비활성'}</Badge>
          </HStack>
          <Button size="xs" variant="outline" loading={active.isPending} onClick={() => active.mutate({ channelId: channel.channelId, isActive: !channel.isActive }, { onError })}>
            {channel.isActive ? '비활성화' : '활성화'}
          </Button>
        </HStack>
        {channel.description ? <Text fontSize="sm" color="fg.muted">{channel.description}</Text> : null}
        <Switch.Root
          size="sm" colorPalette="brand" checked={channel.autoProcessImages} disabled={settings.isPending}
          onCheckedChange={(d) => setAuto(d.checked)} data-testid="channel-auto"
        >
          <Switch.HiddenInput aria-label={`${channel.channelName} 이미지 자동 처리`} />
          <Switch.Control><Switch.Thumb /></Switch.Control>
          <Switch.Label fontSize="sm" data-testid="channel-auto-label">{autoLabel(channel.autoProcessImages)}</Switch.Label>
        </Switch.Root>
        <Text fontSize="xs" color="fg.muted">{channel.autoProcessImages ? '받은 이미지를 바로 처리해 검토중으로 넘깁니다.' : '받은 이미지는 관리자가 처리 시작할 때까지 대기합니다.'}</Text>
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">수신 주소 <Code fontSize="xs">{channel.webhookUrl}</Code></Text>
        <HStack fontSize="xs" color="fg.muted" gap="2" flexWrap="wrap">
          <Text>수집 {formatNumber(channel.totalBatches)}건 · 마지막 수신 {channel.lastActivity ? formatDateTime(channel.lastActivity) : '없음'} · 형식 {channel.allowedImageTypes.map(typeLabel).join(', ')}</Text>
          {editingTypes ? null : <Button size="xs" variant="plain" px="0" onClick={() => setEditingTypes(true)} data-testid="channel-types-edit">형식 변경</Button>}
        </HStack>
        {editingTypes ? <ImageTypesForm channel={channel} onDone={() => setEditingTypes(false)} /> : null}
        <Box>
          <Button size="xs" variant="plain" px="0" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>
            {showHistory ? '이력 닫기' : `이력 보기 (${channel.history.length})`}
          </Button>
          {showHistory ? (
            <Stack as="ol" gap="1" mt="1" fontSize="xs" data-testid="channel-history">
              {channel.history.map((h, i) => (
                <Text as="li" key={i} listStyleType="none">
                  {formatDateTime(h.at)} · {CHANGE_LABELS[h.change]} · {h.isActive ? '활성' : '비활성'} · {autoLabel(h.autoProcessImages)} · {h.allowedImageTypes.map(typeLabel).join(', ')}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** Who processed a batch, when, and what it found. */
function Processing({ batch }: { batch: ImageBatch }) {
  const { user } = useSession();
  if (batch.processedAt === null || batch.processingResult === null) return null;
  const bySystem = batch.processedBy === SYSTEM_PROCESSOR;
  return (
    <Box data-testid="batch-processing" borderWidth="1px" rounded="md" px="3" py="2" bg="bg.subtle" fontSize="sm">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={bySystem ? 'purple' : 'blue'} variant="subtle">{bySystem ? '자동 처리됨' : '관리자 처리'}</Badge>
        {bySystem ? null : <Text fontSize="xs" color="fg.muted">{batch.processedBy === user?.id ? '내가 처리' : `처리자 ${batch.processedBy}`}</Text>}
        <Text fontSize="xs" color="fg.muted">{formatDateTime(batch.processedAt)}</Text>
      </HStack>
      <Text mt="1" data-testid="batch-processing-summary">{processingSummary(batch.processingResult)}</Text>
    </Box>
  );
}

function BatchCard({ batch }: { batch: ImageBatch }) {
  const status = useSetBatchStatus();
  const [reason, setReason] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const move = (to: 'REVIEWING' | 'APPROVED' | 'REJECTED', note?: string) =>
    status.mutate({ id: batch.id, status: to, ...(note ? { note } : {}) }, {
      onSuccess: () => toaster.success({ title: to === 'REVIEWING' ? '처리했습니다. 검토중으로 넘겼습니다' : to === 'APPROVED' ? '승인했습니다' : '반려했습니다' }),
      onError,
    });
  const open = batch.status === 'QUEUED' || batch.status === 'REVIEWING';
  return (
    <Card.Root data-testid="image-batch" data-status={batch.status} size="sm">
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette={STATUS_COLORS[batch.status]} data-testid="batch-status">{IMAGE_BATCH_STATUS_LABELS[batch.status]}</Badge>
            <Text fontWeight="semibold">{batch.channelName ?? batch.channelId}</Text>
            <Text fontSize="sm" color="fg.muted">이미지 {batch.imageCount}장</Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted">{formatDateTime(batch.createdAt)} · 전송 번호 {batch.deliveryId}</Text>
        </HStack>
        {batch.message ? <Text fontSize="sm" whiteSpace="pre-wrap">{batch.message}</Text> : null}
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gap="2">
          {batch.images.map((image) => image.url ? (
            <Link key={image.imageId} href={image.url} target="_blank" rel="noreferrer" display="block">
              <Image src={image.url} alt={`정책 이미지 ${image.imageId}`} w="full" aspectRatio={1} objectFit="cover" rounded="md" borderWidth="1px" bg="bg.muted" />
            </Link>
          ) : (
            <Box key={image.imageId} borderWidth="1px" rounded="md" p="2" fontSize="xs" wordBreak="break-all" bg="bg.muted">
              링크 이미지<br />
              <Link href={image.sourceUrl ?? undefined} target="_blank" rel="noreferrer noopener" color="fg.info">{image.sourceUrl}</Link>
            </Box>
          ))}
        </SimpleGrid>
        <Processing batch={batch} />
        {batch.note ? <Text fontSize="sm" color="fg.muted">메모: {batch.note}</Text> : null}
        {open ? (
          <Stack gap="2">
            <HStack gap="2" flexWrap="wrap">
              {batch.status === 'QUEUED' ? <Button size="xs" colorPalette="brand" disabled={status.isPending} onClick={() => move('REVIEWING')} data-testid="batch-review">처리 시작</Button> : null}
              <Button size="xs" colorPalette="green" disabled={status.isPending} onClick={() => move('APPROVED')} data-testid="batch-approve">승인</Button>
              <Button size="xs" asChild variant="ghost"><RouterLink to={`/admin-selling-policies?batch=${encodeURIComponent(batch.id)}`}>이 이미지로 정책 작성</RouterLink></Button>
            </HStack>
            <HStack gap="2" flexDirection={{ base: 'column', sm: 'row' }} align="stretch">
              <Input size="sm" placeholder="반려 사유" value={reason} onChange={(e) => setReason(e.target.value)} aria-label="반려 사유" />
              <Button size="sm" colorPalette="red" variant="outline" disabled={status.isPending || reason.trim() === ''} onClick={() => move('REJECTED', reason.trim())}>반려</Button>
            </HStack>
          </Stack>
        ) : null}
        <Box>
          <Button size="xs" variant="plain" px="0" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>{showHistory ? '이력 닫기' : `이력 보기 (${batch.history.length})`}</Button>
          {showHistory ? (
            <Stack as="ol" gap="1" mt="1" fontSize="xs" data-testid="batch-history">
              {batch.history.map((h, i) => (
                <Text as="li" key={i} listStyleType="none">
                  {formatDateTime(h.at)} · {IMAGE_BATCH_STATUS_LABELS[h.status]} · {h.actor.role === 'admin' ? '관리자' : h.status === 'QUEUED' ? '채널' : '자동 처리'}{h.note ? ` · ${h.note}` : ''}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin-image-collection: channels (register, key once, on/off, auto processing, formats, history), the queue of received policy images with filters, review, history and the four counters. */
export default function ImageCollectionPage() {
  useDocumentTitle('이미지 수집 관리');
  const { role, isLoading } = useSession();
  const isAdmin = role === 'admin';
  const [filter, setFilter] = useState<BatchFilter>({ status: '', channelId: '' });
  const [created, setCreated] = useState<ChannelCreated | null>(null);
  const [adding, setAdding] = useState(false);
  const channels = useChannels(isAdmin);
  const batches = useImageBatches(filter, isAdmin);

  if (!isAdmin) {
    return <Container maxW="3xl" py="10">{isLoading ? <Skeleton h="24" /> : <Text data-testid="admin-forbidden">관리자만 접근할 수 있습니다.</Text>}</Container>;
  }
  const counters = batches.data?.counters;
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Box>
            <Heading as="h1" size="xl">이미지 수집 관리</Heading>
            <Text color="fg.muted" fontSize="sm">메신저 채널로 받은 판매 정책 이미지를 검토합니다.</Text>
          </Box>
          <Button asChild variant="outline" size="sm"><RouterLink to="/admin-selling-policies">판매 정책 관리</RouterLink></Button>
        </HStack>
        <StatGrid testId="image-counters" figures={[
          ['오늘 수집', counters ? formatNumber(counters.collectedToday) : '-'],
          ['검토 대기', counters ? formatNumber(counters.awaitingReview) : '-'],
          ['승인', counters ? formatNumber(counters.approved) : '-'],
          ['활성 채널', counters ? formatNumber(counters.activeChannels) : '-'],
        ]} />

        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap">
            <Heading as="h2" size="md">채널</Heading>
            <Button size="sm" variant={adding ? 'ghost' : 'solid'} colorPalette="brand" onClick={() => setAdding((v) => !v)}>{adding ? '닫기' : '채널 등록'}</Button>
          </HStack>
          {created ? (
            <Alert.Root status="warning" data-testid="channel-api-key">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{created.id} 채널의 키 — 지금 한 번만 보여 드립니다</Alert.Title>
                <Alert.Description>
                  <Stack gap="1" mt="1">
                    <Code data-testid="channel-api-key-value" wordBreak="break-all" whiteSpace="normal">{created.apiKey}</Code>
                    <Text fontSize="xs">수신 주소 <Code fontSize="xs">{created.webhookUrl}</Code> · 요청마다 전송 시각(초)과 이 키로 만든 서명을 헤더에 담아 보내야 합니다.</Text>
                    <Box><Button size="xs" variant="outline" onClick={() => setCreated(null)}>확인했습니다</Button></Box>
                  </Stack>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {adding ? <Card.Root><Card.Body><ChannelForm onCreated={(c) => { setCreated(c); setAdding(false); }} /></Card.Body></Card.Root> : null}
          {channels.isPending ? <Skeleton h="16" /> : channels.isError ? <Text color="fg.error">{describeError(channels.error)}</Text>
            : channels.data.channels.length === 0 ? <Text color="fg.muted" fontSize="sm" data-testid="channels-empty">등록된 채널이 없습니다.</Text>
            : <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">{channels.data.channels.map((c) => <ChannelRow key={c.channelId} channel={c} />)}</SimpleGrid>}
        </Stack>

        <Separator />
        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Heading as="h2" size="md">수집 대기열</Heading>
            <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
              <NativeSelect.Root size="sm" minW="32">
                <NativeSelect.Field aria-label="상태" value={filter.status} onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as ImageBatchStatus | '' }))}>
                  <option value="">전체 상태</option>
                  {IMAGE_BATCH_STATUSES.map((s) => <option key={s} value={s}>{IMAGE_BATCH_STATUS_LABELS[s]}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <NativeSelect.Root size="sm" minW="36">
                <NativeSelect.Field aria-label="채널" value={filter.channelId} onChange={(e) => setFilter((f) => ({ ...f, channelId: e.target.value }))}>
                  <option value="">전체 채널</option>
                  {(channels.data?.channels ?? []).map((c) => <option key={c.channelId} value={c.channelId}>{c.channelName}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          </HStack>
          {batches.isPending ? <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="32" />)}</Stack> : batches.isError ? <Text color="fg.error">{describeError(batches.error)}</Text>
            : batches.data.batches.length === 0 ? <Text color="fg.muted" py="8" textAlign="center" data-testid="batches-empty">조건에 맞는 이미지 묶음이 없습니다.</Text>
            : <Stack gap="3">{batches.data.batches.map((b) => <BatchCard key={b.id} batch={b} />)}</Stack>}
        </Stack>
      </Stack>
    </Container>
  );
}
