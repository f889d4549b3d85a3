import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect';

/** Each as the `next` value itself (the query string below encodes it once more) and as router state. */
const offSite = [
  '/\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '///evil.example',
  '/%5c',
  '/%5cevil.example',
  '/%5Cevil.example',
  '%2f%2fevil.example',
  '/%2F',
  '/%2Fevil.example',
  '/%2f%2fevil.example',
  '/%252f%252fevil.example',
  '\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'https://evil.example',
  'https://evil.example/orders',
  'http:evil.example',
  '//evil.example/orders?tab=1',
  'evil.example',
  '',
];

describe('redirectTarget (?next= and router state: same-origin paths only)', () => {
  it.each(offSite)('refuses %j and goes home', (value) => {
    expect(redirectTarget(null, `?next=${encodeURIComponent(value)}`)).toBe('/');
    expect(redirectTarget({ from: value })).toBe('/');
  });

  it('refuses the raw (unencoded) query forms too', () => {
    for (const search of ['?next=/\\evil.example', '?next=//evil.example', '?next=/%5cevil.example', '?next=%2f%2fevil.example', '?next=/%2F/evil.example', '?next=https://evil.example'])
      expect(redirectTarget(null, search)).toBe('/');
  });

  it('keeps ordinary paths with their query and hash', () => {
    for (const value of ['/', '/orders', '/orders?tab=1', '/products/galaxy-s25?from=search#reviews', '/search?q=%EA%B0%A4%EB%9F%AD%EC%8B%9C', '/search?q=100%25', '/products/a%2Fb', '/mypage/wishlist'])
      expect(redirectTarget(null, `?next=${encodeURIComponent(value)}`)).toBe(value);
    expect(redirectTarget(null, '?next=/orders?tab=1')).toBe('/orders?tab=1');
    expect(redirectTarget({ from: '/cart' })).toBe('/cart');
  });

  it('prefers ?next= over the router state, and falls back to the state when next is refused', () => {
    expect(redirectTarget({ from: '/cart' }, '?next=/orders')).toBe('/orders');
    expect(redirectTarget({ from: '/cart' }, '?next=//evil.example')).toBe('/cart');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });
});
