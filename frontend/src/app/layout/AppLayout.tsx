import { Suspense } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation, type Location } from 'react-router-dom';
import { CompareTray } from '../../shared/ui/Compare';
import { PageSkeleton } from '../../shared/ui/PageSkeleton';
import { ErrorBoundary } from '../ErrorBoundary';
import { CategoryChips } from './CategoryChips';
import { ChatbotLauncher } from './ChatbotLauncher';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollRestoration } from './ScrollRestoration';

export const MAIN_ID = 'main-content';

/**
 * Where ScrollRestoration keeps a page's scroll position: by history entry, except for the entry a
 * page load starts with, whose key is always 'default' (it would give a page loaded in the tab the
 * position the previous page had when it was left); that one is kept by address, as a reload.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100dvh">
      <Box
        asChild
        position="absolute"
        insetStart="2"
        top="-20"
        zIndex="skipLink"
        bg="bg.panel"
        px="4"
        py="2"
        rounded="md"
        shadow="md"
        _focus={{ top: '2' }}
      >
        <a href={`#${MAIN_ID}`}>본문으로 건너뛰기</a>
      </Box>
      <Header />
      <CategoryChips />
      <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" outline="none">
        {/* Reset the boundary when the page changes, so one broken page does not stick. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
      <ChatbotLauncher />
      <CompareTray hidden={pathname === '/compare'} />
      <ScrollRestoration getKey={scrollKey} />
    </Flex>
  );
}
