import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type PathValue, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { apiFetch } from '../../shared/api/client';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useCertificatePicture } from '../../shared/forms/useCertificatePicture';
import { describeError } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';

const answer = z.object({ id: z.string(), position: z.string() });

/**
 * A certificate card's data (issue 41: 사전승낙서, 안심거래): its state (GET `path`), its form, the picture uploaded
 * as soon as it is picked to `documentPath` (its id into the form's `documentId`; a file of another type refused
 * with `notImage`), and the submission (POST `path`): on success the toast `sent`, the form cleared and the state
 * read again; on failure the server's messages on `fields` and a toast.
 */
export function useCertificateForm<State, I extends FieldValues & { documentId: string }, V>(c: {
  path: string; documentPath: string; stateSchema: z.ZodMiniType<State>;
  resolver: Resolver<I, unknown, V>; defaultValues: DefaultValues<NoInfer<I>>; fields: readonly FieldPath<NoInfer<I>>[];
  notImage: string; sent: { title: string; description: string };
}) {
  const client = useQueryClient();
  const state = useQuery({ queryKey: [c.path], queryFn: ({ signal }) => apiFetch(c.path, { schema: c.stateSchema, signal }) });
  const form = useForm<I, unknown, V>({ resolver: c.resolver, defaultValues: c.defaultValues });
  // Every certificate form has `documentId`; react-hook-form cannot see that through the generic.
  const documentId = 'documentId' as FieldPath<I>;
  const picture = useCertificatePicture(c.documentPath, {
    onUploaded: (id) => form.setValue(documentId, id as PathValue<I, FieldPath<I>>, { shouldValidate: true }),
    onRefused: () => form.setError(documentId, { message: c.notImage }),
  });
  const submit = useMutation({
    mutationFn: (values: V) => apiFetch(c.path, { method: 'POST', body: values, schema: answer }),
    onSuccess: () => {
      toaster.success(c.sent);
      picture.reset();
      form.reset();
      void client.invalidateQueries({ queryKey: [c.path] });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError, c.fields);
      toaster.error({ title: '보내지 못했습니다', description: describeError(error) });
    },
  });
  return { state: state.data, form, picture, submit, onSubmit: form.handleSubmit((values) => submit.mutate(values)) };
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
