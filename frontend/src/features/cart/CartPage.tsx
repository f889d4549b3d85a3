import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useCart, useChangeCartChoice, useChangeCartQuantity, useRemoveCartItem, type CartItem } from '../../shared/api/cart';
import { describeError } from '../../shared/api/errors';
import { isApiError } from '../../shared/api/client';
import { CARRIER_LINE_ONE_UNIT_MESSAGE, DISCOUNT_LABELS, isCarrierLine, isPaidInFull, setupFeeNote, totalCostLabel } from '@phonemarket/contracts';
import { brandName, formatStorage, formatWon, itemsSumLabel, offerHref } from '../../shared/format';
import { QuoteFigures } from '../../shared/ui/QuoteFigures';
import { ConditionChoices, ConditionList, WhyThisPrice } from '../../shared/ui/Conditions';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { toaster } from '../../shared/ui/toaster';
import { lineLook, UsedLineFigures, usedUnitOf } from '../../shared/ui/UsedListing';
import { isSoldOut, SOLD_OUT_LABEL, SoldOutBadge, unitsLeftLabel } from '../../shared/ui/SoldOut';

/** A line's offer has no units left: the server says so (품절된 상품입니다.), unless another reason (판매 중지) is given. */
function lineSoldOut(item: CartItem): boolean {
  return isSoldOut(item.stockLeft) && !(item.unavailableReason && !item.unavailableReason.includes(SOLD_OUT_LABEL));
}

/**
 * The most units each line may hold: its offer's units left less what the cart's other lines of
 * that offer hold (two lines of one offer, with other choices, take from the same stock, as the server counts).
 */
function lineCaps(items: readonly CartItem[]): Map<string, number> {
  const caps = new Map<string, number>();
  for (const item of items) {
    const others = items.filter((o) => o.productId === item.productId && o.itemId !== item.itemId).reduce((sum, o) => sum + o.quantity, 0);
    caps.set(item.itemId, Math.max(0, item.stockLeft - others));
  }
  return caps;
}

function CartLine({ item, cap }: { item: CartItem; cap: number }) {
  const change = useChangeCartQuantity();
  const remove = useRemoveCartItem();
  const choose = useChangeCartChoice();
  const busy = change.isPending || remove.isPending || choose.isPending;
  const onError = (error: unknown) => toaster.error({ title: '장바구니 변경 실패', description: describeError(error) });
  const setQuantity = (quantity: number) => change.mutate({ itemId: item.itemId, quantity }, { onError });
  const soldOut = lineSoldOut(item);
  // More in the cart than is left (someone bought units after this line was carted): the line says how many are left.
  const over = !soldOut && cap > 0 && item.quantity > cap;
  const atCap = !soldOut && cap > 0 && item.quantity === cap;
  // A carrier line opens one line (one 개통): one unit each (issue 39).
  const oneUnit = isCarrierLine({ planId: item.plan?.id ?? null, carrier: item.carrier });
  const used = usedUnitOf(item);
  const look = lineLook(used, item);
  const paidInFull = isPaidInFull(item.quote);

  return (
    <Flex data-testid="cart-item" data-sold-out={soldOut || undefined} gap="4" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" align={{ base: 'start', md: 'center' }} direction={{ base: 'column', sm: 'row' }}
      borderColor={soldOut ? 'border.error' : undefined}>
      <Box w="20" h="20" flexShrink={0} opacity={item.available ? undefined : 0.5}>
        <PhoneImage src={look.image} alt={look.name} brand={item.brand} sizes="80px" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      </Box>
      <Stack gap="1" flex="1" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text as={RouterLink} {...{ to: offerHref({ id: item.productId, modelId: item.modelId }) }} fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
            {look.name}
          </Text>
          {soldOut ? <SoldOutBadge data-testid="cart-sold-out" /> : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">{brandName(item.brand)} · {item.seller.name}</Text>
        <HStack gap="1" flexWrap="wrap" data-testid="cart-terms">
          <Badge variant="subtle">{item.color}</Badge>
          <Badge variant="subtle">{formatStorage(item.storage)}</Badge>
          <Badge variant="subtle">{item.carrier}</Badge>
          {item.joinType ? <Badge variant="subtle">{item.joinType}</Badge> : null}
          {item.plan ? <Badge variant="subtle">{item.plan.name}</Badge> : null}
          {/* 할인 방식 is a carrier line's choice: a 자급제 line has no 공시지원금 or 선택약정 */}
          {oneUnit ? <Badge variant="subtle">{DISCOUNT_LABELS[item.discount]}</Badge> : null}
          {/* 할부 months are a carrier line's: a line paid in full has none (s59). */}
          {used || paidInFull ? null : <Badge variant="subtle">{item.months}개월</Badge>}
        </HStack>
        {item.previousPrice !== null ? (
          <Text fontSize="sm" color="orange.fg" role="status" data-testid="price-changed">가격이 변경되었습니다: 이전 {formatWon(item.previousPrice)}</Text>
        ) : null}
        {!item.available ? (
          <Text fontSize="sm" color="fg.error" fontWeight={soldOut ? 'semibold' : undefined} data-testid="cart-unavailable">
            {item.unavailableReason ?? (soldOut ? '품절된 상품입니다.' : '현재 판매하지 않는 상품입니다.')}
          </Text>
        ) : null}
        {over ? (
          <HStack gap="2" wrap="wrap" role="status" data-testid="cart-units-left">
            <Text fontSize="sm" color="fg.error" fontWeight="semibold">재고가 부족합니다. {unitsLeftLabel(item.stockLeft)}</Text>
            <Button size="xs" variant="outline" disabled={busy} onClick={() => setQuantity(cap)}>{cap}개로 변경</Button>
          </HStack>
        ) : atCap ? (
          <Text fontSize="sm" color="fg.muted" data-testid="cart-units-left">{unitsLeftLabel(item.stockLeft)}</Text>
        ) : null}
        {oneUnit ? (
          <HStack gap="2" wrap="wrap" data-testid="cart-one-unit">
            <Text fontSize="sm" color={item.quantity > 1 ? 'fg.error' : 'fg.muted'}>{CARRIER_LINE_ONE_UNIT_MESSAGE}</Text>
            {item.quantity > 1 ? <Button size="xs" variant="outline" disabled={busy} onClick={() => setQuantity(1)}>1대로 변경</Button> : null}
          </HStack>
        ) : null}
        {used ? (
          // A seller's own (used) listing, as it is shown elsewhere (issue 39): no 출고가 table, its grade, battery and terms.
          <Box maxW="sm" pt="1"><UsedLineFigures unit={used} unitPrice={item.price} quantity={item.quantity} testId="cart-used" /></Box>
        ) : (
          <>
            <Box maxW="sm" pt="1"><QuoteFigures quote={item.quote} condition={item.condition} testId="cart-quote" /></Box>
            {setupFeeNote(item.plan) ? <Text fontSize="sm" color="fg.muted" data-testid="cart-setup-fee">{setupFeeNote(item.plan)}</Text> : null}
            <Box maxW="sm"><ConditionList conditions={item.conditions} planName={(id) => (item.plan?.id === id ? item.plan.name : undefined)} testId="cart-conditions" /></Box>
            {item.available ? (
              <ConditionChoices conditions={item.conditions} laterPlans={item.laterPlans} value={item.choice} disabled={busy} testId="cart-choice"
                onChange={(choice) => choose.mutate({ itemId: item.itemId, choice }, { onError: (error) => toaster.error({ title: '조건 선택 변경 실패', description: describeError(error) }) })} />
            ) : null}
            {/* Paid in full, the figures above are the whole price: no months' 총비용 to open (s59). */}
            {paidInFull ? null : <Box maxW="sm"><WhyThisPrice breakdown={item.breakdown} total={item.quote.totalCost} totalLabel={totalCostLabel(item.quote.months)} testId="cart-why" /></Box>}
          </>
        )}
      </Stack>
      <HStack gap="2" aria-label={`${item.name} 수량`}>
        <IconButton size="sm" variant="outline" aria-label="수량 줄이기" disabled={busy || item.quantity <= 1} onClick={() => setQuantity(item.quantity - 1)}>−</IconButton>
        <Text data-testid="cart-quantity" minW="6" textAlign="center" aria-live="polite">{item.quantity}</Text>
        <IconButton size="sm" variant="outline" aria-label="수량 늘리기" disabled={busy || soldOut || oneUnit || item.quantity >= cap} onClick={() => setQuantity(item.quantity + 1)}>+</IconButton>
      </HStack>
      <Stack gap="0" textAlign={{ base: 'left', sm: 'right' }} minW="32">
        {!used && item.originalPrice > item.price ? <Text fontSize="sm" color="fg.muted" textDecoration="line-through">{formatWon(item.originalPrice * item.quantity)}</Text> : null}
        <Text fontWeight="bold" data-testid="cart-line-price">{used ? '판매가' : paidInFull ? '오늘 결제' : '할부원금'} {formatWon(item.price * item.quantity)}</Text>
        <Button size="xs" variant="ghost" colorPalette="red" disabled={busy}
          onClick={() => remove.mutate(item.itemId, { onError, onSuccess: () => toaster.success({ title: '장바구니에서 삭제했습니다', description: item.name }) })}>
          삭제
        </Button>
      </Stack>
    </Flex>
  );
}

/** 장바구니: the account's real cart (server state), quantities saved at once. */
export default function CartPage() {
  useDocumentTitle('장바구니');
  const cart = useCart(true);

  if (cart.isPending) {
    return <Stack p="6" gap="3" maxW="5xl" mx="auto">{[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack>;
  }
  if (cart.isError) {
    const needsLogin = isApiError(cart.error, 401);
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">장바구니</Heading>
        <Text color="fg.muted">{needsLogin ? '로그인하면 장바구니를 이용할 수 있어요.' : describeError(cart.error)}</Text>
        {needsLogin ? <Button asChild colorPalette="brand"><RouterLink to="/login">로그인</RouterLink></Button> : null}
      </Stack>
    );
  }
  const { items, summary } = cart.data;
  const caps = lineCaps(items);
  // Used and refurbished units (a seller's own listing, issue 39, or a store's offer) are priced at their 판매가, not a new
  // phone's 출고가, with no 지원금 below it: the summary says 판매가 for them (the same `devicePriceLabel` as their lines).
  const sold = items.filter((i) => i.available);
  const allUsed = sold.length > 0 && sold.every((i) => i.condition !== 'new');
  const someUsed = sold.some((i) => i.condition !== 'new');
  const isCarrierItem = (i: CartItem) => isCarrierLine({ planId: i.plan?.id ?? null, carrier: i.carrier });
  const carrierLines = sold.some(isCarrierItem);
  // The server refuses the order while a line cannot be bought as it is (품절, 판매 중지, more than is left).
  const blocked = items.some((item) => !item.available || item.quantity > (caps.get(item.itemId) ?? 0));
  if (items.length === 0) {
    return (
      <Stack data-testid="cart-empty" p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">장바구니가 비어 있습니다</Heading>
        <Text color="fg.muted">마음에 드는 휴대폰을 담아 보세요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to="/">쇼핑 계속하기</RouterLink></Button>
      </Stack>
    );
  }
  // The query API computes the summary (spec §9); the page only shows it.
  return (
    <Box maxW="6xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="xl" mb="4">장바구니 ({items.length})</Heading>
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
        <Stack gap="3" flex="1" w="full">{items.map((item) => <CartLine key={item.itemId} item={item} cap={caps.get(item.itemId) ?? 0} />)}</Stack>
        <Stack data-testid="cart-summary" gap="2" p="5" borderWidth="1px" rounded="lg" bg="bg.panel" w={{ base: 'full', lg: '80' }} position={{ lg: 'sticky' }} top="24">
          <Heading size="md">주문 요약</Heading>
          <Flex justify="space-between"><Text color="fg.muted">{allUsed ? '판매가 합계' : someUsed ? '출고가·판매가 합계' : '출고가 합계'}</Text><Text>{formatWon(summary.total + summary.discount)}</Text></Flex>
          {allUsed ? null : <Flex justify="space-between"><Text color="fg.muted">지원금 할인</Text><Text data-testid="cart-discount" color={summary.discount > 0 ? 'red.fg' : undefined}>{summary.discount > 0 ? `-${formatWon(summary.discount)}` : formatWon(0)}</Text></Flex>}
          <Flex justify="space-between"><Text color="fg.muted">배송비</Text><Text>{summary.shipping > 0 ? formatWon(summary.shipping) : '무료'}</Text></Flex>
          <Separator />
          <Flex justify="space-between" fontWeight="bold"><Text>{itemsSumLabel(sold.map(isCarrierItem))}</Text><Text data-testid="cart-total">{formatWon(summary.total)}</Text></Flex>
          {/* Checkout's own figures (the server's `lineSums`): 자급제·중고 lines are paid today, carrier lines billed by the carrier (할부). */}
          <Flex justify="space-between" fontWeight="bold" color="brand.fg"><Text>오늘 결제 금액</Text><Text data-testid="cart-pay-today">{formatWon(summary.payToday)}</Text></Flex>
          {carrierLines ? (
            <>
              <Flex justify="space-between" fontWeight="bold" color="brand.fg"><Text>매월 통신사 청구</Text><Text data-testid="cart-monthly">{formatWon(summary.monthlyCarrier)}</Text></Flex>
              <Text fontSize="xs" color="fg.muted">통신사 약정 상품은 할부 기준입니다. 주문/결제에서 일시불(오늘 결제)로 바꿀 수 있어요.</Text>
            </>
          ) : null}
          {blocked ? (
            <>
              <Button data-testid="go-checkout" colorPalette="brand" size="lg" mt="2" disabled>주문하기</Button>
              <Text fontSize="sm" color="fg.error" role="status" data-testid="checkout-blocked">품절·판매 중지된 상품을 삭제하거나 수량을 남은 수량 이하로 줄인 뒤 주문해 주세요.</Text>
            </>
          ) : (
            <Button asChild data-testid="go-checkout" colorPalette="brand" size="lg" mt="2"><RouterLink to="/checkout">주문하기</RouterLink></Button>
          )}
        </Stack>
      </Flex>
    </Box>
  );
}
