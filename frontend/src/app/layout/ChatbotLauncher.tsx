import { lazy, Suspense, useState } from 'react';
import { Box, IconButton } from '@chakra-ui/react';
import { useHydrated } from '../../shared/hooks/useHydrated';
import { createIcon } from '../../shared/ui/icons';
import { withLaterRecipes } from '../../shared/theme/system';
import { hadLiveChatAtLoad } from '../../features/chatbot/liveChat';

const ChatIcon = createIcon(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />);

/** The widget is its own chunk, loaded on first open: the home page's first load does not carry it. */
const ChatbotWidget = lazy(withLaterRecipes(() => import('../../features/chatbot/ChatbotWidget')));

/**
 * The chatbot button floating at the bottom right of every page (spec §2); the widget stays mounted once opened.
 * A chat with an agent goes on after a reload of the tab: the widget opens on it by itself (once hydrated: the
 * server cannot know the tab's storage).
 */
export function ChatbotLauncher() {
  const resume = useHydrated() && hadLiveChatAtLoad();
  const [opened, setOpened] = useState(false);
  /** The visitor's own open or close (null: not chosen yet). */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? resume;
  return (
    <>
      {open ? null : (
        <Box position="fixed" insetEnd={{ base: '3', md: '5' }} bottom={{ base: '3', md: '5' }} zIndex="docked">
          <IconButton data-testid="chatbot-open" aria-label="챗봇 상담 열기" title="챗봇 상담" rounded="full" size="lg" colorPalette="brand" shadow="lg"
            onClick={() => { setOpened(true); setChosen(true); }}>
            <ChatIcon boxSize="6" />
          </IconButton>
        </Box>
      )}
      {opened || resume ? (
        <Box display={open ? undefined : 'none'}>
          <Suspense fallback={null}><ChatbotWidget onClose={() => setChosen(false)} /></Suspense>
        </Box>
      ) : null}
    </>
  );
}
