import { useEffect, useId, useState } from 'react';
import { Box, Button, CloseButton, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { RankingItem } from '../api/catalogue';
import { TrendIcon } from '../ui/icons';
import { RankingList } from './RankingList';
import { RankChange } from './RankChange';
import { LiveRankingSync, useLiveRanking } from './useLiveRanking';

/** Spec §9: the widget cycles through the top 5 every 3 seconds. */
export const LIVE_RANKING_ROTATE_MS = 3000;
export const LIVE_RANKING_TOP = 5;
/** Rows shown when expanded. */
export const LIVE_RANKING_EXPANDED_COUNT = 10;

export interface LiveRankingWidgetViewProps {
  items: RankingItem[];
  /** Subscribe to live pushes while expanded (off in tests of the bare view). */
  live?: boolean;
  /** When given, a close button is shown. */
  onClose?: () => void;
}

/** The widget without data fetching (tests render this with fixed items). */
export function LiveRankingWidgetView({ items, onClose, live = false }: LiveRankingWidgetViewProps) {
  const [expanded, setExpanded] = useState(false);
  const [index, setIndex] = useState(0);
  const panelId = useId();
  const top = items.slice(0, LIVE_RANKING_TOP);
  const count = top.length;

  useEffect(() => {
    if (expanded || count <= 1) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), LIVE_RANKING_ROTATE_MS);
    return () => window.clearInterval(id);
  }, [expanded, count]);

  if (count === 0) return null;
  const current = top[index % count] ?? top[0];
  if (!current) return null;

  return (
    <Box
      data-testid="live-ranking-widget"
      data-expanded={expanded}
      role="region"
      aria-label="실시간 랭킹"
      bg="bg.panel"
      borderWidth="1px"
      shadow="lg"
      rounded={expanded ? 'xl' : 'full'}
      w={expanded ? { base: 'calc(100vw - 2rem)', sm: '80' } : 'auto'}
      // On a phone it shares a row with the floating buttons (issue 30): collapsed, a short pill of their height.
      maxW={expanded ? { base: '100%', sm: '80' } : { base: '40', md: '72' }}
      minW="0"
    >
      {expanded ? (
        <Stack gap="1" p="3" id={panelId}>
          <Flex align="center" justify="space-between" gap="2">
            <HStack gap="1.5" color="brand.fg">
              <TrendIcon boxSize="4" />
              <Text fontWeight="bold" fontSize="sm" color="fg">
                실시간 랭킹
              </Text>
            </HStack>
            <HStack gap="1">
              <Button size="xs" variant="ghost" onClick={() => setExpanded(false)} aria-controls={panelId} aria-expanded="true">
                접기
              </Button>
              {onClose ? <CloseButton size="xs" aria-label="실시간 랭킹 닫기" onClick={onClose} /> : null}
            </HStack>
          </Flex>
          <Box maxH="min(60vh, 28rem)" overflowY="auto">
            <RankingList items={items.slice(0, LIVE_RANKING_EXPANDED_COUNT)} compact />
          </Box>
          {/* The expanded list is live (Socket.IO push); collapsed it follows the 30 s refetch. */}
          {live ? <LiveRankingSync /> : null}
        </Stack>
      ) : (
        <HStack gap="0" pe={onClose ? '1' : '0'}>
          <Button
            variant="ghost"
            rounded="full"
            size="sm"
            h={{ base: '10', md: 'auto' }}
            py={{ base: '0', md: '2' }}
            ps="3"
            pe={onClose ? '1' : '3'}
            minW="0"
            flex="1"
            justifyContent="flex-start"
            aria-expanded="false"
            aria-label={`실시간 랭킹 펼치기. 현재 ${current.rank}위 ${current.name}`}
            onClick={() => setExpanded(true)}
          >
            <TrendIcon color="brand.fg" boxSize="4" flexShrink={0} />
            <HStack data-testid="live-ranking-current" data-rank={current.rank} gap="1.5" minW="0" fontSize="sm" aria-hidden="true">
              <Text as="span" fontWeight="bold" color="brand.fg" fontVariantNumeric="tabular-nums">
                {current.rank}
              </Text>
              <Text as="span" truncate fontWeight="medium">
                {current.name}
              </Text>
              {/* a phone's short pill keeps the name; the change shows from md up and in the list */}
              <Box as="span" display={{ base: 'none', md: 'inline-flex' }}><RankChange change={current.change} value={current.changeValue} /></Box>
            </HStack>
          </Button>
          {onClose ? <CloseButton size="2xs" rounded="full" aria-label="실시간 랭킹 닫기" onClick={onClose} /> : null}
        </HStack>
      )}
    </Box>
  );
}

/** Floating live ranking: collapsed by default, cycles the top 5, expands on click. */
export function LiveRankingWidget({ onClose }: { onClose?: () => void }) {
  const ranking = useLiveRanking();
  if (!ranking.data || ranking.data.length === 0) return null;
  return <LiveRankingWidgetView items={ranking.data} onClose={onClose} live />;
}

export default LiveRankingWidget;
