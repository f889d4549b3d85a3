import { useMemo } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Field,
  Flex,
  Grid,
  GridItem,
  HStack,
  Heading,
  Input,
  InputGroup,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import type { Product } from '../../shared/api/catalogue';
import { formatWon, offerHref } from '../../shared/format';
import { useAmountInput } from '../../shared/hooks/useAmountInput';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { isSoldOut, SoldOutBadge } from '../../shared/ui/SoldOut';
import { useAllProducts } from './api';
import {
  AFFORDABLE_PHONES_LIMIT,
  DEPOSIT_TYPES,
  affordablePhones,
  calculatePurchasingPower,
  validateDepositAmount,
  type DepositType,
  type Deposits,
} from './purchasing-power';
import { depositsAtom } from './state';

const EMPTY_MESSAGE = '예치금을 입력하면 구매 가능한 휴대폰을 보여드려요';

const BRAND_KO: Readonly<Record<string, string>> = { samsung: '삼성', apple: '애플', google: '구글' };
const brandLabel = (brand: string) => BRAND_KO[brand.trim().toLowerCase()] ?? brand;

const ratePercent = (rate: number) => `${Math.round(rate * 100)}%`;

function DepositCard({
  type,
  entry,
  converted,
  onToggle,
  onAmount,
}: {
  type: DepositType;
  entry: Deposits[DepositType['id']];
  converted: number;
  onToggle: (enabled: boolean) => void;
  onAmount: (amount: number) => void;
}) {
  const { error, inputProps } = useAmountInput(entry.amount, onAmount, validateDepositAmount);
  const inputId = `deposit-${type.id}-amount`;

  return (
    <Card.Root
      as="section"
      aria-label={type.name}
      variant="outline"
      bg={entry.enabled ? 'brand.subtle' : 'bg.panel'}
      borderColor={entry.enabled ? 'brand.emphasized' : 'border'}
      transition="background 0.15s"
    >
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Checkbox.Root
            data-testid={`deposit-${type.id}-enabled`}
            checked={entry.enabled}
            onCheckedChange={(d) => onToggle(d.checked === true)}
            colorPalette="brand"
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Box>
              <Checkbox.Label fontWeight="bold" fontSize="md">
                {type.name}
              </Checkbox.Label>
              <Text fontSize="sm" color="fg.muted" mt="0.5">
                {type.description}
              </Text>
            </Box>
          </Checkbox.Root>
          <Badge colorPalette="brand" variant="subtle" flexShrink={0} aria-label={`전환율 ${ratePercent(type.rate)}`}>
            {ratePercent(type.rate)}
          </Badge>
        </Flex>
        <Field.Root invalid={error !== null}>
          <Field.Label htmlFor={inputId} srOnly>
            {type.name} 금액
          </Field.Label>
          <InputGroup endElement={<Text as="span" color="fg.muted" fontSize="sm">원</Text>}>
            <Input
              id={inputId}
              data-testid={inputId}
              inputMode="numeric"
              autoComplete="off"
              placeholder="금액 입력 (예: 1,000,000)"
              aria-label={`${type.name} 금액`}
              bg="bg.panel"
              {...inputProps}
            />
          </InputGroup>
          {error ? (
            <Field.ErrorText data-testid={`deposit-${type.id}-error`}>
              {error}
              {entry.amount > 0 ? ` (계산에는 마지막으로 입력한 ${formatWon(entry.amount)}이 쓰여요)` : ''}
            </Field.ErrorText>
          ) : (
            <Field.HelperText>
              {entry.enabled
                ? `구매력 ${formatWon(converted)} (${ratePercent(type.rate)} 전환, 원 단위 미만 버림)`
                : entry.amount > 0
                  ? '체크하면 구매력에 포함돼요'
                  : `입력한 금액의 ${ratePercent(type.rate)}가 구매력으로 전환돼요`}
            </Field.HelperText>
          )}
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );
}

function PowerSummary({ deposits, total, byType }: { deposits: Deposits; total: number; byType: Record<DepositType['id'], number> }) {
  return (
    <Card.Root as="section" aria-labelledby="power-title" variant="outline" bg="bg.panel" shadow="sm">
      <Card.Body gap="4">
        <Box rounded="lg" p="4" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted">
          <Heading as="h2" id="power-title" size="sm" color="brand.fg">
            총 구매력
          </Heading>
          <Text data-testid="purchasing-power-total" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="black" color="brand.fg" fontVariantNumeric="tabular-nums" aria-live="polite">
            {formatWon(total)}
          </Text>
        </Box>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            유형별 내역
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {DEPOSIT_TYPES.map((t) => {
              const entry = deposits[t.id];
              const value = byType[t.id];
              const share = total > 0 ? Math.round((value / total) * 100) : 0;
              return (
                <Box as="li" key={t.id} data-testid={`breakdown-${t.id}`} data-enabled={entry.enabled ? 'true' : 'false'}>
                  <Flex justify="space-between" gap="2" fontSize="sm">
                    <Text fontWeight="medium">
                      {t.name}{' '}
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        {entry.enabled ? `${formatWon(entry.amount)} × ${ratePercent(t.rate)}` : '선택 안 함'}
                      </Text>
                    </Text>
                    {/* an unchosen type reads muted, never faded: faded text fell below 4.5:1 */}
                    <Text fontWeight="bold" fontVariantNumeric="tabular-nums" color={entry.enabled ? undefined : 'fg.muted'}>
                      {formatWon(value)}
                    </Text>
                  </Flex>
                  <Progress.Root value={share} size="xs" colorPalette="brand" mt="1" aria-label={`${t.name} 비중 ${share}%`}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Box>
              );
            })}
          </Stack>
        </Box>
        <Text fontSize="xs" color="fg.muted">
          유형별 금액은 전환율을 곱한 뒤 원 단위 미만을 버리고 더했어요. 체크한 유형만 포함돼요.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function AffordablePhones({ total }: { total: number }) {
  const products = useAllProducts();
  const phones = useMemo(() => (products.data ? affordablePhones(products.data, total) : []), [products.data, total]);
  const cheapest = useMemo(
    () => (products.data && products.data.length > 0 ? products.data.reduce((a, b) => (b.price < a.price ? b : a)) : undefined),
    [products.data],
  );

  let body: React.ReactNode;
  if (total <= 0) {
    body = (
      <Box data-testid="affordable-empty" textAlign="center" py="10" px="4" rounded="xl" borderWidth="1px" borderStyle="dashed" bg="bg.subtle">
        <Text fontWeight="semibold">{EMPTY_MESSAGE}</Text>
        <Text fontSize="sm" color="fg.muted" mt="1">
          위에서 환급금 유형을 체크하고 금액을 입력해 주세요.
        </Text>
      </Box>
    );
  } else if (products.error) {
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>휴대폰 목록을 불러오지 못했어요</Alert.Title>
          <Alert.Description>잠시 후 다시 시도해 주세요. ({products.error.message})</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void products.refetch()} alignSelf="center">
          다시 시도
        </Button>
      </Alert.Root>
    );
  } else if (products.isPending) {
    body = (
      <Box role="status" aria-busy="true">
        <Box srOnly>휴대폰 목록을 불러오는 중...</Box>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height="28" rounded="xl" />
          ))}
        </SimpleGrid>
      </Box>
    );
  } else if (phones.length === 0) {
    body = (
      <Box data-testid="affordable-none" textAlign="center" py="8" px="4" rounded="xl" borderWidth="1px" borderStyle="dashed" bg="bg.subtle">
        <Text fontWeight="semibold">구매력 {formatWon(total)}으로 살 수 있는 휴대폰이 아직 없어요</Text>
        {cheapest ? (
          <Text fontSize="sm" color="fg.muted" mt="1">
            가장 저렴한 {cheapest.name}({formatWon(cheapest.price)})까지 {formatWon(cheapest.price - total)}이 더 필요해요.
          </Text>
        ) : null}
      </Box>
    );
  } else {
    body = (
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" listStyleType="none" m="0" p="0">
        {phones.map((p) => (
          <PhoneCard key={p.id} phone={p} total={total} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Box as="section" aria-labelledby="affordable-title">
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="2" mb="3">
        <Heading as="h2" id="affordable-title" size="lg">
          구매 가능한 휴대폰
        </Heading>
        {total > 0 && phones.length > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {formatWon(total)} 이하 · 비싼 순 최대 {AFFORDABLE_PHONES_LIMIT}개
          </Text>
        ) : null}
      </Flex>
      {body}
    </Box>
  );
}

function PhoneCard({ phone, total }: { phone: Product; total: number }) {
  const soldOut = isSoldOut(phone.stock);
  return (
    <Box as="li" data-testid="affordable-phone" data-product-id={phone.id} data-price={phone.price} data-sold-out={soldOut || undefined}>
      <Card.Root variant="outline" bg="bg.panel" h="full" flexDirection="row" overflow="hidden">
        <Box flexShrink={0} w="24" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" p="2" opacity={soldOut ? 0.5 : undefined}>
          <PhoneImage src={phone.img} alt={phone.name} brand={phone.brand} width={80} height={100} sizes="80px" style={{ width: '100%', height: '100px', objectFit: 'contain' }} />
        </Box>
        <Card.Body p="3" gap="1" minW="0">
          <HStack gap="1.5">
            <Text fontSize="xs" color="fg.muted">
              {brandLabel(phone.brand)}
            </Text>
            {soldOut ? <SoldOutBadge size="sm" /> : null}
          </HStack>
          <Text fontWeight="bold" lineClamp={2}>
            {phone.name}
          </Text>
          <Text fontWeight="black" color="brand.fg" fontVariantNumeric="tabular-nums">
            {formatWon(phone.price)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            남는 구매력 {formatWon(total - phone.price)}
          </Text>
          <HStack justify="flex-end" mt="auto" pt="1">
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={offerHref(phone)} aria-label={`${phone.name} 선택`}>
                선택
              </RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

export default function DepositSimulatorPage() {
  useDocumentTitle('예치금 시뮬레이터');
  const [deposits, setDeposits] = useAtom(depositsAtom);
  const power = useMemo(() => calculatePurchasingPower(deposits), [deposits]);

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="2" mb={{ base: '5', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          예치금 시뮬레이터
        </Heading>
        <Text color="fg.muted" maxW="3xl">
          세금·보험·교육비·의료비 환급금을 휴대폰 구매력으로 바꿔 보세요. 유형마다 전환율이 달라요.
        </Text>
      </Stack>
      <Stack gap={{ base: '8', md: '10' }}>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
          <GridItem>
            <Box as="section" aria-labelledby="deposit-inputs-title">
              <Heading as="h2" id="deposit-inputs-title" size="lg" mb="3">
                예치금 입력
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {DEPOSIT_TYPES.map((t) => (
                  <DepositCard
                    key={t.id}
                    type={t}
                    entry={deposits[t.id]}
                    converted={power.byType[t.id]}
                    onToggle={(enabled) => setDeposits((d) => ({ ...d, [t.id]: { ...d[t.id], enabled } }))}
                    onAmount={(amount) => setDeposits((d) => ({ ...d, [t.id]: { ...d[t.id], amount } }))}
                  />
                ))}
              </SimpleGrid>
            </Box>
          </GridItem>
          <GridItem position={{ lg: 'sticky' }} top={{ lg: '24' }}>
            <PowerSummary deposits={deposits} total={power.total} byType={power.byType} />
          </GridItem>
        </Grid>
        <AffordablePhones total={power.total} />
      </Stack>
    </Container>
  );
}
