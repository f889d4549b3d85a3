import { Box, Button, Text } from '@chakra-ui/react';

/** A home section's load error with a retry button; `framed` draws it as a panel. */
export function SectionError({ text, onRetry, framed = false }: { text: string; onRetry: () => void; framed?: boolean }) {
  return (
    <Box role="alert" textAlign="center" py="8" {...(framed ? { bg: 'bg.panel', borderWidth: '1px', rounded: 'xl' } : null)}>
      <Text color="fg.muted" mb="3">
        {text}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        다시 시도
      </Button>
    </Box>
  );
}
