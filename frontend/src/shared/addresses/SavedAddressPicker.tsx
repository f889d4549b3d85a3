import { useEffect, useRef, useState } from 'react';
import { Flex, Link, NativeSelect } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { SavedAddress } from '@phonemarket/contracts';
import { useAddressBook } from './api';

export const ADDRESS_BOOK_PAGE = '/my-shopping/addresses';
const label = (a: SavedAddress) => `${a.isDefault ? '[기본] ' : ''}${a.label || a.recipient} · ${a.address} ${a.addressDetail}`;

/**
 * 저장된 배송지 (issue 39): the checkout starts from the 기본 배송지 and may pick another saved one;
 * 배송지 관리 keeps them. Nothing shows for an account without saved addresses.
 */
export function SavedAddressPicker({ onPick }: { onPick: (address: SavedAddress) => void }) {
  const book = useAddressBook();
  const [picked, setPicked] = useState('');
  const started = useRef(false);
  const addresses = book.data?.addresses ?? [];
  const fallback = addresses.find((a) => a.isDefault);
  // The 기본 배송지 fills the form once, when the book first answers.
  useEffect(() => {
    if (started.current || !fallback) return;
    started.current = true;
    setPicked(fallback.addressId);
    onPick(fallback);
  }, [fallback, onPick]);
  if (addresses.length === 0) {
    return <Link asChild fontSize="sm" color="brand.fg" minH="6"><RouterLink to={ADDRESS_BOOK_PAGE}>배송지 관리</RouterLink></Link>;
  }
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <NativeSelect.Root flex="1" minW="0">
        <NativeSelect.Field aria-label="저장된 배송지" data-testid="saved-address" value={picked}
          onChange={(e) => {
            const found = addresses.find((a) => a.addressId === e.currentTarget.value);
            setPicked(e.currentTarget.value);
            if (found) onPick(found);
          }}>
          <option value="">새 배송지 직접 입력</option>
          {addresses.map((a) => <option key={a.addressId} value={a.addressId}>{label(a)}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Link asChild fontSize="sm" color="brand.fg" flexShrink={0}><RouterLink to={ADDRESS_BOOK_PAGE}>배송지 관리</RouterLink></Link>
    </Flex>
  );
}
