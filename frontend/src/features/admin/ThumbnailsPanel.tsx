import { useState } from 'react';
import { Box, Button, Card, EmptyState, Flex, Image, Input, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { phoneThumbnailRequestSchema, type PhoneThumbnail, type PhoneThumbnailFormInput, type PhoneThumbnailRequest } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useDeleteThumbnail, useSaveThumbnail, useThumbnails } from './api/thumbnails';

const PLACEHOLDER = 'data:image/svg+xml;utf8,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160" viewBox="0 0 120 160"><rect width="120" height="160" rx="12" fill="#e2e8f0"/><rect x="35" y="20" width="50" height="100" rx="8" fill="#a0aec0"/><text x="60" y="145" font-size="11" text-anchor="middle" fill="#4a5568">이미지 없음</text></svg>');

/** A thumbnail that falls back to a placeholder when it cannot be loaded. */
function ThumbnailImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return <Image src={failed ? PLACEHOLDER : src} alt={alt} h="40" w="full" objectFit="contain" onError={() => setFailed(true)} data-testid={failed ? 'thumbnail-placeholder' : undefined} />;
}

const FIELDS = ['brandName', 'modelName', 'thumbnailUrl', 'sourceUrl', 'description'] as const;
const empty: PhoneThumbnailFormInput = { brandName: '', modelName: '', thumbnailUrl: '', sourceUrl: '', description: '' };

function ThumbnailDialog({ editing, onClose }: { editing: PhoneThumbnail | 'new' | null; onClose: () => void }) {
  const save = useSaveThumbnail();
  const current = editing !== null && editing !== 'new' ? editing : null;
  const form = useForm<PhoneThumbnailFormInput, unknown, PhoneThumbnailRequest>({
    resolver: zodResolver(phoneThumbnailRequestSchema),
    values: current ? { brandName: current.brandName, modelName: current.modelName, thumbnailUrl: current.thumbnailUrl, sourceUrl: current.sourceUrl ?? '', description: current.description ?? '' } : empty,
  });
  const [brandName, modelName, thumbnailUrl] = useWatch({ control: form.control, name: ['brandName', 'modelName', 'thumbnailUrl'] });
  const ready = Boolean(brandName?.trim() && modelName?.trim() && thumbnailUrl?.trim());
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    save.mutate({ ...values, ...(current ? { id: current.id } : {}) }, {
      onSuccess: () => {
        toaster.success({ title: current ? '썸네일 수정 완료' : '썸네일 등록 완료', description: `${values.brandName} ${values.modelName}` });
        form.reset(empty);
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toaster.error(current ? { title: '수정 실패', description: describeError(error) } : { title: '등록 실패', description: '썸네일 등록 중 오류가 발생했습니다.' });
      },
    });
  });
  return (
    <FormDialog open={editing !== null} onClose={onClose} title={current ? '썸네일 수정' : '썸네일 추가'} label="썸네일" onSubmit={onSubmit}
      submitting={save.isPending} submitDisabled={!ready} testId="thumbnail-dialog">
      <Stack gap="3">
        <FormField label="브랜드명" required error={errors.brandName}><Input {...form.register('brandName')} placeholder="삼성" /></FormField>
        <FormField label="모델명" required error={errors.modelName}><Input {...form.register('modelName')} placeholder="갤럭시 S25" /></FormField>
        <FormField label="썸네일 URL" required error={errors.thumbnailUrl}><Input {...form.register('thumbnailUrl')} placeholder="https://" inputMode="url" /></FormField>
        <FormField label="출처 URL" error={errors.sourceUrl}><Input {...form.register('sourceUrl')} placeholder="https://" inputMode="url" /></FormField>
        <FormField label="설명" error={errors.description}><Textarea {...form.register('description')} /></FormField>
        {thumbnailUrl?.trim() ? <Box borderWidth="1px" rounded="md" p="2"><ThumbnailImage key={thumbnailUrl} src={thumbnailUrl} alt="미리보기" /></Box> : null}
      </Stack>
    </FormDialog>
  );
}

function DeleteDialog({ target, onClose }: { target: PhoneThumbnail | null; onClose: () => void }) {
  const remove = useDeleteThumbnail();
  return (
    <ConfirmDialog open={target !== null} onClose={onClose} title="썸네일 삭제" confirmLabel="삭제" confirming={remove.isPending}
      onConfirm={() => target && remove.mutate(target.id, {
        onSuccess: () => { toaster.success({ title: '썸네일 삭제 완료' }); onClose(); },
        onError: (error) => toaster.error({ title: '삭제 실패', description: describeError(error) }),
      })}>
      <Text>{target ? `${target.brandName} ${target.modelName}` : ''} 썸네일을 삭제할까요?</Text>
    </ConfirmDialog>
  );
}

/** Phone thumbnails: a card grid with an add/edit dialog and delete with confirmation. */
export function ThumbnailsPanel() {
  const thumbnails = useThumbnails();
  const [editing, setEditing] = useState<PhoneThumbnail | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PhoneThumbnail | null>(null);
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center">
        <Text color="fg.muted" fontSize="sm">휴대폰 모델별 대표 이미지를 관리합니다.</Text>
        <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>썸네일 추가</Button>
      </Flex>
      {thumbnails.isPending ? <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h="56" />)}</SimpleGrid>
        : thumbnails.isError ? <InlineLoadError error={thumbnails.error} onRetry={() => void thumbnails.refetch()} />
          : thumbnails.data.length === 0 ? (
            <EmptyState.Root data-testid="thumbnails-empty">
              <EmptyState.Content>
                <EmptyState.Title>등록된 썸네일이 없습니다</EmptyState.Title>
                <EmptyState.Description>‘썸네일 추가’로 첫 썸네일을 등록하세요.</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="3" data-testid="thumbnail-grid">
              {thumbnails.data.map((t) => (
                <Card.Root key={t.id} size="sm" data-testid="thumbnail-card">
                  <Card.Body gap="2">
                    <ThumbnailImage src={t.thumbnailUrl} alt={`${t.brandName} ${t.modelName}`} />
                    <Text fontWeight="semibold" truncate>{t.modelName}</Text>
                    <Text fontSize="sm" color="fg.muted">{t.brandName}</Text>
                    {t.description ? <Text fontSize="xs" color="fg.muted" lineClamp={2}>{t.description}</Text> : null}
                  </Card.Body>
                  <Card.Footer gap="2">
                    <Button size="xs" variant="outline" onClick={() => setEditing(t)}>수정</Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(t)}>삭제</Button>
                  </Card.Footer>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
      <ThumbnailDialog key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog target={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
