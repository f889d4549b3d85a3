import { forwardRef, type ChangeEvent } from 'react';
import { Input, type InputProps } from '@chakra-ui/react';
import { hyphenatePhone } from '@phonemarket/contracts';

/**
 * A Korean mobile number (issue 39): the number keypad (`type="tel"`, `inputmode="numeric"`), digits
 * only, hyphens placed as the digits are typed or pasted (01012345678 → 010-1234-5678). Spreads
 * react-hook-form's `register(...)` like an `Input`: the value it sees is already hyphenated.
 */
export const PhoneInput = forwardRef<HTMLInputElement, InputProps>(function PhoneInput({ onChange, ...props }, ref) {
  const hyphenate = (e: ChangeEvent<HTMLInputElement>) => {
    const next = hyphenatePhone(e.target.value);
    if (next !== e.target.value) e.target.value = next;
    onChange?.(e);
  };
  return <Input ref={ref} type="tel" inputMode="numeric" autoComplete="tel" placeholder="010-0000-0000" maxLength={13} onChange={hyphenate} {...props} />;
});
