import { Icon, type IconProps } from '@chakra-ui/react';

/**
 * Small inline SVG icons (24×24, stroke style) — no icon library in the first-load bundle.
 * Features build their own icons with `createIcon`; icons used by several features live here.
 */
export function createIcon(paths: React.ReactNode) {
  return function SvgIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          {paths}
        </svg>
      </Icon>
    );
  };
}

export const SearchIcon = createIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const CartIcon = createIcon(
  <>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2.5 3h2.6l2.4 12.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6" />
  </>,
);
export const MoonIcon = createIcon(<path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />);
export const SunIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const QuoteIcon = createIcon(
  <>
    <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z" />
    <path d="M14 3v5h5M9.5 13h6M9.5 17h4" />
  </>,
);
export const ChevronDownIcon = createIcon(<path d="m6 9 6 6 6-6" />);
export const PhoneIcon = createIcon(
  <>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </>,
);
export const HomeIcon = createIcon(
  <>
    <path d="M3 11 12 3l9 8" />
    <path d="M5 10v10h14V10" />
  </>,
);
export const TrendIcon = createIcon(<path d="m3 17 6-6 4 4 8-8M15 7h6v6" />);
export const AlertIcon = createIcon(
  <>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17.5v.01" />
  </>,
);
export const ShieldIcon = createIcon(
  <>
    <path d="M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const CheckBadgeIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
/** 찜 (the wishlist hearts; filled with `fill="currentColor"`). */
/** The header's bell and the price alert's button. */
export const BellIcon = createIcon(<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />);
export const HeartIcon = createIcon(<path d="M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9Z" />);
