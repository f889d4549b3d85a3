import type { ReactNode } from 'react';
import { Box, Field, HStack, Input, InputGroup, NativeSelect, Slider, Switch, Text } from '@chakra-ui/react';
import { useAmountInput } from '../../shared/hooks/useAmountInput';
import { MAX_WON_INPUT } from './state';

/** Parse a won amount typed by the user: digits, optional commas, optional trailing '원'. */
export function parseWonInput(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = raw.trim().replace(/\s*원$/, '').trim();
  if (s === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(s) && !/^\d{1,3}(?:,\d{3})+$/.test(s)) {
    return { ok: false, message: '금액은 0 이상의 숫자로 입력해주세요' };
  }
  const value = Number(s.replace(/,/g, ''));
  if (!Number.isSafeInteger(value) || value > MAX_WON_INPUT) {
    return { ok: false, message: '금액은 10억 원 이하로 입력해주세요' };
  }
  return { ok: true, value };
}

export interface WonInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  helper?: ReactNode;
  disabled?: boolean;
  testId?: string;
  placeholder?: string;
}

/** A won amount input (see `useAmountInput`); an invalid amount shows a Korean message. */
export function WonInput({ label, value, onChange, helper, disabled, testId, placeholder = '0' }: WonInputProps) {
  const { error, inputProps } = useAmountInput(value, onChange, parseWonInput);

  return (
    <Field.Root invalid={error !== null} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={<Text as="span" color="fg.muted" fontSize="sm">원</Text>}>
        <Input
          data-testid={testId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          {...inputProps}
        />
      </InputGroup>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

export interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: ReadonlyArray<{ value: V; label: string; group?: string }>;
  helper?: ReactNode;
  testId?: string;
  ariaLabel?: string;
}

/** A native select (keyboard and screen-reader friendly) with optional option groups. */
export function SelectField<V extends string | number>({ label, value, onChange, options, helper, testId, ariaLabel }: SelectFieldProps<V>) {
  const groups: Array<{ name: string | undefined; items: typeof options[number][] }> = [];
  for (const o of options) {
    const last = groups[groups.length - 1];
    if (last && last.name === o.group) last.items.push(o);
    else groups.push({ name: o.group, items: [o] });
  }
  const renderOption = (o: (typeof options)[number]) => (
    <option key={String(o.value)} value={String(o.value)}>
      {o.label}
    </option>
  );
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid={testId}
          aria-label={ariaLabel}
          value={String(value)}
          onChange={(event) => {
            const raw = event.currentTarget.value;
            const match = options.find((o) => String(o.value) === raw);
            if (match) onChange(match.value);
          }}
        >
          {groups.map((g, i) =>
            g.name ? (
              <optgroup key={`${g.name}-${i}`} label={g.name}>
                {g.items.map(renderOption)}
              </optgroup>
            ) : (
              g.items.map(renderOption)
            ),
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

export interface LabeledSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  /** Shown next to the label and read by screen readers, e.g. '100,000원'. */
  format: (value: number) => string;
  minLabel?: string;
  maxLabel?: string;
  helper?: ReactNode;
  testId?: string;
}

export function LabeledSlider({ label, value, min, max, step, onChange, format, minLabel, maxLabel, helper, testId }: LabeledSliderProps) {
  return (
    <Box data-testid={testId}>
      <Slider.Root
        min={min}
        max={max}
        step={step}
        value={[value]}
        onValueChange={(details) => {
          const next = details.value[0];
          if (next !== undefined && next !== value) onChange(next);
        }}
        aria-label={[label]}
        getAriaValueText={(details) => format(details.value)}
        thumbAlignment="contain"
        size="md"
      >
        <HStack justify="space-between" align="baseline" gap="2">
          <Slider.Label fontWeight="medium">{label}</Slider.Label>
          <Text as="output" fontWeight="bold" color="brand.fg" aria-live="off">
            {format(value)}
          </Text>
        </HStack>
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
        <HStack justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
          <span>{minLabel ?? format(min)}</span>
          <span>{maxLabel ?? format(max)}</span>
        </HStack>
      </Slider.Root>
      {helper ? (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {helper}
        </Text>
      ) : null}
    </Box>
  );
}

export interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  testId?: string;
}

export function Toggle({ label, checked, onChange, description, testId }: ToggleProps) {
  return (
    <Box>
      <Switch.Root
        data-testid={testId}
        checked={checked}
        onCheckedChange={(details) => onChange(details.checked)}
        colorPalette="brand"
        display="flex"
        justifyContent="space-between"
        width="full"
        gap="3"
      >
        <Switch.Label fontWeight="medium">{label}</Switch.Label>
        <Switch.HiddenInput />
        <Switch.Control />
      </Switch.Root>
      {description ? (
        <Text fontSize="sm" color="fg.muted" mt="0.5">
          {description}
        </Text>
      ) : null}
    </Box>
  );
}
