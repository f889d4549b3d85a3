import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from '@phonemarket/contracts';
import { clearCompared, compareHref, toggleCompared, useCompareSelection, type ComparedModel } from '../compare/compareSelection';
import { toaster } from './toaster';

/**
 * '비교' on a model card and the model page (issue 42 §4): puts the model in the 비교함 or takes it
 * out (`aria-pressed`). A button, never inside a link: cards place it beside theirs.
 */
export function CompareToggle({ model, ...props }: { model: ComparedModel } & Omit<Parameters<typeof Button>[0], 'onClick' | 'children'>) {
  const inTray = useCompareSelection().some((m) => m.id === model.id);
  const onClick = () => {
    if (toggleCompared(model) === 'full') toaster.create({ type: 'info', title: `비교함에는 ${COMPARE_MAX_MODELS}개까지 담을 수 있어요`, description: '다른 모델을 빼고 담아주세요.' });
  };
  return (
    <Button size="xs" rounded="full" variant={inTray ? 'solid' : 'outline'} colorPalette="brand" bg={inTray ? undefined : 'bg.panel/90'}
      aria-pressed={inTray} aria-label={inTray ? `${model.name} 비교함에서 빼기` : `${model.name} 비교함에 담기`} data-testid="compare-toggle" onClick={onClick} {...props}>
      {inTray ? '✓ 비교' : '+ 비교'}
    </Button>
  );
}

/** The 비교함 at the foot of every page while it holds a model: what is in it and the way to `/compare`. */
export function CompareTray({ hidden = false }: { hidden?: boolean }) {
  const picked = useCompareSelection();
  if (hidden || picked.length === 0) return null;
  const ready = picked.length >= COMPARE_MIN_MODELS;
  return (
    // On the home page it sits above the floating bar (68 px on a phone, 84 px from md up; Footer.tsx).
    <Box position="fixed" bottom="3" insetStart="3" insetEnd={{ base: '20', md: 'auto' }} maxW="md" zIndex="sticky" data-testid="compare-tray"
      css={{ 'body:has([data-testid="home-floating"]) &': { bottom: { base: '5rem', md: '6rem' } } }}
      bg="bg.panel" borderWidth="1px" rounded="xl" shadow="lg" px="3" py="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="semibold" flexShrink={0}>비교함 {picked.length}/{COMPARE_MAX_MODELS}</Text>
        <Text fontSize="xs" color="fg.muted" flex="1" minW="0" truncate>{picked.map((m) => m.name).join(' · ')}</Text>
        <Button size="xs" variant="ghost" onClick={clearCompared}>비우기</Button>
        {ready ? (
          <Button asChild size="xs" colorPalette="brand" data-testid="compare-tray-go">
            <RouterLink to={compareHref(picked.map((m) => m.id))}>비교하기</RouterLink>
          </Button>
        ) : <Text fontSize="xs" color="fg.muted">{COMPARE_MIN_MODELS - picked.length}개 더 담아주세요</Text>}
      </Flex>
    </Box>
  );
}
