import { useState } from 'react';
import { useAddToCart } from '../../shared/api/cart';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { toaster } from '../../shared/ui/toaster';
import { Box, Button, chakra, Flex, Heading, Separator, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ProductDetail } from '../../shared/api/catalogue';
import { formatMonthly, formatStorage, formatWon } from '../../shared/format';
import { OptionGroup, type OptionItem } from './OptionGroup';
import {
  CARRIER_OPTIONS,
  PLAN_OPTIONS,
  STORAGE_OPTIONS,
  defaultSelection,
  findPlan,
  priceSummary,
  selectColor,
  type CarrierId,
  type OptionSelection,
  type PlanId,
} from './price-options';

function signedWon(n: number, sign: '+' | '-'): string {
  return n === 0 ? formatWon(0) : `${sign}${formatWon(n)}`;
}

/** Option tabs (storage, colour, carrier, plan) and the price summary they drive. */
export function PurchaseOptions({ product }: { product: ProductDetail }) {
  const [selection, setSelection] = useState<OptionSelection>(() => defaultSelection(product.colors));
  const summary = priceSummary({
    listedPrice: product.price,
    productStorageGb: product.storage,
    storageGb: selection.storageGb,
    carrier: selection.carrier,
    plan: selection.plan,
  });
  const base = summary.base;

  const storageOptions: OptionItem<number>[] = STORAGE_OPTIONS.map((o) => ({
    value: o.gb,
    label: o.label,
    description: o.addOn === 0 ? '추가 금액 없음' : `+${formatWon(o.addOn)}`,
    testId: `storage-option-${o.gb}`,
  }));

  const colorOptions: OptionItem<string>[] = product.colors.map((c, i) => ({
    value: c.name,
    label: c.name,
    description: c.available ? undefined : '품절',
    disabled: !c.available,
    swatch: c.hex,
    testId: `color-option-${i}`,
    ariaLabel: c.available ? c.name : `${c.name} (품절)`,
  }));

  const carrierOptions: OptionItem<CarrierId>[] = CARRIER_OPTIONS.map((c) => ({
    value: c.id,
    label: c.label,
    description: `${formatWon(c.discount)} 할인`,
    testId: `carrier-option-${c.testId}`,
  }));

  const planOptions: OptionItem<PlanId>[] = PLAN_OPTIONS.map((p) => ({
    value: p.id,
    label: p.name,
    description: formatMonthly(p.monthlyFee),
    testId: `plan-option-${p.id}`,
  }));

  const tabs = [
    { value: 'storage', label: '용량', current: formatStorage(selection.storageGb) },
    { value: 'color', label: '색상', current: selection.colorName ?? '선택 없음' },
    { value: 'carrier', label: '통신사', current: selection.carrier },
    { value: 'plan', label: '요금제', current: findPlan(selection.plan)?.name ?? '' },
  ];

  return (
    <Stack gap="5">
      <Box as="section" aria-labelledby="options-title">
        <Heading as="h2" id="options-title" size="md" mb="3">
          옵션 선택
        </Heading>
        <Tabs.Root defaultValue="storage" variant="enclosed" fitted>
          <Tabs.List width="100%">
            {tabs.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value} data-testid={`option-tab-${t.value}`} flexDirection="column" gap="0" height="auto" py="1.5" minW="0">
                <chakra.span fontSize="sm">{t.label}</chakra.span>{' '}
                <chakra.span fontSize="xs" color="fg.muted" fontWeight="normal" truncate maxW="100%">
                  {t.current}
                </chakra.span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="storage">
            <OptionGroup
              label="용량 선택"
              value={selection.storageGb}
              options={storageOptions}
              onChange={(gb) => setSelection((s) => ({ ...s, storageGb: gb }))}
            />
          </Tabs.Content>
          <Tabs.Content value="color">
            {colorOptions.length === 0 ? (
              <Text color="fg.muted">선택할 수 있는 색상이 없습니다.</Text>
            ) : (
              <OptionGroup
                label="색상 선택"
                value={selection.colorName}
                options={colorOptions}
                columns={{ base: 2, md: 3 }}
                onChange={(name) => setSelection((s) => selectColor(s, product.colors, name))}
              />
            )}
          </Tabs.Content>
          <Tabs.Content value="carrier">
            <OptionGroup
              label="통신사 선택"
              value={selection.carrier}
              options={carrierOptions}
              columns={{ base: 1, sm: 3 }}
              onChange={(carrier) => setSelection((s) => ({ ...s, carrier }))}
            />
          </Tabs.Content>
          <Tabs.Content value="plan">
            <OptionGroup
              label="요금제 선택"
              value={selection.plan}
              options={planOptions}
              columns={{ base: 1, sm: 3 }}
              onChange={(plan) => setSelection((s) => ({ ...s, plan }))}
            />
          </Tabs.Content>
        </Tabs.Root>
      </Box>

      <Box
        as="section"
        aria-labelledby="price-summary-title"
        data-testid="price-summary"
        borderWidth="1px"
        borderColor="border"
        bg="bg.subtle"
        rounded="xl"
        p={{ base: '4', md: '5' }}
      >
        <Heading as="h2" id="price-summary-title" size="md" mb="3">
          가격 요약
        </Heading>
        <chakra.dl display="grid" gridTemplateColumns="1fr auto" rowGap="2" columnGap="4" fontSize="sm">
          <chakra.dt color="fg.muted">기기 가격</chakra.dt>
          <chakra.dd textAlign="end" data-testid="base-price">
            {formatWon(base)}
          </chakra.dd>
          <chakra.dt color="fg.muted">용량 추가 ({formatStorage(selection.storageGb)})</chakra.dt>
          <chakra.dd textAlign="end" data-testid="storage-addon">
            {signedWon(summary.storageAddOn, '+')}
          </chakra.dd>
          <chakra.dt color="fg.muted">통신사 할인 ({selection.carrier})</chakra.dt>
          <chakra.dd textAlign="end" color="red.fg" data-testid="carrier-discount">
            {signedWon(summary.carrierDiscount, '-')}
          </chakra.dd>
        </chakra.dl>
        <Separator my="3" />
        <div aria-live="polite" aria-atomic="true">
          <Flex justify="space-between" align="baseline" gap="4" wrap="wrap">
            <Text fontWeight="bold">최종 가격</Text>
            <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="extrabold" color="brand.fg" data-testid="final-price">
              {formatWon(summary.final)}
            </Text>
          </Flex>
          <Flex justify="space-between" align="baseline" gap="4" wrap="wrap" mt="1">
            <Text color="fg.muted" fontSize="sm">
              월 할부금 ({summary.months}개월)
            </Text>
            <Text fontWeight="bold" data-testid="monthly-price">
              {formatMonthly(summary.monthly)}
            </Text>
          </Flex>
          <Flex justify="space-between" align="baseline" gap="4" wrap="wrap" mt="1">
            <Text color="fg.muted" fontSize="sm">
              요금제 월 요금 ({summary.planName})
            </Text>
            <Text fontWeight="semibold" data-testid="plan-fee">
              {formatMonthly(summary.planMonthlyFee)}
            </Text>
          </Flex>
        </div>
        <Text mt="3" fontSize="xs" color="fg.muted">
          기기 가격은 판매가({formatWon(product.price)}, {formatStorage(product.storage)})에서 해당 용량의 추가 금액을 뺀 금액입니다. 요금제 월
          요금은 할부금과 별도로 청구됩니다.
        </Text>
      </Box>
      <AddToCartButton productId={product.id} color={selection.colorName} />
    </Stack>
  );
}

/**
 * Adds this listing (its own storage and carrier, the chosen colour) to the account's cart. The
 * option tabs above are a price simulation; the cart holds what the seller actually lists.
 */
function AddToCartButton({ productId, color }: { productId: string; color: string | null | undefined }) {
  const add = useAddToCart();
  return (
    <Button
      data-testid="add-to-cart"
      colorPalette="brand"
      size="lg"
      loading={add.isPending}
      onClick={() =>
        add.mutate(
          { productId, ...(color ? { color } : {}) },
          {
            onSuccess: () => toaster.success({ title: '장바구니에 담았습니다', description: '장바구니에서 수량을 바꿀 수 있어요.' }),
            onError: (error) =>
              toaster.error({
                title: '장바구니 담기 실패',
                description: isApiError(error, 401) ? '로그인 후 장바구니를 이용할 수 있어요.' : describeError(error),
              }),
          },
        )
      }
    >
      장바구니 담기
    </Button>
  );
}
