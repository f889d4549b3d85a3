import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box py={{ base: '8', md: '16' }} px="4">
      <Box
        maxW="md"
        mx="auto"
        bg="bg.panel"
        borderWidth="1px"
        rounded="2xl"
        shadow="sm"
        p={{ base: '6', md: '8' }}
      >
        <Stack gap="1" mb="6">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Stack>
        {children}
      </Box>
    </Box>
  );
}

export function FormError({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" rounded="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
