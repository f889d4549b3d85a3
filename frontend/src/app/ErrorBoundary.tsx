import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { AlertIcon } from '../shared/ui/icons';

function reloadPage(): void {
  window.location.reload();
}

/** Spec §2: "something went wrong, refresh the page" with a refresh button. */
export function ErrorScreen({ onReload = reloadPage }: { onReload?: () => void }) {
  return (
    <Box role="alert" py={{ base: '12', md: '20' }} px="4" textAlign="center">
      <Stack gap="4" align="center" maxW="md" mx="auto">
        <Box color="fg.error" bg="bg.error" rounded="full" p="4" aria-hidden="true">
          <AlertIcon boxSize="8" />
        </Box>
        <Heading as="h1" size="xl">
          문제가 발생했습니다.
        </Heading>
        <Text color="fg.muted">페이지를 새로고침해 주세요.</Text>
        <Button colorPalette="brand" onClick={onReload}>
          새로고침
        </Button>
      </Stack>
    </Box>
  );
}

interface Props {
  children: ReactNode;
  /** Injected in tests; defaults to `location.reload()`. */
  onReload?: () => void;
}

interface State {
  error: Error | null;
}

/** Catches render errors below it (including a page chunk that fails to load). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen onReload={this.props.onReload} />;
    return this.props.children;
  }
}
