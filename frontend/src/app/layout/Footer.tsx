import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

type FooterLink = { label: string; href: string; route?: boolean };

const SERVICE_LINKS: FooterLink[] = [
  { label: '견적 매칭', href: '/matching', route: true },
  { label: '중고폰 판매', href: '/#sell' },
  { label: '요금제 비교', href: '/price-calculator', route: true },
  { label: '기기 리뷰', href: '/reviews', route: true },
];

const SUPPORT_LINKS: FooterLink[] = [
  { label: '고객센터', href: '/customer-support', route: true },
  { label: '이용약관', href: '/terms', route: true },
  { label: '개인정보처리방침', href: '/privacy', route: true },
  { label: '환불정책', href: '/refund-policy', route: true },
];

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const id = `footer-${title}`;
  return (
    <Box as="nav" aria-labelledby={id}>
      <Heading as="h2" id={id} size="sm" mb="3">
        {title}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" fontSize="sm">
        {links.map((l) => (
          <li key={l.label}>
            {l.route ? (
              <Link asChild color="fg.muted" _hover={{ color: 'fg' }}>
                <RouterLink to={l.href}>{l.label}</RouterLink>
              </Link>
            ) : (
              <Link href={l.href} color="fg.muted" _hover={{ color: 'fg' }}>
                {l.label}
              </Link>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function Footer() {
  return (
    // Room under the last links for the floating buttons (the chatbot button everywhere, the home
    // page's taller stack of AI 견적 / 고객센터 / 실시간 랭킹): scrolled to the end, they cover nothing.
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="12" pb="16"
      css={{ 'body:has([data-testid="home-floating"]) &': { paddingBottom: { base: '13rem', md: '15rem' } } }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
          <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
            <Text fontWeight="black" fontSize="xl" color="brand.solid">
              폰마켓
            </Text>
            <Text mt="2" color="fg.muted" fontSize="sm" maxW="sm">
              휴대폰 견적 매칭과 중고폰 거래를 한 곳에서. 실시간 견적을 비교하고 나에게 맞는 요금제와 기기를 찾아보세요.
            </Text>
          </Box>
          <LinkColumn title="서비스" links={SERVICE_LINKS} />
          <LinkColumn title="고객지원" links={SUPPORT_LINKS} />
        </SimpleGrid>
        <Text mt="10" pt="6" borderTopWidth="1px" fontSize="xs" color="fg.muted">
          © 2025 폰마켓. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
