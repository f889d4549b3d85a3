import type { ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  confirming?: boolean;
  /** 'red' for what cannot be undone. */
  colorPalette?: string;
  /** The button that leaves things as they are: '돌아가기' where the action itself is a 취소. */
  dismissLabel?: string;
}

/** Asks before an action that changes what others see (a delete, a cancel): 취소 or the action. */
export function ConfirmDialog({ open, onClose, title, children, confirmLabel, onConfirm, confirming = false, colorPalette = 'red', dismissLabel = '취소' }: ConfirmDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => { if (!e.open) onClose(); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{dismissLabel}</Button>
              <Button colorPalette={colorPalette} loading={confirming} onClick={onConfirm}>{confirmLabel}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
