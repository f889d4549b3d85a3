import { useEffect, useRef, useState } from 'react';
import { Badge, Button, CloseButton, DataList, Dialog, Field, Heading, NativeSelect, Portal, Stack, Textarea } from '@chakra-ui/react';
import * as z from 'zod/mini';
import { BUSINESS_TYPE_LABELS, sellerApplicationReviewSchema, type SellerApplication } from '@phonemarket/contracts';
import { formatDateTime } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';
import { useReviewApplication } from './api/applications';
import { historyPath } from './api/history';
import { HistoryTimeline } from './HistoryTimeline';
import { StatusBadge } from './StatusBadge';

type Decision = 'approved' | 'rejected';

/**
 * The review dialog: opening a pending application moves it to 검토중; the admin sets 승인 or 거절
 * with review notes. After success the dialog closes, the notes clear and the list refreshes.
 */
export function ReviewDialog({ application, initialDecision = 'approved', onClose }: { application: SellerApplication | null; initialDecision?: Decision; onClose: () => void }) {
  const review = useReviewApplication();
  const [decision, setDecision] = useState<Decision>(initialDecision);
  const [notes, setNotes] = useState('');
  // Checked with the route's schema: a rejection needs its reason (the applicant reads it).
  const [notesError, setNotesError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const decided = application !== null && (application.status === 'approved' || application.status === 'rejected');

  const { mutate } = review;
  useEffect(() => {
    if (!application || application.status !== 'pending' || started.current === application.id) return;
    started.current = application.id;
    mutate({ id: application.id, status: 'reviewing' });
  }, [application, mutate]);

  const close = () => {
    setNotes('');
    setNotesError(null);
    setDecision(initialDecision);
    onClose();
  };
  const submit = () => {
    if (!application) return;
    const checked = z.safeParse(sellerApplicationReviewSchema, { status: decision, reviewNotes: notes });
    if (!checked.success) {
      setNotesError(checked.error.issues[0]?.message ?? '검토 메모를 확인해주세요.');
      return;
    }
    setNotesError(null);
    review.mutate({ id: application.id, status: decision, reviewNotes: notes }, {
      onSuccess: () => {
        toaster.success({ title: '신청 처리 완료', description: `${application.storeName}: ${decision === 'approved' ? '승인' : '거절'}` });
        close();
      },
      onError: () => toaster.error({ title: '처리 실패', description: '신청 처리 중 오류가 발생했습니다.' }),
    });
  };

  return (
    <Dialog.Root open={application !== null} onOpenChange={(e) => { if (!e.open) close(); }} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="review-dialog">
            <Dialog.Header>
              <Dialog.Title>셀러 신청 검토</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {application ? (
                <Stack gap="5">
                  <DataList.Root orientation="horizontal" size="sm">
                    {[
                      ['상태', <StatusBadge key="s" status={application.status} label={application.statusLabel} />],
                      ['신청자', application.applicantName],
                      ['이메일', application.email],
                      ['연락처', application.phone ?? '-'],
                      ['사업자등록번호', application.businessNumber ?? '-'],
                      ['사업자 유형', BUSINESS_TYPE_LABELS[application.businessType]],
                      ['스토어', application.storeName],
                      ['스토어 소개', application.storeDescription ?? '-'],
                      ['판매 경험', application.experience ?? '-'],
                      // Issue 41: an attached 사전승낙서 waits in the 사전승낙서 queue once the application is approved.
                      ['사전승낙서', application.preApproval
                        ? `${application.preApproval.carrier} ${application.preApproval.number} · ${application.preApproval.parentDealer} · ${application.preApproval.validUntil}까지 (승인 후 사전승낙서 확인에서 검토)`
                        : '첨부 안 함'],
                      ['신청일', formatDateTime(application.submittedAt)],
                    ].map(([label, value]) => (
                      <DataList.Item key={String(label)}>
                        <DataList.ItemLabel>{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  {decided ? (
                    <Badge alignSelf="start" colorPalette="gray">이미 처리된 신청입니다{application.reviewNotes ? ` · ${application.reviewNotes}` : ''}</Badge>
                  ) : (
                    <Stack gap="3">
                      <Field.Root>
                        <Field.Label>처리 결과</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field aria-label="처리 결과" value={decision} onChange={(e) => setDecision(e.currentTarget.value as Decision)}>
                            <option value="approved">승인</option>
                            <option value="rejected">거절</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                      <Field.Root invalid={notesError !== null} required={decision === 'rejected'}>
                        <Field.Label>검토 메모<Field.RequiredIndicator /></Field.Label>
                        <Textarea value={notes} maxLength={1000} onChange={(e) => { setNotes(e.currentTarget.value); setNotesError(null); }} placeholder={decision === 'rejected' ? '거절 사유를 입력하세요 (신청자에게 전달됩니다)' : '검토 의견을 입력하세요'} data-testid="review-notes" />
                        {notesError ? <Field.ErrorText data-testid="review-notes-error">{notesError}</Field.ErrorText> : null}
                      </Field.Root>
                    </Stack>
                  )}
                  <Stack gap="2">
                    <Heading size="sm">처리 기록</Heading>
                    <HistoryTimeline path={historyPath.application(application.id)} />
                  </Stack>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>닫기</Button>
              {decided ? null : (
                <Button colorPalette={decision === 'approved' ? 'brand' : 'red'} loading={review.isPending} onClick={submit}>
                  {decision === 'approved' ? '승인하기' : '거절하기'}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="닫기" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
