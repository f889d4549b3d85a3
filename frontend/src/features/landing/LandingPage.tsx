import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Box, Button, Container, Flex, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text,
} from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCategories } from '../../shared/api/catalogue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CategoryTile } from '../../shared/ui/CategoryTile';
import { CheckBadgeIcon, SearchIcon, ShieldIcon, TrendIcon } from '../../shared/ui/icons';
import { RankingList, RankingListSkeleton } from '../../shared/ranking/RankingList';
import { LiveRankingSyncOnView, useLiveRanking } from '../../shared/ranking/useLiveRanking';
import { ScaleIcon } from './icons';

export const FEATURES_ID = 'features';
export const LANDING_RANKING_COUNT = 5;

export const FEATURE_CARDS = [
  {
    id: 'verified',
    title: '검증된 판매자',
    text: '심사를 통과한 판매자만 상품을 올릴 수 있어요. 판매자 평점과 거래 수를 확인하고 안심하고 고르세요.',
    Icon: CheckBadgeIcon,
  },
  {
    id: 'compare',
    title: '실시간 가격 비교',
    text: '같은 모델도 판매자와 통신사마다 가격이 달라요. 기기값과 월 납부액을 한눈에 비교하세요.',
    Icon: ScaleIcon,
  },
  {
    id: 'safe',
    title: '안전한 거래',
    text: '주문부터 배송, 교환·반품까지 폰마켓이 함께합니다. 14일 이내 교환·반품을 지원해요 (불량·오배송은 무료, 단순 변심은 왕복 배송비 구매자 부담).',
    Icon: ShieldIcon,
  },
] as const;

function scrollToFeatures(): void {
  const target = document.getElementById(FEATURES_ID);
  if (!target) return;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

function ModelSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(`/?q=${encodeURIComponent(q)}`);
  };
  return (
    <Box as="form" role="search" aria-label="모델 검색" onSubmit={submit} data-testid="landing-search" w="full" maxW="xl">
      <HStack gap="2" bg="bg.panel" p="1.5" rounded="full" borderWidth="1px" shadow="sm">
        <SearchIcon boxSize="5" color="fg.muted" ms="3" />
        <Input
          aria-label="찾는 모델 이름"
          placeholder="모델명 (예: 갤럭시 S26)"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          variant="flushed"
          border="0"
          flex="1"
          minW="0"
          _focusVisible={{ boxShadow: 'none' }}
        />
        <Button type="submit" colorPalette="brand" rounded="full" size="sm" px="5">
          검색
        </Button>
      </HStack>
    </Box>
  );
}

function Section({ id, title, subtitle, children, testId }: { id: string; title: string; subtitle?: string; children: ReactNode; testId: string }) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Stack gap="1" mb="5" textAlign={{ base: 'start', md: 'center' }}>
        <Heading as="h2" id={`${id}-title`} size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
      </Stack>
      {children}
    </Box>
  );
}

function LandingCategories() {
  const categories = useCategories();
  if (categories.isError) {
    return (
      <Text role="alert" color="fg.muted" textAlign="center">
        카테고리를 불러오지 못했습니다.
      </Text>
    );
  }
  return (
    <SimpleGrid as="ul" columns={{ base: 3, md: 6 }} gap="3" listStyleType="none" m="0" p="0">
      {categories.isPending
        ? Array.from({ length: 6 }, (_, i) => <Skeleton as="li" key={i} height="28" rounded="xl" />)
        : categories.data.map((c) => <CategoryTile key={c.id} category={c} data-testid="landing-category" />)}
    </SimpleGrid>
  );
}

function LandingRanking() {
  const ranking = useLiveRanking();
  const ref = useRef<HTMLDivElement | null>(null);
  return (
    <Box ref={ref} bg="bg.panel" borderWidth="1px" rounded="2xl" p={{ base: '3', md: '5' }} maxW="3xl" mx="auto">
      {ranking.isPending ? (
        <RankingListSkeleton count={LANDING_RANKING_COUNT} />
      ) : ranking.isError ? (
        <Text role="alert" color="fg.muted" textAlign="center" py="6">
          랭킹을 불러오지 못했습니다.
        </Text>
      ) : (
        <RankingList items={ranking.data.slice(0, LANDING_RANKING_COUNT)} />
      )}
      <LiveRankingSyncOnView targetRef={ref} />
    </Box>
  );
}

/** 서비스 소개 (/landing). */
export default function LandingPage() {
  useDocumentTitle('서비스 소개');
  return (
    <Box data-testid="landing-page">
      <Box as="section" aria-labelledby="landing-title" bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '12', md: '20' }}>
        <Container maxW="5xl" px={{ base: '4', md: '6' }}>
          <Stack align="center" textAlign="center" gap={{ base: '5', md: '6' }}>
            <Text color="brand.fg" fontWeight="semibold" fontSize="sm">
              휴대폰 견적 매칭 · 중고폰 거래 플랫폼
            </Text>
            <Heading as="h1" id="landing-title" size={{ base: '3xl', md: '5xl' }} lineHeight="shorter" letterSpacing="tight">
              내게 맞는 휴대폰과 요금제,
              <br />
              폰마켓에서 가장 합리적으로
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
              전국 판매자의 실시간 견적을 비교하고, 브랜드별 상품을 둘러보고, AI 견적 매칭으로 최적의 조건을 찾아보세요.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
              <Button asChild colorPalette="brand" size="lg" data-testid="landing-start">
                <RouterLink to="/">시작하기</RouterLink>
              </Button>
              <Button variant="outline" size="lg" bg="bg.panel" onClick={scrollToFeatures} data-testid="landing-learn-more" aria-controls={FEATURES_ID}>
                자세히 알아보기
              </Button>
            </Stack>
            <ModelSearch />
          </Stack>
        </Container>
      </Box>

      <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '12', md: '20' }}>
          <Box id={FEATURES_ID} tabIndex={-1} outline="none" scrollMarginTop="32">
            <Section id="landing-features" title="폰마켓이 특별한 이유" testId="landing-features">
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                {FEATURE_CARDS.map(({ id, title, text, Icon }) => (
                  <Stack key={id} data-testid="feature-card" gap="3" p="6" bg="bg.panel" borderWidth="1px" rounded="2xl">
                    <Flex boxSize="11" align="center" justify="center" rounded="xl" bg="brand.subtle" color="brand.fg">
                      <Icon boxSize="6" />
                    </Flex>
                    <Heading as="h3" size="md">
                      {title}
                    </Heading>
                    <Text color="fg.muted" fontSize="sm">
                      {text}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Section>
          </Box>

          <Section id="landing-categories" title="브랜드별로 둘러보기" subtitle="삼성, 애플부터 폴더블, 가성비 모델까지" testId="landing-categories">
            <LandingCategories />
          </Section>

          <Section id="landing-ranking" title="지금 가장 많이 보는 휴대폰" subtitle="실시간 인기 순위 1~5위" testId="landing-ranking">
            <LandingRanking />
            <Box textAlign="center" mt="4">
              <Button asChild variant="ghost" colorPalette="brand" size="sm">
                <RouterLink to="/">
                  <TrendIcon /> 전체 랭킹 보기
                </RouterLink>
              </Button>
            </Box>
          </Section>

          <Box as="section" aria-labelledby="landing-cta-title" data-testid="landing-cta" rounded="3xl" bg="brand.solid" color="brand.contrast" px={{ base: '6', md: '12' }} py={{ base: '10', md: '14' }} textAlign="center">
            <Stack align="center" gap="4">
              <Heading as="h2" id="landing-cta-title" size={{ base: 'xl', md: '3xl' }}>
                지금 바로 최적의 휴대폰을 찾아보세요
              </Heading>
              <Text opacity={0.9}>견적 요청은 무료이며, 전국 판매자가 직접 조건을 제안합니다.</Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
                <Button size="lg" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }} onClick={() => window.open('/matching', '_blank', 'noopener')} aria-label="AI 견적 받기 (새 탭에서 열림)">
                  AI 견적 받기
                </Button>
                <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
                  <RouterLink to="/brands">상품 둘러보기</RouterLink>
                </Button>
              </Stack>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
