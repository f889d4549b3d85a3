import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PhoneImage, placeholderBrand } from './PhoneImage';

afterEach(() => cleanup());

describe('PhoneImage', () => {
  it('renders an app drawing as WebP in the widths the browser may pick from', () => {
    render(<PhoneImage src="/images/phones/galaxy-s25.svg" alt="갤럭시 S25" brand="Samsung" width={252} sizes="48px" />);
    const img = screen.getByRole('img', { name: '갤럭시 S25' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toBe('/images/phones/galaxy-s25.webp?w=256');
    expect(img.getAttribute('srcset')).toBe(
      [48, 96, 160, 256, 400, 640, 800].map((w) => `/images/phones/galaxy-s25.webp?w=${w} ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe('48px');
    expect(img.getAttribute('width')).toBe('252');
    expect(screen.queryByTestId('phone-placeholder')).toBeNull();
  });

  it('leaves other addresses (uploads, other sites) as they are', () => {
    render(<PhoneImage src="https://cdn.example.com/s25.png" alt="갤럭시 S25" brand="Samsung" sizes="48px" />);
    const img = screen.getByRole('img', { name: '갤럭시 S25' });
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/s25.png');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('swaps to the Samsung placeholder when the image fails', () => {
    const onError = vi.fn();
    render(<PhoneImage src="/broken.png" alt="갤럭시 S25 울트라" brand="Samsung" sizes="64px" onError={onError} />);
    fireEvent.error(screen.getByRole('img', { name: '갤럭시 S25 울트라' }));

    const placeholder = screen.getByTestId('phone-placeholder');
    expect(placeholder.tagName.toLowerCase()).toBe('svg');
    expect(placeholder.getAttribute('data-brand')).toBe('samsung');
    expect(placeholder.textContent).toContain('SAMSUNG');
    expect(placeholder.textContent).toContain('이미지 준비중');
    expect(screen.getByRole('img', { name: '갤럭시 S25 울트라 (삼성 이미지 준비중)' })).toBe(placeholder);
    expect(document.querySelector('img')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('draws Apple, Pixel and generic placeholders', () => {
    for (const [brand, expected] of [
      ['Apple', 'apple'],
      ['Google', 'pixel'],
      ['Xiaomi', 'generic'],
    ] as const) {
      render(<PhoneImage src={`/broken-${brand}.png`} alt={brand} brand={brand} sizes="64px" />);
      fireEvent.error(screen.getByRole('img', { name: brand }));
      expect(screen.getByTestId('phone-placeholder').getAttribute('data-brand')).toBe(expected);
      cleanup();
    }
  });

  it('retries when the src changes', () => {
    const { rerender } = render(<PhoneImage src="/a.png" alt="아이폰 17" brand="Apple" sizes="64px" />);
    fireEvent.error(screen.getByRole('img', { name: '아이폰 17' }));
    expect(screen.getByTestId('phone-placeholder')).toBeTruthy();
    rerender(<PhoneImage src="/b.png" alt="아이폰 17" brand="Apple" sizes="64px" />);
    expect(screen.getByRole('img', { name: '아이폰 17' }).getAttribute('src')).toBe('/b.png');
  });

  it('normalises brand names in Korean and English', () => {
    expect(placeholderBrand('삼성')).toBe('samsung');
    expect(placeholderBrand(undefined, 'iPhone 17 Pro')).toBe('apple');
    expect(placeholderBrand('픽셀')).toBe('pixel');
    expect(placeholderBrand('Nothing')).toBe('generic');
  });
});
