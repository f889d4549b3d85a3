import { lazy, Suspense } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation, type Location } from 'react-router-dom';
import { CompareTray } from '../../shared/ui/Compare';
import { PageSkeleton } from '../../shared/ui/PageSkeleton';
import { ErrorBoundary } from '../ErrorBoundary';
import { CategoryChips } from './CategoryChips';
import { ChatbotLauncher } from './ChatbotLauncher';
import { Header } from './Header';
import { ScrollRestoration } from './ScrollRestoration';

export const MAIN_ID = 'main-content';

/**
 * Below every page's content, so no first screen's script (ADR 009): a page that hydrates keeps the
 * server's footer until its chunk has loaded, then hydrates it; a page the browser renders itself
 * shows it under the content once loaded (nothing above it moves).
 */
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

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
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ChatbotLauncher />
      <CompareTray hidden={pathname === '/compare'} />
      <ScrollRestoration getKey={scrollKey} />
    </Flex>
  );
}
