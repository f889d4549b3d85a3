import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SELLER_SUSPENDED_MESSAGE, STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, STORE_MESSAGES, storeRequestSchema, type SellerStore } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { shopTrust } from '../../shared/test/fixtures';
import { toaster } from '../../shared/ui/toaster';
import MyStorePage from './MyStorePage';

const me = (role: 'user' | 'seller') => ({ user: { id: 'seller-1', email: 's@demo.kr', firstName: '셀러', lastName: '데모', role } });
const store = (over: Partial<SellerStore> = {}): SellerStore => ({
  storeId: 'store-seller-1', sellerId: 'seller-1', status: 'approved',
  profile: { name: '데모셀러의 폰가게', description: '데모 셀러의 스토어입니다.', logoImageId: null, logoUrl: null, bannerImageId: null, bannerUrl: null, theme: 'default', businessHours: null },
  business: { companyName: '데모셀러의 폰가게', representative: '데모셀러', businessNumber: null, mailOrderNumber: null, address: null, phone: null, email: 'seller@demo.kr' },
  figures: { offers: 3, offersOnSale: 2, rating: 4.5, reviewCount: 2, answered: 1, responseMinutes: 42 },
  trust: shopTrust(3, 7),
  history: [{ id: 'h-1', at: '2026-11-20T10:00:00.000Z', by: '판매자', changes: [{ field: 'theme', label: '테마', from: '기본', to: '그린' }] }],
  ...over,
});

function handler(answer: SellerStore | null, role: 'user' | 'seller' | null = 'seller', put?: (req: RecordedRequest) => Response) {
  return (req: RecordedRequest): Response => {
    if (req.url === '/api/auth/me') return role ? json(me(role)) : json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (req.url === '/api/seller/store' && req.method === 'GET') return answer ? json(answer) : json({ message: '권한' }, { status: 403 });
    if (req.url === '/api/seller/store' && req.method === 'PUT') return put?.(req) ?? json({ id: 'store-seller-1', position: '10', changed: true });
    if (req.url.startsWith('/api/seller/store/images')) return json({ id: 'img-new', position: '9', url: '/images/stores/img-new.webp', kind: 'logo' }, { status: 201 });
    return json({ message: 'not found' }, { status: 404 });
  };
}
const renderPage = () => renderWithProviders(<MyStorePage />, { route: '/my-store' });
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input,textarea,select' }) as HTMLInputElement;

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

describe('MyStorePage (/my-store)', () => {
  it('asks a guest to sign in and tells a buyer it is for sellers, without asking for a store', async () => {
    const { requests } = stubFetch(handler(null, null));
    renderPage();
    expect(await screen.findByRole('heading', { name: '셀러 로그인이 필요합니다' })).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/seller/store')).toBe(false);
  });

  it("shows the store as saved (the application's business information), its figures, a link to its page and its history", async () => {
    stubFetch(handler(store()));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '내 스토어' })).toBeTruthy();
    await waitFor(() => expect(field('스토어 이름').value).toBe('데모셀러의 폰가게'));
    expect(field('상호').value).toBe('데모셀러의 폰가게');
    expect(field('대표자').value).toBe('데모셀러');
    expect(field('이메일').value).toBe('seller@demo.kr');
    // hours not entered yet: a usual week to start from
    expect(field('평일 (월~금) 시작 시간').value).toBe('10:00');
    const figures = screen.getByTestId('my-store-figures').textContent;
    expect(figures).toContain('2개 / 3개');
    expect(figures).toContain('7건');
    expect(figures).toContain('4.5 (2개)');
    expect(figures).toContain('42분');
    expect(screen.getByTestId('view-store').getAttribute('href')).toBe('/store/store-seller-1');
    expect(screen.getByTestId('store-history').textContent).toContain('테마: 기본 → 그린');
  });

  it('checks the form with the contract before sending: Korean messages on the fields, nothing sent', async () => {
    const { requests } = stubFetch(handler(store()));
    renderPage();
    await waitFor(() => expect(field('스토어 이름').value).toBe('데모셀러의 폰가게'));
    fireEvent.change(field('스토어 이름'), { target: { value: '  ' } });
    fireEvent.change(field('사업자등록번호'), { target: { value: '123-45-67890' } });
    fireEvent.change(field('평일 (월~금) 마감 시간'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByTestId('store-save'));
    expect(await screen.findByText(STORE_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(STORE_MESSAGES.businessNumber)).toBeTruthy();
    expect(screen.getByText(`평일 (월~금): ${STORE_MESSAGES.closeAfterOpen}`)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("saves what the schema makes of the form (numbers normalised, a closed day null) and puts the server's 400 on its fields", async () => {
    let sent: unknown;
    stubFetch(handler(store(), 'seller', (req) => {
      sent = req.body;
      return json({ message: STORE_MESSAGES.invalid, errors: { mailOrderNumber: STORE_MESSAGES.mailOrderNumber } }, { status: 400 });
    }));
    renderPage();
    await waitFor(() => expect(field('스토어 이름').value).toBe('데모셀러의 폰가게'));
    fireEvent.change(field('사업자등록번호'), { target: { value: '2208162517' } });
    fireEvent.change(field('연락처'), { target: { value: '0212345678' } });
    fireEvent.change(field('통신판매업 신고번호'), { target: { value: '2024-서울강남-01234' } });
    fireEvent.change(screen.getByLabelText('테마'), { target: { value: 'green' } });
    fireEvent.click(screen.getByTestId('store-save'));
    await waitFor(() => expect(sent).toBeDefined());
    // what the form sends is the schema's output, which the route parses with the same schema
    expect(storeRequestSchema.safeParse(sent).success).toBe(true);
    expect(sent).toMatchObject({
      name: '데모셀러의 폰가게', theme: 'green', businessNumber: '220-81-62517', phone: '02-1234-5678', mailOrderNumber: '제2024-서울강남-01234호', address: null,
      businessHours: { weekdays: { open: '10:00', close: '19:00' }, saturday: { open: '10:00', close: '15:00' }, sunday: null, note: null },
    });
    expect(await screen.findByText(STORE_MESSAGES.mailOrderNumber)).toBeTruthy();
  });

  it('uploads a chosen logo at once (the file as it is) and saves the form with its id; refuses a file over 5 MB before sending it', async () => {
    const sent: unknown[] = [];
    const { requests } = stubFetch(handler(store(), 'seller', (req) => { sent.push(req.body); return json({ id: 'store-seller-1', position: '10', changed: true }); }));
    renderPage();
    await waitFor(() => expect(field('스토어 이름').value).toBe('데모셀러의 폰가게'));
    const input = screen.getByTestId('store-logo-file');
    const big = new File([new Uint8Array(STORE_IMAGE_RULES.maxBytes + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(screen.getByTestId('store-logo-field')).findByText(STORE_IMAGE_MESSAGES.tooLarge)).toBeTruthy();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await within(screen.getByTestId('store-logo-field')).findByText(STORE_IMAGE_MESSAGES.notImage)).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/seller/store/images'))).toBe(false);

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [logo] } });
    await waitFor(() => expect(screen.getByTestId('store-logo-preview').getAttribute('src')).toBe('blob:preview'));
    const uploadCall = requests.find((r) => r.url.startsWith('/api/seller/store/images'))!;
    expect(uploadCall.url).toBe('/api/seller/store/images?kind=logo');
    expect(uploadCall.headers.get('content-type')).toBe('image/png');
    fireEvent.click(screen.getByTestId('store-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ logoImageId: 'img-new', bannerImageId: null });
  });

  it('a suspended seller sees the store but cannot change it', async () => {
    stubFetch(handler(store({ status: 'suspended' })));
    renderPage();
    await waitFor(() => expect(field('스토어 이름').value).toBe('데모셀러의 폰가게'));
    expect(screen.getByText(/정지된 판매자는 스토어 정보를 수정할 수 없습니다/)).toBeTruthy();
    expect(field('스토어 이름').disabled).toBe(true);
    expect((screen.getByTestId('store-save') as HTMLButtonElement).disabled).toBe(true);
    expect(SELLER_SUSPENDED_MESSAGE).toContain('정지');
  });
});
