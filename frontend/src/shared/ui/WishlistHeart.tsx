import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useToggleWishlist, useWishlisted, type WishlistModel } from '../api/wishlist';
import { HeartIcon } from './icons';

/** Where a guest goes to sign in and come back: `returnTo`, else this page with its query string. */
export function loginHref(returnTo: string): string {
  return `/login?next=${encodeURIComponent(returnTo)}`;
}

/**
 * The 찜 heart of a model (model cards, the product page). Signed in: a toggle button
 * (`aria-pressed`, '찜하기' / '찜 해제'), optimistic. A guest: a link to the login page that comes
 * back here. Never inside a link: cards place it beside theirs, over the photo.
 */
export function WishlistHeart({ model, returnTo, ...props }: { model: WishlistModel; returnTo?: string } & Omit<IconButtonProps, 'aria-label' | 'onClick' | 'asChild'>) {
  const location = useLocation();
  const { signedIn, wished } = useWishlisted(model.id);
  const toggle = useToggleWishlist();
  const icon = <HeartIcon fill={wished ? 'currentColor' : 'none'} />;
  const look = { rounded: 'full', variant: 'ghost', color: wished ? 'red.500' : 'fg.muted', bg: 'bg.panel/85', _hover: { bg: 'bg.panel', color: 'red.500' }, shadow: 'xs', ...props } as const;
  if (!signedIn) {
    return (
      <IconButton asChild aria-label="찜하기" title="로그인하고 찜하기" data-testid="wishlist-heart" data-wished="false" {...look}>
        <RouterLink to={loginHref(returnTo ?? `${location.pathname}${location.search}`)}>{icon}</RouterLink>
      </IconButton>
    );
  }
  const onClick = () => toggle.mutate(wished ? { productId: model.id, wished: false } : { productId: model.id, wished: true, model });
  return (
    <IconButton aria-label={wished ? '찜 해제' : '찜하기'} aria-pressed={wished} data-testid="wishlist-heart" data-wished={String(wished)} onClick={onClick} {...look}>
      {icon}
    </IconButton>
  );
}
