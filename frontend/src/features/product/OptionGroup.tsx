import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { chakra, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react';

export interface OptionItem<V extends string | number> {
  value: V;
  label: ReactNode;
  /** Second line (price difference, fee, '품절' …). */
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
  /** Accessible name when the visible label is not enough. */
  ariaLabel?: string;
  /** Leading colour dot. */
  swatch?: string;
}

const OptionButton = chakra('button', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    textAlign: 'start',
    width: '100%',
    minH: '14',
    px: '3',
    py: '2.5',
    rounded: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg.panel',
    cursor: 'pointer',
    transition: 'border-color 0.15s, background 0.15s',
    _hover: { borderColor: 'brand.border' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    '&[aria-checked=true]': { borderColor: 'brand.solid', bg: 'brand.subtle', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' },
    '&[aria-disabled=true]': { cursor: 'not-allowed', opacity: 0.55, bg: 'bg.muted', _hover: { borderColor: 'border' } },
  },
});

export interface OptionGroupProps<V extends string | number> {
  /** Korean name of the group, e.g. '가입유형': shown above it (s61: a buyer saw 신규·번호이동·기기변경 with no word of what they chose) and its accessible name. */
  label: string;
  value: V | null;
  options: readonly OptionItem<V>[];
  onChange: (value: V) => void;
  columns?: SimpleGridProps['columns'];
  /**
   * The address of the page with that option chosen (s62): each option is then a link, so a tap before the page's
   * script has run loads the page with it chosen (the server renders the choice from the address) instead of being
   * lost; once hydrated, a tap chooses in the page as before (no new page). A ctrl/⌘/shift click opens a new tab.
   */
  hrefFor?: (value: V) => string;
}

/** A click that asks the browser for a new tab or window: left to the link. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A single-choice group following the ARIA radio-group pattern: one tab stop, arrow keys
 * move and select, disabled (sold-out) options are skipped and cannot be chosen. Its name is
 * written above it and names the group (aria-labelledby).
 */
export function OptionGroup<V extends string | number>({ label, value, options, onChange, columns = { base: 2, md: 4 }, hrefFor }: OptionGroupProps<V>) {
  const refs = useRef<(HTMLElement | null)[]>([]);
  const labelId = useId();
  const enabled = options.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  const checkedIndex = options.findIndex((o) => o.value === value && !o.disabled);
  const tabStop = checkedIndex >= 0 ? checkedIndex : (enabled[0] ?? -1);

  const move = (from: number, step: 1 | -1 | 'first' | 'last') => {
    if (enabled.length === 0) return;
    let target: number;
    if (step === 'first') target = enabled[0]!;
    else if (step === 'last') target = enabled[enabled.length - 1]!;
    else {
      const pos = enabled.indexOf(from);
      const start = pos === -1 ? 0 : pos;
      target = enabled[(start + step + enabled.length) % enabled.length]!;
    }
    const option = options[target];
    if (!option) return;
    onChange(option.value);
    refs.current[target]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    switch (event.key) {
      case ' ': {
        // A button chooses on Space by itself; a link does not.
        if (!hrefFor) break;
        event.preventDefault();
        const option = options[index];
        if (option && !option.disabled) onChange(option.value);
        break;
      }
      case 'ArrowRight':
      case 'ArrowDown':
        event.preventDefault();
        move(index, 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        event.preventDefault();
        move(index, -1);
        break;
      case 'Home':
        event.preventDefault();
        move(index, 'first');
        break;
      case 'End':
        event.preventDefault();
        move(index, 'last');
        break;
      default:
    }
  };

  return (
    <Stack gap="1.5">
      <Text id={labelId} fontSize="sm" fontWeight="semibold" color="fg.muted">{label}</Text>
      <SimpleGrid role="radiogroup" aria-labelledby={labelId} columns={columns} gap="2">
        {options.map((option, index) => {
          const checked = index === checkedIndex;
          const href = hrefFor && !option.disabled ? hrefFor(option.value) : undefined;
          return (
            <OptionButton
              key={String(option.value)}
              ref={(el: HTMLElement | null) => {
                refs.current[index] = el;
              }}
              {...(href ? { as: 'a' as const, href } : { type: 'button' as const })}
              role="radio"
              aria-checked={checked}
              aria-disabled={option.disabled || undefined}
              aria-label={option.ariaLabel}
              tabIndex={index === tabStop ? 0 : -1}
              data-testid={option.testId}
              onClick={(event: MouseEvent) => {
                if (href) {
                  if (opensElsewhere(event)) return;
                  event.preventDefault();
                }
                if (!option.disabled) onChange(option.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {option.swatch ? (
                <chakra.span
                  aria-hidden="true"
                  flexShrink={0}
                  boxSize="6"
                  rounded="full"
                  borderWidth="1px"
                  borderColor="border.emphasized"
                  style={{ backgroundColor: option.swatch }}
                />
              ) : null}
              <chakra.span display="flex" flexDirection="column" minW="0">
                <chakra.span fontWeight="semibold" fontSize="sm">
                  {option.label}
                </chakra.span>
                {option.description ? (
                  <chakra.span fontSize="xs" color="fg.muted">
                    {option.description}
                  </chakra.span>
                ) : null}
              </chakra.span>
            </OptionButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
