import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { formatNumber } from '../../shared/format';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';
import { RefreshIcon } from './icons';
import { DEFAULT_FILTERS, FILTER_LABELS, optionLabel, optionsFor, type HomeFilters } from './filters';

export interface FilterBarProps {
  value: HomeFilters;
  onChange: (next: HomeFilters) => void;
  /** Products matching the filters (from the feed's first page), when known. */
  total?: number;
  /** Scrolls to the feed. */
  onShowResults?: () => void;
}

const KEYS: (keyof HomeFilters)[] = ['carrier', 'storage', 'budget', 'sort'];

/** Carrier, storage, monthly budget and sort. Each change toasts '필터 적용'; reset toasts '필터 초기화'. */
export function FilterBar({ value, onChange, total, onShowResults }: FilterBarProps) {
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
            <Box position="relative">
              <chakra.select
                id={`home-filter-${key}`}
                data-testid={`filter-${key}`}
                value={value[key]}
                onChange={(e) => change(key, e.currentTarget.value)}
                appearance="none"
                w="full"
                h="9"
                ps="3"
                pe="8"
                fontSize="sm"
                bg="bg.panel"
                color="fg"
                borderWidth="1px"
                borderColor="border"
                rounded="md"
                cursor="pointer"
                _hover={{ borderColor: 'border.emphasized' }}
                focusVisibleRing="outside"
              >
                {optionsFor(key).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </chakra.select>
              <ChevronDownIcon position="absolute" insetEnd="2.5" top="50%" transform="translateY(-50%)" boxSize="4" color="fg.muted" pointerEvents="none" />
            </Box>
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
      {total !== undefined ? (
        <Flex mt="3" align="center" justify="space-between" gap="2" fontSize="sm">
          <Text color="fg.muted" aria-live="polite" data-testid="filter-total">
            조건에 맞는 상품 <Text as="strong" color="fg">{formatNumber(total)}개</Text>
          </Text>
          {onShowResults ? (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={onShowResults}>
              결과 보기 ↓
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Box>
  );
}
