import { Box, HStack, SimpleGrid, Switch, Text, chakra } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { calculatorModeAtom, type CalculatorMode } from './state';
import { SlidersIcon, TargetIcon } from './icons';

const MODES: Array<{ mode: CalculatorMode; title: string; description: string; Icon: typeof TargetIcon }> = [
  { mode: 'direct', title: '직접 선택', description: '휴대폰과 요금제를 골라 예상 납부액을 계산해요', Icon: TargetIcon },
  { mode: 'budget', title: '예산 기반 추천', description: '월 예산과 총 예산에 맞는 조합을 할인 규칙으로 추천해요', Icon: SlidersIcon },
];

/** The mode switch and the two clickable mode cards (both drive the same atom). */
export function ModeSelector() {
  const [mode, setMode] = useAtom(calculatorModeAtom);
  return (
    <Box as="section" aria-label="계산 방식 선택">
      <HStack justify="flex-end" mb="3" gap="3">
        <Text as="span" fontSize="sm" fontWeight={mode === 'direct' ? 'bold' : 'normal'} color={mode === 'direct' ? 'fg' : 'fg.muted'} aria-hidden="true">
          직접 선택
        </Text>
        <Switch.Root
          data-testid="mode-switch"
          checked={mode === 'budget'}
          onCheckedChange={(d) => setMode(d.checked ? 'budget' : 'direct')}
          colorPalette="brand"
        >
          <Switch.HiddenInput aria-label="예산 기반 추천 모드 사용" />
          <Switch.Control />
        </Switch.Root>
        <Text as="span" fontSize="sm" fontWeight={mode === 'budget' ? 'bold' : 'normal'} color={mode === 'budget' ? 'fg' : 'fg.muted'} aria-hidden="true">
          예산 기반 추천
        </Text>
      </HStack>
      <SimpleGrid columns={2} gap={{ base: '2', md: '4' }}>
        {MODES.map(({ mode: m, title, description, Icon }) => {
          const active = mode === m;
          return (
            <chakra.button
              key={m}
              type="button"
              data-testid={`mode-${m}`}
              aria-pressed={active}
              onClick={() => setMode(m)}
              textAlign="start"
              p={{ base: '3', md: '5' }}
              rounded="xl"
              borderWidth="2px"
              borderColor={active ? 'brand.solid' : 'border'}
              bg={active ? 'brand.subtle' : 'bg.panel'}
              shadow={active ? 'sm' : 'none'}
              cursor="pointer"
              transition="background 0.15s, border-color 0.15s"
              _hover={{ borderColor: active ? 'brand.solid' : 'brand.emphasized' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <HStack gap="3" align="flex-start">
                <Box
                  flexShrink={0}
                  rounded="lg"
                  p="2"
                  bg={active ? 'brand.solid' : 'bg.muted'}
                  color={active ? 'brand.contrast' : 'fg.muted'}
                  hideBelow="sm"
                >
                  <Icon boxSize="5" />
                </Box>
                <Box minW="0">
                  <Text as="span" display="block" fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} color={active ? 'brand.fg' : 'fg'}>
                    {title}
                  </Text>
                  <Text as="span" display="block" fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted" mt="0.5">
                    {description}
                  </Text>
                </Box>
              </HStack>
            </chakra.button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
