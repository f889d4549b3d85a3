import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { CONDITION_LABELS, JOIN_TYPES, MODEL_CHIPS, OFFER_CARRIERS, PRODUCT_CONDITIONS } from '@phonemarket/contracts';
import type { ModelQuery } from '../api/models';
import { formatStorage } from '../format';

/**
 * Filters that live in the query string (issue 10): 통신사, 가입유형, 저장용량, 상태, 월 예산 and the chip.
 * Back and reload keep them and a filtered page can be shared; a change resets `page`.
 */
export const FILTER_KEYS = ['carrier', 'joinType', 'storage', 'condition', 'budget', 'chip'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const FILTERS: { key: FilterKey; label: string; all: string; options: { value: string; label: string }[] }[] = [
  { key: 'carrier', label: '통신사', all: '전체 통신사', options: OFFER_CARRIERS.map((c) => ({ value: c, label: c })) },
  { key: 'joinType', label: '가입유형', all: '전체 가입유형', options: JOIN_TYPES.map((j) => ({ value: j, label: j })) },
  { key: 'storage', label: '저장용량', all: '전체 용량', options: [128, 256, 512, 1024].map((gb) => ({ value: String(gb), label: formatStorage(gb) })) },
  { key: 'condition', label: '상태', all: '전체 상태', options: PRODUCT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] })) },
  { key: 'budget', label: '월 예산', all: '전체 예산', options: [80_000, 100_000, 120_000, 150_000, 200_000].map((b) => ({ value: String(b), label: `월 ${b / 10_000}만원 이하` })) },
  { key: 'chip', label: '테마', all: '전체 테마', options: MODEL_CHIPS.map((c) => ({ value: c, label: c })) },
];

/** The model query the URL's filters describe (plus `extra`, e.g. the category's brand). */
export function useModelFilterQuery(): ModelQuery {
  const [params] = useSearchParams();
  const query: ModelQuery = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key);
    if (v) query[key] = v;
  }
  const q = params.get('q');
  if (q) query.q = q;
  return query;
}

const Select = chakra('select', {
  base: { h: '9', px: '2', rounded: 'md', borderWidth: '1px', borderColor: 'border', bg: 'bg.panel', fontSize: 'sm', minW: '0' },
});

export function ModelFilters() {
  const [params, setParams] = useSearchParams();
  // From the address bar as it is now: router navigations render in a transition, so the hook's
  // params can lag behind a quick second change, which would drop the first.
  const set = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value); else next.delete(key);
    next.delete('page');
    setParams(next); // a new history entry: Back returns to the previous filters
  };
  const active = FILTER_KEYS.some((k) => params.get(k));
  return (
    <Flex as="form" role="search" aria-label="상품 필터" gap="2" wrap="wrap" align="center" data-testid="model-filters" onSubmit={(e) => e.preventDefault()}>
      {FILTERS.map((f) => (
        <Box key={f.key} as="label" display="flex" flexDirection="column" gap="0.5" flex={{ base: '1 1 45%', md: '0 0 auto' }}>
          <Text as="span" fontSize="xs" color="fg.muted">{f.label}</Text>
          <Select value={params.get(f.key) ?? ''} onChange={(e) => set(f.key, e.target.value)} data-testid={`filter-${f.key}`}>
            <option value="">{f.all}</option>
            {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </Select>
        </Box>
      ))}
      {active ? (
        <Button size="sm" variant="ghost" alignSelf="end" onClick={() => {
          const next = new URLSearchParams(window.location.search);
          for (const k of FILTER_KEYS) next.delete(k);
          next.delete('page');
          setParams(next);
        }}>필터 초기화</Button>
      ) : null}
    </Flex>
  );
}
