import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { TagIcon } from './icons';

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
            몇 가지 질문에 답하면 등급을 계산해 매장들의 매입 가격표에서 최고가를 바로 찾아드려요. 판매자로 등록하면 직접 상품을 올릴 수도 있어요.
          </Text>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" flexShrink={0}>
          <Button asChild colorPalette="brand" size="lg" data-testid="sell-quote">
            <RouterLink to="/sell">판매가 견적 받기</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg" bg="bg.panel" data-testid="sell-seller">
            <RouterLink to="/seller-application">셀러 등록</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
