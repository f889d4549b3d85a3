import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, IconButton } from '@chakra-ui/react';
import { useHydrated } from '../../shared/hooks/useHydrated';
import { createIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';
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
  /** How many times the visitor opened the widget: each open moves the focus into it (keyboard use), a resume does not. */
  const [opens, setOpens] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  // Closed by the visitor: the focus goes back to the button (it was inside the widget, now hidden).
  useEffect(() => { if (chosen === false) button.current?.focus(); }, [chosen]);
  return (
    <>
      {open ? null : (
        <Box position="fixed" insetEnd={{ base: '3', md: '5' }} bottom={{ base: '3', md: '5' }} zIndex="docked">
          <IconButton ref={button} data-testid="chatbot-open" aria-label="챗봇 상담 열기" title="챗봇 상담" rounded="full" size="lg" colorPalette="brand" shadow="lg"
            onClick={() => {
              // The open widget takes the corner the toasts use: a toast shown now (the welcome) would cover its 상담원 연결 for 5 s.
              toaster.dismiss();
              setOpened(true); setChosen(true); setOpens((n) => n + 1);
            }}>
            <ChatIcon boxSize="6" />
          </IconButton>
        </Box>
      )}
      {opened || resume ? (
        <Box display={open ? undefined : 'none'}>
          <Suspense fallback={null}><ChatbotWidget onClose={() => setChosen(false)} focusKey={opens} /></Suspense>
        </Box>
      ) : null}
    </>
  );
}
