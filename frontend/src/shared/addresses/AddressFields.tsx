import { useState } from 'react';
import { Flex, Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { FieldError, FieldErrors, FieldValues, Path, PathValue, UseFormRegister, UseFormSetFocus, UseFormSetValue } from 'react-hook-form';
import { FormField } from '../forms/FormField';
import { PhoneInput } from '../forms/PhoneInput';
import { POSTCODE_UNAVAILABLE_MESSAGE, PostcodeSearch } from './PostcodeSearch';

/** The fields of a shipping address, as both the checkout and 배송지 관리 name them. */
export interface ShippingFieldValues { recipient: string; phone: string; postcode: string; address: string; addressDetail: string }

/**
 * 받는 분, 연락처 (hyphenated as typed), 우편번호 with 우편번호 찾기, 주소 and 상세 주소 (issue 39): one set of
 * fields for every form that takes an address. The postcode and address stay typeable: the search fills
 * them when it can load, the person types them when it cannot.
 */
export function AddressFields<T extends FieldValues & ShippingFieldValues>({ register, errors, setValue, setFocus }: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  setValue: UseFormSetValue<T>;
  setFocus: UseFormSetFocus<T>;
}) {
  const [widgetMissing, setWidgetMissing] = useState(false);
  const name = (field: keyof ShippingFieldValues) => field as Path<T>;
  const error = (field: keyof ShippingFieldValues) => errors[field] as FieldError | undefined;
  const put = (field: keyof ShippingFieldValues, value: string) =>
    setValue(name(field), value as PathValue<T, Path<T>>, { shouldValidate: true, shouldDirty: true });
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="받는 분" required error={error('recipient')}><Input data-testid="recipient" autoComplete="name" {...register(name('recipient'))} /></FormField>
        <FormField label="연락처" required error={error('phone')}><PhoneInput data-testid="phone" {...register(name('phone'))} /></FormField>
      </SimpleGrid>
      <FormField label="우편번호" required error={error('postcode')}>
        <Flex gap="2" align="start" w="full">
          <Input data-testid="postcode" inputMode="numeric" maxLength={5} autoComplete="postal-code" flex="1" minW="24" {...register(name('postcode'))} />
          <PostcodeSearch
            onFound={({ postcode, address }) => { setWidgetMissing(false); put('postcode', postcode); put('address', address); setFocus(name('addressDetail')); }}
            onUnavailable={() => { setWidgetMissing(true); setFocus(name('postcode')); }}
          />
        </Flex>
        {widgetMissing ? <Text role="alert" fontSize="xs" color="fg.warning" mt="1" data-testid="postcode-unavailable">{POSTCODE_UNAVAILABLE_MESSAGE}</Text> : null}
      </FormField>
      <FormField label="주소" required error={error('address')}><Input data-testid="address" autoComplete="address-line1" {...register(name('address'))} /></FormField>
      <FormField label="상세 주소" required error={error('addressDetail')}><Input data-testid="address-detail" autoComplete="address-line2" {...register(name('addressDetail'))} /></FormField>
    </>
  );
}
