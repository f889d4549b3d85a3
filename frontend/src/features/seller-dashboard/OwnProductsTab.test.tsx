import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerProduct } from '@phonemarket/contracts/sellerProducts.ts';
import { model as modelFixture, modelPage } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { OwnProductsTab } from './OwnProductsTab';

afterEach(() => vi.unstubAllGlobals());

const seller = { user: { id: 'u-s', email: 's@demo.kr', firstName: '판매', lastName: '데모', role: 'seller' } };
const product: SellerProduct = {
  id: 'p1', sellerId: 'u-s', storeId: 'store-1', offerId: 'sp-p1', title: '갤럭시 S25 거의새것', description: '', price: 700_000, originalPrice: null, category: 'smartphone',
  brand: 'Samsung', model: 'galaxy-s25', storage: 256, condition: 'like-new', batteryHealth: 91, warranty: '판매자 보증 30일', returnPolicy: '7일 이내 반품', images: ['/images/seller-products/i1.webp'], specifications: {}, stock: 2, isActive: true, featured: false,
  createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z',
};
const model = modelFixture(1, { id: 'galaxy-s25', name: '갤럭시 S25', brand: 'Samsung', storages: [256, 512] });

function serve() {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(seller);
    if (req.url === '/api/seller/store') return json({ storeId: 'store-1' });
    if (req.url === '/api/seller-products/images') return json({ id: 'i2', position: '3', url: '/images/seller-products/i2.webp' }, { status: 201 });
    if (req.method !== 'GET') return json({ id: 'p1', position: '4' }, { status: req.method === 'POST' ? 201 : 200 });
    if (req.url === '/api/seller-products/store/store-1') return json([product]);
    if (req.url.startsWith('/api/models')) return json(modelPage(new URL(req.url, 'http://x'), [model]));
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('OwnProductsTab (중고·리퍼 상품)', () => {
  it("lists the store's listings; 비활성 and a new price are sent as the route's update", async () => {
    const { requests } = serve();
    renderWithProviders(<OwnProductsTab locked={false} />, { route: '/seller-dashboard' });
    const row = await screen.findByTestId('own-product');
    expect(row.textContent).toContain('거의새것');
    fireEvent.click(within(row).getByTestId('own-toggle'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/seller-products/p1', body: { isActive: false } }));
  });

  it("the spec's form: '최소 1개 이상의 이미지가 필요합니다' before sending; an uploaded picture, then the listing is sent for the seller's store", async () => {
    const { requests } = serve();
    renderWithProviders(<OwnProductsTab locked={false} />, { route: '/seller-dashboard' });
    fireEvent.click(await screen.findByTestId('own-add'));
    const form = await screen.findByTestId('own-product-form');
    await waitFor(() => expect(within(form).getByTestId('own-model').querySelectorAll('option').length).toBe(2));
    fireEvent.change(within(form).getByTestId('own-title'), { target: { value: '갤럭시 S25 256GB' } });
    fireEvent.change(within(form).getByTestId('own-model'), { target: { value: 'galaxy-s25' } });
    fireEvent.change(within(form).getByTestId('own-price'), { target: { value: '650,000' } });
    fireEvent.click(within(form).getByTestId('own-submit'));
    expect(await within(form).findByText('최소 1개 이상의 이미지가 필요합니다')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/seller-products' && r.method === 'POST')).toBe(false);
    // Issue 39: no condition is chosen for the seller.
    expect(await within(form).findByText('상태를 골라주세요.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('own-images'), { target: { files: [new File([new Uint8Array([1, 2, 3])], 'phone.png', { type: 'image/png' })] } });
    await within(form).findByAltText('상품 사진');
    // A used unit asks for its battery and the seller's own 보증/반품 terms.
    fireEvent.change(within(form).getByTestId('own-condition'), { target: { value: 'good' } });
    fireEvent.click(within(form).getByTestId('own-submit'));
    expect(await within(form).findByText('중고·리퍼 상품은 배터리 성능(%)을 입력해주세요.')).toBeTruthy();
    expect(within(form).getByText('중고·리퍼 상품은 보증 조건을 입력해주세요 (없으면 "보증 없음").')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/seller-products' && r.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('own-battery'), { target: { value: '88' } });
    fireEvent.change(within(form).getByTestId('own-warranty'), { target: { value: '판매자 보증 30일' } });
    fireEvent.change(within(form).getByTestId('own-return-policy'), { target: { value: '수령 후 7일 이내 반품 가능' } });
    fireEvent.click(within(form).getByTestId('own-submit'));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/seller-products' && r.method === 'POST')).toMatchObject({
      body: {
        storeId: 'store-1', title: '갤럭시 S25 256GB', model: 'galaxy-s25', brand: 'Samsung', storage: 256, price: 650_000, condition: 'good', batteryHealth: 88,
        warranty: '판매자 보증 30일', returnPolicy: '수령 후 7일 이내 반품 가능', images: ['/images/seller-products/i2.webp'],
      },
    }));
  });
});
