import { useState, type ChangeEvent } from 'react';
import { formatNumber } from '../format';

export type AmountParse = (raw: string) => { ok: true; value: number } | { ok: false; message: string };

const display = (n: number) => (n > 0 ? formatNumber(n) : '');

/**
 * A won amount typed into a text input. What the user types stays as typed; a valid value is
 * applied at once, an invalid one sets `error` and leaves the last valid value in use. On blur
 * a valid value is shown with thousands separators. While the input is not focused it follows
 * outside changes of `value` (another tab, a reset).
 */
export function useAmountInput(value: number, onChange: (value: number) => void, parse: AmountParse) {
  const [raw, setRaw] = useState(() => display(value));
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  // Follow an outside change of `value` (adjusted while rendering, not in an effect).
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    const parsed = parse(raw);
    if (!focused && (!parsed.ok || parsed.value !== value)) {
      setRaw(display(value));
      setError(null);
    }
  }

  const inputProps = {
    value: raw,
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      const parsed = parse(raw);
      if (parsed.ok) setRaw(display(parsed.value));
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = event.currentTarget.value;
      setRaw(next);
      const parsed = parse(next);
      if (parsed.ok) {
        setError(null);
        if (parsed.value !== value) onChange(parsed.value);
      } else {
        setError(parsed.message);
      }
    },
  };
  return { error, inputProps };
}
