import { useState } from 'react';
import type { ComponentPropsWithoutRef, ReactElement } from 'react';
import { responsiveImage } from '@phonemarket/contracts';

export type PlaceholderBrand = 'samsung' | 'apple' | 'pixel' | 'generic';

export type PhoneImageProps = Omit<ComponentPropsWithoutRef<'img'>, 'sizes' | 'srcSet'> & {
  /** Brand as shown ('Samsung', '삼성', 'Apple', 'Google', 'Pixel', …); picks the placeholder drawing. */
  brand?: string | null;
  /** The CSS width the picture is shown at (an `<img sizes>` value): the browser picks the resolution from it. */
  sizes: string;
};

/** The widest rendering a phone picture is asked in (the product page's 400 px picture on a 2× screen). */
const PHONE_MAX_WIDTH = 800;

/** Picture frames in the product grids (2 columns on a phone, 3 on a tablet, 4 of ~300 px on a desktop). */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw';

/** 'Samsung' / '삼성' / 'Galaxy …' → samsung, 'Apple' / 'iPhone' → apple, 'Google' / 'Pixel' → pixel. */
export function placeholderBrand(brand?: string | null, name?: string | null): PlaceholderBrand {
  const text = `${brand ?? ''} ${name ?? ''}`.toLowerCase();
  if (/samsung|삼성|galaxy|갤럭시/.test(text)) return 'samsung';
  if (/apple|애플|iphone|아이폰/.test(text)) return 'apple';
  if (/google|구글|pixel|픽셀/.test(text)) return 'pixel';
  return 'generic';
}

/**
 * The colour a phone picture's frame gives it: the drawings have no backdrop of their own (s62), so the picture
 * follows the light or dark theme with its frame (a Chakra colour token, as the cards' frames use).
 */
export const PHOTO_BACKDROP = 'bg.muted';

const LABEL: Record<PlaceholderBrand, string> = { samsung: '삼성', apple: '애플', pixel: '구글 픽셀', generic: '휴대폰' };

function Lens({ cx, cy, r }: { cx: number; cy: number; r: number }): ReactElement {
  return (
    <>
      <circle cx={cx} cy={cy} r={r} fill="#d4d8de" />
      <circle cx={cx} cy={cy} r={r * 0.65} fill="#1f2329" />
    </>
  );
}

/** Brand-shaped grey phone drawn inline (no request), shown when the picture fails to load. */
export function PhonePlaceholder({ brand, label, className, style }: { brand: PlaceholderBrand; label: string; className?: string; style?: ComponentPropsWithoutRef<'svg'>['style'] }): ReactElement {
  return (
    <svg
      viewBox="0 0 120 200"
      role="img"
      aria-label={label}
      data-testid="phone-placeholder"
      data-brand={brand}
      className={className}
      style={{ display: 'block', width: '100%', height: '100%', ...style }}
    >
      <rect x="22" y="14" width="76" height="156" rx={brand === 'apple' ? 16 : brand === 'samsung' ? 10 : 13} fill="#e3e6ea" stroke="#c3c8d0" strokeWidth="2" />
      {brand === 'samsung' && (
        <>
          <Lens cx={38} cy={32} r={7} />
          <Lens cx={38} cy={50} r={7} />
          <Lens cx={38} cy={68} r={7} />
          <text x="60" y="156" textAnchor="middle" fontSize="7" letterSpacing="1.5" fill="#9aa1ab">SAMSUNG</text>
        </>
      )}
      {brand === 'apple' && (
        <>
          <rect x="28" y="20" width="34" height="40" rx="9" fill="#d4d8de" />
          <Lens cx={38} cy={31} r={6} />
          <Lens cx={38} cy={49} r={6} />
          <circle cx="60" cy="96" r="9" fill="#b8bec7" />
          <ellipse cx="62" cy="84" rx="2" ry="4" transform="rotate(35 62 84)" fill="#b8bec7" />
        </>
      )}
      {brand === 'pixel' && (
        <>
          <rect x="22" y="40" width="76" height="24" rx="12" fill="#6b7280" />
          <Lens cx={44} cy={52} r={7} />
          <Lens cx={62} cy={52} r={7} />
          <text x="60" y="150" textAnchor="middle" fontSize="12" fontWeight="700" fill="#9aa1ab">G</text>
        </>
      )}
      {brand === 'generic' && <Lens cx={40} cy={34} r={7} />}
      <text x="60" y="190" textAnchor="middle" fontSize="9" fill="#6b7280">이미지 준비중</text>
    </svg>
  );
}

/**
 * A phone picture that falls back to a brand-shaped placeholder when the image fails to
 * load (the placeholder is drawn inline, so it never fails itself). A new `src` retries.
 * The app's own drawings are served as WebP in the resolution `sizes` asks for (ADR 009).
 */
export function PhoneImage({ src, alt, brand, sizes, onError, ...imgProps }: PhoneImageProps): ReactElement {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== undefined && failedSrc === src;

  if (failed || !src) {
    const kind = placeholderBrand(brand, alt);
    const label = alt ? `${alt} (${LABEL[kind]} 이미지 준비중)` : `${LABEL[kind]} 이미지 준비중`;
    return <PhonePlaceholder brand={kind} label={label} className={imgProps.className} style={imgProps.style} />;
  }

  return (
    <img
      {...responsiveImage(src, { sizes, maxWidth: PHONE_MAX_WIDTH })}
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      {...imgProps}
      onError={(event) => {
        setFailedSrc(src ?? null);
        onError?.(event);
      }}
    />
  );
}

export default PhoneImage;
