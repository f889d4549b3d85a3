import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { COMPARE_MIN_MODELS, compareModelIds, compareSchema, TOTAL_24_LABEL, type Compare } from '@phonemarket/contracts';
import { apiFetch } from '../../shared/api/client';
import { formatStorage, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ConditionList } from '../../shared/ui/Conditions';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { PhoneImage } from '../../shared/ui/PhoneImage';

const SPEC_LABELS: [keyof Compare['models'][number]['specifications'], string][] = [
  ['display', '디스플레이'], ['chip', '칩셋'], ['camera', '카메라'], ['battery', '배터리'], ['weight', '무게'], ['os', 'OS'],
];
/**
 * A column's rows: picture, name, 출고가, carriers, the 사양 heading and one row per spec. Every column spans them
 * all on the page's grid (CSS subgrid), so a row is as tall as its tallest cell and the same spec lines up
 * across columns however many carriers or prices a model has.
 */
const COLUMN_ROWS = 5 + SPEC_LABELS.length;

function ModelColumn({ model }: { model: Compare['models'][number] }) {
  return (
    <Box data-testid="compare-column" display="grid" gridRow={`span ${COLUMN_ROWS}`} gridTemplateRows="subgrid" rowGap="1" p="4" borderWidth="1px" rounded="xl" bg="bg.panel" minW="0" scrollSnapAlign="start">
      <Box h="36" display="flex" justifyContent="center"><PhoneImage src={model.img} alt={model.name} brand={model.brand} sizes="144px" style={{ height: '100%', objectFit: 'contain' }} /></Box>
      <Link asChild fontWeight="bold" fontSize="lg" mt="2" alignSelf="start"><RouterLink to={`/product/${encodeURIComponent(model.id)}`}>{model.name}</RouterLink></Link>
      <Stack gap="1" fontSize="sm" mt="2">
        <Text fontWeight="semibold">출고가</Text>
        {model.variants.map((v) => <Text key={v.storage}>{formatStorage(v.storage)} {formatWon(v.releasePrice)}</Text>)}
      </Stack>
      <Stack gap="1" fontSize="sm" mt="2">
        <Text fontWeight="semibold">통신사별 최저 {TOTAL_24_LABEL} (조건 포함)</Text>
        {model.carriers.length === 0 ? <Text color="fg.muted">판매 중인 새 상품이 없습니다.</Text> : model.carriers.map((c) => {
          const offerHref = `/product/${encodeURIComponent(model.id)}?offer=${encodeURIComponent(c.offerId)}`;
          return (
            <Stack key={c.carrier} gap="1" py="2" borderTopWidth="1px" data-testid="compare-carrier" data-carrier={c.carrier}>
              <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
                <Text fontWeight="medium">{c.carrier}{c.joinType ? ` ${c.joinType}` : ''} · {formatStorage(c.storage)}</Text>
                <Text fontWeight="bold" color="brand.fg" fontVariantNumeric="tabular-nums" data-testid="compare-total">{formatWon(c.total)}</Text>
              </Flex>
              <Text fontSize="xs" color="fg.muted">
                {[c.storeName, c.planId ? (c.planNames[c.planId] ?? c.planId) : null].filter(Boolean).join(' · ')}
              </Text>
              <ConditionList conditions={c.conditions} planName={(id) => c.planNames[id]} testId="compare-conditions" />
              <Link asChild fontSize="sm" color="brand.fg" fontWeight="semibold" alignSelf="start" data-testid="compare-offer-link">
                <RouterLink to={offerHref}>이 조건으로 보기 →</RouterLink>
              </Link>
            </Stack>
          );
        })}
      </Stack>
      <Text fontWeight="semibold" fontSize="sm" mt="2">사양</Text>
      {SPEC_LABELS.map(([key, label]) => <Text key={key} fontSize="sm" data-testid="compare-spec" data-spec={key}><Text as="span" color="fg.muted">{label}</Text> {model.specifications[key]}</Text>)}
    </Box>
  );
}

/** `/compare?models=a,b,c` (issue 42 §4): 2–4 models side by side; the URL is the comparison (share it). At 375 px one column per model, swiped. */
export default function ComparePage() {
  useDocumentTitle('모델 비교');
  const [params] = useSearchParams();
  const models = params.get('models') ?? '';
  // Fewer than two models (the address typed or cut short): say how to fill it, not the server's 400 and a retry that cannot help.
  const tooFew = compareModelIds(models).length < COMPARE_MIN_MODELS;
  const compare = useQuery({
    queryKey: ['/api/compare', models],
    queryFn: ({ signal }) => apiFetch('/api/compare', { params: { models }, schema: compareSchema, signal }),
    retry: false,
    enabled: !tooFew,
  });
  return (
    <Box maxW="6xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="lg" mb="1">모델 비교</Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">이 페이지 주소를 공유하면 같은 비교를 볼 수 있어요. 휴대폰에서는 옆으로 넘겨 보세요.</Text>
      {tooFew ? (
        <Stack gap="3" align="start" data-testid="compare-too-few">
          <Text>비교할 모델을 {COMPARE_MIN_MODELS}개 이상 담아주세요. 상품 카드나 상품 페이지의 ‘+ 비교’로 비교함에 담을 수 있어요.</Text>
          <Button asChild size="sm" colorPalette="brand"><RouterLink to="/brands">브랜드별 모델 보기</RouterLink></Button>
        </Stack>
      ) : compare.isError ? <InlineLoadError error={compare.error} onRetry={() => void compare.refetch()} />
        : !compare.data ? <Text color="fg.muted">불러오는 중…</Text>
        : (
          <Box
            display="grid" gridAutoFlow="column" gridTemplateRows={`repeat(${COLUMN_ROWS}, auto)`} gridAutoColumns={{ base: '85%', md: 'minmax(0, 1fr)' }}
            columnGap="3" rowGap="1" overflowX="auto" scrollSnapType="x mandatory" pb="2" data-testid="compare-columns"
          >
            {compare.data.models.map((m) => <ModelColumn key={m.id} model={m} />)}
          </Box>
        )}
    </Box>
  );
}
