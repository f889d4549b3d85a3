import { useState } from 'react';
import { Box, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { responsiveImage } from '@phonemarket/contracts';
import type { Category } from '../api/catalogue';
import { PhoneIcon } from './icons';

function CategoryLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Flex boxSize={{ base: '14', md: '16' }} align="center" justify="center" rounded="xl" overflow="hidden" bg="bg.muted" color="fg.muted">
      {failed ? (
        <PhoneIcon boxSize="7" data-testid="category-fallback-icon" />
      ) : (
        <img {...responsiveImage(src, { sizes: '(min-width: 768px) 64px, 56px', maxWidth: 160 })} alt="" width={64} height={64} loading="lazy" decoding="async" onError={() => setFailed(true)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      )}
    </Flex>
  );
}

/**
 * A category as a list tile (logo, name, product count) linking to /category/{id}; the whole
 * tile is clickable. Render it inside a `<ul>`. A logo that fails to load shows a phone icon.
 */
export function CategoryTile({ category, 'data-testid': testId }: { category: Category; 'data-testid': string }) {
  return (
    <Box
      position="relative"
      as="li"
      data-testid={testId}
      display="flex"
      flexDirection="column"
      alignItems="center"
      gap="2"
      py="4"
      px="2"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      textAlign="center"
      _hover={{ borderColor: 'brand.border', shadow: 'sm' }}
      transition="border-color 0.15s, box-shadow 0.15s"
    >
      <CategoryLogo src={category.img} />
      <Box asChild css={{ '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 } }}>
        <RouterLink to={`/category/${encodeURIComponent(category.id)}`}>
          <Text as="span" fontWeight="semibold" fontSize="sm">
            {category.label}
          </Text>
        </RouterLink>
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {category.count}개 상품
      </Text>
    </Box>
  );
}
