import { useState } from 'react';
import { Badge, Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { RETURN_KIND_LABELS, returnDecisionSchema, type OrderReturn } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';
import { useDecideReturn } from './api/orders';
import { returnCostText } from './OrderActions';

const RETURN_STATUS: Record<OrderReturn['status'], { label: string; palette: string }> = {
  requested: { label: '처리 대기', palette: 'yellow' }, approved: { label: '승인', palette: 'green' }, rejected: { label: '거절', palette: 'red' },
};

/** The seller's (or an admin's) decision on a request: 승인, or 거절 with its reason (required). */
function Decide({ orderId, request }: { orderId: string; request: OrderReturn }) {
  const decide = useDecideReturn();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (decision: 'approved' | 'rejected') => {
    const checked = returnDecisionSchema.safeParse({ decision, note: note.trim() || undefined });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '메모를 확인해주세요.');
    if (decision === 'rejected' && !note.trim()) return setError('거절 사유를 입력해주세요.');
    setError(null);
    decide.mutate({ id: orderId, returnId: request.returnId, decision, note: note.trim() }, {
      onSuccess: () => toaster.success({
        title: decision === 'approved' ? `${RETURN_KIND_LABELS[request.kind]} 신청을 승인했습니다` : `${RETURN_KIND_LABELS[request.kind]} 신청을 거절했습니다`,
        description: decision === 'approved' && request.kind === 'return' ? '오늘 결제된 금액은 주문의 결제 수단으로 환불됩니다.' : undefined,
      }),
      onError: (e) => {
        setError(isApiError(e) && e.errors?.note ? e.errors.note : describeError(e));
      },
    });
  };
  return (
    <Stack gap="2" data-testid="return-decision">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label fontSize="xs">처리 메모 (거절 시 필수)</Field.Label>
        <Input data-testid="return-note" size="sm" maxLength={300} placeholder="예: 회수 후 검수하겠습니다." value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2">
        <Button data-testid="approve-return" size="xs" colorPalette="brand" loading={decide.isPending && decide.variables?.decision === 'approved'} onClick={() => send('approved')}>승인</Button>
        <Button data-testid="reject-return" size="xs" variant="outline" colorPalette="red" loading={decide.isPending && decide.variables?.decision === 'rejected'} onClick={() => send('rejected')}>거절</Button>
      </HStack>
    </Stack>
  );
}

/**
 * An order's 교환/반품 requests: kind, defect or change of mind (and who pays the shipping), reason,
 * photos, status and the seller's note. With `decideFor` (the order's id), a request waiting for a
 * decision can be approved or refused.
 */
export function ReturnList({ returns, decideFor }: { returns: readonly OrderReturn[]; decideFor?: string }) {
  if (returns.length === 0) return null;
  return (
    <Stack gap="2" data-testid="order-returns">
      {returns.map((r) => (
        <Box key={r.returnId} data-testid="order-return" data-status={r.status} p="3" rounded="md" borderWidth="1px" fontSize="sm">
          <HStack gap="2" wrap="wrap" mb="1">
            <Badge colorPalette="purple" variant="subtle">{RETURN_KIND_LABELS[r.kind]}</Badge>
            <Badge colorPalette={RETURN_STATUS[r.status].palette} variant="solid" data-testid="return-status">{RETURN_STATUS[r.status].label}</Badge>
            <Text color="fg.muted">{formatDateTime(r.requestedAt)}</Text>
          </HStack>
          <Text>{r.reason}</Text>
          <Text color="fg.muted">{returnCostText(r.kind, r.defective)}</Text>
          {r.photos.length ? (
            <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" mt="2" aria-label="교환/반품 사진">
              {r.photos.map((src, i) => (
                <li key={`${i}-${src}`}>
                  <a href={src} target="_blank" rel="noopener noreferrer">
                    <chakra.img src={src} alt={`교환/반품 사진 ${i + 1}`} w="14" h="14" objectFit="cover" rounded="md" borderWidth="1px" bg="bg.muted" />
                  </a>
                </li>
              ))}
            </HStack>
          ) : null}
          {r.note ? <Text mt="1">판매자 메모: {r.note}</Text> : null}
          {r.decidedAt ? <Text color="fg.muted">처리 {formatDateTime(r.decidedAt)}</Text> : null}
          {decideFor && r.status === 'requested' ? <Box mt="2"><Decide orderId={decideFor} request={r} /></Box> : null}
        </Box>
      ))}
    </Stack>
  );
}
