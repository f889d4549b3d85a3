import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

function make(paths: ReactNode) {
  return function SvgIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          {paths}
        </svg>
      </Icon>
    );
  };
}

export const CheckIcon = make(<><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></>);
export const ScaleIcon = make(<><path d="M12 3v18M5 21h14M4 8h16" /><path d="m4 8-2.5 6a3.5 3.5 0 0 0 5 0L4 8ZM20 8l-2.5 6a3.5 3.5 0 0 0 5 0L20 8Z" /></>);
export const ShieldIcon = make(<><path d="M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6l-8-3Z" /><path d="m9 12 2 2 4-4" /></>);
