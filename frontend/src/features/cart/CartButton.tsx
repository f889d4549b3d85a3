import { Box, Float, IconButton, Circle } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { CartIcon } from '../../shared/ui/icons';
import { useCartCount } from '../../shared/api/cart';

/**
 * Cart button with the real item count from the server. Guests make no request and see no
 * badge; while loading or after an error the badge is hidden too.
 */
export function CartButton({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const cart = useCartCount(signedIn);
  const count = signedIn && cart.isSuccess && cart.data !== undefined ? cart.data : null;
  const label = count !== null && count > 0 ? `장바구니 (${count}개 상품)` : '장바구니';

  return (
    <Box position="relative" display="inline-flex">
      <IconButton data-testid="cart-button" aria-label={label} title="장바구니" variant="ghost" size="sm" onClick={() => navigate('/cart')}>
        <CartIcon />
      </IconButton>
      {count !== null && count > 0 ? (
        <Float placement="top-end" offset="1.5">
          <Circle
            data-testid="cart-count"
            aria-hidden="true"
            size="4.5"
            minW="4.5"
            px="1"
            bg="red.solid"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            pointerEvents="none"
          >
            {count > 99 ? '99+' : count}
          </Circle>
        </Float>
      ) : null}
    </Box>
  );
}
