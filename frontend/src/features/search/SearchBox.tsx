import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, chakra, createRecipeContext, Flex, Spinner, Text, type InputProps } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { brandName, formatWon, modelHeadline } from '../../shared/format';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { SearchIcon, TrendIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';
import {
  POPULAR_SEARCHES,
  usePopularSearches,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  useSearchResults,
  type SearchResult,
} from './api/search';

/**
 * Chakra's Input (same recipe, same element) without Ark's field: `Input` is Ark's `Field.Input`, whose
 * module brings the field's other parts (~2 KB gz) into every page's first scripts; the header's search
 * box is in no field (ADR 009).
 */
const Input = createRecipeContext({ key: 'input' }).withContext<HTMLInputElement, InputProps>('input');

type Option = { kind: 'popular'; term: string } | { kind: 'result'; result: SearchResult };

const OptionItem = chakra('li', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    cursor: 'pointer',
    rounded: 'md',
    _hover: { bg: 'bg.muted' },
    '&[aria-selected=true]': { bg: 'brand.subtle', color: 'brand.fg' },
  },
});

/**
 * A suggestion's figure, as the lists read it (`modelHeadline`): '최저 월 N원' of a carrier offer, '최저 일시불 (자급제)
 * N원' of a model sold only paid in full (자급제, 중고·리퍼: no carrier bills it a 월; s60).
 */
function SuggestionPrice({ result }: { result: SearchResult }) {
  const h = modelHeadline(result);
  return (
    <Box textAlign="end" flexShrink={0} data-testid="search-suggestion-price">
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">{h.label}</Text>
      <Text fontSize="sm" fontWeight="bold" color="brand.fg" whiteSpace="nowrap">{formatWon(h.amount)}</Text>
    </Box>
  );
}

/**
 * Header search (spec §2/§4): popular searches when empty, live results from 2 characters
 * (debounced), Enter searches, choosing a result opens the product. ARIA combobox pattern.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [focusedOpen, setFocusedOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const term = value.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const search = useSearchResults(debounced);

  const showPopular = term.length === 0;
  const showResults = term.length >= SEARCH_MIN_CHARS;
  const open = focusedOpen && (showPopular || showResults);
  const waiting = showResults && (debounced !== term || search.isLoading);
  const results: SearchResult[] = showResults && !waiting && search.data ? search.data : [];

  const popular = usePopularSearches(focusedOpen);
  const options: Option[] = showPopular
    ? (popular.data?.terms ?? POPULAR_SEARCHES).map((t) => ({ kind: 'popular', term: t }))
    : results.map((r) => ({ kind: 'result', result: r }));

  // Close on a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setFocusedOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  // Keep the highlighted option valid when the list changes (reset while rendering, not in an effect).
  const [shownList, setShownList] = useState({ showPopular, debounced, data: search.data });
  if (shownList.showPopular !== showPopular || shownList.debounced !== debounced || shownList.data !== search.data) {
    setShownList({ showPopular, debounced, data: search.data });
    setActiveIndex(-1);
  }

  const close = () => {
    setFocusedOpen(false);
    setActiveIndex(-1);
  };

  const submitSearch = (query: string) => {
    const q = query.trim();
    if (q.length < SEARCH_MIN_CHARS) return;
    close();
    toaster.create({ title: '검색', description: `"${q}" 검색 결과를 불러오는 중...` });
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  const choose = (option: Option) => {
    if (option.kind === 'popular') {
      setValue(option.term);
      submitSearch(option.term);
      return;
    }
    close();
    toaster.create({ title: '상품 선택', description: `${option.result.name} 상품을 확인합니다` });
    navigate(`/product/${encodeURIComponent(option.result.id)}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const active = open && activeIndex >= 0 ? options[activeIndex] : undefined;
    if (active) {
      choose(active);
      return;
    }
    if (!term) return; // empty or whitespace-only: nothing happens
    submitSearch(term);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setFocusedOpen(true);
        return;
      }
      if (options.length === 0) return;
      const last = options.length - 1;
      const down = event.key === 'ArrowDown';
      setActiveIndex((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else if (value) {
        setValue('');
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = open && activeIndex >= 0 && activeIndex < options.length ? optionId(activeIndex) : undefined;

  return (
    <Box ref={containerRef} position="relative" width="full">
      <form role="search" aria-label="상품 검색" onSubmit={onSubmit}>
        <Box position="relative">
          <Flex
            position="absolute"
            insetStart="3"
            top="0"
            bottom="0"
            align="center"
            color="fg.muted"
            pointerEvents="none"
            zIndex="1"
          >
            <SearchIcon boxSize="4" />
          </Flex>
          <Input
            ref={inputRef}
            data-testid="search-input"
            type="search"
            name="q"
            size="sm"
            ps="9"
            rounded="full"
            bg="bg.muted"
            borderColor="transparent"
            _focusVisible={{ bg: 'bg', borderColor: 'brand.solid' }}
            placeholder="기종·브랜드 검색 (예: 갤럭시 S24)"
            aria-label="상품 검색"
            role="combobox"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_MAX_CHARS}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setFocusedOpen(true);
            }}
            onFocus={() => setFocusedOpen(true)}
            onKeyDown={onKeyDown}
          />
        </Box>
      </form>

      <Box
        hidden={!open}
        position="absolute"
        top="calc(100% + 6px)"
        insetInline="0"
        zIndex="dropdown"
        bg="bg.panel"
        borderWidth="1px"
        rounded="xl"
        shadow="lg"
        p="2"
        maxH="80"
        overflowY="auto"
        data-testid="search-dropdown"
      >
        {showPopular ? (
          <Text px="3" pt="1" pb="2" fontSize="xs" fontWeight="semibold" color="fg.muted" id={`${id}-popular`}>
            인기 검색어
          </Text>
        ) : null}

        {showResults && waiting ? (
          <Flex role="status" align="center" gap="2" px="3" py="3" color="fg.muted" fontSize="sm">
            <Spinner size="xs" /> 검색 중...
          </Flex>
        ) : null}
        {showResults && !waiting && search.isError ? (
          <Text role="alert" px="3" py="3" color="fg.error" fontSize="sm">
            검색 실패
          </Text>
        ) : null}
        {showResults && !waiting && search.isSuccess && results.length === 0 ? (
          <Text role="status" px="3" py="3" color="fg.muted" fontSize="sm">
            검색 결과가 없습니다
          </Text>
        ) : null}

        <chakra.ul
          id={listboxId}
          role="listbox"
          aria-label={showPopular ? '인기 검색어' : '검색 결과'}
          listStyleType="none"
          m="0"
          p="0"
        >
          {options.map((option, index) => (
            <OptionItem
              key={option.kind === 'popular' ? option.term : option.result.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActiveIndex(index)}
              onClick={() => choose(option)}
            >
              {option.kind === 'popular' ? (
                <>
                  <Text as="span" color="brand.solid" fontWeight="bold" fontSize="sm" minW="4">
                    {index + 1}
                  </Text>
                  <Text as="span" fontSize="sm" flex="1">
                    {option.term}
                  </Text>
                  <TrendIcon boxSize="3.5" color="fg.muted" />
                </>
              ) : (
                <>
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" fontWeight="semibold" truncate>
                      {option.result.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {brandName(option.result.brand)}
                    </Text>
                  </Box>
                  <SuggestionPrice result={option.result} />
                </>
              )}
            </OptionItem>
          ))}
        </chakra.ul>
      </Box>
    </Box>
  );
}
