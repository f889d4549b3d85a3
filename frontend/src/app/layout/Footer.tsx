import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BROKER_NOTICE, ftcBusinessInfoUrl, type SiteBusiness } from '@phonemarket/contracts';
import { useSiteInfo } from '../../shared/api/site';
import { koreanYear } from '../../shared/format';

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
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" fontSize="sm">
        {links.map((l) => (
          <li key={l.label}>
            {l.route ? (
              <Link asChild color="fg.muted" _hover={{ color: 'fg' }} minH="6">
                <RouterLink to={l.href}>{l.label}</RouterLink>
              </Link>
            ) : (
              <Link href={l.href} color="fg.muted" _hover={{ color: 'fg' }} minH="6">
                {l.label}
              </Link>
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The 전자상거래법 제10조 lines, in the order people look for them; a field not given is left out. */
const BUSINESS_LINES: { label: string; value: (b: SiteBusiness) => string }[] = [
  { label: '상호', value: (b) => b.companyName },
  { label: '대표자', value: (b) => b.representative },
  { label: '사업자등록번호', value: (b) => b.businessNumber },
  { label: '통신판매업 신고번호', value: (b) => (b.mailOrderNumber && b.mailOrderAuthority ? `${b.mailOrderNumber} (${b.mailOrderAuthority})` : b.mailOrderNumber) },
  { label: '사업장 주소', value: (b) => b.address },
  { label: '고객센터', value: (b) => b.phone },
  { label: '이메일', value: (b) => b.email },
  { label: '개인정보보호책임자', value: (b) => b.privacyOfficer },
  { label: '호스팅 제공자', value: (b) => b.hostingProvider },
];

/**
 * 사업자 정보 (issue 29): what the admin saved in 사이트 설정, on every page and in the server's render;
 * the 사업자등록번호 links to its 공정위 사업자정보 page. Always the 통신판매중개자 notice.
 */
function BusinessInfo() {
  const { business } = useSiteInfo();
  const lines = BUSINESS_LINES.map(({ label, value }) => ({ label, value: value(business) })).filter((l) => l.value !== '');
  return (
    <Box data-testid="business-info" mt="10" pt="6" borderTopWidth="1px" fontSize="xs" color="fg.muted">
      {lines.length > 0 ? (
        <Box as="dl" aria-label="사업자 정보" display="flex" flexWrap="wrap" columnGap="4" rowGap="1" m="0">
          {lines.map(({ label, value }) => (
            <Box key={label} display="flex" gap="1" data-testid={`business-${label}`}>
              <Box as="dt" fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>{label}</Box>
              <Box as="dd" m="0" minW="0" overflowWrap="anywhere">
                {value}
                {label === '사업자등록번호' ? (
                  <>
                    {' '}
                    <Link href={ftcBusinessInfoUrl(value)} target="_blank" rel="noopener noreferrer" color="fg" textDecoration="underline" data-testid="ftc-link">
                      사업자정보 확인
                    </Link>
                  </>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
      <Text mt={lines.length > 0 ? '3' : '0'} data-testid="broker-notice">{BROKER_NOTICE}</Text>
      <Text mt="3">© {koreanYear()} 폰마켓. 모든 권리 보유.</Text>
    </Box>
  );
}

export function Footer() {
  return (
    // Room under the last links for the floating buttons (the chatbot button everywhere; on the home
    // page the bar of AI 견적 / 고객센터 / 실시간 랭킹 beside it, 68 px high on a phone, 84 px from md
    // up, features/home/FloatingActions.tsx): scrolled to the end, they cover nothing.
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="12" pb="16"
      css={{ 'body:has([data-testid="home-floating"]) &': { paddingBottom: { base: '5rem', md: '6rem' } } }}>
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
        <BusinessInfo />
      </Container>
    </Box>
  );
}
