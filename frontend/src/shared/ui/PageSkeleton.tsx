import { Box, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** Suspense fallback while a page's code loads. */
export function PageSkeleton() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true" py="8" px={{ base: '4', md: '6' }} maxW="7xl" mx="auto">
      <Box as="span" srOnly>
        페이지를 불러오는 중...
      </Box>
      <Stack gap="6">
        <Skeleton height={{ base: '40', md: '56' }} rounded="xl" />
        <SkeletonText noOfLines={2} gap="3" width={{ base: '80%', md: '40%' }} />
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height="40" rounded="lg" />
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
