import type { FormEventHandler, ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the closing animation (e.g. to empty the form unseen). */
  onExitComplete?: () => void;
  title: string;
  /** The form's accessible name. */
  label: string;
  /** react-hook-form's `handleSubmit(…)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  submitting?: boolean;
  submitDisabled?: boolean;
  /** 'red' for a step that cannot be taken back (판매자 취소). */
  submitPalette?: 'brand' | 'red';
  /** The closing button's words ('돌아가기' where the submit itself cancels something). */
  closeLabel?: string;
  size?: 'md' | 'lg';
  testId?: string;
  /** The fields. */
  children: ReactNode;
}

/** A dialog holding one form (full screen on a phone): title, fields, 취소 and the submit button, a close button. */
export function FormDialog({ open, onClose, onExitComplete, title, label, onSubmit, submitLabel = '저장', submitting = false, submitDisabled = false, submitPalette = 'brand', closeLabel = '취소', size = 'md', testId, children }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => { if (!e.open) onClose(); }} onExitComplete={onExitComplete} size={{ base: 'full', md: size }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form onSubmit={onSubmit} noValidate aria-label={label}>
              <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>{closeLabel}</Button>
                <Button type="submit" colorPalette={submitPalette} disabled={submitDisabled} loading={submitting}>{submitLabel}</Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="닫기" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
