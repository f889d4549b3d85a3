import { useState } from 'react';
import { Box, Button, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LiveRankingWidget } from '../../shared/ranking/LiveRankingWidget';
import { OverlayLayer } from '../../shared/ui/OverlayLayer';
import { HeadsetIcon, SparkleIcon } from './icons';

/**
 * Floating at the bottom right: AI quote matching (new tab), customer support and the live
 * ranking widget. Kept above the bottom-right corner where the site-wide chatbot button sits.
 */
export function FloatingActions() {
  const [rankingOpen, setRankingOpen] = useState(true);
  return (
    <OverlayLayer zIndex="docked">
      <Stack
        data-testid="home-floating"
        position="absolute"
        insetEnd={{ base: '3', md: '5' }}
        bottom={{ base: '20', md: '24' }}
        zIndex="docked"
        align="flex-end"
        gap="2"
        pointerEvents="none"
        css={{ '& > *': { pointerEvents: 'auto' } }}
      >
        <HStack gap="2">
          <Button
            data-testid="floating-ai-matching"
            colorPalette="brand"
            rounded="full"
            shadow="lg"
            size={{ base: 'sm', md: 'md' }}
            onClick={() => window.open('/matching', '_blank', 'noopener')}
            aria-label="AI 견적 매칭 (새 탭에서 열림)"
          >
            <SparkleIcon />
            <Box as="span" hideBelow="md">
              AI 견적 매칭
            </Box>
          </Button>
          <IconButton
            asChild
            data-testid="floating-support"
            rounded="full"
            shadow="lg"
            variant="surface"
            bg="bg.panel"
            size={{ base: 'sm', md: 'md' }}
            aria-label="고객센터"
            title="고객센터"
          >
            <RouterLink to="/customer-support">
              <HeadsetIcon />
            </RouterLink>
          </IconButton>
        </HStack>
        {rankingOpen ? <LiveRankingWidget onClose={() => setRankingOpen(false)} /> : null}
      </Stack>
    </OverlayLayer>
  );
}

export default FloatingActions;
