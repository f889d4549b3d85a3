import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * A file chooser as a Korean button: the native input (whose 'Choose File' label follows the
 * browser's language, not the page's) stays hidden and the button opens it.
 */
export function FilePickButton({ accept, multiple = false, onFiles, label, testId, children, ...button }: {
  accept: string; multiple?: boolean; onFiles: (files: FileList | null) => void; label: string; testId?: string; children: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" accept={accept} multiple={multiple} aria-label={label} data-testid={testId} hidden
        onChange={(e) => { onFiles(e.target.files); e.target.value = ''; }} />
      <Button type="button" variant="outline" size="sm" {...button} onClick={() => input.current?.click()}>{children}</Button>
    </>
  );
}
