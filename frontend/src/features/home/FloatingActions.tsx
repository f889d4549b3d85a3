import { useState } from 'react';
import { Box, Button, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LiveRankingWidget } from '../../shared/ranking/LiveRankingWidget';
import { OverlayLayer } from '../../shared/ui/OverlayLayer';
import { HeadsetIcon, SparkleIcon } from './icons';

/**
 * At the screen's foot: AI quote matching (new tab), customer support and the live ranking, in one
 * row on the site-wide chatbot button's baseline, left of it (issue 30). They stand on an opaque
 * bar as wide as the screen (issue 39): the page scrolls under the bar as under a bottom
 * navigation, so no card, price or quick action is ever half under a floating button where it
 * would look pressable; the footer leaves the bar's height free, so scrolled to the end nothing is
 * under it.
 */
/** The bar's height: the chatbot button (size lg, 44 px) and its distance from the screen's foot above and below it. */
export const FLOATING_BAR_HEIGHT = { base: '68px', md: '84px' } as const;

export function FloatingActions() {
  const [rankingOpen, setRankingOpen] = useState(true);
  return (
    <OverlayLayer zIndex="docked">
      {/* Under the buttons and the chatbot's (which the app's layout paints after this layer). */}
      <Box
        data-testid="home-floating-bar"
        position="absolute"
        insetX="0"
        bottom="0"
        height={FLOATING_BAR_HEIGHT}
        bg="bg/95"
        backdropFilter="saturate(180%) blur(8px)"
        borderTopWidth="1px"
        shadow="sm"
        pointerEvents="auto"
      />
      <Stack
        data-testid="home-floating"
        position="absolute"
        // Left of the chatbot button (its 3/5 + 11 + a gap of 2), on its baseline, as wide as the rest of the screen.
        insetEnd={{ base: '16', md: '20' }}
        insetStart={{ base: '3', md: '5' }}
        bottom={{ base: '3', md: '5' }}
        zIndex="docked"
        direction="row-reverse"
        flexWrap="wrap-reverse"
        align="center"
        gap="2"
        pointerEvents="none"
        css={{ '& > *': { pointerEvents: 'auto' } }}
      >
        <HStack gap="2" flexShrink={0}>
          <Button
            data-testid="floating-ai-matching"
            colorPalette="brand"
            rounded="full"
            shadow="lg"
            size="lg"
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
            size="lg"
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
