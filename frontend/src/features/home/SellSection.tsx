import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { TagIcon } from './icons';

function openMatching(): void {
  window.open('/matching', '_blank', 'noopener');
}

/** 중고폰 판매 (anchor #sell, linked from the footer). */
export function SellSection() {
  return (
    <Box
      as="section"
      id="sell"
      data-testid="sell-section"
      aria-labelledby="sell-title"
      rounded="2xl"
      p={{ base: '6', md: '10' }}
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      scrollMarginTop="32"
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="6" align={{ base: 'stretch', md: 'center' }} justify="space-between">
        <Stack gap="2" maxW="2xl">
          <Text color="brand.fg" fontWeight="semibold" fontSize="sm" display="flex" alignItems="center" gap="1.5">
            <TagIcon boxSize="4" /> 중고폰 판매
          </Text>
          <Heading as="h2" id="sell-title" size={{ base: 'xl', md: '2xl' }}>
            쓰던 휴대폰, 제값 받고 파세요
          </Heading>
          <Text color="fg.muted">
            전국 판매자에게 한 번에 견적을 받아 가장 좋은 가격을 고르세요. 판매자로 등록하면 직접 상품을 올릴 수도 있어요.
          </Text>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" flexShrink={0}>
          <Button colorPalette="brand" size="lg" onClick={openMatching} data-testid="sell-quote" aria-label="판매가 견적 받기 (새 탭에서 열림)">
            판매가 견적 받기
          </Button>
          <Button asChild variant="outline" size="lg" bg="bg.panel" data-testid="sell-seller">
            <RouterLink to="/seller-application">셀러 등록</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
