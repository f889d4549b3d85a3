import { useState } from 'react';
import { Badge, Box, Button, Card, HStack, Image, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  SELLER_PRODUCT_CONDITIONS, SELLER_PRODUCT_CONDITION_LABELS, SELLER_PRODUCT_MESSAGES, sellerProductRequestSchema,
  type SellerProduct, type SellerProductFormInput, type SellerProductRequest,
} from '@phonemarket/contracts/sellerProducts.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useModels } from '../../shared/api/models';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatWon } from '../../shared/format';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { toaster } from '../../shared/ui/toaster';
import { useOwnStoreId, useSaveSellerProduct, useSellerProducts, useUploadProductImage } from './api/sellerProducts';
import { ConditionsFields, EMPTY_CONDITIONS, conditionErrorsOf, conditionsOf, type ConditionsDraft } from './ConditionsFields';

const FIELDS = ['title', 'brand', 'model', 'storage', 'condition', 'batteryHealth', 'warranty', 'returnPolicy', 'price', 'originalPrice', 'stock', 'images', 'description'] as const;
const num = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(String(v).replace(/[,\s원]/g, '')));

/** The spec's product form: a catalogue model and storage, condition, own price, stock, pictures (uploaded), description. */
function ProductForm({ storeId, onDone }: { storeId: string; onDone: () => void }) {
  const save = useSaveSellerProduct(storeId);
  const upload = useUploadProductImage();
  const models = useModels({ limit: 100, sort: 'popular' });
  const [conditions, setConditions] = useState<ConditionsDraft>(EMPTY_CONDITIONS);
  // The server's refusals of the conditions, shown at their fields until the next try.
  const [conditionErrors, setConditionErrors] = useState<Record<string, string>>({});
  const form = useForm<SellerProductFormInput, unknown, SellerProductRequest>({
    resolver: zodResolver(sellerProductRequestSchema),
    // No condition chosen for the seller (issue 39): a used phone must never be listed as new by default.
    defaultValues: { storeId, title: '', brand: '', model: '', storage: 0, condition: undefined, batteryHealth: null, warranty: '', returnPolicy: '', price: 0, stock: 1, images: [], description: '' },
  });
  const condition = useWatch({ control: form.control, name: 'condition' });
  const used = condition !== undefined && (condition as string) !== '' && condition !== 'new';
  const { errors } = form.formState;
  const images = form.watch('images') ?? [];
  const modelId = form.watch('model');
  const model = models.data?.models.find((m) => m.id === modelId);
  const onFile = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      try {
        const { url } = await upload.mutateAsync(file);
        form.setValue('images', [...(form.getValues('images') ?? []), url], { shouldValidate: true });
      } catch (error) {
        toaster.error({ title: '사진을 올리지 못했습니다', description: describeError(error) });
      }
    }
  };
  const onSubmit = form.handleSubmit((values) => { setConditionErrors({}); save.mutate({ body: { ...values, conditions: conditionsOf(conditions) } }, {
    onSuccess: (answer) => {
      if ('held' in answer) toaster.warning({ title: '관리자 검토 후 등록됩니다', description: answer.message, duration: 10_000 });
      else toaster.success({ title: SELLER_PRODUCT_MESSAGES.created });
      onDone();
    },
    onError: (error) => {
      applyServerErrors(error, form.setError, FIELDS);
      setConditionErrors(conditionErrorsOf(error));
      toaster.error({ title: SELLER_PRODUCT_MESSAGES.createFailedTitle, description: isApiError(error) && error.status < 500 ? error.detail : SELLER_PRODUCT_MESSAGES.createFailed });
    },
  }); });
  return (
    <Card.Root data-testid="own-product-form">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label="중고·리퍼 상품 등록">
          <Stack gap="3">
            <FormField label="상품명" required error={errors.title}><Input data-testid="own-title" {...form.register('title')} /></FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField label="모델" required error={errors.model}>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="own-model" {...form.register('model', {
                    onChange: (e: { target: { value: string } }) => {
                      const m = models.data?.models.find((x) => x.id === e.target.value);
                      if (m) { form.setValue('brand', m.brand); form.setValue('storage', m.storages[0] ?? 0); }
                    },
                  })}>
                    <option value="">모델 선택</option>
                    {models.data?.models.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="용량" required error={errors.storage}>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="own-storage" {...form.register('storage', { setValueAs: num })}>
                    {(model?.storages ?? []).map((s) => <option key={s} value={s}>{s >= 1024 ? `${s / 1024}TB` : `${s}GB`}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="브랜드" required error={errors.brand}><Input {...form.register('brand')} /></FormField>
              <FormField label="상태" required error={errors.condition}>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="own-condition" {...form.register('condition')}>
                    <option value="">상태 선택</option>
                    {SELLER_PRODUCT_CONDITIONS.map((c) => <option key={c} value={c}>{SELLER_PRODUCT_CONDITION_LABELS[c]}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {used ? (
                <FormField label="배터리 성능 (%)" required error={errors.batteryHealth} helper="설정 > 배터리에서 확인한 최대 용량">
                  <Input data-testid="own-battery" inputMode="numeric" {...form.register('batteryHealth', { setValueAs: (v) => num(v) ?? null })} />
                </FormField>
              ) : null}
              <FormField label="판매가(원)" required error={errors.price}><Input data-testid="own-price" inputMode="numeric" {...form.register('price', { setValueAs: num })} /></FormField>
              <FormField label="정가(원)" error={errors.originalPrice}><Input inputMode="numeric" {...form.register('originalPrice', { setValueAs: (v) => num(v) ?? null })} /></FormField>
              <FormField label="재고" required error={errors.stock}><Input data-testid="own-stock" inputMode="numeric" {...form.register('stock', { setValueAs: num })} /></FormField>
            </SimpleGrid>
            <FormField label="사진 (5메가바이트 이하, 여러 장)" required error={errors.images as never}>
              <Stack gap="2">
                <Box><FilePickButton accept="image/jpeg,image/png,image/webp" multiple label="사진 올리기" testId="own-images" loading={upload.isPending} onFiles={(files) => void onFile(files)}>사진 올리기</FilePickButton></Box>
                <HStack gap="2" flexWrap="wrap">
                  {images.map((url) => <Image key={url} src={url} alt="상품 사진" boxSize="16" objectFit="cover" rounded="md" borderWidth="1px" />)}
                  {upload.isPending ? <Skeleton boxSize="16" /> : null}
                </HStack>
              </Stack>
            </FormField>
            <FormField label="설명" error={errors.description} helper="조건(카드·부가서비스·페이백 등)은 설명이 아니라 아래 판매 조건에 입력해주세요."><Textarea rows={3} {...form.register('description')} /></FormField>
            {used ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField label="보증 조건" required error={errors.warranty} helper='구매자에게 그대로 보입니다. 없으면 "보증 없음"이라고 적어주세요.'>
                  <Textarea rows={2} data-testid="own-warranty" placeholder="예: 판매자 보증 30일 (자연 고장 무상 수리)" {...form.register('warranty')} />
                </FormField>
                <FormField label="교환·반품 조건" required error={errors.returnPolicy} helper="구매자에게 그대로 보입니다.">
                  <Textarea rows={2} data-testid="own-return-policy" placeholder="예: 수령 후 7일 이내 반품 가능, 단순 변심은 왕복 배송비 구매자 부담" {...form.register('returnPolicy')} />
                </FormField>
              </SimpleGrid>
            ) : null}
            <ConditionsFields value={conditions} onChange={setConditions} withPlanKeep={false} errors={conditionErrors} />
            <HStack>
              <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="own-submit">상품 등록</Button>
              <Button variant="ghost" onClick={onDone}>취소</Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function ProductRow({ product, storeId }: { product: SellerProduct; storeId: string }) {
  const save = useSaveSellerProduct(storeId);
  const [price, setPrice] = useState(String(product.price));
  return (
    <Card.Root size="sm" data-testid="own-product" opacity={product.isActive ? 1 : 0.6}>
      <Card.Body>
        <HStack gap="3" align="start">
          {product.images[0] ? <Image src={product.images[0]} alt="" boxSize="16" objectFit="cover" rounded="md" /> : null}
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Text fontWeight="semibold">{product.title}</Text>
              <Badge variant="subtle">{SELLER_PRODUCT_CONDITION_LABELS[product.condition]}</Badge>
              {product.batteryHealth !== null ? <Badge variant="outline">배터리 {product.batteryHealth}%</Badge> : null}
              <Badge colorPalette={product.isActive ? 'green' : 'gray'}>{product.isActive ? '활성' : '비활성'}</Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">{formatWon(product.price)} · 재고 {product.stock}개</Text>
            <HStack gap="2" flexWrap="wrap">
              <Input size="xs" maxW="32" inputMode="numeric" aria-label="판매가" value={price} onChange={(e) => setPrice(e.target.value)} />
              <Button size="xs" variant="outline" disabled={num(price) === product.price || !num(price)} loading={save.isPending}
                onClick={() => save.mutate({ id: product.id, body: { price: num(price) } }, { onSuccess: () => toaster.success({ title: SELLER_PRODUCT_MESSAGES.updated }), onError: (e) => toaster.error({ title: '수정 실패', description: describeError(e) }) })}>가격 저장</Button>
              <Button size="xs" variant="ghost" data-testid="own-toggle"
                onClick={() => save.mutate({ id: product.id, body: { isActive: !product.isActive } }, { onSuccess: () => toaster.success({ title: SELLER_PRODUCT_MESSAGES.updated }), onError: (e) => toaster.error({ title: '수정 실패', description: describeError(e) }) })}>
                {product.isActive ? '비활성' : '활성'}
              </Button>
            </HStack>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** 중고·리퍼 상품: the seller's own units (the spec's product form), listed in the catalogue at their own price. */
export function OwnProductsTab({ locked }: { locked: boolean }) {
  const storeId = useOwnStoreId();
  const products = useSellerProducts(storeId.data);
  const [adding, setAdding] = useState(false);
  if (storeId.isPending) return <Skeleton h="24" mt="4" />;
  if (storeId.isError) return <Text mt="4" color="fg.error">{describeError(storeId.error)}</Text>;
  return (
    <Stack gap="3" mt="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted">직접 가진 중고·리퍼 단말을 원하는 가격으로 판매합니다 (공시지원금 없음).</Text>
        <Button size="sm" colorPalette="brand" disabled={locked} onClick={() => setAdding((v) => !v)} data-testid="own-add">{adding ? '닫기' : '상품 등록'}</Button>
      </HStack>
      {adding ? <ProductForm storeId={storeId.data} onDone={() => setAdding(false)} /> : null}
      {products.isPending ? <Skeleton h="20" /> : products.isError ? <Text color="fg.error">{describeError(products.error)}</Text>
        : products.data.length === 0 ? <Text color="fg.muted" py="6" textAlign="center" data-testid="own-empty">등록한 상품이 없습니다.</Text>
        : <Stack gap="2">{products.data.map((p) => <ProductRow key={`${p.id}-${p.price}-${p.isActive}`} product={p} storeId={storeId.data} />)}</Stack>}
      <Box />
    </Stack>
  );
}
