import { Badge, type BadgeProps } from '@chakra-ui/react';

/** The one word every page uses for an offer with no units left (issue 23). */
export const SOLD_OUT_LABEL = '품절';

/** Units left as the server counts them: none (or a negative that should not be) is sold out. */
export function isSoldOut(stock: number): boolean {
  return stock <= 0;
}

/** '남은 수량 3개': what a buyer is told when fewer units are left than they want. */
export function unitsLeftLabel(left: number): string {
  return `남은 수량 ${left}개`;
}

/** The 품절 mark: the same badge on cards, the product page, the cart and the seller dashboard. */
export function SoldOutBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="red" variant="solid" data-testid="sold-out" {...props}>
      {SOLD_OUT_LABEL}
    </Badge>
  );
}
