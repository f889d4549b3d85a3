import { Box, Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { toaster } from '../../shared/ui/toaster';
import { RefreshIcon } from './icons';
import { DEFAULT_FILTERS, FILTER_LABELS, optionLabel, optionsFor, type HomeFilters } from './filters';

export interface FilterBarProps {
  value: HomeFilters;
  onChange: (next: HomeFilters) => void;
}

const KEYS: (keyof HomeFilters)[] = ['carrier', 'storage', 'budget', 'sort'];

/** Carrier, storage, monthly budget and sort. Each change toasts '필터 적용'; reset toasts '필터 초기화'. */
export function FilterBar({ value, onChange }: FilterBarProps) {
  const change = (key: keyof HomeFilters, next: string) => {
    if (value[key] === next) return;
    onChange({ ...value, [key]: next } as HomeFilters);
    toaster.create({
      title: '필터 적용',
      description: `${FILTER_LABELS[key]}: ${optionLabel(key, next)}`,
      type: 'info',
    });
  };

  const reset = () => {
    onChange(DEFAULT_FILTERS);
    toaster.create({ title: '필터 초기화', description: '모든 필터를 기본값으로 되돌렸습니다.', type: 'info' });
  };

  return (
    <Box
      as="section"
      data-testid="filter-bar"
      aria-label="상품 필터"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '3', md: '4' }}
    >
      <Flex gap={{ base: '2', md: '3' }} wrap="wrap" align="flex-end">
        {KEYS.map((key) => (
          <Box key={key} flex={{ base: '1 1 calc(50% - 0.5rem)', md: '1 1 0' }} minW="0">
            <Text asChild fontSize="xs" color="fg.muted" display="block" mb="1">
              <label htmlFor={`home-filter-${key}`}>{FILTER_LABELS[key]}</label>
            </Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={`home-filter-${key}`}
                data-testid={`filter-${key}`}
                value={value[key]}
                onChange={(e) => change(key, e.currentTarget.value)}
              >
                {optionsFor(key).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
        ))}
        <Button
          data-testid="filter-reset"
          size="sm"
          variant="outline"
          onClick={reset}
          aria-label="필터 초기화"
          flex={{ base: '1 1 100%', md: '0 0 auto' }}
        >
          <RefreshIcon />
          초기화
        </Button>
      </Flex>
    </Box>
  );
}
