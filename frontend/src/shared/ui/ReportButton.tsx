import { useState } from 'react';
import { Button, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { REPORT_REASONS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS, reportInputSchema, type ReportInput, type ReportTargetKind } from '@phonemarket/contracts';
import { describeError } from '../api/errors';
import { useFileReport } from '../api/reports';
import { useSession } from '../auth/session';
import { FormField } from '../forms/FormField';
import { applyServerErrors } from '../forms/serverErrors';
import { FormDialog } from './FormDialog';
import { toaster } from './toaster';

interface ReportTarget { kind: ReportTargetKind; targetId: string; parentId?: string; name: string }
/** `shopSellerId`: the shop the target is of; its own seller sees no button (the server refuses it: '본인 매장은 신고할 수 없습니다.'). */
type ReportButtonProps = ReportTarget & { shopSellerId?: string };

/**
 * 신고 (issue 41): a small button that opens a form (reason list + text) for an offer, a shop or a quote
 * offer; signed-in accounts only (a guest sees no button), and never the shop's own seller. The admins' queue hears of it at once.
 * The form mounts on the first press: react-hook-form's `useForm` sets its state in a layout effect,
 * a synchronous update in the commit that mounts it, and on the model page (a button per seller) that
 * made React run all of the hydration's passive effects and a re-render in the hydration's task (ADR 009).
 */
export function ReportButton({ shopSellerId, ...target }: ReportButtonProps) {
  const { isAuthenticated, user } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // A seller's account is its shop's seller id.
  if (!isAuthenticated || (shopSellerId !== undefined && user?.id === shopSellerId)) return null;
  return (
    <>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => { setOpened(true); setOpen(true); }} data-testid="report-open" aria-label={`${target.name} 신고`}>신고</Button>
      {opened ? <ReportDialog {...target} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ kind, targetId, parentId, name, open, onClose }: ReportTarget & { open: boolean; onClose: () => void }) {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const file = useFileReport();
  const form = useForm<ReportInput>({
    resolver: zodResolver(reportInputSchema),
    defaultValues: { kind, targetId, ...(parentId ? { parentId } : {}), reason: 'payback', text: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => file.mutate({ values, key }, {
    onSuccess: () => {
      toaster.success({ title: '신고가 접수되었습니다', description: '관리자가 확인한 뒤 처리 결과를 알림으로 알려드립니다.' });
      onClose();
      form.reset();
      setKey(crypto.randomUUID());
    },
    onError: (error) => applyServerErrors(error, form.setError, ['reason', 'text']),
  }));
  return (
    <FormDialog open={open} onClose={onClose} title={`${REPORT_TARGET_LABELS[kind]} 신고`} label={`${name} 신고`} onSubmit={onSubmit}
      submitLabel="신고하기" submitting={file.isPending} testId="report-dialog">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">{name}</Text>
        <FormField label="신고 사유" required error={errors.reason}>
          <NativeSelect.Root>
            <NativeSelect.Field aria-label="신고 사유" {...form.register('reason')}>
              {REPORT_REASONS.map((r) => <option key={r} value={r}>{REPORT_REASON_LABELS[r]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="신고 내용" required error={errors.text} helper="5~1,000자 · 주고받은 내용이나 약속을 적어주세요.">
          <Textarea rows={4} aria-label="신고 내용" {...form.register('text')} />
        </FormField>
        {file.isError && !errors.reason && !errors.text ? <Text color="fg.error" role="alert">{describeError(file.error)}</Text> : null}
      </Stack>
    </FormDialog>
  );
}
