import { Box, Button, Container } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** Spec §2: brand chips go to their brand page; the others are real filters (issue 10): `/search?chip=…`. */
export const CATEGORY_CHIPS: { label: string; to: string }[] = [
  { label: '삼성', to: '/brand/Samsung' },
  { label: '애플', to: '/brand/Apple' },
  { label: '구글', to: '/brand/Google' },
  { label: '번호이동', to: `/search?chip=${encodeURIComponent('번호이동')}` },
  { label: '무제한', to: `/search?chip=${encodeURIComponent('무제한')}` },
  { label: '10만원대', to: `/search?chip=${encodeURIComponent('10만원대')}` },
  { label: '신상품', to: `/search?chip=${encodeURIComponent('신상품')}` },
  { label: '가성비', to: `/search?chip=${encodeURIComponent('가성비')}` },
  { label: '5G', to: `/search?chip=${encodeURIComponent('5G')}` },
  { label: '프리미엄', to: `/search?chip=${encodeURIComponent('프리미엄')}` },
  { label: '중고폰', to: `/search?chip=${encodeURIComponent('중고폰')}` },
  { label: '공시혜택', to: `/search?chip=${encodeURIComponent('공시혜택')}` },
];

export function CategoryChips() {
  const { pathname } = useLocation();
  return (
    <Box as="nav" aria-label="카테고리" borderBottomWidth="1px" bg="bg">
      <Container maxW="7xl" px={{ base: '0', md: '6' }}>
        <Box
          as="ul"
          display="flex"
          gap="2"
          py="2"
          px={{ base: '3', md: '1' }}
          mx={{ md: '-1' }}
          overflowX="auto"
          listStyleType="none"
          m="0"
          css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
        >
          {CATEGORY_CHIPS.map((chip) => {
            const active = chip.to !== '/' && pathname.toLowerCase() === chip.to.toLowerCase();
            return (
              <Box as="li" key={chip.label} flexShrink={0}>
                <Button
                  asChild
                  size="xs"
                  rounded="full"
                  variant={active ? 'solid' : 'outline'}
                  colorPalette={active ? 'brand' : 'gray'}
                  fontWeight="medium"
                  focusRingColor="brand.focusRing"
                  px="3"
                >
                  <RouterLink to={chip.to} aria-current={active ? 'page' : undefined}>
                    {chip.label}
                  </RouterLink>
                </Button>
              </Box>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}
