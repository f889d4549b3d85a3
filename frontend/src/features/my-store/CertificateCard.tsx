import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';

const answer = z.object({ id: z.string(), position: z.string() });

/**
 * Sends a certificate (POST `path`): on success the toast `sent`, `onSent` (the form's reset) and the card's
 * state read again; on failure the server's field messages (`onFieldErrors`) and a toast.
 */
export function useCertificateSubmit<V>(path: string, { sent, onSent, onFieldErrors }: {
  sent: { title: string; description: string }; onSent: () => void; onFieldErrors: (error: unknown) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: V) => apiFetch(path, { method: 'POST', body: values, schema: answer }),
    onSuccess: () => {
      toaster.success(sent);
      onSent();
      void client.invalidateQueries({ queryKey: [path] });
    },
    onError: (error) => {
      onFieldErrors(error);
      toaster.error({ title: '보내지 못했습니다', description: describeError(error) });
    },
  });
}

interface CertificateStatus {
  pending: { submittedAt: string } | null;
  last: { outcome: 'rejected' | 'expired'; reason: string | null } | null;
}

/**
 * A shop certificate on /my-store (issue 41: 사전승낙서, 안심거래): its title and badge, what it is for, what is
 * verified now (`verified`), what waits for an admin (`pendingLabel`, then when it was sent), the last rejection
 * or expiry, and the form (`children`: its fields and file) with its submit button. `testId` prefixes the parts.
 */
export function CertificateCard({ testId, title, badge, intro, state, verified, pendingLabel, expired, onSubmit, submitting, disabled, children }: {
  testId: string; title: string; badge: ReactNode; intro: ReactNode; state: CertificateStatus | undefined;
  verified: string | null; pendingLabel: string | null; expired: string;
  onSubmit: FormEventHandler<HTMLFormElement>; submitting: boolean; disabled: boolean; children: ReactNode;
}) {
  return (
    <Card.Root data-testid={`${testId}-card`}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">{title}</Heading>
          {badge ?? <Badge>배지 없음</Badge>}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <Text fontSize="sm" color="fg.muted">{intro}</Text>
        {verified ? <Text fontSize="sm" data-testid={`${testId}-verified`}>{verified}</Text> : null}
        {state?.pending && pendingLabel ? (
          <Alert.Root status="info" data-testid={`${testId}-pending`}>
            <Alert.Indicator />
            <Alert.Title>{`${pendingLabel} · ${formatDateTime(state.pending.submittedAt)}에 보냄 · 관리자 확인 중`}</Alert.Title>
          </Alert.Root>
        ) : null}
        {state?.last && !state.pending ? (
          <Alert.Root status="warning" data-testid={`${testId}-last`}>
            <Alert.Indicator />
            <Alert.Title>{state.last.outcome === 'rejected' ? `반려됨: ${state.last.reason ?? ''}` : expired}</Alert.Title>
          </Alert.Root>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            {children}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={submitting} disabled={disabled} data-testid={`${testId}-submit`}>확인 요청 보내기</Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
