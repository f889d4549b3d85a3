import { useState } from 'react';
import { Box, Button, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LiveRankingWidget } from '../../shared/ranking/LiveRankingWidget';
import { OverlayLayer } from '../../shared/ui/OverlayLayer';
import { HeadsetIcon, SparkleIcon } from './icons';

/**
 * Floating at the bottom right: AI quote matching (new tab), customer support and the live
 * ranking widget. On a phone they are one cluster with the site-wide chatbot button (issue 30): one
 * row of the same height on its baseline, left of it, so a single strip at the screen's foot floats
 * (the footer leaves room for it, so scrolled to the end it covers nothing). From md up they stand
 * above the chatbot button in one column.
 */
export function FloatingActions() {
  const [rankingOpen, setRankingOpen] = useState(true);
  return (
    <OverlayLayer zIndex="docked">
      <Stack
        data-testid="home-floating"
        position="absolute"
        // A phone: left of the chatbot button (its 3 + 11 + a gap of 2), on its baseline, as wide as the rest of the screen.
        insetEnd={{ base: '16', md: '5' }}
        insetStart={{ base: '3', md: 'auto' }}
        bottom={{ base: '3', md: '24' }}
        zIndex="docked"
        direction={{ base: 'row-reverse', md: 'column' }}
        flexWrap={{ base: 'wrap-reverse', md: 'nowrap' }}
        align={{ base: 'center', md: 'flex-end' }}
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
            size={{ base: 'lg', md: 'md' }}
            w={{ base: '11', md: 'auto' }}
            px={{ base: '0', md: '4' }}
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
            size={{ base: 'lg', md: 'md' }}
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
