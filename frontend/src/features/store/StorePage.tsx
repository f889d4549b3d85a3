import { Alert, Badge, Box, Button, chakra, Flex, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  BUSINESS_DAYS, BUSINESS_DAY_LABELS, BUSINESS_FIELD_LABELS, STORE_CLOSED_MESSAGES, formatDayHours, formatResponseTime,
  type BusinessField, type PublicStore,
} from '@phonemarket/contracts';
import { formatNumber } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { HomeIcon } from '../../shared/ui/icons';
import { CatalogueEmptyState, PageFrame, PageLoadError, PageNotFound } from '../../shared/ui/PageParts';
import { ProductCard } from '../../shared/ui/ProductCard';
import { RecentReviewItem } from '../../shared/ui/RecentReviewItem';
import { ShopReviewList } from '../../shared/ui/ShopReviewList';
import { ReportButton } from '../../shared/ui/ReportButton';
import { ShopTrustLine } from '../../shared/ui/ShopTrust';
import { PreApprovalBadge } from '../../shared/ui/PreApprovalBadge';
import { StatGrid } from '../../shared/ui/StatGrid';
import { STORE_THEME_PALETTE } from '../../shared/ui/storeTheme';
import { useStore } from './api/store';

/** `?page=` as a page number (1 when absent or not a positive whole number). */
const pageOf = (raw: string | null) => (raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1);

/** 전자상거래법 제13조: what a 통신판매중개자 shows of its sellers, in this order (연락처: phone and e-mail). */
const BUSINESS_ROWS: BusinessField[] = ['companyName', 'representative', 'address', 'phone', 'email', 'businessNumber', 'mailOrderNumber'];
/** 공정거래위원회's 사업자정보 page for a 사업자등록번호. */
const ftcBusinessInfoUrl = (businessNumber: string) => `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${businessNumber.replace(/\D/g, '')}`;

function StoreSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true">
      <Box as="span" srOnly>스토어 정보를 불러오는 중...</Box>
      <Skeleton h={{ base: '28', md: '48' }} rounded="xl" />
      <Skeleton h="16" w="60%" />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h="64" rounded="xl" />)}</SimpleGrid>
    </Stack>
  );
}

function Banner({ store, palette }: { store: PublicStore; palette: string }) {
  return (
    <Box
      colorPalette={palette} position="relative" rounded="xl" overflow="hidden" aspectRatio={{ base: '3 / 1', md: '4 / 1' }}
      bgGradient="to-r" gradientFrom="colorPalette.solid" gradientTo="colorPalette.emphasized" data-testid="store-banner"
    >
      {store.bannerUrl ? (
        <chakra.img src={store.bannerUrl} alt={`${store.name} 배너`} w="full" h="full" objectFit="cover" fetchPriority="high" />
      ) : null}
    </Box>
  );
}

function Logo({ store, palette }: { store: PublicStore; palette: string }) {
  return (
    <Flex
      colorPalette={palette} flexShrink={0} w={{ base: '16', md: '24' }} h={{ base: '16', md: '24' }} rounded="full" overflow="hidden" borderWidth="3px" borderColor="bg"
      bg="colorPalette.solid" color="colorPalette.contrast" align="center" justify="center" fontWeight="bold" fontSize={{ base: 'xl', md: '3xl' }} shadow="md"
      data-testid="store-logo"
    >
      {store.logoUrl ? <chakra.img src={store.logoUrl} alt={`${store.name} 로고`} w="full" h="full" objectFit="cover" bg="bg" /> : <span aria-hidden="true">{[...store.name][0]}</span>}
    </Flex>
  );
}

function BusinessInfo({ store }: { store: PublicStore }) {
  const rows = BUSINESS_ROWS.filter((f) => store.business[f]);
  return (
    <Stack as="section" aria-labelledby="store-business-title" gap="3" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel" data-testid="store-business">
      <Heading as="h2" id="store-business-title" size="md">판매자 정보</Heading>
      {rows.length ? (
        <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1.5" fontSize="sm">
          {rows.map((f) => (
            <Box key={f} display="contents">
              <chakra.dt color="fg.muted">{BUSINESS_FIELD_LABELS[f]}</chakra.dt>
              <chakra.dd wordBreak="break-all">
                {store.business[f]}
                {f === 'businessNumber' ? (
                  <>
                    {' '}
                    <Link href={ftcBusinessInfoUrl(store.business[f]!)} target="_blank" rel="noopener noreferrer" fontSize="xs" color="fg.muted" textDecoration="underline">
                      사업자정보 확인<chakra.span srOnly> (공정거래위원회, 새 창)</chakra.span>
                    </Link>
                  </>
                ) : null}
              </chakra.dd>
            </Box>
          ))}
        </chakra.dl>
      ) : <Text fontSize="sm" color="fg.muted">판매자가 아직 사업자 정보를 등록하지 않았습니다.</Text>}
      <Text fontSize="xs" color="fg.muted">
        폰마켓은 통신판매중개자로서 통신판매의 당사자가 아닙니다. 이 스토어의 상품, 상품 정보와 거래에 대한 책임은 판매자에게 있습니다.
      </Text>
    </Stack>
  );
}

function Hours({ store }: { store: PublicStore }) {
  const hours = store.businessHours;
  return (
    <Stack as="section" aria-labelledby="store-hours-title" gap="3" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel" data-testid="store-hours">
      <Heading as="h2" id="store-hours-title" size="md">영업시간</Heading>
      {hours ? (
        <>
          <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1.5" fontSize="sm">
            {BUSINESS_DAYS.map((d) => (
              <Box key={d} display="contents">
                <chakra.dt color="fg.muted">{BUSINESS_DAY_LABELS[d]}</chakra.dt>
                <chakra.dd fontWeight={hours[d] ? 'medium' : undefined} color={hours[d] ? undefined : 'fg.muted'}>{formatDayHours(hours[d])}</chakra.dd>
              </Box>
            ))}
          </chakra.dl>
          {hours.note ? <Text fontSize="sm" color="fg.muted">{hours.note}</Text> : null}
        </>
      ) : <Text fontSize="sm" color="fg.muted">영업시간이 등록되지 않았습니다.</Text>}
    </Stack>
  );
}

function Offers({ store, onPage }: { store: PublicStore; onPage: (page: number) => void }) {
  const { items, total, page, pageSize } = store.offers;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack as="section" aria-labelledby="store-offers-title" gap="4">
      <Heading as="h2" id="store-offers-title" size="lg">판매 상품 <chakra.span color="fg.muted" fontWeight="normal">{formatNumber(total)}</chakra.span></Heading>
      {items.length ? (
        <SimpleGrid as="ul" listStyleType="none" m="0" p="0" columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }} data-testid="store-offers">
          {items.map((p) => <Box as="li" key={p.id}><ProductCard product={p} showSeller={false} /></Box>)}
        </SimpleGrid>
      ) : (
        <CatalogueEmptyState data-testid="store-offers-empty" title="판매 중인 상품이 없습니다" description={page > 1 ? '이 페이지에는 상품이 없습니다.' : '이 스토어가 상품을 등록하면 이곳에 보입니다.'} />
      )}
      {pages > 1 ? (
        <HStack as="nav" aria-label="상품 페이지" justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>이전</Button>
          <Text fontSize="sm" aria-current="page">{page} / {pages}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>다음</Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function Reviews({ store }: { store: PublicStore }) {
  const { items, total, average } = store.reviews;
  return (
    <Stack as="section" aria-labelledby="store-reviews-title" gap="2">
      <Heading as="h2" id="store-reviews-title" size="lg">
        상품 리뷰 <chakra.span color="fg.muted" fontWeight="normal">{formatNumber(total)}</chakra.span>
        {total > 0 ? <chakra.span fontSize="md" fontWeight="medium" ms="2"><chakra.span color="yellow.fg" aria-hidden="true">★</chakra.span> {average.toFixed(1)}<chakra.span srOnly>점</chakra.span></chakra.span> : null}
      </Heading>
      {items.length ? (
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="스토어 리뷰" data-testid="store-reviews">
          {items.map((r) => <RecentReviewItem key={r.id} r={r} />)}
        </Stack>
      ) : <Text color="fg.muted" fontSize="sm">아직 이 스토어에서 구매한 분들의 리뷰가 없습니다.</Text>}
    </Stack>
  );
}

function StoreView({ store, onPage }: { store: PublicStore; onPage: (page: number) => void }) {
  useDocumentTitle(store.name);
  const palette = STORE_THEME_PALETTE[store.theme];
  const f = store.figures;
  return (
    <Stack gap={{ base: '6', md: '8' }} data-testid="store-page" data-store-id={store.id}>
      <Stack gap="0">
        <Banner store={store} palette={palette} />
        <Flex gap={{ base: '3', md: '5' }} align="end" px={{ base: '3', md: '6' }} mt={{ base: '-8', md: '-12' }} position="relative">
          <Logo store={store} palette={palette} />
          <Stack gap="1" minW="0" pb="1" pt={{ base: '9', md: '13' }}>
            <HStack gap="2" wrap="wrap">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="store-name">{store.name}</Heading>
              {!store.open ? <Badge colorPalette="red" data-testid="store-closed-badge">{store.status === 'suspended' ? '판매 정지' : '준비 중'}</Badge> : null}
            </HStack>
            {store.open ? (
              <HStack gap="2" wrap="wrap">
                <ShopTrustLine trust={store.trust} size="sm" />
                <PreApprovalBadge preApproval={store.preApproval} />
                <ReportButton kind="shop" targetId={store.sellerId} shopSellerId={store.sellerId} name={store.name} />
              </HStack>
            ) : null}
            {f ? (
              <Text fontSize="sm" color="fg.muted" data-testid="store-summary">
                <chakra.span color="yellow.fg" aria-hidden="true">★</chakra.span> {f.reviewCount ? `${f.rating.toFixed(1)} (상품 리뷰 ${formatNumber(f.reviewCount)})` : '상품 리뷰 없음'}
                {' · '}거래 {formatNumber(store.trust.deals)}건
              </Text>
            ) : null}
          </Stack>
        </Flex>
      </Stack>

      {!store.open ? (
        <Alert.Root status="warning" data-testid="store-closed">
          <Alert.Indicator />
          <Alert.Title>{store.status === 'suspended' ? STORE_CLOSED_MESSAGES.suspended : STORE_CLOSED_MESSAGES.pending}</Alert.Title>
        </Alert.Root>
      ) : null}

      {store.description && store.open ? <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="store-description">{store.description}</Text> : null}

      {f ? (
        <StatGrid testId="store-figures" figures={[
          ['판매 중 상품', `${formatNumber(f.offersOnSale)}개`],
          ['거래', `${formatNumber(store.trust.deals)}건`],
          ['상품 평점', f.reviewCount ? `${f.rating.toFixed(1)} / 5` : '상품 리뷰 없음'],
          ['평균 응답 시간', formatResponseTime(f.responseMinutes)],
        ]} />
      ) : null}

      {store.open ? <Offers store={store} onPage={onPage} /> : null}
      {store.open ? <ShopReviewList sellerId={store.sellerId} /> : null}
      {store.open ? <Reviews store={store} /> : null}

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
        <Hours store={store} />
        <BusinessInfo store={store} />
      </SimpleGrid>
    </Stack>
  );
}

function NotFound() {
  useDocumentTitle('스토어를 찾을 수 없습니다');
  return (
    <PageNotFound title="스토어를 찾을 수 없습니다" description="주소가 바뀌었거나 없는 스토어입니다." link={{ to: '/', label: '홈으로 돌아가기', icon: <HomeIcon /> }} data-testid="store-not-found" />
  );
}

/** /store/:id — a seller's store as shoppers see it (issue 29): banner, figures, offers, reviews, hours and business information. */
export default function StorePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const query = useStore(id, page);
  const onPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    document.getElementById('store-offers-title')?.scrollIntoView({ block: 'start' });
  };
  let content;
  if (query.isPending) content = <StoreSkeleton />;
  else if (query.isError) content = <PageLoadError title="스토어를 불러오지 못했습니다" error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data === null) content = <NotFound />;
  else content = <StoreView store={query.data} onPage={onPage} />;
  return <PageFrame>{content}</PageFrame>;
}
