import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

export function SectionHeader({ id, title, subtitle, action }: { id: string; title: ReactNode; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <Flex align={{ base: 'flex-start', sm: 'flex-end' }} justify="space-between" gap="3" mb="4" direction={{ base: 'column', sm: 'row' }}>
      <Box minW="0">
        <Heading as="h2" id={id} size={{ base: 'lg', md: 'xl' }}>
          {title}
        </Heading>
        {subtitle ? (
          <Text mt="1" fontSize="sm" color="fg.muted">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {action ? <Box flexShrink={0}>{action}</Box> : null}
    </Flex>
  );
}
